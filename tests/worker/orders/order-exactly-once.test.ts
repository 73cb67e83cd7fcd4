// Exactly once, under races and repeats (issue 10's tests): 50 conflicting actions at once on one order end in one
// consistent state with a gapless log; payment webhooks for several orders, each delivered 3 times in a shuffled
// order, pay each order once; a paid order's cancels racing (the seller's and the late buyer's) refund it once.
// The real API, the real Order objects, and the real `stripe` SDK against the emulator.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { OrderState } from "#worker/orders/domain/order-types";
import type { StoredOrder } from "#worker/orders/domain/order-contract";
import { call } from "../support/helpers";
import { commissionAccountByEmail, insertOrder } from "../support/order-fixtures";
import { insertOrderIn, newParty } from "../support/order-states";
import {
  completeThreeDSecure,
  completeThreeDSecureInFrame,
  sdkChallengeOf,
  confirmSetup,
  deliver,
  enterCard,
  eventsAbout,
  newUser,
  platform,
  shuffledDeliveries,
} from "../support/payments-helpers";
import { orderStub } from "#worker/orders/order-stub";
import { confirmed } from "../support/confirmed";

const DAY = 86_400_000;
const orderCall = (path: string, cookie: string, json: unknown) =>
  call(`/api/features/commission/order/${path}`, { method: "POST", cookie, json: confirmed(json) });
const stub = (id: string) => orderStub(env.ORDER, id);
const log = async (id: string) =>
  (
    await env.DB.prepare(
      "SELECT version, event_type, before, after FROM commission_order_events WHERE order_id = ? ORDER BY version",
    )
      .bind(id)
      .all<{ version: number; event_type: string; before: string; after: string }>()
  ).results.map((e) => ({
    version: e.version,
    type: e.event_type,
    before: JSON.parse(e.before) as OrderState,
    after: JSON.parse(e.after) as OrderState,
  }));
const countOf = async (sql: string, id: string) => (await env.DB.prepare(sql).bind(id).first<{ n: number }>())!.n;

/** The list row's columns, named as the object's state names them. */
async function projection(id: string): Promise<Partial<OrderState>> {
  const r = (await env.DB.prepare("SELECT * FROM commission_orders WHERE id = ?")
    .bind(id)
    .first<Record<string, number | string | null>>())!;
  return {
    progress: r.order_progress_status as OrderState["progress"],
    payment: r.order_payment_status as OrderState["payment"],
    chat: r.order_chat_status as OrderState["chat"],
    priceAmount: r.price_amount as number | null,
    estimatedStart: r.estimated_start as number | null,
    estimatedDelivery: r.estimated_delivery as number | null,
    approvedAt: r.approved_at as number | null,
    canceledAt: r.canceled_at as number | null,
    approvalDeadline: r.approval_deadline as number | null,
    paymentDeadline: r.payment_deadline as number | null,
  };
}
const pick = (state: OrderState, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, state[k as keyof OrderState]]));

describe("50 conflicting actions at once on one order", () => {
  it("end in one consistent state: versions 1..n without gaps, each event starting where the last ended, the row and the object as the last event left them", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    const { id } = await insertOrderIn("DRAFT", seller, buyer);
    const initial = (await stub(id).get())!.state;
    const requests = Array.from({ length: 50 }, (_, i) => {
      switch (i % 5) {
        case 0:
          return orderCall("approve", seller.cookie, { orderId: id });
        case 1:
          return orderCall("cancel", i < 25 ? buyer.cookie : seller.cookie, { orderId: id });
        case 2:
          return orderCall("update", seller.cookie, { orderId: id, priceAmount: 10_000 + i });
        case 3:
          return orderCall("update", seller.cookie, {
            orderId: id,
            estimatedStart: Date.now() + i * DAY,
            estimatedDelivery: Date.now() + (i + 10) * DAY,
          });
        default:
          return orderCall("approve", buyer.cookie, { orderId: id });
      }
    });
    const statuses = (await Promise.all(requests)).map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);

    const events = await log(id);
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThanOrEqual(statuses.filter((s) => s === 200).length);
    expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
    expect(events[0].before).toEqual(initial);
    for (let i = 1; i < events.length; i++) expect(events[i].before, `event ${i + 1}`).toEqual(events[i - 1].after);
    const types = events.map((e) => e.type);
    expect(types.filter((t) => t === "APPROVED").length).toBeLessThanOrEqual(1);
    expect(types.filter((t) => t === "CANCELED").length).toBeLessThanOrEqual(1);
    if (types.includes("CANCELED")) expect(types.at(-1)).toBe("CANCELED");

    const last = events.at(-1)!.after;
    const projected = await projection(id);
    expect(projected).toEqual(pick(last, Object.keys(projected)));
    expect((await stub(id).get())!).toMatchObject({ version: events.length, state: last });
    // One notice to the buyer per approval or cancellation by the seller, no more.
    const notices = await countOf("SELECT count(*) AS n FROM notifications WHERE order_id = ?", id);
    expect(notices).toBe(types.filter((t) => t === "APPROVED" || t === "CANCELED").length);
  });
});

/** A buyer with a saved card and an order the seller has approved at ¥10,000. */
async function approvedOrder(cardNumber: string) {
  const [buyer, seller] = await Promise.all([newUser(), newUser()]);
  const { setup, result } = await enterCard(buyer.cookie, cardNumber);
  if (result.status === "requires_action") await completeThreeDSecure(result.action.url, "succeed");
  expect((await confirmSetup(buyer.cookie, setup.intentId)).status).toBe(200);
  const { id } = await insertOrder({
    sellerId: (await commissionAccountByEmail(seller.email)).id,
    buyerId: (await commissionAccountByEmail(buyer.email)).id,
    priceAmount: 10_000,
    approvalDeadline: Date.now() + DAY,
  });
  expect((await orderCall("approve", seller.cookie, { orderId: id })).status).toBe(200);
  return { id, buyer, seller };
}
const intentOf = async (orderId: string) =>
  (await env.DB.prepare("SELECT stripe_payment_intent_id AS intent FROM payment_transactions WHERE order_id = ?")
    .bind(orderId)
    .first<{ intent: string }>())!.intent;
const paidEvents = (id: string) =>
  countOf("SELECT count(*) AS n FROM commission_order_events WHERE order_id = ? AND event_type = 'PAID'", id);
const transactionRows = (id: string) =>
  countOf("SELECT count(*) AS n FROM payment_transactions WHERE order_id = ?", id);

describe("payment webhooks, each delivered 3 times in a shuffled order", () => {
  it("pay each order once, when the webhook is what records the payment (3-D Secure, the page never checks back)", async () => {
    const orders = await Promise.all([
      approvedOrder("4000002760003184"),
      approvedOrder("4000002760003184"),
      approvedOrder("4242424242424242"),
    ]);
    for (const order of orders) {
      const response = await orderCall("pay", order.buyer.cookie, { orderId: order.id });
      const body = (await response.json()) as {
        status: string;
        nextAction?: { type: string; use_stripe_sdk?: { stripe_js?: unknown } };
      };
      if (body.status === "requires_action")
        await completeThreeDSecureInFrame(sdkChallengeOf(body.nextAction), "succeed");
    }
    // The 3-D Secure payments succeeded at Stripe, but nothing has told the app yet.
    expect(await Promise.all(orders.map((o) => paidEvents(o.id)))).toEqual([0, 0, 1]);
    const intents = await Promise.all(orders.map((o) => intentOf(o.id)));
    const events = await eventsAbout(intents);
    expect(events.filter((e) => e.type === "payment_intent.succeeded")).toHaveLength(3);
    for (const event of shuffledDeliveries(events, 3)) expect((await deliver(event)).status).toBe(200);
    for (const order of orders) {
      expect(await paidEvents(order.id)).toBe(1);
      expect(await transactionRows(order.id)).toBe(1);
      expect((await stub(order.id).get())!.state.payment).toBe("COMPLETED");
    }
  });
});

describe("a refund happens exactly once", () => {
  it("the seller's cancel and the late buyer's cancels racing on a paid order: one cancellation, one refund in the emulator", async () => {
    const order = await approvedOrder("4242424242424242");
    expect((await orderCall("pay", order.buyer.cookie, { orderId: order.id })).status).toBe(200);
    // The delivery deadline passes with nothing delivered: the buyer may now cancel too.
    const late = Date.now() - 1_000;
    await runInDurableObject(stub(order.id), async (_instance, state) => {
      const stored = (await state.storage.get<StoredOrder>("order"))!;
      await state.storage.put("order", { ...stored, state: { ...stored.state, deliveryDeadline: late } });
    });
    await env.DB.prepare("UPDATE commission_orders SET delivery_deadline = ? WHERE id = ?").bind(late, order.id).run();

    const cancels = await Promise.all(
      [order.buyer.cookie, order.seller.cookie, order.buyer.cookie, order.seller.cookie].map((cookie) =>
        orderCall("cancel", cookie, { orderId: order.id }),
      ),
    );
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const intent = await intentOf(order.id);
    const refunds = await platform().refunds.list({ payment_intent: intent });
    expect(refunds.data.map((r) => r.amount)).toEqual([10_000]);
    expect(
      await countOf(
        "SELECT count(*) AS n FROM commission_order_events WHERE order_id = ? AND event_type = 'CANCELED'",
        order.id,
      ),
    ).toBe(1);
    expect(
      await countOf(
        "SELECT count(*) AS n FROM payment_transactions WHERE order_id = ? AND transaction_status = 'REFUNDED'",
        order.id,
      ),
    ).toBe(1);

    // The refund's and the payment's webhooks, repeated and shuffled, change nothing more.
    for (const event of shuffledDeliveries(await eventsAbout([intent]), 3))
      expect((await deliver(event)).status).toBe(200);
    expect((await platform().refunds.list({ payment_intent: intent })).data).toHaveLength(1);
    expect((await stub(order.id).get())!.state).toMatchObject({ progress: "CANCELED", payment: "COMPLETED" });
  });
});
