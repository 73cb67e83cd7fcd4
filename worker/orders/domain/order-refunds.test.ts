import { describe, expect, it } from "vitest";
import { decide } from "./order";
import type { OrderActor, OrderState, PaymentRef, PaymentRelease } from "./order-types";
import { DEADLINES } from "./order-process";
import { cancelRefund, refundOnCancel } from "./order-refunds";
import {
  order as baseOrder,
  DAY,
  DEPOSIT_INTENT,
  REFUNDABLE_DEPOSIT,
  REST_INTENT,
  T0,
  depositApproved,
  depositPaid,
  restCharging,
  restDueDelivered,
  restPaid,
} from "./order-test-states";

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

// Paying in parts (decision 100): the ¥10,000 order with a 30% deposit (¥3,000; the rest ¥7,000) of order-test-states.
/** The refunds a cancel's releases give back (an open intent voided is not one), each at what it refunds. */
const refundsOf = (releases: PaymentRelease[] = [], o: OrderState) =>
  releases.filter((r) => r.payment.intentId !== o.openPayment?.intentId).map((r) => r.refundAmount ?? r.payment.amount);
const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
const accepted = (d: ReturnType<typeof decide>) => {
  if (!d.ok || !d.changed) throw new Error(`expected a change, got ${JSON.stringify(d)}`);
  return d;
};
/** Each cancel's refund releases add up to what `cancelRefund` of the canceled order says, the texts' answer. */
const expectReleasesAgree = (before: OrderState, done: ReturnType<typeof accepted>) => {
  const refund = cancelRefund(done.next);
  expect(sum(refundsOf(done.releases, before))).toBe(refund.kind === "none" ? 0 : refund.amount);
};
const DEPOSIT_LATE = T0 + DEADLINES.deliveryMs + 1;

describe("a deposit order's cancels (decision 100)", () => {
  it("the client walking away before delivery under kept terms leaves the deposit with the creator: nothing refunded", () => {
    const done = accepted(decide(depositPaid(), { type: "cancel" }, "buyer", T0 + DAY));
    expect(done.next).toMatchObject({ progress: "CANCELED", keptDeposit: 3_000 });
    expect(done.releases).toBeUndefined();
    expect(cancelRefund(done.next)).toEqual({ kind: "partial", amount: 0, keptAmount: 3_000 });
    expectReleasesAgree(depositPaid(), done);
  });

  it("under refundable terms gives the deposit back, and keeps nothing", () => {
    const o = depositPaid({ deposit: REFUNDABLE_DEPOSIT });
    const done = accepted(decide(o, { type: "cancel" }, "buyer", T0 + DAY));
    expect(done.next.keptDeposit ?? null).toBeNull();
    expect(done.releases).toEqual([{ payment: DEPOSIT_INTENT, reason: "order_canceled" }]);
    expect(cancelRefund(done.next)).toEqual({ kind: "full", amount: 3_000 });
    expectReleasesAgree(o, done);
  });

  it("once the delivery is late, refunds the deposit whatever the terms: the creator failed", () => {
    const done = accepted(decide(depositPaid(), { type: "cancel" }, "buyer", DEPOSIT_LATE));
    expect(done.next.keptDeposit ?? null).toBeNull();
    expect(done.releases).toEqual([{ payment: DEPOSIT_INTENT, reason: "order_canceled" }]);
    expectReleasesAgree(depositPaid(), done);
  });

  it("the creator's cancel refunds the deposit under kept terms too", () => {
    const done = accepted(decide(depositPaid(), { type: "cancel" }, "seller", T0 + DAY));
    expect(done.next.keptDeposit ?? null).toBeNull();
    expect(done.releases).toEqual([{ payment: DEPOSIT_INTENT, reason: "order_canceled" }]);
    expectReleasesAgree(depositPaid(), done);
  });

  it("the client's cancel of an unpaid deposit order, or of a delivered one, is refused", () => {
    expect(decide(depositApproved(), { type: "cancel" }, "buyer", T0)).toEqual({ ok: false, refusal: "seller_only" });
    expect(decide(restDueDelivered(), { type: "cancel" }, "buyer", T0)).toEqual({ ok: false, refusal: "seller_only" });
    expect(decide(restDueDelivered(), { type: "cancel" }, "seller", T0)).toEqual({ ok: false, refusal: "wrong_state" });
  });

  it("a rest unpaid at its payment deadline ends the order: the rest's intent voided, the deposit kept by its terms", () => {
    const deadline = T0 + DEADLINES.paymentMs;
    expect(decide(restCharging(), { type: "deadlinePassed" }, "system", deadline - 1)).toEqual({
      ok: true,
      changed: false,
    });
    const kept = accepted(decide(restCharging(), { type: "deadlinePassed" }, "system", deadline));
    expect(kept).toMatchObject({ event: "CANCELED", money: "refundOnCancel" });
    expect(kept.next).toMatchObject({ progress: "CANCELED", keptDeposit: 3_000, openPayment: null });
    expect(kept.releases).toEqual([{ payment: REST_INTENT, reason: "order_canceled" }]);
    expectReleasesAgree(restCharging(), kept);

    const o = restCharging({ deposit: REFUNDABLE_DEPOSIT });
    const refunded = accepted(decide(o, { type: "deadlinePassed" }, "system", deadline));
    expect(refunded.next.keptDeposit ?? null).toBeNull();
    expect(refunded.releases).toEqual([
      { payment: REST_INTENT, reason: "order_canceled" },
      { payment: DEPOSIT_INTENT, reason: "order_canceled" },
    ]);
    expectReleasesAgree(o, refunded);
    // No charge made yet (Stripe was down): only the deposit's fate.
    const uncharged = accepted(decide(restDueDelivered(), { type: "deadlinePassed" }, "system", deadline));
    expect([uncharged.next.keptDeposit, uncharged.releases]).toEqual([3_000, undefined]);
  });

  it("a paid rest ends no order, even on a payment deadline left behind", () => {
    const stale = restPaid({ paymentDeadline: T0 + DAY });
    expect(decide(stale, { type: "deadlinePassed" }, "system", T0 + 2 * DAY)).toEqual({ ok: true, changed: false });
  });

  it("an admin's cancel of a delivered order paid in full refunds both charges, the rest's first, to the total", () => {
    const done = accepted(decide(restPaid(), { type: "adminCancel" }, "system", T0 + DAY));
    expect(done.releases).toEqual([
      { payment: REST_INTENT, reason: "order_canceled" },
      { payment: DEPOSIT_INTENT, reason: "order_canceled" },
    ]);
    expect(sum(refundsOf(done.releases, restPaid()))).toBe(10_000);
    expect(done.next.keptDeposit ?? null).toBeNull();
    expectReleasesAgree(restPaid(), done);
  });

  it("an admin's cancel while the rest is under way voids its intent and refunds the deposit", () => {
    const done = accepted(decide(restCharging(), { type: "adminCancel" }, "system", T0 + DAY));
    expect(done.releases).toEqual([
      { payment: REST_INTENT, reason: "order_canceled" },
      { payment: DEPOSIT_INTENT, reason: "order_canceled" },
    ]);
    expect(done.next.openPayment).toBeNull();
    expect(done.next.returnedIntentIds).toEqual(["pi_rest", "pi_deposit"]);
    expectReleasesAgree(restCharging(), done);
  });

  it("a cancel before the deposit is paid voids its intent and refunds nothing", () => {
    const o = depositApproved({ openPayment: DEPOSIT_INTENT });
    const done = accepted(decide(o, { type: "cancel" }, "seller", T0));
    expect(done.releases).toEqual([{ payment: DEPOSIT_INTENT, reason: "order_canceled" }]);
    expectReleasesAgree(o, done);
  });
});

describe("decide gives back exactly what refundOnCancel says, for deposit orders too", () => {
  const states: Record<string, OrderState> = {
    "deposit asked": depositApproved(),
    "deposit under way": depositApproved({ openPayment: DEPOSIT_INTENT }),
    "deposit paid, kept terms": depositPaid(),
    "deposit paid, refundable terms": depositPaid({ deposit: REFUNDABLE_DEPOSIT }),
    "rest due": restDueDelivered(),
    "rest under way": restCharging(),
    "rest paid": restPaid(),
  };
  const cancels: { who: OrderActor | "admin"; now: number }[] = [
    { who: "seller", now: T0 },
    { who: "buyer", now: T0 },
    { who: "buyer", now: DEPOSIT_LATE },
    { who: "admin", now: T0 },
  ];

  for (const [name, o] of Object.entries(states)) {
    for (const { who, now } of cancels) {
      it(`${name}, cancelled by the ${who}${now === DEPOSIT_LATE ? " after the delivery deadline" : ""}`, () => {
        const said = refundOnCancel(o, who, now);
        const action = who === "admin" ? { type: "adminCancel" as const } : { type: "cancel" as const };
        const done = decide(o, action, who === "admin" ? "system" : who, now);
        if (!said.allowed) return expect(done).toEqual({ ok: false, refusal: said.refusal });
        const taken = accepted(done);
        // What the prompt promised is what the releases refund, and what the canceled order then says.
        const promised = said.refund.kind === "none" ? 0 : said.refund.amount;
        expect(sum(refundsOf(taken.releases, o))).toBe(promised);
        expect(cancelRefund(taken.next)).toEqual(said.refund);
        // The open intent, if any, is voided first, and never refunded as a charge.
        if (o.openPayment) expect(taken.releases?.[0]).toEqual({ payment: o.openPayment, reason: "order_canceled" });
      });
    }
  }
});
