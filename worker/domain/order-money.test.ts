// The reconciler's invariant (decision 047) with the settlement currency (decision 050): a transfer from a converted
// charge is in the platform's settlement currency, and "transferred ≤ captured − refunded − fee" is checked in it,
// converted by the payout's own rule, so the release and the check agree to the unit.
import { describe, expect, it } from "vitest";
import { moneyDisagreements, type OrderLedger } from "./order-money";

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
