// The seller edits an order's service details (commissionOrderService.updateSeller, spec sections 4, 6 and 7): the
// snapshot's title and description change in one transition with its log entry; the buyer, a stranger and a
// delivered order are refused and nothing changes.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { freshUser } from "./auth-helpers";
import { call, signUp } from "./helpers";
import { commissionAccountByEmail, insertOrder } from "./order-fixtures";

async function party() {
  const user = freshUser();
  const cookie = await signUp(user.handle, user.email);
  return { cookie, ...(await commissionAccountByEmail(user.email)) };
}

async function orderWithSnapshot() {
  const [seller, buyer, stranger] = await Promise.all([party(), party(), party()]);
  const order = await insertOrder({ sellerId: seller.id, buyerId: buyer.id, priceAmount: 10_000, approvalDeadline: Date.now() + 86_400_000 });
  const serviceId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO commission_order_services (id, order_id, price_currency_id) VALUES (?, ?, (SELECT id FROM currencies WHERE code = 'JPY'))").bind(serviceId, order.id),
    env.DB.prepare("INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'commission_order_service', ?, 'title', 'en', 1, 'Bust-up')").bind(crypto.randomUUID(), serviceId),
  ]);
  return { ...order, serviceId, seller, buyer, stranger };
}

const update = (cookie: string, json: unknown) => call("/api/features/commission/order/service/update", { method: "POST", cookie, json });
const texts = async (serviceId: string) =>
  (await env.DB.prepare("SELECT field, language_code AS lang, text FROM localized_texts WHERE entity_type = 'commission_order_service' AND entity_id = ? ORDER BY field").bind(serviceId).all()).results;
const events = async (orderId: string) => (await env.DB.prepare("SELECT event_type FROM commission_order_events WHERE order_id = ?").bind(orderId).all()).results;

describe("service details of an order", () => {
  it("the seller replaces the title and description, in their language, logged once", async () => {
    const order = await orderWithSnapshot();
    const response = await update(order.seller.cookie, { orderId: order.id, title: "  Full body  ", description: "With a winter coat", languageCode: "ja" });
    expect(response.status).toBe(200);
    expect(await texts(order.serviceId)).toEqual([
      { field: "description", lang: "ja", text: "With a winter coat" },
      { field: "title", lang: "ja", text: "Full body" },
    ]);
    expect(await events(order.id)).toEqual([{ event_type: "SERVICE_DETAILS_UPDATED" }]);
  });

  it("the buyer and a stranger are refused, an empty title is invalid, a delivered order is closed to edits; nothing changes", async () => {
    const order = await orderWithSnapshot();
    const body = { orderId: order.id, title: "Changed", description: "", languageCode: "en" };
    expect((await update(order.buyer.cookie, body)).status).toBe(409);
    expect((await update(order.stranger.cookie, body)).status).toBe(404);
    expect((await update(order.seller.cookie, { ...body, title: "   " })).status).toBe(400);
    expect(await texts(order.serviceId)).toEqual([{ field: "title", lang: "en", text: "Bust-up" }]);
    expect(await events(order.id)).toEqual([]);

    // An order delivered before its object first woke: the object loads it as delivered and refuses.
    const delivered = await orderWithSnapshot();
    await env.DB.prepare("UPDATE commission_orders SET order_progress_status = 'DELIVERED', order_payment_status = 'COMPLETED' WHERE id = ?").bind(delivered.id).run();
    expect((await update(delivered.seller.cookie, { ...body, orderId: delivered.id })).status).toBe(409);
    expect(await texts(delivered.serviceId)).toEqual([{ field: "title", lang: "en", text: "Bust-up" }]);
  });
});
