// The documents' builders (decision 102): a charge's receipt with its lines, part, licence and tax; a registered
// creator's receipt as a qualified invoice through Comet; the refund note, fee invoice and payout statement; the
// statements' totals by currency; which part of an order a charge paid.
import { describe, expect, it } from "vitest";
import { chargePartOf } from "./charge-parts";
import { hasValidCheckDigit } from "./registration-number";
import { COMET_PARTY } from "./comet-issuer";
import type { PartyFacts } from "./document-draft";
import {
  type ChargeFacts,
  chargeLines,
  feeInvoiceDraft,
  LINE_KEYS,
  payoutStatementDraft,
  receiptDraft,
  refundNoteDraft,
} from "./issue-documents";
import { periodStatementDraft, totalsByCurrency } from "./issue-statements";

const PAID_AT = Date.UTC(2025, 4, 10);
const creator: PartyFacts = { userAccountId: "c0ffee12-aa", displayName: "Mika", handle: "mika", registration: null };
const registered: PartyFacts = {
  ...creator,
  registration: { registrationNumber: "T1234567890123", registeredName: "Mika Sato" },
};
const client: PartyFacts = { userAccountId: "b0b", displayName: null, handle: "bob", registration: null };
const order = {
  id: "o1",
  code: "ABC123",
  title: "Portrait",
  licence: { scope: "commercial" as const, uses: ["goods" as const] },
};

const charge = (patch: Partial<ChargeFacts> = {}): ChargeFacts => ({
  transactionId: "t1",
  amount: 16_000,
  currency: "JPY",
  paidAt: PAID_AT,
  part: { kind: "whole" },
  order: {
    ...order,
    priceAmount: 16_000,
    priceLines: [
      { kind: "base", amount: 10_000 },
      { kind: "add", choiceId: "bg", amount: 3_000 },
      { kind: "each", choiceId: "char", count: 2, unit: 1_000, amount: 2_000 },
    ],
    choiceTitles: { bg: "Background", char: "Extra character" },
  },
  creator,
  client,
  ...patch,
});

describe("a receipt", () => {
  it("is the creator's, to the client, in the creator's series, with the order's lines, licence and 1/11 tax", () => {
    const draft = receiptDraft(charge());
    expect(draft).toMatchObject({
      kind: "RECEIPT",
      issuerKey: "creator:c0ffee12-aa",
      sourceKey: "receipt:t1",
      recipientUserAccountId: "b0b",
      orderId: "o1",
      currency: "JPY",
      total: 16_000,
      taxAmount: 1_455,
    });
    expect(draft.body).toMatchObject({
      issuer: { name: "Mika", registrationNumber: null, userAccountId: "c0ffee12-aa" },
      recipient: { name: "bob", userAccountId: "b0b" },
      intermediary: null,
      qualified: false,
      tax: { ratePercent: 10, taxableAmount: 16_000, taxAmount: 1_455 },
      order: { code: "ABC123", title: "Portrait", licence: ["goods"] },
    });
    // The priced lines as the order was priced, and the creator's change of 1,000 at approval as its own line.
    expect(draft.body.lines.map((l) => [l.label, l.isKey ?? false, l.amount])).toEqual([
      ["Portrait", false, 10_000],
      ["Background", false, 3_000],
      ["Extra character × 2", false, 2_000],
      [LINE_KEYS.adjustment, true, 1_000],
    ]);
    expect(draft.body.lines.every((l) => l.orderCode === "ABC123" && l.at === PAID_AT)).toBe(true);
  });

  it("a registered creator's is a qualified invoice under the registered name, with Comet and its number beside it", () => {
    const { body } = receiptDraft(charge({ creator: registered }));
    expect(body).toMatchObject({
      issuer: { name: "Mika Sato", registrationNumber: "T1234567890123" },
      intermediary: COMET_PARTY,
      qualified: true,
    });
    expect(hasValidCheckDigit(COMET_PARTY.registrationNumber!)).toBe(true);
  });

  it("a part's charge is one line naming it: the deposit, the rest, or the stage by number and title", () => {
    const lines = (part: ChargeFacts["part"]) => chargeLines(charge({ part, amount: 4_800 }));
    expect(lines({ kind: "deposit" })).toEqual([
      { label: LINE_KEYS.deposit, isKey: true, orderCode: "ABC123", at: PAID_AT, amount: 4_800 },
    ]);
    expect(lines({ kind: "rest" })[0]).toMatchObject({ label: LINE_KEYS.rest, isKey: true, amount: 4_800 });
    expect(lines({ kind: "stage", index: 1, title: "Line art" })).toEqual([
      { label: "2. Line art", orderCode: "ABC123", at: PAID_AT, amount: 4_800 },
    ]);
  });

  it("a whole payment whose lines do not add up to it, or an order without lines, is one line of the order's title", () => {
    expect(chargeLines(charge({ amount: 15_000 })).map((l) => [l.label, l.amount])).toEqual([["Portrait", 15_000]]);
    const unpriced = charge();
    unpriced.order = { ...unpriced.order, priceLines: null };
    expect(chargeLines(unpriced).map((l) => [l.label, l.amount])).toEqual([["Portrait", 16_000]]);
  });
});

describe("the other documents of a payment", () => {
  it("a refund note refers to the receipt, in the creator's series, with the tax of what was given back", () => {
    const draft = refundNoteDraft({
      transactionId: "t1",
      refundedAmount: 3_500,
      currency: "JPY",
      refundedAt: PAID_AT + 1,
      order,
      creator: registered,
      client,
      receiptNumber: "CR-C0FFEE-000001",
    });
    expect(draft).toMatchObject({ kind: "REFUND_NOTE", issuerKey: "creator:c0ffee12-aa", sourceKey: "refund:t1" });
    expect(draft.body).toMatchObject({
      total: 3_500,
      tax: { taxableAmount: 3_500, taxAmount: 318 },
      refersTo: "CR-C0FFEE-000001",
      qualified: true,
      intermediary: COMET_PARTY,
      lines: [{ label: LINE_KEYS.refund, isKey: true, amount: 3_500 }],
    });
  });

  it("a fee invoice is Comet's, in Comet's series, to the creator, with Comet's number and 1/11 of the fee as tax", () => {
    const draft = feeInvoiceDraft({
      transactionId: "t1",
      feeAmount: 1_048,
      currency: "JPY",
      paidAt: PAID_AT,
      order,
      creator,
    });
    expect(draft).toMatchObject({
      kind: "FEE_INVOICE",
      issuerKey: "comet",
      sourceKey: "fee:t1",
      recipientUserAccountId: "c0ffee12-aa",
    });
    expect(draft.body).toMatchObject({ issuer: COMET_PARTY, qualified: true, total: 1_048, tax: { taxAmount: 95 } });
  });

  it("a payout statement says what was sent, in the currency it was sent in, and no tax", () => {
    const draft = payoutStatementDraft({
      payoutId: "p1",
      transferAmount: 1_320,
      transferCurrency: "JPY",
      transferredAt: PAID_AT,
      order,
      creator,
    });
    expect(draft).toMatchObject({ kind: "PAYOUT_STATEMENT", issuerKey: "comet", sourceKey: "payout:p1", total: 1_320 });
    expect(draft.body).toMatchObject({ currency: "JPY", tax: null, qualified: false });
  });
});

describe("period statements", () => {
  it("add up by currency, currencies in order, leaving out none with activity", () => {
    expect(
      totalsByCurrency([
        { currency: "USD", kind: "sales", amount: 5_000 },
        { currency: "JPY", kind: "sales", amount: 10_000 },
        { currency: "JPY", kind: "sales", amount: 2_000 },
        { currency: "JPY", kind: "fees", amount: 900 },
        { currency: "USD", kind: "refunds", amount: 500 },
        { currency: "JPY", kind: "payouts", amount: 7_000 },
      ]),
    ).toEqual([
      { currency: "JPY", sales: 12_000, refunds: 0, fees: 900, payouts: 7_000 },
      { currency: "USD", sales: 5_000, refunds: 500, fees: 0, payouts: 0 },
    ]);
  });

  it("a month with activity is Comet's statement to the creator; one without is none", () => {
    const draft = periodStatementDraft("month", "2025-05", creator, [
      { currency: "USD", kind: "sales", amount: 5_000 },
    ]);
    expect(draft).toMatchObject({
      kind: "MONTHLY_STATEMENT",
      sourceKey: "month:c0ffee12-aa:2025-05",
      period: "2025-05",
      currency: null,
      total: null,
      body: {
        period: "2025-05",
        currency: "USD",
        total: 5_000,
        tax: null,
        totals: [{ currency: "USD", sales: 5_000 }],
      },
    });
    expect(periodStatementDraft("year", "2025", creator, [])).toBeNull();
    expect(periodStatementDraft("year", "2025", creator, [{ currency: "JPY", kind: "sales", amount: 1 }])?.kind).toBe(
      "YEARLY_STATEMENT",
    );
  });
});

describe("which part a charge paid", () => {
  const stages = JSON.stringify([
    { title: "Sketch", payment: { intentId: "pi_1", amount: 3_000, currency: "JPY" } },
    { title: "Colour", payment: { intentId: "pi_2", amount: 7_000, currency: "JPY" } },
  ]);
  it("a stage's charge is its stage; a deposit order's is its deposit or, once paid, its rest; else the whole", () => {
    expect(chargePartOf({ intentId: "pi_2", stages, deposit: null, paidRest: null })).toEqual({
      kind: "stage",
      index: 1,
      title: "Colour",
    });
    const deposit = JSON.stringify({ percent: 30, refundable: false });
    const paidRest = JSON.stringify({ intentId: "pi_rest", amount: 7_000, currency: "JPY" });
    expect(chargePartOf({ intentId: "pi_dep", stages: "[]", deposit, paidRest })).toEqual({ kind: "deposit" });
    expect(chargePartOf({ intentId: "pi_rest", stages: "[]", deposit, paidRest })).toEqual({ kind: "rest" });
    expect(chargePartOf({ intentId: "pi_x", stages: "[]", deposit: null, paidRest: null })).toEqual({ kind: "whole" });
    expect(chargePartOf({ intentId: "pi_x", stages: "not json", deposit: null, paidRest: null })).toEqual({
      kind: "whole",
    });
  });
});
