// The order page's dispute block (decision 088): what its loader hands each party (the form to open one, the open
// dispute's banner, thread and answer form, a settlement's outcome and money) and its two posts (intents openDispute
// and answerDispute), refused with each field's words in the poster's language, through the Order object.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import enDisputes from "#messages/disputes/en.json";
import jaDisputes from "#messages/disputes/ja.json";
import * as clientRequestsPage from "#app/routes/dashboard/client-requests";
import * as managementsPage from "#app/routes/dashboard/commission-managements";
import type { Locale } from "#worker/domain/locales";
import { withMessageLocale } from "#worker/messages/message-locale";
import { pageContext } from "../support/page-context";
import { insertOrderIn, newParty, type Party } from "../support/order-states";

const REQUESTS = "/dashboard/commission/client/requests";
const MANAGEMENTS = "/dashboard/commission/managements";
const DAY = 86_400_000;

async function paidOrder() {
  const [seller, buyer, stranger] = await Promise.all([newParty(), newParty(), newParty()]);
  await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'creator')")
    .bind(seller.userAccountId)
    .run();
  const order = await insertOrderIn("PAID", seller, buyer);
  return { ...order, seller, buyer, stranger };
}

type Page = typeof clientRequestsPage | typeof managementsPage;
const pageOf = (side: "buyer" | "seller"): [Page, string] =>
  side === "buyer" ? [clientRequestsPage, REQUESTS] : [managementsPage, MANAGEMENTS];

/** The order page as `who` loads it, in `locale`. */
async function load(who: Party, side: "buyer" | "seller", code: string, locale: Locale = "en") {
  const [page, path] = pageOf(side);
  const context = await pageContext(who.userAccountId, locale, `${path}?order=${code}`);
  return withMessageLocale(locale, "http://localhost", () =>
    page.loader({ context, params: {}, request: new Request(`http://localhost${path}?order=${code}`) } as never),
  );
}

/** A post of the order page's form, answered as React Router answers it: data, with its status. */
async function post(who: Party, side: "buyer" | "seller", fields: Record<string, string>, locale: Locale = "en") {
  const [page, path] = pageOf(side);
  const context = await pageContext(who.userAccountId, locale, path);
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const result = await withMessageLocale(locale, "http://localhost", () =>
    page.action({ context, request: new Request(`http://localhost${path}`, { method: "POST", body }) } as never),
  );
  return (
    result && typeof result === "object" && "init" in result ? result : { data: result, init: { status: 200 } }
  ) as { data: { ok: boolean; errors?: Record<string, string>; message?: string }; init: { status: number } };
}

const en = (key: keyof typeof enDisputes) => enDisputes[key];
const ja = (key: keyof typeof jaDisputes) => jaDisputes[key];

describe("the order page's dispute block", () => {
  it("the client opens one (refused fields first), the creator reads it and answers, the client reads the answer", async () => {
    const order = await paidOrder();

    // The client may open one: the form with its six reasons; nothing else yet.
    const before = await load(order.buyer, "buyer", order.code);
    expect(before.dispute?.dispute).toBeNull();
    expect(before.dispute?.report?.reasons.map((r) => r.value)).toEqual([
      "not_delivered",
      "not_as_agreed",
      "quality",
      "unresponsive",
      "conduct",
      "other",
    ]);
    expect(before.dispute?.report?.counter).toBe("{count} / 4,000 characters");

    // A blank statement and no reason: each field refused with its words, nothing sent to the order.
    const refused = await post(order.buyer, "buyer", { orderId: order.id, intent: "openDispute", statement: "   " });
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors).toEqual({
      reason: en("disputes_error_reason_invalid"),
      statement: en("disputes_error_statement_invalid").replace("{max}", "4000"),
    });
    // In the poster's language.
    const refusedJa = await post(
      order.buyer,
      "buyer",
      { orderId: order.id, intent: "openDispute", reason: "quality", statement: "" },
      "ja",
    );
    expect(refusedJa.data.errors).toEqual({
      statement: ja("disputes_error_statement_invalid").replace("{max}", "4000"),
    });
    const quiet = await env.DB.prepare("SELECT dispute FROM commission_orders WHERE id = ?").bind(order.id).first();
    expect(quiet).toEqual({ dispute: null });

    // A stranger to the order learns nothing of it.
    const stranger = await post(order.stranger, "buyer", {
      orderId: order.id,
      intent: "openDispute",
      reason: "quality",
      statement: "Not mine.",
    });
    expect(stranger.init.status).toBe(404);

    const opened = await post(order.buyer, "buyer", {
      orderId: order.id,
      intent: "openDispute",
      reason: "not_as_agreed",
      statement: "The sketch is not the character I described.",
    });
    expect(opened).toMatchObject({ data: { ok: true }, init: { status: 200 } });

    // The creator, in Japanese: the banner, the client's statement with its reason, the answer form; no Deliver.
    const creator = await load(order.seller, "seller", order.code, "ja");
    const disputeForCreator = creator.dispute!.dispute!;
    expect(creator.dispute!.report).toBeNull();
    expect(disputeForCreator.banner?.title).toBe(ja("disputes_banner_title"));
    expect(disputeForCreator.entries).toHaveLength(1);
    expect(disputeForCreator.entries[0]).toMatchObject({
      side: "buyer",
      detail: "理由：合意した内容と違う",
      body: "The sketch is not the character I described.",
    });
    expect(disputeForCreator.entries[0]!.meta.startsWith("依頼者・申し立て・")).toBe(true);
    expect(disputeForCreator.answer?.label).toBe(ja("disputes_answer_label"));
    expect(creator.panel?.step).toBe(ja("disputes_step"));
    expect(creator.panel?.seller?.posts.map((p) => p.intent)).not.toContain("deliver");
    expect(creator.panel?.seller?.cancel).toBeNull();

    // The client may not answer their own dispute: the order's words.
    const ownAnswer = await post(order.buyer, "buyer", {
      orderId: order.id,
      intent: "answerDispute",
      statement: "Me again.",
    });
    expect(ownAnswer).toMatchObject({
      data: { ok: false, message: en("disputes_error_dispute_not_answerable") },
      init: { status: 409 },
    });

    const answered = await post(
      order.seller,
      "seller",
      { orderId: order.id, intent: "answerDispute", statement: "説明どおりに描きました。" },
      "ja",
    );
    expect(answered).toMatchObject({ data: { ok: true } });

    // The client reads the creator's answer; the order waits for Comet's team.
    const client = await load(order.buyer, "buyer", order.code);
    const disputeForClient = client.dispute!.dispute!;
    expect(disputeForClient.entries.map((e) => [e.side, e.reading.kind])).toEqual([
      ["buyer", "original"],
      ["seller", expect.stringMatching(/^(pending|translated)$/)],
    ]);
    expect(disputeForClient.entries[0]!.meta.startsWith("You · Opened the dispute · ")).toBe(true);
    expect(disputeForClient.entries[1]!.meta.startsWith("The creator · Answer · ")).toBe(true);
    expect(disputeForClient.answer).toBeNull();
    expect(disputeForClient.banner?.waitingFor).toBe(en("disputes_banner_answered"));
    expect(client.panel?.buyer?.waiting).toBe(en("disputes_awaiting_settlement"));
    expect(client.panel?.stepFacts).toContainEqual({ label: "Deadline", value: en("disputes_deadline_paused") });
  });

  it("a split settlement shows what went back to the client and what the creator kept, with the team's reason", async () => {
    const order = await paidOrder();
    const now = Date.now();
    const dispute = {
      openedBy: "buyer",
      reason: "quality",
      openedAt: now - 2 * DAY,
      answeredAt: now - DAY,
      settledAt: now - 3_600_000,
      outcome: "split",
      awardedAmount: 6000,
    };
    const statement = (id: string, kind: string, side: string, reason: string | null, body: string, at: number) =>
      env.DB.prepare(
        `INSERT INTO order_dispute_statements (id, order_id, kind, side, author_user_account_id, reason, body, language_code, refund_amount, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'en', ?, ?)`,
      ).bind(
        id,
        order.id,
        kind,
        side,
        side === "seller" ? order.seller.userAccountId : order.buyer.userAccountId,
        reason,
        body,
        kind === "settlement" ? 4000 : null,
        at,
      );
    await env.DB.batch([
      env.DB.prepare(
        "UPDATE commission_orders SET order_progress_status = 'CANCELED', canceled_at = ?, dispute = ? WHERE id = ?",
      ).bind(dispute.settledAt, JSON.stringify(dispute), order.id),
      statement(`${order.id}:a`, "opening", "buyer", "quality", "The colours are off.", dispute.openedAt),
      statement(`${order.id}:b`, "answer", "seller", null, "They match the brief.", dispute.answeredAt),
      statement(`${order.id}:c`, "settlement", "admin", "split", "Half of the work was fine.", dispute.settledAt),
    ]);

    const client = await load(order.buyer, "buyer", order.code);
    const settled = client.dispute!.dispute!;
    expect(settled.banner).toBeNull();
    expect(settled.settled).toMatchObject({
      heading: en("disputes_settled_heading"),
      facts: [
        { label: en("disputes_money_refunded"), value: "¥4,000" },
        { label: en("disputes_money_kept"), value: "¥6,000" },
      ],
      reason: { side: "admin", body: "Half of the work was fine.", detail: "Decision: Split between the two" },
    });
    expect(settled.settled!.summary).toMatch(/: Split between the two\.$/);
    // The decision is shown with its outcome, not again in the thread.
    expect(settled.entries.map((e) => e.side)).toEqual(["buyer", "seller"]);
    // An ended order is not disputed again.
    expect(client.dispute!.report).toBeNull();
  });

  it("is not there for an order that was never disputed and cannot be now", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    const order = await insertOrderIn("APPROVED", seller, buyer);
    expect((await load(buyer, "buyer", order.code)).dispute).toBeNull();
  });
});
