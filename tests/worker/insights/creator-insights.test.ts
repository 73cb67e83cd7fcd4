// A creator's own numbers (issue 66, decision 111) on a made-up history of visits, orders and payouts: the timed job
// keeps one row of known figures, another creator's rows are never counted, a second run over the same rows counts
// nothing twice, a first view before the job computes and keeps the row, and only a creator reads the page.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as insightsRoute from "#app/routes/dashboard/creator-insights";
import { type CreatorInsights, periodOf } from "#worker/domain/creator-insights";
import { deleteAccount } from "#worker/account/services/account-deletion";
import { createStripe } from "#worker/payments/stripe-client";
import { cometNow } from "#worker/services/clock";
import { creatorInsightsOf, runCreatorInsightsJob } from "#worker/services/creator-insights";
import { insertOrder } from "../support/order-fixtures";
import { newPerson, type Person } from "../support/order-states";
import { pageContext } from "../support/page-context";

/** A creator unless told otherwise: most people here are the creator whose numbers are read. */
const person = ({ creator = true } = {}) => newPerson({ creator });

const jpy = "(SELECT id FROM currencies WHERE code = 'JPY')";

/** A published form titled `title`, and a published work, of the creator; `visits` visits to each, at `at`. */
async function formAndWork(creator: Person, title: string, visits: { form: number; work: number }, at: number) {
  const formId = crypto.randomUUID();
  const workId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO commission_forms (id, code, commission_account_id, form_status, price_amount, price_currency_id, user_index)
       VALUES (?, ?, ?, 'PUBLISHED', 5000, ${jpy}, 0)`,
    ).bind(formId, `in${formId.slice(0, 8)}`, creator.commissionAccountId),
    env.DB.prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'commission_form', ?, 'title', 'en', 1, ?)",
    ).bind(crypto.randomUUID(), formId, title),
    env.DB.prepare("INSERT INTO portfolio_works (id, profile_id, work_status) VALUES (?, ?, 'PUBLISHED')").bind(
      workId,
      creator.profileId,
    ),
  ]);
  await visit("commission_form", formId, visits.form, at);
  await visit("portfolio_work", workId, visits.work, at);
  return { formId, workId };
}

async function visit(model: string, modelId: string, count: number, at: number) {
  if (count === 0) return;
  await env.DB.batch(
    Array.from({ length: count }, () =>
      env.DB.prepare(
        "INSERT INTO page_visits (id, model_name, model_id, visitor_key, visited_at) VALUES (?, ?, ?, ?, ?)",
      ).bind(crypto.randomUUID(), model, modelId, `visitor:${crypto.randomUUID()}`, at),
    ),
  );
}

type Stage = "requested" | "approved" | "completed" | "canceled";

/** An order of the form, at `at`, taken to `stage` as the Order object's projection writes it. */
async function order(seller: Person, buyer: Person, formId: string, stage: Stage, at: number) {
  const { id } = await insertOrder({
    sellerId: seller.commissionAccountId,
    buyerId: buyer.commissionAccountId,
    priceAmount: 10_000,
    approvalDeadline: at + 86_400_000,
  });
  const progress = { requested: "DRAFT", approved: "APPROVED", completed: "COMPLETED", canceled: "CANCELED" }[stage];
  const paid = stage === "completed";
  await env.DB.prepare(
    `UPDATE commission_orders SET form_id = ?, order_submit_status = 'FORM_SUBMITTED', order_progress_status = ?,
       order_payment_status = ?, submitted_at = ?, approved_at = ?, paid_at = ?, delivered_at = ?, completed_at = ?,
       canceled_at = ?, updated_at = ? WHERE id = ?`,
  )
    .bind(
      formId,
      progress,
      paid ? "COMPLETED" : "DRAFT",
      at,
      stage === "approved" || paid ? at : null,
      paid ? at : null,
      paid ? at : null,
      paid ? at : null,
      stage === "canceled" ? at : null,
      at,
      id,
    )
    .run();
  return id;
}

/** A payout of the order to its seller: transferred at `at` (in yen), or held. */
async function payout(
  seller: Person,
  buyer: Person,
  orderId: string,
  amount: number,
  transferred: boolean,
  at: number,
) {
  const transaction = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO payment_transactions (id, order_id, buyer_id, transaction_status, idempotency_key, amount, currency_id)
       VALUES (?, ?, ?, 'COMPLETED', ?, 10000, ${jpy})`,
    ).bind(transaction, orderId, buyer.commissionAccountId, `pay-${transaction}`),
    env.DB.prepare(
      `INSERT INTO creator_payouts (id, order_id, transaction_id, seller_user_account_id, amount, currency_id, transfer_amount,
         transfer_currency, payout_status, idempotency_key, transferred_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ${jpy}, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      crypto.randomUUID(),
      orderId,
      transaction,
      seller.userAccountId,
      amount,
      transferred ? amount : null,
      transferred ? "JPY" : null,
      transferred ? "TRANSFERRED" : "HELD",
      `payout-${transaction}`,
      transferred ? at : null,
      at,
      at,
    ),
  ]);
}

async function keptRow(userAccountId: string) {
  const row = await env.DB.prepare("SELECT figures, computed_at FROM creator_insights WHERE user_account_id = ?")
    .bind(userAccountId)
    .first<{ figures: string; computed_at: number }>();
  return row ? { figures: JSON.parse(row.figures) as CreatorInsights, computedAt: row.computed_at } : null;
}

/**
 * Creator A's history, all at `at`: 3 form views and 2 work views; 4 requests of the form, of which one waits, one is
 * approved and unpaid, one completed (paid out ¥9,000, and a further ¥1,000 held) and one canceled. Creator B, beside
 * them: 5 form views and a completed order, which A's figures must never hold.
 */
async function history(at: number) {
  const [a, b, client] = await Promise.all([person(), person(), person({ creator: false })]);
  const { formId } = await formAndWork(a, "Bust-up portrait", { form: 3, work: 2 }, at);
  const other = await formAndWork(b, "Other creator's form", { form: 5, work: 0 }, at);
  await order(a, client, formId, "requested", at);
  await order(a, client, formId, "approved", at);
  const completed = await order(a, client, formId, "completed", at);
  await order(a, client, formId, "canceled", at);
  await payout(a, client, completed, 9_000, true, at);
  await payout(a, client, completed, 1_000, false, at);
  const othersOrder = await order(b, client, other.formId, "completed", at);
  await payout(b, client, othersOrder, 50_000, true, at);
  return { a, b, client, formId };
}

describe("creator insights", () => {
  it("the timed job keeps one row of known figures, with no other creator's rows in it", async () => {
    const at = await cometNow(env);
    const now = at + 1_000;
    const { a, b } = await history(at);
    await runCreatorInsightsJob(env.DB, now);
    const kept = await keptRow(a.userAccountId);
    expect(kept).not.toBeNull();
    const week = kept!.figures.weeks.at(-1)!;
    expect(week.start).toBe(periodOf(at, "week"));
    expect(week).toMatchObject({ workViews: 2, serviceViews: 3, requests: 4, approved: 2, paid: 1, completed: 1 });
    expect(kept!.figures.months.at(-1)).toMatchObject({ serviceViews: 3, requests: 4, completed: 1 });
    expect(kept!.figures.pipeline).toEqual({
      requested: 1,
      awaitingPayment: 1,
      inProgress: 0,
      delivered: 0,
      completed: 1,
      canceled: 1,
    });
    expect(kept!.figures.income).toEqual([{ currencyCode: "JPY", months: expect.any(Array) }]);
    expect(kept!.figures.income[0]!.months.at(-1)).toEqual({
      month: periodOf(at, "month"),
      paidOut: 9_000,
      pending: 1_000,
    });
    expect(kept!.figures.topServices).toEqual([expect.objectContaining({ kind: "form", requests: 4, completed: 1 })]);
    // B's row holds B's alone.
    const others = await keptRow(b.userAccountId);
    expect(others!.figures.weeks.at(-1)).toMatchObject({ serviceViews: 5, requests: 1, completed: 1 });
    expect(others!.figures.income[0]!.months.at(-1)).toMatchObject({ paidOut: 50_000, pending: 0 });
  });

  it("a second run over the same rows counts nothing twice, and a new visit is counted once", async () => {
    const at = await cometNow(env);
    const now = at + 1_000;
    const { a, formId } = await history(at);
    await runCreatorInsightsJob(env.DB, now);
    const first = await keptRow(a.userAccountId);
    await runCreatorInsightsJob(env.DB, now);
    expect(await keptRow(a.userAccountId)).toEqual(first);
    expect(first!.figures.weeks.at(-1)).toMatchObject({ serviceViews: 3, requests: 4 });

    await visit("commission_form", formId, 1, at + 500);
    await runCreatorInsightsJob(env.DB, now);
    await runCreatorInsightsJob(env.DB, now);
    expect((await keptRow(a.userAccountId))!.figures.weeks.at(-1)).toMatchObject({ serviceViews: 4, requests: 4 });
  });

  it("a first view before the job computes the row and keeps it; the page shows its figures to its creator", async () => {
    const at = await cometNow(env);
    const { a } = await history(at - 1_000);
    expect(await keptRow(a.userAccountId)).toBeNull();

    const data = await insightsRoute.loader({
      request: new Request("http://localhost/dashboard/creator/insights?by=month"),
      params: {},
      context: await pageContext(a.userAccountId, "en", "/dashboard/creator/insights?by=month"),
    } as never);
    expect(data.grain).toBe("month");
    expect(Object.fromEntries(data.funnel.rows.map((r) => [r.label, r.value]))).toEqual({
      "Work views": "2",
      "Request form views": "3",
      Requests: "4",
      Approved: "2",
      Paid: "1",
      Completed: "1",
    });
    expect(data.pipeline.rows.find((r) => r.label === "Awaiting payment")!.value).toBe("1");
    expect(data.income).toHaveLength(1);
    expect(data.income[0]!.table.at(-1)).toEqual(["¥9,000", "¥1,000"]);
    expect(data.topServices).toEqual([
      expect.objectContaining({ title: "Bust-up portrait", requests: "4", completed: "1" }),
    ]);
    // Kept by the view: the next read is the row.
    const kept = await keptRow(a.userAccountId);
    expect(kept!.figures.months.at(-1)).toMatchObject({ requests: 4 });
    expect((await creatorInsightsOf(env.DB, a.userAccountId, at))!.figures).toEqual(kept!.figures);
  });

  it("reads a bad period switch as the weeks, and a creator with no history sees zeros", async () => {
    const a = await person();
    const data = await insightsRoute.loader({
      request: new Request("http://localhost/dashboard/creator/insights?by=decade"),
      params: {},
      context: await pageContext(a.userAccountId, "en", "/dashboard/creator/insights?by=decade"),
    } as never);
    expect(data.grain).toBe("week");
    expect(data.trend.periodNames).toHaveLength(12);
    expect(data.funnel.rows.map((r) => r.value)).toEqual(["0", "0", "0", "0", "0", "0"]);
    expect(data.income).toEqual([]);
    expect(data.topServices).toEqual([]);
  });

  it("sends a signed-in client where the dashboard sends them, the creator home", async () => {
    const client = await person({ creator: false });
    const result = await insightsRoute
      .loader({
        request: new Request("http://localhost/dashboard/creator/insights"),
        params: {},
        context: await pageContext(client.userAccountId, "en", "/dashboard/creator/insights"),
      } as never)
      .catch((thrown: unknown) => thrown);
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("Location")).toBe("/dashboard/creator/home");
    expect(await keptRow(client.userAccountId)).toBeNull();
  });

  it("a deleted creator's row goes with them, and the job makes none for them again", async () => {
    const at = await cometNow(env);
    const creator = await person();
    const { formId } = await formAndWork(creator, "Gone", { form: 1, work: 0 }, at);
    await runCreatorInsightsJob(env.DB, at + 1_000);
    expect(await keptRow(creator.userAccountId)).not.toBeNull();
    expect(await deleteAccount({ env, stripe: createStripe(env), now: Date.now() }, creator.userAccountId)).toEqual({
      ok: true,
    });
    expect(await keptRow(creator.userAccountId)).toBeNull();
    // A visit stamped after the deletion (its form is gone, so one made up) names no one the job keeps a row for.
    await visit("commission_form", formId, 1, at + 500);
    await runCreatorInsightsJob(env.DB, at + 1_000);
    expect(await keptRow(creator.userAccountId)).toBeNull();
  });
});
