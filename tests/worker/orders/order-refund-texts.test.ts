// The order screens' refund wording (issue 33, decision 061): the cancel prompt and the late-cancel hint the panel's
// loader makes, and the Payment tab's note, say what `refundOnCancel` (the rule the Order object refunds by) says, in
// English and Japanese, and the creator's terms never make them promise another refund.
import { describe, expect, it } from "vitest";
import { orderPanelTexts } from "#app/loaders/orders/order-panel-texts.server";
import { refundNoteText } from "#app/components/orders/order-refund-texts";
import enOrders from "#messages/orders/en.json";
import jaOrders from "#messages/orders/ja.json";
import koOrders from "#messages/orders/ko.json";
import zhHansOrders from "#messages/orders/zh-Hans.json";
import zhHantOrders from "#messages/orders/zh-Hant.json";
import type { Locale } from "#worker/domain/locales";
import { DEADLINES } from "#worker/orders/domain/order-process";
import type { OrderFacts } from "#worker/orders/domain/order-display";
import { refundOnCancel } from "#worker/orders/domain/order-refunds";
import { formatMoney } from "#worker/domain/pricing";
import { withMessageLocale } from "#worker/messages/message-locale";
import type { OrderDetail } from "#worker/orders/services/order-views";
import { stagesOfPlan } from "#worker/orders/domain/order-stages";
import { orderMoneyStory } from "#worker/orders/domain/order-money-story";

const T0 = Date.UTC(2026, 10, 1);
const LATE = T0 + DEADLINES.deliveryMs + 1;
const MESSAGES: Record<Locale, Record<string, string>> = {
  en: enOrders,
  ja: jaOrders,
  "zh-Hans": zhHansOrders,
  "zh-Hant": zhHantOrders,
  ko: koOrders,
};

/** The message of `key` in `locale`, with the amount the rule names filled in. */
const said = (locale: Locale, key: string, amount?: number) =>
  MESSAGES[locale][key].replace("{amount}", amount === undefined ? "{amount}" : formatMoney(amount, "JPY", locale));

const FACTS: OrderFacts = {
  progress: "APPROVED",
  payment: "DRAFT",
  chat: "OPENED",
  submitStatus: "SERVICE_SUBMITTED",
  priceAmount: 12_000,
  deliverableCount: 0,
  submittedAt: T0,
  approvedAt: T0,
  deliveredAt: null,
  completedAt: null,
  canceledAt: null,
  approvalDeadline: null,
  paymentDeadline: T0 + DEADLINES.paymentMs,
  deliveryDeadline: null,
  completionDeadline: null,
  stages: [],
};
const PAID: Partial<OrderFacts> = { payment: "COMPLETED", deliveryDeadline: T0 + DEADLINES.deliveryMs };

function detail(side: "seller" | "buyer", facts: Partial<OrderFacts>, more: Partial<OrderDetail> = {}): OrderDetail {
  const merged = { ...FACTS, ...facts };
  const transactionStatus = more.transactionStatus ?? (merged.payment === "COMPLETED" ? "COMPLETED" : null);
  return {
    id: "order-1",
    code: "ABC123",
    side,
    title: "A portrait",
    titleReading: { kind: "original" },
    counterpart: null,
    priceAmount: merged.priceAmount,
    currencyCode: "JPY",
    facts: merged,
    description: "",
    descriptionReading: { kind: "original" },
    categories: [],
    categoryOptions: [],
    sellerId: "seller",
    buyerId: "buyer",
    estimatedStart: null,
    estimatedDelivery: null,
    breakdown: null,
    transactionStatus,
    money: orderMoneyStory({ ...merged, feeNumerators: [1036] }, { status: transactionStatus }),
    hasTerms: false,
    questions: [],
    notes: [],
    events: [],
    deliverables: [],
    chatRoom: null,
    stages: [],
    priceLines: null,
    ...more,
  };
}

const panel = (locale: Locale, order: OrderDetail, now: number) =>
  withMessageLocale(locale, "http://localhost", () => orderPanelTexts(order, now));
const note = (locale: Locale, order: OrderDetail) =>
  withMessageLocale(locale, "http://localhost", () => refundNoteText(order));

describe.each(["en", "ja"] as const)("refund wording in %s", (locale) => {
  it("the creator's prompt on a paid order names the full amount the rule refunds, and no payout", () => {
    const order = detail("seller", PAID);
    const rule = refundOnCancel(order.facts, "seller", T0);
    expect(rule).toEqual({ allowed: true, refund: { kind: "full", amount: 12_000 } });
    expect(panel(locale, order, T0).cancelConfirm).toBe(said(locale, "orders_cancel_confirm_refund_seller", 12_000));
    // Another total, another amount: the words follow the order's money, not a fixed sentence.
    expect(panel(locale, detail("seller", { ...PAID, priceAmount: 30_000 }), T0).cancelConfirm).toBe(
      said(locale, "orders_cancel_confirm_refund_seller", 30_000),
    );
  });

  it("the creator's prompt on an unpaid order says nothing is refunded, and names no amount", () => {
    const order = detail("seller", {});
    expect(refundOnCancel(order.facts, "seller", T0)).toEqual({ allowed: true, refund: { kind: "none" } });
    const prompt = panel(locale, order, T0).cancelConfirm;
    expect(prompt).toBe(said(locale, "orders_cancel_confirm_nothing_paid"));
    expect(prompt).not.toContain(formatMoney(12_000, "JPY", locale));
  });

  it("the client's late cancel: the hint and the prompt name the full refund to their card; before the deadline there is neither", () => {
    const order = detail("buyer", PAID);
    const late = panel(locale, order, LATE);
    expect(late.buyer?.lateCancel?.hint).toBe(said(locale, "orders_late_delivery_hint", 12_000));
    expect(late.cancelConfirm).toBe(said(locale, "orders_cancel_confirm_refund_buyer", 12_000));
    const early = panel(locale, order, T0);
    expect(refundOnCancel(order.facts, "buyer", T0).allowed).toBe(false);
    expect(early.buyer?.lateCancel).toBeNull();
    expect(early.cancelConfirm).toBeNull();
  });

  it("with the creator's terms, a paid order's prompt and Payment tab add that Comet refunds in full and applies none of them", () => {
    const seller = detail("seller", PAID, { hasTerms: true });
    expect(panel(locale, seller, T0).cancelConfirm).toBe(
      `${said(locale, "orders_cancel_confirm_refund_seller", 12_000)} ${said(locale, "orders_refund_terms_seller")}`,
    );
    expect(note(locale, seller)).toBe(
      `${said(locale, "orders_refund_if_canceled_seller", 12_000)} ${said(locale, "orders_refund_terms_seller")}`,
    );
    const buyer = detail("buyer", PAID, { hasTerms: true });
    expect(panel(locale, buyer, LATE).cancelConfirm).toBe(
      `${said(locale, "orders_cancel_confirm_refund_buyer", 12_000)} ${said(locale, "orders_refund_terms_buyer")}`,
    );
    // Nothing paid, nothing to refund: the terms are not the point, and are not mentioned.
    expect(panel(locale, detail("seller", {}, { hasTerms: true }), T0).cancelConfirm).toBe(
      said(locale, "orders_cancel_confirm_nothing_paid"),
    );
  });

  it("the Payment tab: what a cancel would refund, what it refunded or is refunding, and nothing where no cancel refunds", () => {
    expect(note(locale, detail("buyer", PAID))).toBe(said(locale, "orders_refund_if_canceled_buyer", 12_000));
    const canceled = { ...PAID, progress: "CANCELED" as const, canceledAt: T0 };
    expect(note(locale, detail("seller", canceled, { transactionStatus: "REFUNDED" }))).toBe(
      said(locale, "orders_refund_done_seller", 12_000),
    );
    expect(note(locale, detail("buyer", canceled, { transactionStatus: "REFUNDED" }))).toBe(
      said(locale, "orders_refund_done_buyer", 12_000),
    );
    expect(note(locale, detail("buyer", canceled, { transactionStatus: "COMPLETED" }))).toBe(
      said(locale, "orders_refund_pending_buyer", 12_000),
    );
    for (const facts of [
      {},
      { ...PAID, progress: "DELIVERED" as const },
      { ...PAID, progress: "COMPLETED" as const },
      { progress: "CANCELED" as const },
    ]) {
      expect(note(locale, detail("seller", facts))).toBeNull();
    }
  });
});

// A staged order (decision 073) with its first stage approved: Sketch 30 % (¥3,600) stays with the creator, the other
// ¥8,400 goes back. The words name both amounts, as `cancelRefund` splits them.
const [sketch, colours] = stagesOfPlan([
  { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
  { title: "Colours", sharePercent: 70, includedRevisions: 1 },
]);
const STAGED: Partial<OrderFacts> = {
  ...PAID,
  stages: [{ ...sketch!, status: "APPROVED", approvedAt: T0, approvedBy: "buyer" }, colours!],
};
const split = (locale: Locale, key: string) =>
  MESSAGES[locale][key]
    .replace("{refund}", formatMoney(8_400, "JPY", locale))
    .replace("{kept}", formatMoney(3_600, "JPY", locale));

describe.each(["en", "ja"] as const)("a staged order's refund wording in %s", (locale) => {
  it("the prompts, the late hint and the Payment tab name what goes back and what stays for the approved stages", () => {
    const seller = detail("seller", STAGED);
    expect(refundOnCancel(seller.facts, "seller", T0)).toEqual({
      allowed: true,
      refund: { kind: "partial", amount: 8_400, keptAmount: 3_600 },
    });
    expect(panel(locale, seller, T0).cancelConfirm).toBe(split(locale, "orders_cancel_confirm_partial_seller"));
    expect(note(locale, seller)).toBe(split(locale, "orders_refund_if_canceled_partial_seller"));
    const buyer = detail("buyer", STAGED);
    const late = panel(locale, buyer, LATE);
    expect(late.cancelConfirm).toBe(split(locale, "orders_cancel_confirm_partial_buyer"));
    expect(late.buyer?.lateCancel?.hint).toBe(split(locale, "orders_late_delivery_hint_partial"));
    // The terms' note speaks of a full refund, which this is not.
    expect(panel(locale, detail("seller", STAGED, { hasTerms: true }), T0).cancelConfirm).toBe(
      split(locale, "orders_cancel_confirm_partial_seller"),
    );
  });

  it("once canceled: refunding while Stripe works on it, refunded once the transaction says so", () => {
    const canceled = { ...STAGED, progress: "CANCELED" as const, canceledAt: T0 };
    expect(note(locale, detail("buyer", canceled, { transactionStatus: "COMPLETED" }))).toBe(
      split(locale, "orders_refund_pending_partial_buyer"),
    );
    expect(note(locale, detail("buyer", canceled, { transactionStatus: "PARTIALLY_REFUNDED" }))).toBe(
      split(locale, "orders_refund_done_partial_buyer"),
    );
    expect(note(locale, detail("seller", canceled, { transactionStatus: "PARTIALLY_REFUNDED" }))).toBe(
      split(locale, "orders_refund_done_partial_seller"),
    );
  });
});
