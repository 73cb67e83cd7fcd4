// Paying for an order (issues 9 and 10): one PaymentIntent per order, the order paid exactly once whether the
// confirm, the webhook (replayed, shuffled) or the page's check after 3-D Secure records it first. The real `stripe`
// SDK against the emulator; the buyer's card saved the way the card form saves it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../support/helpers";
import {
  approvedOrder,
  completeThreeDSecureInFrame,
  deliver,
  eventsAbout,
  platform,
  sdkChallengeOf,
  shuffledDeliveries,
} from "../support/payments-helpers";

const pay = (cookie: string, orderId: string) =>
  call("/api/features/commission/order/pay", { method: "POST", cookie, json: { orderId, confirmed: true } });
const orderRow = (id: string) =>
  env.DB.prepare("SELECT order_payment_status FROM commission_orders WHERE id = ?")
    .bind(id)
    .first<{ order_payment_status: string }>();
const paidEvents = async (id: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM commission_order_events WHERE order_id = ? AND event_type = 'PAID'")
    .bind(id)
    .first<{ n: number }>())!.n;
const transactions = async (id: string) =>
  (
    await env.DB.prepare("SELECT * FROM payment_transactions WHERE order_id = ?")
      .bind(id)
      .all<Record<string, unknown>>()
  ).results;

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
    const fee = await env.DB.prepare(
      "SELECT numerator_value, amount FROM payment_transaction_fees WHERE transaction_id = ?",
    )
      .bind(transaction.id)
      .first();
    expect(fee).toEqual({ numerator_value: 1036, amount: 853 });
    const intent = await platform().paymentIntents.retrieve(String(transaction.stripe_payment_intent_id));
    expect(intent).toMatchObject({
      status: "succeeded",
      amount: 10_000,
      currency: "jpy",
      metadata: { orderId: order.id },
    });

    // Paying again is refused: 'You have already paid for this commission.'
    expect((await pay(order.buyer.cookie, order.id)).status).toBe(409);
  });

  it("three payments racing make one PaymentIntent and one PAID event", async () => {
    const order = await approvedOrder();
    const responses = await Promise.all([1, 2, 3].map(() => pay(order.buyer.cookie, order.id)));
    expect(responses.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    const rows = await transactions(order.id);
    expect(rows).toHaveLength(1);
    const customer = (await platform().paymentIntents.retrieve(String(rows[0].stripe_payment_intent_id)))
      .customer as string;
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

  it("a card that needs 3-D Secure returns Stripe.js's next action, not a redirect; once completed in the page, the page's check records the payment", async () => {
    const order = await approvedOrder("4000002760003184");
    const response = await pay(order.buyer.cookie, order.id);
    type Body = {
      status: string;
      transactionId: string;
      intentId: string;
      clientSecret: string;
      nextAction: { type: string; use_stripe_sdk?: { stripe_js?: unknown }; redirect_to_url?: unknown };
    };
    const body = (await response.json()) as Body;
    expect(body.status).toBe("requires_action");
    // Confirmed without a return_url (decision 057): Stripe.js opens 3-D Secure in the page, nothing redirects.
    expect(body.nextAction.type).toBe("use_stripe_sdk");
    expect(body.nextAction.redirect_to_url).toBeUndefined();
    const intent = await platform().paymentIntents.retrieve(body.intentId);
    expect(body.clientSecret).toBe(intent.client_secret);
    expect(await orderRow(order.id)).toEqual({ order_payment_status: "DRAFT" });

    // The buyer on the emulator's challenge, framed in the page: Complete; it tells the page, which checks the intent.
    expect(await completeThreeDSecureInFrame(sdkChallengeOf(body.nextAction), "succeed")).toEqual({
      type: "stripe-emulator:3ds-done",
      intent: body.intentId,
      status: "succeeded",
    });
    const check = await call("/api/stripe/intent/payment/get", {
      method: "POST",
      cookie: order.buyer.cookie,
      json: { intentId: body.intentId, transactionId: body.transactionId },
    });
    expect(await check.json()).toMatchObject({ status: "succeeded" });
    expect(await orderRow(order.id)).toEqual({ order_payment_status: "COMPLETED" });
    // Someone else cannot read the buyer's payment.
    const other = await call("/api/stripe/intent/payment/get", {
      method: "POST",
      cookie: order.seller.cookie,
      json: { intentId: body.intentId, transactionId: body.transactionId },
    });
    expect(other.status).toBe(404);
  });

  it("the pending payment an abandoned 3-D Secure left is the buyer's to take up: its intent and action, to no one else", async () => {
    const order = await approvedOrder("4000002760003184");
    const pending = (json: unknown, cookie?: string) =>
      call("/api/features/commission/order/payment/pending", { method: "POST", cookie, json });
    expect(await (await pending({ orderId: order.id }, order.buyer.cookie)).json()).toEqual({ payment: null });
    const body = (await (await pay(order.buyer.cookie, order.id)).json()) as {
      transactionId: string;
      intentId: string;
    };
    const [card] = (
      await env.DB.prepare("SELECT payment_account_method_id AS id FROM payment_transactions WHERE id = ?")
        .bind(body.transactionId)
        .all<{ id: string }>()
    ).results;

    // The client closed the challenge: the page finds the pending intent, still waiting for the same action.
    const found = await pending({ orderId: order.id }, order.buyer.cookie);
    expect(await found.json()).toEqual({
      payment: { transactionId: body.transactionId, intentId: body.intentId, accountMethodId: card.id },
    });
    const check = (await (
      await call("/api/stripe/intent/payment/get", { method: "POST", cookie: order.buyer.cookie, json: body })
    ).json()) as { status: string; nextAction: { type: string; use_stripe_sdk?: { stripe_js?: unknown } } };
    expect(check).toMatchObject({ status: "requires_action", nextAction: { type: "use_stripe_sdk" } });
    // The seller and a stranger read none; a bad body is refused; signed out is 401.
    expect(await (await pending({ orderId: order.id }, order.seller.cookie)).json()).toEqual({ payment: null });
    expect(await (await pending({ orderId: order.id }, order.stranger.cookie)).json()).toEqual({ payment: null });
    expect((await pending({ orderId: 42 }, order.buyer.cookie)).status).toBe(400);
    expect((await pending({ orderId: order.id })).status).toBe(401);

    // Taken up and completed: the order is paid with that one intent, and nothing is pending any more.
    await completeThreeDSecureInFrame(sdkChallengeOf(check.nextAction), "succeed");
    expect(
      await (
        await call("/api/stripe/intent/payment/get", { method: "POST", cookie: order.buyer.cookie, json: body })
      ).json(),
    ).toMatchObject({ status: "succeeded" });
    expect(await orderRow(order.id)).toEqual({ order_payment_status: "COMPLETED" });
    expect(await transactions(order.id)).toHaveLength(1);
    expect(await (await pending({ orderId: order.id }, order.buyer.cookie)).json()).toEqual({ payment: null });
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
    expect(
      (await call("/api/features/commission/order/pay", { method: "POST", json: { orderId: order.id } })).status,
    ).toBe(401);
    expect(
      (await call("/api/stripe/intent/payment/get", { method: "POST", json: { intentId: "pi_x", transactionId: "x" } }))
        .status,
    ).toBe(401);
    expect((await pay(order.seller.cookie, order.id)).status).toBe(404);
    expect((await pay(order.stranger.cookie, order.id)).status).toBe(404);
    expect(await transactions(order.id)).toHaveLength(0);
  });

  it("canceling a paid order refunds the client in full, once", async () => {
    const order = await approvedOrder();
    await pay(order.buyer.cookie, order.id);
    const cancels = await Promise.all(
      [1, 2].map(() =>
        call("/api/features/commission/order/cancel", {
          method: "POST",
          cookie: order.seller.cookie,
          json: { orderId: order.id, confirmed: true },
        }),
      ),
    );
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 409]);
    const [transaction] = await transactions(order.id);
    expect(transaction.transaction_status).toBe("REFUNDED");
    const refunds = await platform().refunds.list({ payment_intent: String(transaction.stripe_payment_intent_id) });
    expect(refunds.data.map((r) => r.amount)).toEqual([10_000]);
  });
});
