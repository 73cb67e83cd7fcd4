// The wallet's rules (decision 029): each onboarding state and its one step, when held payouts may go, and the
// creator's share of a few orders in yen and dollars worked by hand against money.ts; then what that share becomes in
// the currency the client's charge settled in (decision 050).
import { describe, expect, it } from "vitest";
import { sellerTransferAmount, shareInSettlementCurrency, splitTotal } from "../../domain/money";
import {
  NOT_CONNECTED,
  canReceivePayouts,
  onboardingState,
  transferIdempotencyKey,
  type ConnectStatus,
} from "./payouts";

const connected = (facts: Partial<ConnectStatus>): ConnectStatus => ({ ...NOT_CONNECTED, connected: true, ...facts });

describe("onboarding states", () => {
  it("names one state for each stage, and only an account Stripe pays out receives payouts", () => {
    const cases: [ConnectStatus, string, boolean][] = [
      [NOT_CONNECTED, "not_connected", false],
      [connected({ requirementsDue: ["external_account"] }), "incomplete", false],
      [
        connected({ detailsSubmitted: true, requirementsDue: ["individual.verification.document"] }),
        "requirements_due",
        false,
      ],
      [connected({ detailsSubmitted: true }), "in_review", false],
      [connected({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true }), "ready", true],
      // Stripe may keep payouts on while a requirement is due before its deadline: the payout goes, the step shows.
      [
        connected({ detailsSubmitted: true, payoutsEnabled: true, requirementsDue: ["company.tax_id"] }),
        "requirements_due",
        true,
      ],
    ];
    for (const [status, state, receives] of cases) {
      expect(onboardingState(status)).toBe(state);
      expect(canReceivePayouts(status)).toBe(receives);
    }
  });

  it("sends every transfer of an order with the same idempotency key", () => {
    expect(transferIdempotencyKey("o-1")).toBe(transferIdempotencyKey("o-1"));
    expect(transferIdempotencyKey("o-1")).not.toBe(transferIdempotencyKey("o-2"));
  });
});

describe("the creator's share, worked by hand (fee 10.36%, tax 10% included)", () => {
  // total → tax = T/11, sales = T − tax, income = sales / 1.1036, fee = sales − income, share = T − fee.
  const cases = [
    {
      total: 10_000,
      tax: 909,
      income: 8_238,
      fee: 853,
      share: 9_147,
      note: "¥10,000: 909.09 → 909; 9,091 / 1.1036 = 8,237.59 → 8,238",
    },
    { total: 121_396, tax: 11_036, income: 100_000, fee: 10_360, share: 111_036, note: "¥121,396: every factor exact" },
    {
      total: 30_000,
      tax: 2_727,
      income: 24_713,
      fee: 2_560,
      share: 27_440,
      note: "¥30,000: 2,727.27 → 2,727; 27,273 / 1.1036 = 24,712.7 → 24,713",
    },
    {
      total: 12_050,
      tax: 1_095,
      income: 9_927,
      fee: 1_028,
      share: 11_022,
      note: "$120.50 in cents: 1,095.45 → 1,095; 10,955 / 1.1036 = 9,926.6 → 9,927",
    },
    { total: 1_000, tax: 91, income: 824, fee: 85, share: 915, note: "$10.00: 90.91 → 91; 909 / 1.1036 = 823.7 → 824" },
  ];
  for (const c of cases) {
    it(c.note, () => {
      const split = splitTotal(c.total, [1036]);
      expect(split).toMatchObject({ taxAmount: c.tax, incomeAmount: c.income, feeAmount: c.fee });
      expect(sellerTransferAmount(c.total, [1036])).toBe(c.share);
      expect(c.share).toBe(c.income + c.tax);
    });
  }
});

describe("the share in the settlement currency (decision 050): converted at the charge's own rate, rounded down", () => {
  it("sends a $10.00 order's $9.15 as yen: 915 × 1,449 / 1,000 = 1,325.8 → ¥1,325", () => {
    const share = sellerTransferAmount(1_000, [1036]);
    expect(
      shareInSettlementCurrency(share, { amount: 1_000, currency: "usd" }, { amount: 1_449, currency: "jpy" }),
    ).toEqual({ amount: 1_325, currency: "JPY" });
  });

  it("sends a $120.50 order's $110.22 as yen: 11,022 × 17,462 / 12,050 = 15,972.3 → ¥15,972", () => {
    expect(
      shareInSettlementCurrency(11_022, { amount: 12_050, currency: "usd" }, { amount: 17_462, currency: "jpy" }),
    ).toEqual({ amount: 15_972, currency: "JPY" });
  });

  it("leaves a yen order's share as it is: the charge was not converted", () => {
    expect(
      shareInSettlementCurrency(9_147, { amount: 10_000, currency: "jpy" }, { amount: 10_000, currency: "jpy" }),
    ).toEqual({ amount: 9_147, currency: "JPY" });
  });

  it("uses the charge's gross settled amount, not its net: Stripe's fee is the platform's cost, as on a yen order", () => {
    // ¥1,449 gross, ¥81 fee: the share is the same whatever the fee.
    const converted = shareInSettlementCurrency(
      915,
      { amount: 1_000, currency: "USD" },
      { amount: 1_449, currency: "JPY" },
    );
    expect(converted.amount).toBeLessThan(1_449 - 81);
  });

  it("never sends more than the share was worth, and the whole charge converts to exactly what settled", () => {
    for (const [share, charged, settled] of [
      [1, 1_000, 1_449],
      [999, 1_000, 1_449],
      [12_345, 99_999, 144_909],
      [3, 7, 10],
    ] as const) {
      const { amount } = shareInSettlementCurrency(
        share,
        { amount: charged, currency: "usd" },
        { amount: settled, currency: "jpy" },
      );
      expect(amount * charged).toBeLessThanOrEqual(share * settled);
      expect((amount + 1) * charged).toBeGreaterThan(share * settled);
    }
    expect(
      shareInSettlementCurrency(1_000, { amount: 1_000, currency: "usd" }, { amount: 1_449, currency: "jpy" }).amount,
    ).toBe(1_449);
  });

  it("keeps integer arithmetic exact past 2^53 ($900,000.00 of a $1,000,000.00 charge)", () => {
    expect(
      shareInSettlementCurrency(
        90_000_000,
        { amount: 100_000_000, currency: "usd" },
        { amount: 144_910_000_000, currency: "jpy" },
      ).amount,
    ).toBe(130_419_000_000);
  });

  it("refuses a share larger than the charge, a charge of nothing, and amounts that are not minor units", () => {
    expect(() =>
      shareInSettlementCurrency(1_001, { amount: 1_000, currency: "usd" }, { amount: 1_449, currency: "jpy" }),
    ).toThrow(RangeError);
    expect(() => shareInSettlementCurrency(0, { amount: 0, currency: "usd" }, { amount: 0, currency: "jpy" })).toThrow(
      RangeError,
    );
    expect(() =>
      shareInSettlementCurrency(9.5, { amount: 1_000, currency: "usd" }, { amount: 1_449, currency: "jpy" }),
    ).toThrow(RangeError);
  });
});
