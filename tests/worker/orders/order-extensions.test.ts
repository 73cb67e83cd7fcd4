// Deadlines moved by agreement through the doors (issue 50, decision 090; worker/api/extensions.ts): the creator asks,
// the client accepts, through the Order object and its D1 projection.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../support/helpers";
import { insertOrderIn, newParty, type Party } from "../support/order-states";

const DAY = 86_400_000;
const post = (path: string, who: Party | null, json: unknown, language = "en") =>
  call(`/api/features/commission/order/extension/${path}`, {
    method: "POST",
    cookie: who?.cookie,
    json,
    headers: { "accept-language": language },
  });

describe("a delivery date moved by agreement", () => {
  it("the creator asks with a reason, the client accepts: the date moves, the first is kept, both are told", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    const order = await insertOrderIn("PAID", seller, buyer);
    const before = await env.DB.prepare("SELECT delivery_deadline FROM commission_orders WHERE id = ?")
      .bind(order.id)
      .first<{ delivery_deadline: number }>();
    const proposed = before!.delivery_deadline + 5 * DAY;
    const asked = await post("request", seller, {
      orderId: order.id,
      deliveryDeadline: proposed,
      reason: "I caught the flu and lost a week.",
    });
    expect(asked.status).toBe(200);
    expect((await post("accept", seller, { orderId: order.id })).status).toBe(409);
    const accepted = await post("accept", buyer, { orderId: order.id });
    expect(accepted.status).toBe(200);
    const row = await env.DB.prepare(
      "SELECT delivery_deadline, original_delivery_deadline, extension_request FROM commission_orders WHERE id = ?",
    )
      .bind(order.id)
      .first();
    expect(row).toEqual({
      delivery_deadline: proposed,
      original_delivery_deadline: before!.delivery_deadline,
      extension_request: null,
    });
    const reason = await env.DB.prepare("SELECT reason FROM order_deadline_moves WHERE order_id = ?")
      .bind(order.id)
      .first();
    expect(reason).toEqual({ reason: "I caught the flu and lost a week." });
    const notices = await env.DB.prepare(
      "SELECT notification_type FROM notifications WHERE order_id = ? AND notification_type LIKE '%EXTENSION%' ORDER BY created_at",
    )
      .bind(order.id)
      .all();
    expect(notices.results.map((n) => n.notification_type)).toEqual([
      "COMMISSION_ORDER_EXTENSION_REQUESTED",
      "COMMISSION_ORDER_EXTENSION_ACCEPTED",
    ]);
  });
});
