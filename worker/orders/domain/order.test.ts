import { describe, expect, it } from "vitest";
import { decide, editable, isCategoryCodeShape, partyOf, pendingDeadline, serviceDetailsOf } from "./order";
import type { OrderAction, OrderState, PaymentRef } from "./order-types";
import { DEADLINES } from "./order-process";
import { approved, canceled, completed, DAY, delivered, OPEN, order, paid, paying, T0 } from "./order-test-states";

describe("who acts", () => {
  it("is the seller or the buyer by commission account, else nobody", () => {
    expect(partyOf(order(), "seller")).toBe("seller");
    expect(partyOf(order(), "buyer")).toBe("buyer");
    expect(partyOf(order(), "someone")).toBeNull();
    expect(partyOf(order(), null)).toBeNull();
  });

  it("refuses the buyer every seller action, and everyone but the system the payment and the deadlines", () => {
    for (const type of [
      "approve",
      "cancel",
      "deliver",
      "complete",
      "updateServiceDetails",
      "addDeliverable",
    ] as const) {
      expect(decide(order(), { type }, "buyer", T0)).toEqual({ ok: false, refusal: "seller_only" });
    }
    expect(decide(approved(), paying(), "seller", T0)).toEqual({ ok: false, refusal: "system_only" });
    expect(decide(approved(), paying(), "buyer", T0)).toEqual({ ok: false, refusal: "system_only" });
    expect(decide(order(), { type: "deadlinePassed" }, "seller", T0 + 8 * DAY)).toEqual({
      ok: false,
      refusal: "system_only",
    });
  });
});

describe("the lifecycle of spec section 4", () => {
  it("DRAFT → APPROVED opens the chat and starts the payment deadline", () => {
    const decision = decide(order(), { type: "approve" }, "seller", T0 + DAY);
    expect(decision).toMatchObject({ ok: true, changed: true, event: "APPROVED" });
    if (!decision.ok || !decision.changed) throw new Error();
    expect(decision.next).toMatchObject({
      progress: "APPROVED",
      chat: "OPENED",
      approvedAt: T0 + DAY,
      paymentDeadline: T0 + DAY + DEADLINES.paymentMs,
    });
  });

  it("approving needs a total above 100", () => {
    expect(decide(order({ priceAmount: 100 }), { type: "approve" }, "seller", T0)).toEqual({
      ok: false,
      refusal: "price_too_low",
    });
    expect(decide(order({ priceAmount: null }), { type: "approve" }, "seller", T0)).toEqual({
      ok: false,
      refusal: "price_too_low",
    });
    expect(decide(order({ priceAmount: 101 }), { type: "approve" }, "seller", T0)).toMatchObject({ ok: true });
  });

  it("paid: the delivery deadline is the estimated delivery, else 30 days; paying twice changes nothing", () => {
    const first = decide(
      approved({ estimatedDelivery: T0 + 10 * DAY, openPayment: OPEN }),
      paying(),
      "system",
      T0 + DAY,
    );
    expect(first).toMatchObject({
      ok: true,
      changed: true,
      event: "PAID",
      next: {
        payment: "COMPLETED",
        paidAt: T0 + DAY,
        deliveryDeadline: T0 + 10 * DAY,
        openPayment: null,
        paidPayment: OPEN,
      },
    });
    expect(decide(approved({ openPayment: OPEN }), paying(), "system", T0)).toMatchObject({
      next: { deliveryDeadline: T0 + DEADLINES.deliveryMs },
    });
    expect(decide(paid(), paying(), "system", T0)).toEqual({ ok: true, changed: false });
  });

  it("delivering needs the payment and at least one file", () => {
    expect(decide(approved({ deliverableCount: 1 }), { type: "deliver" }, "seller", T0)).toEqual({
      ok: false,
      refusal: "wrong_state",
    });
    expect(decide(paid(), { type: "deliver" }, "seller", T0)).toEqual({ ok: false, refusal: "no_deliverables" });
    expect(decide(paid({ deliverableCount: 2 }), { type: "deliver" }, "seller", T0)).toMatchObject({
      ok: true,
      event: "DELIVERED",
      next: { progress: "DELIVERED", completionDeadline: T0 + DEADLINES.completionMs },
    });
  });

  it("completing closes the chat; only a delivered order completes", () => {
    expect(decide(delivered(), { type: "complete" }, "seller", T0)).toMatchObject({
      ok: true,
      next: { progress: "COMPLETED", chat: "CLOSED", completedAt: T0 },
    });
    expect(decide(paid(), { type: "complete" }, "seller", T0)).toEqual({ ok: false, refusal: "wrong_state" });
  });

  it("the seller cancels until delivery; nothing reopens a closed order", () => {
    expect(decide(order(), { type: "cancel" }, "seller", T0)).toMatchObject({
      ok: true,
      next: { progress: "CANCELED", chat: "CLOSED" },
    });
    expect(decide(paid(), { type: "cancel" }, "seller", T0)).toMatchObject({ ok: true });
    for (const o of [delivered(), completed(), canceled()]) {
      for (const type of ["approve", "cancel", "deliver"] as const)
        expect(decide(o, { type }, "seller", T0)).toEqual({ ok: false, refusal: "wrong_state" });
    }
  });
});

describe("editability (spec section 4)", () => {
  const states = {
    draft: order(),
    approved: approved(),
    paid: paid(),
    delivered: delivered(),
    completed: completed(),
    canceled: canceled(),
  };
  const table: [keyof typeof editable, Record<keyof typeof states, boolean>][] = [
    ["price", { draft: true, approved: true, paid: false, delivered: false, completed: false, canceled: false }],
    ["chatSettings", { draft: true, approved: true, paid: false, delivered: false, completed: false, canceled: false }],
    [
      "serviceDetails",
      { draft: true, approved: true, paid: true, delivered: false, completed: false, canceled: false },
    ],
    ["schedule", { draft: true, approved: true, paid: true, delivered: false, completed: false, canceled: false }],
    ["addDeliverable", { draft: true, approved: true, paid: true, delivered: true, completed: false, canceled: false }],
    [
      "deleteDeliverable",
      { draft: true, approved: true, paid: true, delivered: false, completed: false, canceled: false },
    ],
  ];
  for (const [part, expected] of table) {
    it(`${part}`, () => {
      for (const [name, state] of Object.entries(states))
        expect(editable[part](state), `${part} when ${name}`).toBe(expected[name as keyof typeof states]);
    });
  }

  it("a refused edit changes nothing and says why", () => {
    const actions: OrderAction[] = [
      { type: "updatePrice", priceAmount: 20_000 },
      { type: "updateSchedule", estimatedStart: null, estimatedDelivery: null },
      { type: "updateServiceDetails" },
      { type: "deleteDeliverable" },
    ];
    for (const action of actions)
      expect(decide(completed(), action, "seller", T0)).toEqual({ ok: false, refusal: "not_editable" });
  });

  it("prices are integer minor units; once approved, never 100 or less", () => {
    expect(decide(order(), { type: "updatePrice", priceAmount: 12.5 }, "seller", T0)).toEqual({
      ok: false,
      refusal: "price_invalid",
    });
    expect(decide(order(), { type: "updatePrice", priceAmount: -1 }, "seller", T0)).toEqual({
      ok: false,
      refusal: "price_invalid",
    });
    // Over the editors' maximum (10,000,000 minor units), whichever way the amount came in.
    expect(decide(order(), { type: "updatePrice", priceAmount: 10_000_001 }, "seller", T0)).toEqual({
      ok: false,
      refusal: "price_invalid",
    });
    expect(decide(order(), { type: "updatePrice", priceAmount: 10_000_000 }, "seller", T0)).toMatchObject({
      ok: true,
      next: { priceAmount: 10_000_000 },
    });
    expect(decide(order(), { type: "updatePrice", priceAmount: 50 }, "seller", T0)).toMatchObject({
      ok: true,
      next: { priceAmount: 50 },
    });
    expect(decide(approved(), { type: "updatePrice", priceAmount: 50 }, "seller", T0)).toEqual({
      ok: false,
      refusal: "price_too_low",
    });
    expect(decide(order(), { type: "updatePrice", priceAmount: 10_000 }, "seller", T0)).toEqual({
      ok: true,
      changed: false,
    });
  });

  it("a schedule ends after it starts", () => {
    expect(
      decide(
        order(),
        { type: "updateSchedule", estimatedStart: T0 + 2 * DAY, estimatedDelivery: T0 + DAY },
        "seller",
        T0,
      ),
    ).toEqual({ ok: false, refusal: "schedule_invalid" });
    expect(
      decide(order(), { type: "updateSchedule", estimatedStart: null, estimatedDelivery: T0 + DAY }, "seller", T0),
    ).toMatchObject({ ok: true });
  });
});

describe("deadlines", () => {
  it("the pending deadline follows the state", () => {
    expect(pendingDeadline(order())).toBe(T0 + DEADLINES.approvalMs);
    expect(pendingDeadline(approved())).toBe(T0 + DEADLINES.paymentMs);
    // A late delivery acts on nothing by itself, so the alarm does not wait on it.
    expect(pendingDeadline(paid())).toBeNull();
    expect(pendingDeadline(delivered())).toBe(T0 + DEADLINES.completionMs);
    expect(pendingDeadline(completed())).toBeNull();
  });

  it("not approved or not paid in time: canceled; delivered and not completed in time: completed; late delivery: nothing", () => {
    expect(decide(order(), { type: "deadlinePassed" }, "system", T0 + DEADLINES.approvalMs)).toMatchObject({
      ok: true,
      event: "CANCELED",
    });
    expect(decide(approved(), { type: "deadlinePassed" }, "system", T0 + DEADLINES.paymentMs)).toMatchObject({
      ok: true,
      event: "CANCELED",
    });
    expect(decide(delivered(), { type: "deadlinePassed" }, "system", T0 + DEADLINES.completionMs)).toMatchObject({
      ok: true,
      event: "COMPLETED",
    });
    expect(decide(paid(), { type: "deadlinePassed" }, "system", T0 + DEADLINES.deliveryMs + DAY)).toEqual({
      ok: true,
      changed: false,
    });
  });

  it("a paid order not delivered by its deadline: the buyer may cancel it (the object refunds it), not before", () => {
    const late = T0 + DEADLINES.deliveryMs + 1;
    expect(decide(paid(), { type: "cancel" }, "buyer", late)).toMatchObject({
      ok: true,
      changed: true,
      event: "CANCELED",
      next: { progress: "CANCELED", chat: "CLOSED", canceledAt: late },
    });
    expect(decide(paid(), { type: "cancel" }, "buyer", T0 + DEADLINES.deliveryMs)).toEqual({
      ok: false,
      refusal: "delivery_not_late",
    });
    expect(decide(paid({ deliveryDeadline: null }), { type: "cancel" }, "buyer", late)).toEqual({
      ok: false,
      refusal: "delivery_not_late",
    });
    // Every other state stays the seller's to cancel, whatever the time.
    for (const o of [order(), approved(), delivered(), completed(), canceled()]) {
      expect(decide(o, { type: "cancel" }, "buyer", T0 + 365 * DAY)).toEqual({ ok: false, refusal: "seller_only" });
    }
    // The buyer's other actions stay refused after the deadline too.
    for (const type of ["approve", "deliver", "complete", "updateServiceDetails"] as const) {
      expect(decide(paid(), { type }, "buyer", late)).toEqual({ ok: false, refusal: "seller_only" });
    }
  });

  it("an alarm that fires early or after the order moved on does nothing", () => {
    expect(decide(order(), { type: "deadlinePassed" }, "system", T0 + DEADLINES.approvalMs - 1)).toEqual({
      ok: true,
      changed: false,
    });
    expect(decide(completed(), { type: "deadlinePassed" }, "system", T0 + 365 * DAY)).toEqual({
      ok: true,
      changed: false,
    });
  });
});

describe("the order and its money (decision 047)", () => {
  const start = (payment: PaymentRef = OPEN): OrderAction => ({ type: "startPayment", payment });

  it("only the buyer starts a payment, only on an approved unpaid order, and only for exactly its total", () => {
    expect(decide(approved(), start(), "buyer", T0)).toMatchObject({
      ok: true,
      changed: true,
      event: "PAYMENT_STARTED",
      next: { openPayment: OPEN },
    });
    expect(decide(approved(), start(), "seller", T0)).toEqual({ ok: false, refusal: "buyer_only" });
    expect(decide(order(), start(), "buyer", T0)).toEqual({ ok: false, refusal: "not_payable" });
    expect(decide(canceled(), start(), "buyer", T0)).toEqual({ ok: false, refusal: "not_payable" });
    expect(decide(paid(), start(), "buyer", T0)).toEqual({ ok: false, refusal: "already_paid" });
    expect(decide(approved(), start({ ...OPEN, amount: 9_999 }), "buyer", T0)).toEqual({
      ok: false,
      refusal: "price_invalid",
    });
    expect(decide(approved(), start({ ...OPEN, currency: "USD" }), "buyer", T0)).toEqual({
      ok: false,
      refusal: "price_invalid",
    });
    expect(decide(approved({ openPayment: OPEN }), start(), "buyer", T0)).toEqual({ ok: true, changed: false });
    // Another intent replaces the open one, which is given back.
    const next: PaymentRef = { ...OPEN, intentId: "pi_next" };
    expect(decide(approved({ openPayment: OPEN }), start(next), "buyer", T0)).toMatchObject({
      next: { openPayment: next },
      releases: [{ payment: OPEN, reason: "replaced" }],
    });
  });

  it("a succeeded payment the order cannot take is given back, once, and says why", () => {
    const cases: [OrderState, PaymentRef, string][] = [
      [canceled(), OPEN, "order_canceled"],
      [
        approved({ openPayment: { ...OPEN, amount: 200 }, priceAmount: 200 }),
        { ...OPEN, amount: 10_000 },
        "amount_mismatch",
      ],
      [approved({ openPayment: OPEN }), { ...OPEN, currency: "USD" }, "amount_mismatch"],
      [approved({ openPayment: OPEN }), { ...OPEN, intentId: "pi_other" }, "not_the_open_payment"],
      [approved(), OPEN, "not_the_open_payment"],
      [paid(), { ...OPEN, intentId: "pi_second" }, "already_paid"],
      [order(), OPEN, "not_payable"],
    ];
    for (const [state, payment, reason] of cases) {
      const decision = decide(state, paying(payment), "system", T0);
      expect(decision, reason).toMatchObject({
        ok: true,
        changed: true,
        event: "PAYMENT_RETURNED",
        releases: [{ payment, reason }],
      });
      if (!decision.ok || !decision.changed) throw new Error();
      expect(decision.next.payment).toBe(state.payment);
      expect(decide(decision.next, paying(payment), "system", T0), `${reason}, again`).toEqual({
        ok: true,
        changed: false,
      });
    }
  });

  it("every way an order ends gives back its money: the open payment voided, a paid one refunded", () => {
    const open = approved({ openPayment: OPEN });
    expect(decide(open, { type: "cancel" }, "seller", T0)).toMatchObject({
      event: "CANCELED",
      next: { openPayment: null },
      releases: [{ payment: OPEN, reason: "order_canceled" }],
    });
    expect(decide(open, { type: "deadlinePassed" }, "system", T0 + DEADLINES.paymentMs)).toMatchObject({
      event: "CANCELED",
      releases: [{ payment: OPEN }],
    });
    expect(decide(paid(), { type: "cancel" }, "seller", T0)).toMatchObject({
      event: "CANCELED",
      releases: [{ payment: OPEN, reason: "order_canceled" }],
    });
    expect(decide(paid(), { type: "cancel" }, "buyer", T0 + DEADLINES.deliveryMs + 1)).toMatchObject({
      event: "CANCELED",
      releases: [{ payment: OPEN }],
    });
    // Nothing to give back when nothing was started.
    expect(decide(approved(), { type: "cancel" }, "seller", T0)).not.toHaveProperty("release");
  });

  it("a new price or schedule voids the payment under way; the client pays the new terms", () => {
    const open = approved({ openPayment: OPEN });
    expect(decide(open, { type: "updatePrice", priceAmount: 200 }, "seller", T0)).toMatchObject({
      next: { priceAmount: 200, openPayment: null },
      releases: [{ payment: OPEN, reason: "price_changed" }],
    });
    const schedule: OrderAction = { type: "updateSchedule", estimatedStart: T0 + DAY, estimatedDelivery: T0 + 9 * DAY };
    expect(decide(open, schedule, "seller", T0)).toMatchObject({
      next: { openPayment: null },
      releases: [{ payment: OPEN, reason: "schedule_changed" }],
    });
    // The same schedule again is no change, and voids nothing.
    expect(
      decide(
        approved({ openPayment: OPEN, estimatedStart: T0 + DAY, estimatedDelivery: T0 + 9 * DAY }),
        schedule,
        "seller",
        T0,
      ),
    ).toEqual({ ok: true, changed: false });
  });

  it("a price in another currency than the order's is refused, never read as the order's", () => {
    expect(decide(order(), { type: "updatePrice", priceAmount: 1_234, currency: "USD" }, "seller", T0)).toEqual({
      ok: false,
      refusal: "price_invalid",
    });
    expect(decide(order(), { type: "updatePrice", priceAmount: 1_234, currency: "JPY" }, "seller", T0)).toMatchObject({
      ok: true,
    });
  });

  it("dates outside 2000–2100 are refused (9007199254740991 ms would break every page that shows it)", () => {
    for (const t of [Number.MAX_SAFE_INTEGER, Date.UTC(2100, 0, 2), Date.UTC(1999, 11, 31), -1]) {
      expect(
        decide(order(), { type: "updateSchedule", estimatedStart: null, estimatedDelivery: t }, "seller", T0),
      ).toEqual({ ok: false, refusal: "schedule_invalid" });
    }
  });
});

describe("service details: the optional categoryCode (spec section 5)", () => {
  const base = { title: "Bust-up", description: "", languageCode: "en" as const };
  it("absent stays absent (the order keeps its categories); empty or null is none; a code is trimmed", () => {
    expect(serviceDetailsOf(base)).not.toHaveProperty("categoryCode");
    expect(serviceDetailsOf({ ...base, categoryCode: null })?.categoryCode).toBeNull();
    expect(serviceDetailsOf({ ...base, categoryCode: "   " })?.categoryCode).toBeNull();
    expect(serviceDetailsOf({ ...base, categoryCode: " logo-graphic " })?.categoryCode).toBe("logo-graphic");
  });
  it("only the catalogue's shape of code can name a category", () => {
    for (const good of ["logo-graphic", "live2d-character-rigging", "a"])
      expect(isCategoryCodeShape(good), good).toBe(true);
    for (const bad of ["", "Logo", "logo graphic", "-logo", "logo-", "logo--graphic", "x".repeat(65), "logo'; --"])
      expect(isCategoryCodeShape(bad), bad).toBe(false);
  });
});
