import { describe, expect, it } from "vitest";
import { decide } from "./order";
import type { OrderActor, OrderState, PaymentRef } from "./order-types";
import { DEADLINES } from "./order-process";
import { cancelRefund, refundOnCancel } from "./order-refunds";
import { order as baseOrder, T0 } from "./order-test-states";

const LATE = T0 + DEADLINES.deliveryMs + 1;
const PAID_INTENT: PaymentRef = { intentId: "pi_paid", amount: 12_000, currency: "JPY" };
const OPEN_INTENT: PaymentRef = { intentId: "pi_open", amount: 12_000, currency: "JPY" };

/** The domain's order states at ¥12,000. */
const order = (overrides: Partial<OrderState> = {}): OrderState => baseOrder({ priceAmount: 12_000, ...overrides });
const approved = (o: Partial<OrderState> = {}) =>
  order({ progress: "APPROVED", chat: "OPENED", approvedAt: T0, paymentDeadline: T0 + DEADLINES.paymentMs, ...o });
const paying = () => approved({ openPayment: OPEN_INTENT });
const paid = (o: Partial<OrderState> = {}) =>
  approved({
    payment: "COMPLETED",
    paidAt: T0,
    deliveryDeadline: T0 + DEADLINES.deliveryMs,
    paidPayment: PAID_INTENT,
    ...o,
  });
const delivered = () =>
  paid({
    progress: "DELIVERED",
    deliverableCount: 1,
    deliveredAt: T0,
    completionDeadline: T0 + DEADLINES.completionMs,
  });
const completed = () => paid({ progress: "COMPLETED", chat: "CLOSED", deliveredAt: T0, completedAt: T0 });
const canceledPaid = () => paid({ progress: "CANCELED", chat: "CLOSED", canceledAt: T0 });

describe("refundOnCancel: who may cancel, and what the client gets back", () => {
  it("refunds a paid order in full, whoever cancels it; an unpaid one had nothing charged", () => {
    expect(refundOnCancel(paid(), "seller", T0)).toEqual({ allowed: true, refund: { kind: "full", amount: 12_000 } });
    expect(refundOnCancel(paid(), "buyer", LATE)).toEqual({ allowed: true, refund: { kind: "full", amount: 12_000 } });
    expect(refundOnCancel(order(), "seller", T0)).toEqual({ allowed: true, refund: { kind: "none" } });
    expect(refundOnCancel(paying(), "seller", T0)).toEqual({ allowed: true, refund: { kind: "none" } });
    expect(refundOnCancel(approved(), "system", T0)).toEqual({ allowed: true, refund: { kind: "none" } });
  });

  it("never lets a delivered, completed or canceled order be canceled; the buyer only a paid order past its delivery deadline", () => {
    for (const o of [delivered(), completed(), canceledPaid()]) {
      expect(refundOnCancel(o, "seller", LATE)).toEqual({ allowed: false, refusal: "wrong_state" });
      expect(refundOnCancel(o, "system", LATE)).toEqual({ allowed: false, refusal: "wrong_state" });
    }
    expect(refundOnCancel(paid(), "buyer", T0 + DEADLINES.deliveryMs)).toEqual({
      allowed: false,
      refusal: "delivery_not_late",
    });
    expect(refundOnCancel(approved(), "buyer", LATE)).toEqual({ allowed: false, refusal: "seller_only" });
    expect(refundOnCancel(paid(), "system", LATE)).toEqual({ allowed: false, refusal: "wrong_state" });
  });

  it("reads the same refund off an order already canceled, for the Payment tab", () => {
    expect(cancelRefund(canceledPaid())).toEqual({ kind: "full", amount: 12_000 });
    expect(cancelRefund(order({ progress: "CANCELED" }))).toEqual({ kind: "none" });
  });
});

describe("decide gives back exactly what refundOnCancel says", () => {
  const states: Record<string, OrderState> = {
    draft: order(),
    approved: approved(),
    paying: paying(),
    paid: paid(),
    delivered: delivered(),
    completed: completed(),
    canceled: canceledPaid(),
  };
  const cancels: { who: OrderActor; now: number }[] = [
    { who: "seller", now: T0 },
    { who: "buyer", now: T0 },
    { who: "buyer", now: LATE },
  ];

  for (const [name, o] of Object.entries(states)) {
    for (const { who, now } of cancels) {
      it(`${name}, cancelled by the ${who}${now === LATE ? " after the delivery deadline" : ""}`, () => {
        const said = refundOnCancel(o, who, now);
        const done = decide(o, { type: "cancel" }, who, now);
        if (!said.allowed) return expect(done).toEqual({ ok: false, refusal: said.refusal });
        expect(done).toMatchObject({ ok: true, changed: true, event: "CANCELED" });
        if (!done.ok || !done.changed) throw new Error("accepted");
        if (said.refund.kind === "full") {
          // The paid charge goes back, and it is the amount the texts name.
          expect(done.releases).toEqual([{ payment: PAID_INTENT, reason: "order_canceled" }]);
          expect(done.releases?.[0]?.payment.amount).toBe(said.refund.amount);
        } else {
          // Nothing was charged: at most a payment under way is voided, never the paid one.
          expect(done.releases?.[0]?.payment ?? null).toEqual(o.openPayment);
        }
      });
    }
  }

  it("a deadline's cancel refunds nothing: the order was never paid", () => {
    const lapsed = decide(
      approved({ openPayment: OPEN_INTENT }),
      { type: "deadlinePassed" },
      "system",
      T0 + DEADLINES.paymentMs + 1,
    );
    expect(refundOnCancel(approved(), "system", T0)).toEqual({ allowed: true, refund: { kind: "none" } });
    expect(lapsed).toMatchObject({
      ok: true,
      event: "CANCELED",
      releases: [{ payment: OPEN_INTENT, reason: "order_canceled" }],
    });
  });
});
