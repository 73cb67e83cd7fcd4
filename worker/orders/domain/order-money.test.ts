// The reconciler's invariant (decision 047) with the settlement currency (decision 050): a transfer from a converted
// charge is in the platform's settlement currency, and "transferred ≤ captured − refunded − fee" is checked in it,
// converted by the payout's own rule, so the release and the check agree to the unit.
import { describe, expect, it } from "vitest";
import { moneyDisagreements, type OrderLedger } from "./order-money";
import { stagesOfPlan, type OrderStage } from "./order-stages";

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
