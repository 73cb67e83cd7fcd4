// Paying for an order (issues 9 and 10): one PaymentIntent per order, the order paid exactly once whether the
// confirm, the webhook (replayed, shuffled) or the page's check after 3-D Secure records it first. The real `stripe`
// SDK against the emulator; the buyer's card saved the way the card form saves it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "./helpers";
import { approvedOrder, completeThreeDSecure, deliver, eventsAbout, platform, shuffledDeliveries } from "./payments-helpers";

const pay = (cookie: string, orderId: string) => call("/api/features/commission/order/pay", { method: "POST", cookie, json: { orderId } });
const orderRow = (id: string) => env.DB.prepare("SELECT order_payment_status FROM commission_orders WHERE id = ?").bind(id).first<{ order_payment_status: string }>();
const paidEvents = async (id: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM commission_order_events WHERE order_id = ? AND event_type = 'PAID'").bind(id).first<{ n: number }>())!.n;
const transactions = async (id: string) =>
  (await env.DB.prepare("SELECT * FROM payment_transactions WHERE order_id = ?").bind(id).all<Record<string, unknown>>()).results;

describe("paying for an approved order", () => {
  it("charges the buyer's first card once, records the fee from the money module, and the order is paid", async () => {
    const order = await approvedOrder();
    const response = await pay(order.buyer.cookie, order.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "succeeded" });
    expect(await orderRow(order.id)).toEqual({ order_payment_status: "COMPLETED" });
    expect(await paidEvents(order.id)).toBe(1);
    const [transaction] = await transactions(order.id);
    expect(transaction).toMatchObject({ transaction_status: "COMPLETED", amount: 10_000 });
    const fee = await env.DB.prepare("SELECT numerator_value, amount FROM payment_transaction_fees WHERE transaction_id = ?").bind(transaction.id).first();
    expect(fee).toEqual({ numerator_value: 1036, amount: 853 });
    const intent = await platform().paymentIntents.retrieve(String(transaction.stripe_payment_intent_id));
    expect(intent).toMatchObject({ status: "succeeded", amount: 10_000, currency: "jpy", metadata: { orderId: order.id } });

    // Paying again is refused: 'You have already paid for this commission.'
    expect((await pay(order.buyer.cookie, order.id)).status).toBe(409);
  });

  it("three payments racing make one PaymentIntent and one PAID event", async () => {
    const order = await approvedOrder();
    const responses = await Promise.all([1, 2, 3].map(() => pay(order.buyer.cookie, order.id)));
    expect(responses.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    const rows = await transactions(order.id);
    expect(rows).toHaveLength(1);
    const customer = (await platform().paymentIntents.retrieve(String(rows[0].stripe_payment_intent_id))).customer as string;
    expect((await platform().paymentIntents.list({ customer })).data).toHaveLength(1);
    expect(await paidEvents(order.id)).toBe(1);
  });

  it("the payment's webhooks, delivered 3 times each in a shuffled order, change nothing more", async () => {
    const order = await approvedOrder();
    await pay(order.buyer.cookie, order.id);
    const [transaction] = await transactions(order.id);
    const events = await eventsAbout([String(transaction.stripe_payment_intent_id)]);
    expect(events.map((e) => e.type)).toContain("payment_intent.succeeded");
    for (const event of shuffledDeliveries(events, 3)) expect((await deliver(event)).status).toBe(200);
    expect(await paidEvents(order.id)).toBe(1);
  });

  it("a card that needs 3-D Secure returns the next action; once completed, the page's check records the payment", async () => {
    const order = await approvedOrder("4000002760003184");
    const response = await pay(order.buyer.cookie, order.id);
    const body = (await response.json()) as { status: string; transactionId: string; intentId: string; nextAction: { redirect_to_url: { url: string } } };
    expect(body.status).toBe("requires_action");
    expect(await orderRow(order.id)).toEqual({ order_payment_status: "DRAFT" });

    // The buyer on the emulator's page: Complete, and back to the order.
    const back = await completeThreeDSecure(body.nextAction.redirect_to_url.url, "succeed");
    expect(back.searchParams.get("redirect_status")).toBe("succeeded");

    const check = await call("/api/stripe/intent/payment/get", { method: "POST", cookie: order.buyer.cookie, json: { intentId: body.intentId, transactionId: body.transactionId } });
    expect(await check.json()).toMatchObject({ status: "succeeded" });
    expect(await orderRow(order.id)).toEqual({ order_payment_status: "COMPLETED" });
    // Someone else cannot read the buyer's payment.
    const other = await call("/api/stripe/intent/payment/get", { method: "POST", cookie: order.seller.cookie, json: { intentId: body.intentId, transactionId: body.transactionId } });
    expect(other.status).toBe(404);
  });

  it("a declined card answers 402 with the decline, and the order stays unpaid", async () => {
    const order = await approvedOrder("4000000000000341");
    const response = await pay(order.buyer.cookie, order.id);
    expect(response.status).toBe(402);
    expect(await response.json()).toMatchObject({ status: "failed", error: { code: "card_declined" } });
    expect(await orderRow(order.id)).toEqual({ order_payment_status: "DRAFT" });
    expect(await paidEvents(order.id)).toBe(0);
  });

  it("only the buyer pays", async () => {
    const order = await approvedOrder();
    expect((await call("/api/features/commission/order/pay", { method: "POST", json: { orderId: order.id } })).status).toBe(401);
    expect((await call("/api/stripe/intent/payment/get", { method: "POST", json: { intentId: "pi_x", transactionId: "x" } })).status).toBe(401);
    expect((await pay(order.seller.cookie, order.id)).status).toBe(404);
    expect((await pay(order.stranger.cookie, order.id)).status).toBe(404);
    expect(await transactions(order.id)).toHaveLength(0);
  });

  it("canceling a paid order refunds the client in full, once", async () => {
    const order = await approvedOrder();
    await pay(order.buyer.cookie, order.id);
    const cancels = await Promise.all([1, 2].map(() => call("/api/features/commission/order/cancel", { method: "POST", cookie: order.seller.cookie, json: { orderId: order.id } })));
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 409]);
    const [transaction] = await transactions(order.id);
    expect(transaction.transaction_status).toBe("REFUNDED");
    const refunds = await platform().refunds.list({ payment_intent: String(transaction.stripe_payment_intent_id) });
    expect(refunds.data.map((r) => r.amount)).toEqual([10_000]);
  });
});
