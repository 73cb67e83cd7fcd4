// The reconciler's invariant (decision 047) with the settlement currency (decision 050): a transfer from a converted
// charge is in the platform's settlement currency, and "transferred ≤ captured − refunded − fee" is checked in it,
// converted by the payout's own rule, so the release and the check agree to the unit.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sellerTransferAmount } from "../../domain/money";
import { decide, pendingDeadline, type Decision } from "./order";
import { moneyDisagreements, type OrderLedger } from "./order-money";
import { dueAmount, paidTotal, partsOf } from "./order-parts";
import { DEADLINES } from "./order-process";
import { stagesOfPlan, stageTransferAmount, type OrderStage } from "./order-stages";
import {
  DAY,
  DEPOSIT_INTENT,
  KEPT_DEPOSIT,
  REST_INTENT,
  T0,
  depositApproved,
  depositPaid,
  order,
  paid,
  paying,
  restCharging,
  restDueDelivered,
  restPaid,
} from "./order-test-states";

/** A completed $10.00 order: fee $0.85, share $9.15; the charge settled as ¥1,449. */
const dollarOrder: OrderLedger = {
  progress: "COMPLETED",
  payment: "COMPLETED",
  priceAmount: 1_000,
  currency: "USD",
  captured: 1_000,
  refunded: 0,
  chargeCurrencies: ["USD"],
  transferred: 0,
  transferCurrency: null,
  settled: { amount: 1_449, currency: "JPY" },
  feeAmount: 85,
  stages: [],
  feeNumerators: [1_036],
};

describe("a dollar order paid out in yen", () => {
  it("agrees with the payout's transfer: ¥1,325 (915 × 1,449 / 1,000, rounded down)", () => {
    expect(moneyDisagreements({ ...dollarOrder, transferred: 1_325, transferCurrency: "JPY" })).toEqual([]);
  });

  it("reports one yen more as over-transferred, in yen", () => {
    expect(moneyDisagreements({ ...dollarOrder, transferred: 1_326, transferCurrency: "JPY" })).toEqual([
      { kind: "over_transferred", transferred: 1_326, allowed: 1_325 },
    ]);
  });

  it("still reads an old transfer in the order's currency (before decision 050) against the share in dollars", () => {
    expect(moneyDisagreements({ ...dollarOrder, transferred: 915, transferCurrency: "USD" })).toEqual([]);
    expect(moneyDisagreements({ ...dollarOrder, transferred: 916, transferCurrency: "USD" })).toEqual([
      { kind: "over_transferred", transferred: 916, allowed: 915 },
    ]);
  });

  it("reports a transfer in neither the order's nor the settlement currency", () => {
    expect(moneyDisagreements({ ...dollarOrder, transferred: 10, transferCurrency: "EUR" })).toEqual([
      { kind: "transfer_currency_mismatch", transferCurrency: "EUR", allowed: ["USD", "JPY"] },
    ]);
  });
});

describe("a yen order", () => {
  const yenOrder: OrderLedger = {
    ...dollarOrder,
    priceAmount: 10_000,
    currency: "JPY",
    captured: 10_000,
    chargeCurrencies: ["JPY"],
    settled: { amount: 10_000, currency: "JPY" },
    feeAmount: 853,
  };

  it("is checked as before: ¥9,147 agrees, ¥9,148 is too much", () => {
    expect(moneyDisagreements({ ...yenOrder, transferred: 9_147, transferCurrency: "JPY" })).toEqual([]);
    expect(moneyDisagreements({ ...yenOrder, transferred: 9_148, transferCurrency: "JPY" })).toEqual([
      { kind: "over_transferred", transferred: 9_148, allowed: 9_147 },
    ]);
  });

  it("with nothing transferred, has nothing to say about transfers", () => {
    expect(moneyDisagreements(yenOrder)).toEqual([]);
  });

  it("canceled after the bank took the charge back for good, is given back: Stripe refuses that refund (decision 103)", () => {
    const canceled = { ...yenOrder, progress: "CANCELED" as const };
    expect(moneyDisagreements({ ...canceled, disputed: 10_000, lostToChargebacks: 10_000 })).toEqual([]);
    // Open, the bank has not decided: the refund is still owed.
    expect(moneyDisagreements({ ...canceled, disputed: 10_000, lostToChargebacks: 0 })).toEqual([
      { kind: "net_mismatch", expected: 0, actual: 10_000 },
    ]);
    // An order still standing keeps its total, whoever bore the loss.
    expect(moneyDisagreements({ ...yenOrder, disputed: 10_000, lostToChargebacks: 10_000 })).toEqual([]);
  });
});

/** A ¥10,000 order in three stages, 30/30/40: ¥3,000, ¥3,000, ¥4,000; each less its fee is ¥2,744, ¥2,744, ¥3,659. */
const threeStages = (approved: number): OrderStage[] =>
  stagesOfPlan([
    { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
    { title: "Colour", sharePercent: 30, includedRevisions: 1 },
    { title: "Final", sharePercent: 40, includedRevisions: 1 },
  ]).map((stage, i) => (i < approved ? { ...stage, status: "APPROVED" as const } : stage));

describe("a staged yen order (decision 073)", () => {
  const staged: OrderLedger = {
    progress: "APPROVED",
    payment: "COMPLETED",
    priceAmount: 10_000,
    currency: "JPY",
    captured: 10_000,
    refunded: 0,
    chargeCurrencies: ["JPY"],
    transferred: 0,
    transferCurrency: null,
    settled: { amount: 10_000, currency: "JPY" },
    feeAmount: 853,
    stages: threeStages(0),
    feeNumerators: [1_036],
  };

  it("while paid and under way holds the whole total, as an order without stages does", () => {
    expect(moneyDisagreements(staged)).toEqual([]);
    expect(moneyDisagreements({ ...staged, refunded: 7_000 })).toEqual([
      { kind: "net_mismatch", expected: 10_000, actual: 3_000 },
    ]);
  });

  it("may have sent each approved stage's share less its fee, and not a yen more", () => {
    const one = { ...staged, stages: threeStages(1), transferCurrency: "JPY" };
    expect(moneyDisagreements({ ...one, transferred: 2_744 })).toEqual([]);
    expect(moneyDisagreements({ ...one, transferred: 2_745 })).toEqual([
      { kind: "over_transferred", transferred: 2_745, allowed: 2_744 },
    ]);
    // Two stages' shares on one stage approved: a second transfer of the same stage is caught.
    expect(moneyDisagreements({ ...one, transferred: 5_488 })).toEqual([
      { kind: "over_transferred", transferred: 5_488, allowed: 2_744 },
    ]);
    const all = { ...staged, stages: threeStages(3), transferCurrency: "JPY" };
    expect(moneyDisagreements({ ...all, transferred: 2_744 + 2_744 + 3_659 })).toEqual([]);
  });

  it("once canceled keeps exactly the approved stages' amounts: the rest refunded", () => {
    const canceled = { ...staged, progress: "CANCELED" as const, stages: threeStages(1) };
    expect(moneyDisagreements({ ...canceled, refunded: 7_000, transferred: 2_744, transferCurrency: "JPY" })).toEqual(
      [],
    );
    expect(moneyDisagreements({ ...canceled, refunded: 10_000 })).toEqual([
      { kind: "net_mismatch", expected: 3_000, actual: 0 },
    ]);
    expect(moneyDisagreements({ ...canceled, refunded: 0 })).toEqual([
      { kind: "net_mismatch", expected: 3_000, actual: 10_000 },
    ]);
  });

  it("canceled before any stage was approved gives everything back; unpaid, holds nothing", () => {
    const canceled = { ...staged, progress: "CANCELED" as const };
    expect(moneyDisagreements({ ...canceled, refunded: 10_000 })).toEqual([]);
    const unpaid = { ...staged, payment: "DRAFT" as const, captured: 0, stages: threeStages(1) };
    expect(moneyDisagreements(unpaid)).toEqual([]);
    expect(moneyDisagreements({ ...unpaid, transferred: 1, transferCurrency: "JPY" })).toEqual([
      { kind: "over_transferred", transferred: 1, allowed: 0 },
    ]);
  });
});

describe("a staged dollar order paid out in yen", () => {
  it("converts each stage's share as its own transfer does: ¥397 for $2.74 (274 × 1,449 / 1,000, rounded down)", () => {
    const staged: OrderLedger = {
      ...dollarOrder,
      progress: "APPROVED",
      stages: threeStages(1),
      transferCurrency: "JPY",
    };
    expect(moneyDisagreements({ ...staged, transferred: 397 })).toEqual([]);
    expect(moneyDisagreements({ ...staged, transferred: 398 })).toEqual([
      { kind: "over_transferred", transferred: 398, allowed: 397 },
    ]);
  });
});

// Paying in parts (decision 100): the deposit order's rows of the process, through the domain's decide, from the
// ¥10,000 order with a 30% deposit (¥3,000, the rest ¥7,000) of order-test-states.
const LATER = T0 + 3 * DAY;
const accepted = (d: Decision) => {
  if (!d.ok || !d.changed) throw new Error(`expected a change, got ${JSON.stringify(d)}`);
  return d;
};

describe("a deposit order's approval and first payment (decision 100)", () => {
  it("keeps the deposit asked at approval, and none when none was asked", () => {
    const done = accepted(decide(order(), { type: "approve", deposit: KEPT_DEPOSIT }, "seller", T0));
    expect(done.next).toMatchObject({ progress: "APPROVED", deposit: KEPT_DEPOSIT });
    expect(done.next.paymentDeadline).toBe(T0 + DEADLINES.paymentMs);
    expect(accepted(decide(order(), { type: "approve" }, "seller", T0)).next.deposit).toBeNull();
  });

  it("refuses a deposit outside 10-90% and one asked of an order with stages, changing nothing", () => {
    for (const percent of [5, 9, 91, 95, 30.5])
      expect(decide(order(), { type: "approve", deposit: { percent, refundable: true } }, "seller", T0)).toEqual({
        ok: false,
        refusal: "deposit_invalid",
      });
    const staged = order({
      stages: stagesOfPlan([
        { title: "Sketch", sharePercent: 50, includedRevisions: 1 },
        { title: "Final", sharePercent: 50, includedRevisions: 1 },
      ]),
    });
    expect(decide(staged, { type: "approve", deposit: KEPT_DEPOSIT }, "seller", T0)).toEqual({
      ok: false,
      refusal: "deposit_invalid",
    });
    expect(accepted(decide(staged, { type: "approve" }, "seller", T0)).next.progress).toBe("APPROVED");
  });

  it("starts a payment only for the deposit, never for the whole total", () => {
    const whole = { ...DEPOSIT_INTENT, intentId: "pi_whole", amount: 10_000 };
    expect(decide(depositApproved(), { type: "startPayment", payment: whole }, "buyer", T0)).toEqual({
      ok: false,
      refusal: "price_invalid",
    });
    const done = accepted(decide(depositApproved(), { type: "startPayment", payment: DEPOSIT_INTENT }, "buyer", T0));
    expect(done.next.openPayment).toEqual(DEPOSIT_INTENT);
  });

  it("takes the deposit as the order's payment: paid, its delivery date set, nothing more due before delivery", () => {
    const done = accepted(
      decide(depositApproved({ openPayment: DEPOSIT_INTENT }), paying(DEPOSIT_INTENT), "system", LATER),
    );
    expect(done).toMatchObject({ event: "PAID", money: "takePayment" });
    expect(done.next).toMatchObject({ payment: "COMPLETED", paidPayment: DEPOSIT_INTENT, openPayment: null });
    expect(done.next.deliveryDeadline).toBe(LATER + DEADLINES.deliveryMs);
    expect(dueAmount(done.next)).toBeNull();
    expect(decide(done.next, { type: "startPayment", payment: REST_INTENT }, "buyer", LATER)).toEqual({
      ok: false,
      refusal: "already_paid",
    });
  });
});

describe("a deposit order's rest (decision 100)", () => {
  it("falls due at delivery: a new payment deadline, and no completion deadline", () => {
    const done = accepted(decide(depositPaid(), { type: "deliver" }, "seller", LATER));
    expect(done.next).toMatchObject({ progress: "DELIVERED", deliveredAt: LATER, completionDeadline: null });
    expect(done.next.paymentDeadline).toBe(LATER + DEADLINES.paymentMs);
    expect(pendingDeadline(done.next)).toBe(LATER + DEADLINES.paymentMs);
    // Without a deposit the delivery starts the week to complete, and nothing more is due.
    const plain = accepted(decide(paid({ deliverableCount: 1 }), { type: "deliver" }, "seller", LATER));
    expect(plain.next).toMatchObject({ completionDeadline: LATER + DEADLINES.completionMs, paymentDeadline: null });
  });

  it("records the off-session charge as the open payment, once, and only for the rest", () => {
    const done = accepted(decide(restDueDelivered(), { type: "chargePart", payment: REST_INTENT }, "system", LATER));
    expect(done).toMatchObject({ event: "REST_CHARGED", money: "startPayment" });
    expect(done.next.openPayment).toEqual(REST_INTENT);
    expect(done.releases).toBeUndefined();
    expect(decide(done.next, { type: "chargePart", payment: REST_INTENT }, "system", LATER)).toEqual({
      ok: true,
      changed: false,
    });
    const whole = { ...REST_INTENT, amount: 10_000 };
    expect(decide(restDueDelivered(), { type: "chargePart", payment: whole }, "system", LATER)).toEqual({
      ok: false,
      refusal: "price_invalid",
    });
    expect(decide(restDueDelivered(), { type: "chargePart", payment: REST_INTENT }, "seller", LATER)).toEqual({
      ok: false,
      refusal: "system_only",
    });
    expect(decide(restPaid(), { type: "chargePart", payment: REST_INTENT }, "system", LATER)).toEqual({
      ok: false,
      refusal: "already_paid",
    });
  });

  it("keeps why the charge failed, once, and lets the client pay the same intent in the page", () => {
    const done = accepted(
      decide(restCharging(), { type: "partFailed", failure: "authentication_required" }, "system", LATER),
    );
    expect(done).toMatchObject({ event: "REST_PAYMENT_FAILED", money: "none" });
    expect(done.next).toMatchObject({ partFailure: "authentication_required", openPayment: REST_INTENT });
    expect(decide(done.next, { type: "partFailed", failure: "authentication_required" }, "system", LATER)).toEqual({
      ok: true,
      changed: false,
    });
    expect(decide(done.next, { type: "startPayment", payment: REST_INTENT }, "buyer", LATER)).toEqual({
      ok: true,
      changed: false,
    });
  });

  it("once paid, is the order's rest: the failure cleared, the week to complete starting now", () => {
    const failed = restCharging({ partFailure: "declined" });
    const done = accepted(decide(failed, paying(REST_INTENT), "system", LATER));
    expect(done).toMatchObject({ event: "REST_PAID", money: "takePayment" });
    expect(done.next).toMatchObject({
      paidRest: REST_INTENT,
      paidPayment: DEPOSIT_INTENT,
      openPayment: null,
      partFailure: null,
      paymentDeadline: null,
      completionDeadline: LATER + DEADLINES.completionMs,
    });
    expect(paidTotal(done.next)).toBe(10_000);
    // Stripe's notice again changes nothing; another intent for the rest is returned, not taken twice.
    expect(decide(done.next, paying(REST_INTENT), "system", LATER)).toEqual({ ok: true, changed: false });
    const other = { ...REST_INTENT, intentId: "pi_rest_again" };
    expect(accepted(decide(done.next, paying(other), "system", LATER))).toMatchObject({
      event: "PAYMENT_RETURNED",
      releases: [{ payment: other, reason: "already_paid" }],
    });
  });

  it("is not taken from an intent other than the open one", () => {
    const stray = { ...REST_INTENT, intentId: "pi_stray" };
    expect(accepted(decide(restCharging(), paying(stray), "system", LATER))).toMatchObject({
      event: "PAYMENT_RETURNED",
      releases: [{ payment: stray, reason: "not_the_open_payment" }],
    });
  });

  it("holds the completion back, rest_unpaid, until it is paid", () => {
    for (const o of [restDueDelivered(), restCharging(), restCharging({ partFailure: "declined" })])
      expect(decide(o, { type: "complete" }, "seller", LATER)).toEqual({ ok: false, refusal: "rest_unpaid" });
    const done = accepted(decide(restPaid(), { type: "complete" }, "seller", LATER));
    expect(done).toMatchObject({ event: "COMPLETED", money: "releasePayout" });
    expect(done.next.progress).toBe("COMPLETED");
  });
});

describe("a deposit order's money as the reconciler checks it (decision 100)", () => {
  /** The ¥10,000 order, 30% deposit: fee numerators as the yen order's above (¥853 on the total). */
  const deposit = 3_000;
  const depositOrder: OrderLedger = {
    progress: "DELIVERED",
    payment: "COMPLETED",
    priceAmount: 10_000,
    currency: "JPY",
    captured: deposit,
    refunded: 0,
    chargeCurrencies: ["JPY"],
    transferred: 0,
    transferCurrency: null,
    settled: { amount: deposit, currency: "JPY" },
    feeAmount: deposit - sellerTransferAmount(deposit, [1_036]),
    stages: [],
    feeNumerators: [1_036],
    paidAmount: deposit,
    keptDeposit: 0,
  };

  it("paid only the deposit, agrees at the deposit and disagrees at the total", () => {
    expect(moneyDisagreements(depositOrder)).toEqual([]);
    expect(moneyDisagreements({ ...depositOrder, captured: 10_000 })).toEqual([
      { kind: "net_mismatch", expected: 3_000, actual: 10_000 },
    ]);
    expect(moneyDisagreements({ ...depositOrder, paidAmount: 10_000 })).toEqual([
      { kind: "net_mismatch", expected: 10_000, actual: 3_000 },
    ]);
  });

  it("canceled with a kept deposit agrees at the kept amount, its payout at most the deposit less its fee", () => {
    const kept: OrderLedger = { ...depositOrder, progress: "CANCELED", paidAmount: 0, keptDeposit: deposit };
    expect(moneyDisagreements(kept)).toEqual([]);
    expect(moneyDisagreements({ ...kept, refunded: deposit })).toEqual([
      { kind: "net_mismatch", expected: 3_000, actual: 0 },
    ]);
    const share = stageTransferAmount(deposit, kept.feeNumerators);
    expect(moneyDisagreements({ ...kept, transferred: share, transferCurrency: "JPY" })).toEqual([]);
    expect(moneyDisagreements({ ...kept, transferred: share + 1, transferCurrency: "JPY" })).toEqual([
      { kind: "over_transferred", transferred: share + 1, allowed: share },
    ]);
    // Refunded under refundable terms: nothing kept, nothing held.
    const refunded = { ...depositOrder, progress: "CANCELED" as const, refunded: deposit };
    expect(moneyDisagreements(refunded)).toEqual([]);
  });

  it("completed, its two payouts (the deposit's share and the rest's) never exceed what one payout of the total may send", () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 10_000_000 }), fc.integer({ min: 10, max: 90 }), (total, percent) => {
        const parts = partsOf({ priceAmount: total, deposit: { percent, refundable: false } })!;
        const numerators = [1_036];
        const depositShare = sellerTransferAmount(parts.deposit, numerators);
        const restShare = sellerTransferAmount(total, numerators) - depositShare;
        expect(restShare).toBeGreaterThanOrEqual(0);
        const ledger: OrderLedger = {
          ...depositOrder,
          progress: "COMPLETED",
          priceAmount: total,
          captured: total,
          settled: { amount: total, currency: "JPY" },
          // As the reconciler reads it: the fee on both charges' sum (money-check.ts).
          feeAmount: total - sellerTransferAmount(total, numerators),
          paidAmount: total,
          transferred: depositShare + restShare,
          transferCurrency: "JPY",
        };
        expect(moneyDisagreements(ledger)).toEqual([]);
        expect(moneyDisagreements({ ...ledger, transferred: depositShare + restShare + 1 })).toEqual([
          { kind: "over_transferred", transferred: depositShare + restShare + 1, allowed: depositShare + restShare },
        ]);
      }),
      { numRuns: 500 },
    );
  });
});
