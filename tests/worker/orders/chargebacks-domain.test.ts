// The pure rules of chargebacks (decision 103): how a row moves by its events, what the bank took and gave back, who
// bears a loss, what the payouts do, when evidence may go, and the evidence as Stripe's text fields within its limits.
import { describe, expect, it } from "vitest";
import {
  clip,
  EVIDENCE_TOTAL_MAX,
  LONG_FIELD_MAX,
  SHORT_FIELD_MAX,
  stripeEvidenceOf,
} from "#worker/orders/domain/chargeback-evidence";
import {
  bearerOnClose,
  chargebackBearer,
  disputeFunds,
  evidenceSubmissionRefusal,
  holdsPayouts,
  nextChargebackStatus,
  payoutFate,
  type ChargebackEvidence,
} from "#worker/orders/domain/chargebacks";

describe("a row moves only forward", () => {
  it("a newer event's status stands, an older one changes nothing, a closed outcome is final", () => {
    expect(nextChargebackStatus(null, { status: "needs_response", at: 5 })).toBe("needs_response");
    expect(nextChargebackStatus({ status: "needs_response", at: 5 }, { status: "under_review", at: 6 })).toBe(
      "under_review",
    );
    expect(nextChargebackStatus({ status: "under_review", at: 6 }, { status: "needs_response", at: 5 })).toBe(
      "under_review",
    );
    expect(nextChargebackStatus({ status: "won", at: 6 }, { status: "needs_response", at: 9 })).toBe("won");
    expect(nextChargebackStatus({ status: "lost", at: 6 }, { status: "won", at: 9 })).toBe("lost");
  });
  it("of two events in the same second, the one further along stands", () => {
    expect(nextChargebackStatus({ status: "under_review", at: 5 }, { status: "needs_response", at: 5 })).toBe(
      "under_review",
    );
    expect(nextChargebackStatus({ status: "needs_response", at: 5 }, { status: "won", at: 5 })).toBe("won");
  });
});

describe("money, bearer and payouts", () => {
  it("withdrawals and reinstatements summed apart", () => {
    expect(disputeFunds([])).toEqual({ withdrawn: 0, reinstated: 0 });
    expect(disputeFunds([-10_000, 10_000])).toEqual({ withdrawn: 10_000, reinstated: 10_000 });
  });
  it("a loss is Comet's when the work reached the client before the bank was asked, else the creator's", () => {
    const order = (deliveredAt: number | null, stageApprovals: (number | null)[] = []) => ({
      deliveredAt,
      stageApprovals,
    });
    expect(bearerOnClose("lost", order(100), 200)).toBe("comet");
    expect(bearerOnClose("lost", order(300), 200)).toBe("creator");
    expect(bearerOnClose("lost", order(null, [null, 150]), 200)).toBe("comet");
    expect(bearerOnClose("lost", order(null, [null]), 200)).toBe("creator");
    expect(bearerOnClose("lost", null, 200)).toBe("comet");
    expect(bearerOnClose("won", order(null), 200)).toBeNull();
  });
  it("the contract's rules: the bearer by delivery, and which statuses hold payouts", () => {
    expect(chargebackBearer({ deliveredBefore: true })).toBe("comet");
    expect(chargebackBearer({ deliveredBefore: false })).toBe("creator");
    expect(["warning_needs_response", "needs_response", "under_review"].map(holdsPayouts)).toEqual([true, true, true]);
    expect(["warning_closed", "won", "lost", "prevented"].map(holdsPayouts)).toEqual([false, false, false, false]);
  });
  it("an open chargeback holds the payouts; a creator-borne loss withholds them; otherwise they go", () => {
    expect(payoutFate([])).toBe("go");
    expect(payoutFate([{ status: "needs_response", borneBy: null }])).toBe("wait");
    expect(payoutFate([{ status: "lost", borneBy: "creator" }])).toBe("withhold");
    expect(
      payoutFate([
        { status: "lost", borneBy: "comet" },
        { status: "won", borneBy: null },
      ]),
    ).toBe("go");
    expect(
      payoutFate([
        { status: "lost", borneBy: "creator" },
        { status: "warning_under_review", borneBy: null },
      ]),
    ).toBe("wait");
  });
  it("evidence goes only while Stripe waits for it, once, before its due date", () => {
    const row = { status: "needs_response", evidenceDueAt: 1_000, evidenceSubmittedAt: null };
    expect(evidenceSubmissionRefusal(row, 1_000)).toBeNull();
    expect(evidenceSubmissionRefusal(row, 1_001)).toBe("past_due");
    expect(evidenceSubmissionRefusal({ ...row, evidenceSubmittedAt: 900 }, 950)).toBe("not_awaiting_evidence");
    expect(evidenceSubmissionRefusal({ ...row, status: "under_review" }, 950)).toBe("not_awaiting_evidence");
    expect(evidenceSubmissionRefusal({ ...row, status: "warning_needs_response" }, 950)).toBeNull();
  });
});

describe("the evidence as Stripe's text fields", () => {
  const base: ChargebackEvidence = {
    orderCode: "AB12CD34",
    orderTitle: "Fox illustration",
    clientName: "Kana",
    clientEmail: "kana@example.com",
    creatorName: "Ren",
    request: {
      submittedAt: Date.UTC(2026, 0, 2, 3, 4),
      agreedToTerms: true,
      answers: [{ question: "Subject", answer: "A fox" }],
    },
    approvedAt: Date.UTC(2026, 0, 3),
    payments: [{ at: Date.UTC(2026, 0, 3, 1), amount: 10_000, currency: "JPY", intentId: "pi_1" }],
    chat: [{ at: Date.UTC(2026, 0, 4), side: "client", text: "Thanks!" }],
    deliveries: [{ at: Date.UTC(2026, 0, 5, 6, 7), files: [{ name: "fox.png", byteSize: 68 }] }],
    downloads: [{ at: Date.UTC(2026, 0, 5, 8, 9), fileName: "fox.png" }],
    completedAt: null,
  };
  it("names the request, the payment, the delivery, the downloads and the chat", () => {
    const text = stripeEvidenceOf(base);
    expect(text.product_description).toContain('order AB12CD34: "Fox illustration"');
    expect(text.product_description).toContain("- Subject: A fox");
    expect(text.product_description).toContain("accepted Comet's client terms");
    expect(text.customer_name).toBe("Kana");
    expect(text.customer_email_address).toBe("kana@example.com");
    expect(text.service_date).toBe("Delivered 2026-01-05 06:07 UTC");
    expect(text.access_activity_log).toContain("2026-01-05 08:09 UTC  fox.png");
    expect(text.uncategorized_text).toContain("fox.png (68 bytes)");
    expect(text.uncategorized_text).toContain("2026-01-04 00:00 UTC client: Thanks!");
  });
  it("no download and no delivery are said, not left blank", () => {
    const text = stripeEvidenceOf({ ...base, downloads: [], deliveries: [] });
    expect(text.access_activity_log).toContain("has not downloaded");
    expect(text.service_date).toBe("Not delivered");
  });
  it("a long chat and a long name are cut within Stripe's limits, never inside a surrogate pair", () => {
    const chat = Array.from({ length: 2_000 }, (_, i) => ({
      at: i,
      side: "creator" as const,
      text: `🦊 message ${i}`,
    }));
    const text = stripeEvidenceOf({ ...base, chat, clientName: "狐".repeat(6_000) });
    expect(text.uncategorized_text.length).toBeLessThanOrEqual(LONG_FIELD_MAX);
    expect(text.uncategorized_text.endsWith("[…]")).toBe(true);
    expect(text.customer_name.length).toBeLessThanOrEqual(SHORT_FIELD_MAX);
    const total = Object.values(text).reduce((sum, field) => sum + field.length, 0);
    expect(total).toBeLessThanOrEqual(EVIDENCE_TOTAL_MAX);
    const cut = clip(`${"a".repeat(9)}🦊tail`, 14);
    expect(cut).toBe(`${"a".repeat(9)}\n[…]`);
    expect(clip("short", 14)).toBe("short");
  });
});
