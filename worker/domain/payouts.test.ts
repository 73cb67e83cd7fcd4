// The wallet's rules (decision 029): each onboarding state and its one step, when held payouts may go, and the
// creator's share of a few orders in yen and dollars worked by hand against money.ts.
import { describe, expect, it } from "vitest";
import { sellerTransferAmount, splitTotal } from "./money";
import { NOT_CONNECTED, canReceivePayouts, onboardingState, transferIdempotencyKey, type ConnectStatus } from "./payouts";

const connected = (facts: Partial<ConnectStatus>): ConnectStatus => ({ ...NOT_CONNECTED, connected: true, ...facts });

describe("onboarding states", () => {
  it("names one state for each stage, and only an account Stripe pays out receives payouts", () => {
    const cases: [ConnectStatus, string, boolean][] = [
      [NOT_CONNECTED, "not_connected", false],
      [connected({ requirementsDue: ["external_account"] }), "incomplete", false],
      [connected({ detailsSubmitted: true, requirementsDue: ["individual.verification.document"] }), "requirements_due", false],
      [connected({ detailsSubmitted: true }), "in_review", false],
      [connected({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true }), "ready", true],
      // Stripe may keep payouts on while a requirement is due before its deadline: the payout goes, the step shows.
      [connected({ detailsSubmitted: true, payoutsEnabled: true, requirementsDue: ["company.tax_id"] }), "requirements_due", true],
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
    { total: 10_000, tax: 909, income: 8_238, fee: 853, share: 9_147, note: "¥10,000: 909.09 → 909; 9,091 / 1.1036 = 8,237.59 → 8,238" },
    { total: 121_396, tax: 11_036, income: 100_000, fee: 10_360, share: 111_036, note: "¥121,396: every factor exact" },
    { total: 30_000, tax: 2_727, income: 24_713, fee: 2_560, share: 27_440, note: "¥30,000: 2,727.27 → 2,727; 27,273 / 1.1036 = 24,712.7 → 24,713" },
    { total: 12_050, tax: 1_095, income: 9_927, fee: 1_028, share: 11_022, note: "$120.50 in cents: 1,095.45 → 1,095; 10,955 / 1.1036 = 9,926.6 → 9,927" },
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
