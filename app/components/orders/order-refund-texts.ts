// What the order screens say about a cancel's refund (issue 33, decision 061), each sentence read off the one rule the
// Order object refunds by (worker/orders/domain/order-refunds.ts), so a prompt can never promise what the money does not do.
// The cancel prompt and the late-cancel hint are made by the panel's loader; the Payment tab calls `refundNoteText`,
// which tells an ended order's money as its money story does (decision 094): a dispute's settlement in its own words.
import { m } from "#app/paraglide/messages.js";
import type { OrderMoneyStory } from "#worker/orders/domain/order-money-story";
import { cancelRefund, refundOnCancel, type CancelRefund } from "#worker/orders/domain/order-refunds";
import { stageDue } from "#worker/orders/domain/order-parts";
import type { OrderDetail } from "#worker/orders/services/order-views";
import { showMoney } from "./order-format";

export type RefundTextOrder = Pick<
  OrderDetail,
  "side" | "facts" | "currencyCode" | "hasTerms" | "transactionStatus" | "money"
>;

/**
 * A creator's terms may promise another refund (half after the rough sketch); Comet refunds all of it and applies
 * none of theirs, and says so wherever it speaks of a paid order's refund.
 */
function withTermsNote(text: string, order: RefundTextOrder, refund: CancelRefund): string {
  if (!order.hasTerms || refund.kind !== "full") return text;
  return `${text} ${order.side === "seller" ? m.orders_refund_terms_seller() : m.orders_refund_terms_buyer()}`;
}

const amountOf = (order: RefundTextOrder, refund: CancelRefund) =>
  showMoney(refund.kind === "full" ? refund.amount : 0, order.currencyCode);

/** A staged order's split (decision 073): what goes back, and what stays with the creator for the approved stages. */
const splitOf = (order: RefundTextOrder, refund: CancelRefund & { kind: "partial" }) => ({
  refund: showMoney(refund.amount, order.currencyCode),
  kept: showMoney(refund.keptAmount, order.currencyCode),
});

/** The cancel prompt for the viewer's side: what cancelling now gives the client back; null when they may not cancel. */
export function cancelPromptText(order: RefundTextOrder, now: number): string | null {
  const outcome = refundOnCancel(order.facts, order.side, now);
  if (!outcome.allowed) return null;
  const { refund } = outcome;
  // A cancel at a stage whose part is due (decision 101): that part is never charged, and the approved stages' shares,
  // all that was paid, stay with the creator.
  const stage = stageDue(order.facts);
  if (stage !== null && refund.kind === "partial" && refund.amount === 0) {
    const atStage = { n: String(stage + 1), kept: showMoney(refund.keptAmount, order.currencyCode) };
    return order.side === "seller"
      ? m.orders_cancel_confirm_at_stage_seller(atStage)
      : m.orders_cancel_confirm_at_stage_buyer(atStage);
  }
  // The client walking away from a deposit order under kept terms (decision 100): the deposit stays with the creator.
  if (refund.kind === "partial" && order.facts.deposit && order.side === "buyer")
    return m.orders_cancel_confirm_deposit_kept_buyer(splitOf(order, refund));
  if (refund.kind === "partial")
    return order.side === "seller"
      ? m.orders_cancel_confirm_partial_seller(splitOf(order, refund))
      : m.orders_cancel_confirm_partial_buyer(splitOf(order, refund));
  const amount = amountOf(order, refund);
  const text =
    refund.kind === "none"
      ? m.orders_cancel_confirm_nothing_paid()
      : order.side === "seller"
        ? m.orders_cancel_confirm_refund_seller({ amount })
        : m.orders_cancel_confirm_refund_buyer({ amount });
  return withTermsNote(text, order, refund);
}

/**
 * The buyer's cancel beside their waiting label: the late cancel's hint with the amount they get back, or a deposit
 * order's cancel before delivery (decision 100) with what comes back of the deposit under its terms; and the button's
 * words (no "refund" when nothing comes back). Null when the buyer may not cancel now.
 */
export function buyerCancelTexts(order: RefundTextOrder, now: number): { hint: string; label: string } | null {
  const outcome = refundOnCancel(order.facts, "buyer", now);
  if (!outcome.allowed) return null;
  const { refund } = outcome;
  // The client stopping at a stage instead of paying its part (decision 101): nothing comes back.
  const stage = stageDue(order.facts);
  if (stage !== null && refund.kind === "partial" && refund.amount === 0) {
    const atStage = { n: String(stage + 1), kept: showMoney(refund.keptAmount, order.currencyCode) };
    return { hint: m.orders_stage_cancel_hint(atStage), label: m.orders_stage_cancel() };
  }
  const late = order.facts.deliveryDeadline !== null && now > order.facts.deliveryDeadline;
  if (order.facts.deposit && !late) {
    if (refund.kind === "partial")
      return { hint: m.orders_deposit_cancel_hint_kept(splitOf(order, refund)), label: m.orders_deposit_cancel() };
    return {
      hint: m.orders_deposit_cancel_hint_refund({ amount: amountOf(order, refund) }),
      label: m.orders_cancel_late(),
    };
  }
  const hint =
    refund.kind === "partial"
      ? m.orders_late_delivery_hint_partial(splitOf(order, refund))
      : m.orders_late_delivery_hint({ amount: amountOf(order, refund) });
  return { hint, label: m.orders_cancel_late() };
}

/**
 * The Payment tab's word on refunds: what a cancel would give back while a paid order may still be canceled, or what
 * the cancel gave back (refunded, or still being refunded at Stripe). Null when no cancel refunds anything (unpaid,
 * delivered, completed). A payment given back because the order changed under it is the tab's other notice.
 */
export function refundNoteText(order: RefundTextOrder): string | null {
  // A dispute's settlement is told as such.
  const settlement = disputeSettlementNote(order);
  if (settlement) return settlement;
  const refund = cancelRefund(order.facts);
  const deposit = depositRefundNote(order, refund);
  if (deposit) return deposit;
  if (refund.kind === "partial") return partialRefundNote(order, refund);
  if (refund.kind !== "full") return null;
  const amount = amountOf(order, refund);
  const seller = order.side === "seller";
  if (order.facts.progress === "CANCELED") {
    if (order.transactionStatus === "REFUNDED")
      return seller ? m.orders_refund_done_seller({ amount }) : m.orders_refund_done_buyer({ amount });
    return seller ? m.orders_refund_pending_seller({ amount }) : m.orders_refund_pending_buyer({ amount });
  }
  if (order.facts.progress !== "APPROVED") return null;
  return withTermsNote(
    seller ? m.orders_refund_if_canceled_seller({ amount }) : m.orders_refund_if_canceled_buyer({ amount }),
    order,
    refund,
  );
}

/**
 * `refundNoteText` for a deposit order whose deposit its terms may keep (decision 100): before a cancel, who gets it
 * back and when it stays; once the client walked away, that it stayed. Null for any other order, told as before.
 */
function depositRefundNote(order: RefundTextOrder, refund: CancelRefund): string | null {
  const { deposit, keptDeposit, progress } = order.facts;
  if (!deposit) return null;
  const seller = order.side === "seller";
  if (progress === "CANCELED" && refund.kind === "partial" && (keptDeposit ?? 0) > 0) {
    const kept = { kept: showMoney(keptDeposit!, order.currencyCode) };
    return seller ? m.orders_refund_deposit_kept_seller(kept) : m.orders_refund_deposit_kept_buyer(kept);
  }
  if (progress !== "APPROVED" || deposit.refundable || refund.kind !== "full") return null;
  const amount = { amount: amountOf(order, refund) };
  return seller
    ? m.orders_refund_if_canceled_deposit_kept_seller(amount)
    : m.orders_refund_if_canceled_deposit_kept_buyer(amount);
}

/** `refundNoteText` for a staged order with approved stages: the split, promised, under way or done. */
function partialRefundNote(order: RefundTextOrder, refund: CancelRefund & { kind: "partial" }): string | null {
  const split = splitOf(order, refund);
  const seller = order.side === "seller";
  if (order.facts.progress === "CANCELED") {
    // Nothing to give back (every stage was approved) is done at once; else done once Stripe has refunded it.
    const done =
      refund.amount === 0 || order.transactionStatus === "PARTIALLY_REFUNDED" || order.transactionStatus === "REFUNDED";
    if (done) return seller ? m.orders_refund_done_partial_seller(split) : m.orders_refund_done_partial_buyer(split);
    return seller ? m.orders_refund_pending_partial_seller(split) : m.orders_refund_pending_partial_buyer(split);
  }
  if (order.facts.progress !== "APPROVED") return null;
  // At a stage whose part is due nothing would go back (decision 101): the cancel's own words say what stays.
  if (refund.amount === 0 && stageDue(order.facts) !== null) return null;
  return seller ? m.orders_refund_if_canceled_partial_seller(split) : m.orders_refund_if_canceled_partial_buyer(split);
}

/**
 * An admin's settlement of a dispute, as its money story tells it (decision 094): why (the outcome), then what went back
 * and what stays, and for a staged order what of it was the approved stages'. Null for any other order.
 */
function disputeSettlementNote({ money, side, currencyCode }: RefundTextOrder): string | null {
  const amount = (minor: number) => showMoney(minor, currencyCode);
  const seller = side === "seller";
  const kept = (reason: OrderMoneyStory["kept"][number]["reason"]) =>
    money.kept.find((part) => part.reason === reason)?.amount ?? 0;
  if (kept("dispute_release") > 0) {
    const released = { amount: amount(kept("dispute_release")) };
    return `${m.orders_money_why_dispute_release()} ${seller ? m.orders_money_released_seller(released) : m.orders_money_released_buyer(released)}`;
  }
  const refund = money.refund;
  if (refund?.reason !== "dispute_refund" && refund?.reason !== "dispute_split") return null;
  const why =
    refund.reason === "dispute_refund" ? m.orders_money_why_dispute_refund() : m.orders_money_why_dispute_split();
  if (money.keptAmount === 0) {
    const full = { amount: amount(refund.amount) };
    const what = refund.done
      ? seller
        ? m.orders_money_full_done_seller(full)
        : m.orders_money_full_done_buyer(full)
      : seller
        ? m.orders_money_full_pending_seller(full)
        : m.orders_money_full_pending_buyer(full);
    return `${why} ${what}`;
  }
  const part = { refund: amount(refund.amount), kept: amount(money.keptAmount) };
  const what = refund.done
    ? seller
      ? m.orders_money_part_done_seller(part)
      : m.orders_money_part_done_buyer(part)
    : seller
      ? m.orders_money_part_pending_seller(part)
      : m.orders_money_part_pending_buyer(part);
  // A staged order: what of it is the approved stages' (and the award's, for a split).
  const stages = kept("approved_stages");
  const award = kept("dispute_award");
  const of =
    stages > 0 && award > 0
      ? ` ${m.orders_money_kept_stages_award({ stages: amount(stages), award: amount(award) })}`
      : stages > 0
        ? ` ${m.orders_money_kept_stages()}`
        : "";
  return `${why} ${what}${of}`;
}
