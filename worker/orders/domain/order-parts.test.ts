// Paying in parts (issue 63, decision 100): the amounts of a deposit order's two parts, in integer minor units (yen
// and cents alike), and what is due, paid and kept at each step.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEPOSIT_PERCENT_MAX,
  DEPOSIT_PERCENT_MIN,
  depositAmount,
  depositKeptOnWalkAway,
  dueAmount,
  firstPartAmount,
  isDepositPercent,
  paidTotal,
  partsOf,
  restDue,
} from "./order-parts";
import {
  DEPOSIT_INTENT,
  KEPT_DEPOSIT,
  REFUNDABLE_DEPOSIT,
  REST_INTENT,
  approved,
  delivered,
  depositApproved,
  depositPaid,
  paid,
  restCharging,
  restDueDelivered,
  restPaid,
} from "./order-test-states";

describe("the deposit's amount", () => {
  it("is the percent of a yen total: ¥150,000 at 30% is ¥45,000, the rest ¥105,000", () => {
    expect(depositAmount(150_000, 30)).toBe(45_000);
    expect(partsOf({ priceAmount: 150_000, deposit: { percent: 30, refundable: false } })).toEqual({
      deposit: 45_000,
      rest: 105_000,
    });
  });

  it("is the percent of a cent total: $1,000.00 (100,000 cents) at 33% is $330.00, the rest $670.00", () => {
    expect(depositAmount(100_000, 33)).toBe(33_000);
    expect(partsOf({ priceAmount: 100_000, deposit: { percent: 33, refundable: true } })).toEqual({
      deposit: 33_000,
      rest: 67_000,
    });
  });

  it("rounds an odd total's half up, and anything under a half down", () => {
    // 1.5, 10.5, 12.5 and 49,999.5 units go up; 3.3 down and 4,073.85 up, to the nearest whole unit.
    expect(depositAmount(15, 10)).toBe(2);
    expect(depositAmount(105, 10)).toBe(11);
    expect(depositAmount(25, 50)).toBe(13);
    expect(depositAmount(11, 30)).toBe(3);
    expect(depositAmount(99_999, 50)).toBe(50_000);
    expect(depositAmount(12_345, 33)).toBe(4_074);
  });

  it("takes the bounds themselves, 10% and 90%", () => {
    expect([DEPOSIT_PERCENT_MIN, DEPOSIT_PERCENT_MAX]).toEqual([10, 90]);
    expect(depositAmount(10_000, 10)).toBe(1_000);
    expect(depositAmount(10_000, 90)).toBe(9_000);
    expect([10, 11, 50, 89, 90].every(isDepositPercent)).toBe(true);
    expect([0, 5, 9, 91, 95, 100, 10.5, Number.NaN, -10].some(isDepositPercent)).toBe(false);
  });

  it("is never nothing and never the whole on a tiny total: at least 1 unit, at most the total less 1", () => {
    // 10% of 2 or 4 rounds to 0: the floor takes it to 1. 90% of 2 rounds to 2: the ceiling leaves 1 for the rest.
    expect(depositAmount(2, 10)).toBe(1);
    expect(depositAmount(4, 10)).toBe(1);
    expect(depositAmount(2, 90)).toBe(1);
    expect(depositAmount(3, 90)).toBe(2);
    expect(depositAmount(10, 90)).toBe(9);
    expect(partsOf({ priceAmount: 2, deposit: { percent: 90, refundable: false } })).toEqual({ deposit: 1, rest: 1 });
  });

  it("splits any total of 2 or more at any allowed percent into two parts of at least 1, within a unit of the percent", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 1_000_000_000 }),
        fc.integer({ min: DEPOSIT_PERCENT_MIN, max: DEPOSIT_PERCENT_MAX }),
        (total, percent) => {
          const parts = partsOf({ priceAmount: total, deposit: { percent, refundable: false } })!;
          expect(parts.deposit + parts.rest).toBe(total);
          expect(Number.isInteger(parts.deposit) && Number.isInteger(parts.rest)).toBe(true);
          expect(parts.deposit).toBeGreaterThanOrEqual(1);
          expect(parts.rest).toBeGreaterThanOrEqual(1);
          // Within one unit of the exact share, compared in integers: |deposit × 100 − total × percent| ≤ 100.
          expect(Math.abs(parts.deposit * 100 - total * percent)).toBeLessThanOrEqual(100);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("has no parts without a deposit, or without a total", () => {
    expect(partsOf({ priceAmount: 10_000, deposit: null })).toBeNull();
    expect(partsOf({ priceAmount: 10_000 } as Parameters<typeof partsOf>[0])).toBeNull();
    expect(partsOf({ priceAmount: null, deposit: KEPT_DEPOSIT })).toBeNull();
  });
});

describe("what is due, paid and kept at each step of a ¥10,000 order with a 30% deposit", () => {
  it("asks first for the deposit, ¥3,000; an order without one for its whole total", () => {
    expect(firstPartAmount(depositApproved())).toBe(3_000);
    expect(dueAmount(depositApproved())).toBe(3_000);
    expect(firstPartAmount(approved())).toBe(10_000);
    expect(dueAmount(approved())).toBe(10_000);
    expect(firstPartAmount({ priceAmount: null, deposit: null })).toBeNull();
  });

  it("owes nothing between the deposit and the delivery, then the rest, ¥7,000, until it is paid", () => {
    expect(dueAmount(depositPaid())).toBeNull();
    expect([restDue(depositPaid()), restDue(restDueDelivered())]).toEqual([false, true]);
    expect(dueAmount(restDueDelivered())).toBe(7_000);
    expect(dueAmount(restCharging())).toBe(7_000);
    expect(REST_INTENT.amount).toBe(7_000);
    expect([dueAmount(restPaid()), restDue(restPaid())]).toEqual([null, false]);
  });

  it("never asks a paid order without a deposit for anything more, delivered or not", () => {
    expect(dueAmount(paid())).toBeNull();
    expect(dueAmount(delivered())).toBeNull();
    expect(restDue(delivered())).toBe(false);
  });

  it("counts as paid nothing before the deposit, the deposit until the rest is paid, then the whole total", () => {
    expect(paidTotal(depositApproved({ openPayment: DEPOSIT_INTENT }))).toBe(0);
    expect(paidTotal(depositPaid())).toBe(3_000);
    expect(paidTotal(restCharging())).toBe(3_000);
    expect(paidTotal(restPaid())).toBe(10_000);
    expect(paidTotal(paid())).toBe(10_000);
    expect(paidTotal(approved())).toBe(0);
  });

  it("leaves the creator the whole deposit when the client walks away under kept terms, nothing under refundable ones", () => {
    expect(depositKeptOnWalkAway(depositPaid())).toBe(3_000);
    expect(depositKeptOnWalkAway(restDueDelivered())).toBe(3_000);
    expect(depositKeptOnWalkAway(depositPaid({ deposit: REFUNDABLE_DEPOSIT }))).toBe(0);
    // Nothing was paid, or there was no deposit to keep.
    expect(depositKeptOnWalkAway(depositApproved())).toBe(0);
    expect(depositKeptOnWalkAway(paid())).toBe(0);
  });
});
