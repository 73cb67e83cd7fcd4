// Disputes' doors (issue 49, decision 088; worker/api/disputes.ts): a party opens one on a paid order, the other
// answers, an admin settles it. Each door's happy path through the Order object and its D1 projection.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../support/helpers";
import { insertOrderIn, newParty, type OrderStateName, type Party } from "../support/order-states";

async function orderIn(state: OrderStateName) {
  const [seller, buyer, stranger] = await Promise.all([newParty(), newParty(), newParty()]);
  const order = await insertOrderIn(state, seller, buyer);
  return { ...order, seller, buyer, stranger };
}
async function admin() {
  const party = await newParty();
  await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'admin')")
    .bind(party.userAccountId)
    .run();
  return party;
}
const post = (path: string, who: Party | null, json: unknown, language = "en") =>
  call(path, { method: "POST", cookie: who?.cookie, json, headers: { "accept-language": language } });
const open = (who: Party | null, json: unknown, language?: string) =>
  post("/api/features/commission/order/dispute/open", who, json, language);
const answerDispute = (who: Party | null, json: unknown, language?: string) =>
  post("/api/features/commission/order/dispute/answer", who, json, language);
const settle = (who: Party | null, json: unknown, language?: string) =>
  post("/api/admin/disputes/settle", who, json, language);

describe("a dispute, opened, answered and settled", () => {
  it("opens on a paid order, freezes it, is answered by the other party and settled by an admin", async () => {
    const [order, settler] = await Promise.all([orderIn("PAID"), admin()]);
    const opened = await open(order.buyer, {
      orderId: order.id,
      reason: "not_as_agreed",
      statement: "The sketch is not the character I described.",
    });
    expect(opened.status).toBe(200);
    const row = await env.DB.prepare("SELECT dispute, disputed_since FROM commission_orders WHERE id = ?")
      .bind(order.id)
      .first<{ dispute: string; disputed_since: number }>();
    expect(JSON.parse(row!.dispute)).toMatchObject({ openedBy: "buyer", reason: "not_as_agreed", settledAt: null });
    expect(row!.disputed_since).toBeGreaterThan(0);
    // The seller's moves wait; the seller answers.
    const complete = await post("/api/features/commission/order/cancel", order.seller, { orderId: order.id });
    expect(complete.status).toBe(409);
    expect(
      (await answerDispute(order.seller, { orderId: order.id, statement: "説明どおりに描きました。" })).status,
    ).toBe(200);
    const queue = (await (await call("/api/admin/disputes", { cookie: settler.cookie })).json()) as {
      data: { orderId: string }[];
    };
    expect(queue.data.map((d) => d.orderId)).toContain(order.id);
    const settled = await settle(settler, {
      orderId: order.id,
      outcome: "reopen",
      days: 5,
      reason: "Both sides agree to one more week for a redraw.",
    });
    expect(settled.status).toBe(200);
    const statements = await env.DB.prepare(
      "SELECT kind, side, reason FROM order_dispute_statements WHERE order_id = ? ORDER BY created_at, id",
    )
      .bind(order.id)
      .all();
    expect(statements.results).toEqual([
      { kind: "opening", side: "buyer", reason: "not_as_agreed" },
      { kind: "answer", side: "seller", reason: null },
      { kind: "settlement", side: "admin", reason: "reopen" },
    ]);
    const events = await env.DB.prepare(
      "SELECT event_type, actor FROM commission_order_events WHERE order_id = ? AND event_type LIKE 'DISPUTE_%' ORDER BY version",
    )
      .bind(order.id)
      .all();
    expect(events.results).toEqual([
      { event_type: "DISPUTE_OPENED", actor: "buyer" },
      { event_type: "DISPUTE_ANSWERED", actor: "seller" },
      { event_type: "DISPUTE_SETTLED", actor: "admin" },
    ]);
    const notices = await env.DB.prepare(
      "SELECT notification_type, recipient_user_account_id FROM notifications WHERE order_id = ? AND notification_type LIKE '%DISPUTE%' ORDER BY created_at, notification_type",
    )
      .bind(order.id)
      .all();
    expect(notices.results).toHaveLength(4);
    const after = await env.DB.prepare("SELECT disputed_since FROM commission_orders WHERE id = ?")
      .bind(order.id)
      .first();
    expect(after).toEqual({ disputed_since: null });
  });
});
