// No money action without its confirmation (issue 75, finding 8): a stage approval, a completion, a cancel, a payment
// and an admin's cancel sent without `confirmed: true` are refused at the JSON door (400 `confirmation_required`, in
// words) and answered at the order page's form with a confirm page; either way nothing changes and Stripe is not
// asked. With it, each goes through once. Which actions ask is read off the process table's `money` column.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as clientRequestsPage from "#app/routes/dashboard/client-requests";
import * as managementsPage from "#app/routes/dashboard/commission-managements";
import type { Locale } from "#worker/domain/locales";
import { withMessageLocale } from "#worker/messages/message-locale";
import { asksConfirmation, ORDER_PROCESS } from "#worker/orders/domain/order-process";
import { ORDER_COMMANDS } from "#worker/orders/commands";
import { orderIn, orderRow } from "../support/command-doors";
import { call } from "../support/helpers";
import { depositRequest, orderDoor, partsAtStripe, payoutsOf, transactionsOf } from "../support/deposit-orders";
import { newAdmin, type Party } from "../support/order-states";
import { pageContext } from "../support/page-context";
import { byStageOrder, previewStage, rowStagesOf, STAGE_PARTS } from "../support/stage-payment-orders";

/** Everything a refused call must leave as it was: the row, its log, its money at D1 and at Stripe. */
async function snapshot(orderId: string) {
  const [row, events, transactions, payouts, stripe] = await Promise.all([
    orderRow(orderId),
    env.DB.prepare("SELECT COUNT(*) AS n FROM commission_order_events WHERE order_id = ?").bind(orderId).first(),
    transactionsOf(orderId),
    payoutsOf(orderId),
    partsAtStripe(orderId),
  ]);
  return { row, events, transactions, payouts, stripe };
}

/** POST /api/features/commission/order{path} as `who` with `json` as given (the support doors add `confirmed`). */
async function door(path: string, who: Pick<Party, "cookie">, json: unknown, language = "en") {
  const response = await call(`/api/features/commission/order${path}`, {
    method: "POST",
    cookie: who.cookie,
    json,
    headers: { "accept-language": language },
  });
  return { status: response.status, body: await response.json<Record<string, unknown>>() };
}

type Page = { data: Record<string, unknown>; status: number };

/** The order page's form post as `who`, on their side's page with the order open (`?order=`), as the browser posts it. */
async function pagePost(
  who: Party,
  side: "seller" | "buyer",
  code: string,
  fields: Iterable<[string, string]>,
  locale: Locale = "en",
): Promise<Page> {
  const [page, path] =
    side === "seller"
      ? [managementsPage, `/dashboard/commission/managements?order=${code}`]
      : [clientRequestsPage, `/dashboard/commission/client/requests?order=${code}`];
  const context = await pageContext(who.userAccountId, locale, path);
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  const result = (await withMessageLocale(locale, "http://localhost", () =>
    page.action({ context, request: new Request(`http://localhost${path}`, { method: "POST", body }) } as never),
  )) as { data: Record<string, unknown>; init: { status?: number } | null } | Record<string, unknown>;
  return "init" in result && "data" in result
    ? {
        data: result.data as Record<string, unknown>,
        status: (result.init as { status?: number } | null)?.status ?? 200,
      }
    : { data: result as Record<string, unknown>, status: 200 };
}

interface Confirmation {
  heading: string;
  question: string;
  fields: [string, string][];
  submit: string;
  back: { href: string; label: string };
}

describe("which actions ask to be confirmed", () => {
  it("every action a person takes that moves money, read off the table's money column, and nothing else", () => {
    const asking = [...new Set(ORDER_PROCESS.map((t) => t.on))].filter(asksConfirmation).sort();
    expect(asking).toEqual(["adminCancel", "approveStage", "cancel", "complete", "settleDispute", "startPayment"]);
    // The commands that run them all take `confirmed`.
    const confirmed = ORDER_COMMANDS.filter((c) => [c.action ?? []].flat().some(asksConfirmation)).map((c) => c.path);
    expect(confirmed.sort()).toEqual(["/admin-cancel", "/cancel", "/complete", "/pay", "/stage/approve"]);
  });
});

describe("a stage approval (paid stage by stage: it releases the stage's share and charges the next)", () => {
  async function inReview() {
    const order = await byStageOrder();
    const paid = await orderDoor("/pay", order.buyer, { orderId: order.id, confirmed: true });
    expect(paid.body).toMatchObject({ status: "succeeded" });
    expect(await previewStage(order, 0)).toMatchObject({ status: "done", changed: true });
    return order;
  }

  it("JSON: without confirmed, 400 in the caller's words and nothing moves; with it, approved and charged once", async () => {
    const order = await inReview();
    const before = await snapshot(order.id);
    for (const body of [
      { orderId: order.id, stage: 0 },
      { orderId: order.id, stage: 0, confirmed: false },
    ]) {
      const refused = await door("/stage/approve", order.buyer, body, "ja");
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: "confirmation_required", message: expect.stringContaining("確認") });
    }
    expect(await snapshot(order.id)).toEqual(before);

    const done = await door("/stage/approve", order.buyer, { orderId: order.id, stage: 0, confirmed: true });
    expect(done.status).toBe(200);
    const again = await door("/stage/approve", order.buyer, { orderId: order.id, stage: 0, confirmed: true });
    expect(again.status).toBe(409);
    expect((await rowStagesOf(order.id)).map((s) => s.status)).toEqual(["APPROVED", "PENDING", "PENDING"]);
    // The first stage's charge, then the second's, once.
    expect((await partsAtStripe(order.id)).map((p) => p.captured)).toEqual([STAGE_PARTS[0], STAGE_PARTS[1]]);
  });

  it("a value that is not true is refused as a body no page sends", async () => {
    const order = await inReview();
    const before = await snapshot(order.id);
    const odd = await door("/stage/approve", order.buyer, { orderId: order.id, stage: 0, confirmed: "yes" });
    expect(odd.status).toBe(400);
    expect(await snapshot(order.id)).toEqual(before);
  });

  it("page: posted without confirmed (before its part hydrated), the confirm page; its Confirm approves once", async () => {
    const order = await inReview();
    const before = await snapshot(order.id);
    const fields: [string, string][] = [
      ["orderId", order.id],
      ["intent", "approveStage"],
      ["stage", "0"],
    ];
    const asked = await pagePost(order.buyer, "buyer", order.code, fields);
    expect(asked.status).toBe(200);
    const confirm = asked.data.confirm as Confirmation;
    // What will happen: the stage and the amount it releases, the fields to post again, the way back.
    expect(confirm.question).toContain("Sketch");
    expect(confirm.question).toContain("3,000");
    expect(confirm.fields).toEqual(fields);
    expect(confirm.back.href).toBe(`/dashboard/commission/client/requests?order=${order.code}`);
    expect(await snapshot(order.id)).toEqual(before);

    const confirmed = await pagePost(order.buyer, "buyer", order.code, [...confirm.fields, ["confirmed", "true"]]);
    expect(confirmed).toEqual({ data: { ok: true, intent: "approveStage" }, status: 200 });
    const twice = await pagePost(order.buyer, "buyer", order.code, [...confirm.fields, ["confirmed", "true"]]);
    expect(twice.status).toBe(409);
    expect((await rowStagesOf(order.id)).map((s) => s.status)).toEqual(["APPROVED", "PENDING", "PENDING"]);
    expect((await partsAtStripe(order.id)).map((p) => p.captured)).toEqual([STAGE_PARTS[0], STAGE_PARTS[1]]);
  });

  it("page: a stranger's unconfirmed post of someone else's order is answered as a stranger's, with no page", async () => {
    const order = await inReview();
    const other = await byStageOrder();
    const asked = await pagePost(other.buyer, "buyer", order.code, [
      ["orderId", order.id],
      ["intent", "approveStage"],
      ["stage", "0"],
    ]);
    expect(asked.status).toBe(404);
    expect(asked.data).not.toHaveProperty("confirm");
  });
});

describe("a completion (it releases the payout)", () => {
  it("JSON and page: refused without confirmed, nothing changes; confirmed, completed once", async () => {
    const order = await orderIn("DELIVERED");
    const before = await snapshot(order.id);
    expect((await door("/complete", order.seller, { orderId: order.id })).status).toBe(400);
    const asked = await pagePost(order.seller, "seller", order.code, [
      ["orderId", order.id],
      ["intent", "complete"],
    ]);
    expect((asked.data.confirm as Confirmation).question).toMatch(/^Complete this commission\? This releases ¥/);
    // In the poster's language.
    const inJapanese = await pagePost(
      order.seller,
      "seller",
      order.code,
      [
        ["orderId", order.id],
        ["intent", "complete"],
      ],
      "ja",
    );
    expect((inJapanese.data.confirm as Confirmation).question).toContain("完了しますか");
    expect(await snapshot(order.id)).toEqual(before);

    const done = await door("/complete", order.seller, { orderId: order.id, confirmed: true });
    expect(done.status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ order_progress_status: "COMPLETED" });
    expect((await door("/complete", order.seller, { orderId: order.id, confirmed: true })).status).toBe(409);
  });
});

describe("a cancel (it refunds)", () => {
  it("refused without confirmed, nothing changes; confirmed, canceled", async () => {
    const order = await orderIn("PAID");
    const before = await snapshot(order.id);
    expect((await door("/cancel", order.seller, { orderId: order.id })).status).toBe(400);
    const asked = await pagePost(order.seller, "seller", order.code, [
      ["orderId", order.id],
      ["intent", "cancel"],
    ]);
    expect((asked.data.confirm as Confirmation).question).toContain("refund");
    expect(await snapshot(order.id)).toEqual(before);
    expect((await door("/cancel", order.seller, { orderId: order.id, confirmed: true })).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ order_progress_status: "CANCELED" });
  });

  it("an admin's cancel: refused without confirmed", async () => {
    const [order, admin] = await Promise.all([orderIn("PAID"), newAdmin()]);
    const before = await snapshot(order.id);
    const refused = await door("/admin-cancel", admin, { orderId: order.id });
    expect(refused).toMatchObject({ status: 400, body: { error: "confirmation_required" } });
    expect(await snapshot(order.id)).toEqual(before);
  });
});

describe("a payment (it charges the card)", () => {
  it("refused without confirmed: no intent made at Stripe; confirmed, paid once", async () => {
    const order = await depositRequest();
    const approved = await orderDoor("/approve", order.seller, { orderId: order.id });
    expect(approved.status).toBe(200);
    const before = await snapshot(order.id);
    const refused = await door("/pay", order.buyer, { orderId: order.id });
    expect(refused).toMatchObject({ status: 400, body: { error: "confirmation_required" } });
    expect(await snapshot(order.id)).toEqual(before);
    expect(await transactionsOf(order.id)).toEqual([]);

    const paid = await orderDoor("/pay", order.buyer, { orderId: order.id, confirmed: true });
    expect(paid.body).toMatchObject({ status: "succeeded" });
    expect((await partsAtStripe(order.id)).map((p) => p.captured)).toEqual([10_000]);
  });
});

describe("a review posted as the page (before its part hydrated): not money, so no confirm page", () => {
  it("refused, its answer carries the field errors and what was typed, to draw the form again", async () => {
    const order = await orderIn("COMPLETED");
    const typed = "The colours were lovely, and the sketch came early.";
    const answer = await pagePost(order.buyer, "buyer", order.code, [
      ["orderId", order.id],
      ["intent", "review"],
      ["text", typed],
    ]);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      intent: "review",
      errors: { rating: expect.any(String) },
      values: { rating: null, text: typed },
    });
    expect(answer.data).not.toHaveProperty("confirm");
  });
});
