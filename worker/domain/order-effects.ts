/**
 * What the order process's transitions do to an order (order-process.ts, decision 082): the effects several rows
 * share (a cancel and its refund, a completion, a change to the current stage) and the facts their `when` and `at`
 * read. Pure, as the table.
 */
import type { OrderState, PaymentRef, PaymentRelease, OrderRefusal } from "./order";
import { amountAtStake, payoutHoldUntil, settlementMoney, type DisputeSettlement } from "./disputes";
import { resumedAfterDispute } from "./deadline-extensions";
import { cancelRefund } from "./order-money";
import { currentStageIndex, type OrderStage } from "./order-stages";

/** What an accepted transition makes of the order: the next state and any money it gives back, or a late refusal. */
export type Outcome = { next: OrderState; release?: PaymentRelease | null } | { refusal: OrderRefusal } | "unchanged";

/**
 * A transition that ends the order or changes what the client agreed to pay for ends its money too: an open payment
 * is voided, a paid one refunded (decision 047). The order forgets the open intent in the same step. `held` is what
 * is given back: the open payment, unless a cancel's refund names the paid one.
 */
export function endingMoney(
  o: OrderState,
  next: OrderState,
  reason: PaymentRelease["reason"],
  held: PaymentRef | null = o.openPayment,
): Outcome {
  if (!held) return { next: { ...next, openPayment: null } };
  // Given back: a notice of its success arriving later (3-D Secure finished meanwhile) changes nothing more.
  return {
    next: { ...next, openPayment: null, returnedIntentIds: [...o.returnedIntentIds, held.intentId] },
    release: { payment: held, reason },
  };
}

/**
 * Every cancel, by whoever makes it, gives back what `cancelRefund` says (order-money.ts, decision 061): the same
 * answer the cancel prompt and the Payment tab show. A full refund gives back the payment that paid the order (all of
 * its charge); no refund voids a payment still under way; a partial one keeps the approved stages' shares.
 */
export function cancel(o: OrderState, now: number): Outcome {
  const refund = cancelRefund(o);
  // A stage under review when the order ends is never approved: only approved stages' shares stay with the creator.
  const next: OrderState = {
    ...o,
    progress: "CANCELED",
    chat: "CLOSED",
    canceledAt: now,
    stages: o.stages.map((s) => (s.status === "APPROVED" ? s : { ...s, reviewDeadline: null })),
    // A completed order canceled by a dispute's refund or split (decision 092): its held payout never goes.
    ...(o.payoutHeldUntil != null && { payoutHeldUntil: null }),
  };
  if (refund.kind === "partial") {
    if (refund.amount === 0 || !o.paidPayment) return { next };
    return {
      next: { ...next, openPayment: null, returnedIntentIds: [...o.returnedIntentIds, o.paidPayment.intentId] },
      release: { payment: o.paidPayment, reason: "order_canceled", refundAmount: refund.amount },
    };
  }
  return endingMoney(o, next, "order_canceled", refund.kind === "full" ? o.paidPayment : o.openPayment);
}

/**
 * The order completed. Its payout waits while the client may still dispute the work (decision 092): a creator who
 * completes at once after delivering does not close the client's week, and the money follows the window, not the
 * button. `cleared` (a dispute settled in the creator's favour) lets it go at once: that dispute was the way back.
 */
export const complete = (o: OrderState, now: number, { cleared = false } = {}): Outcome => ({
  next: {
    ...o,
    progress: "COMPLETED",
    chat: "CLOSED",
    completedAt: o.completedAt ?? now,
    payoutHeldUntil: cleared ? null : payoutHoldUntil(o, now),
  },
});

export function withCurrentStage(o: OrderState, change: (stage: OrderStage) => Partial<OrderStage>): Outcome {
  const index = currentStageIndex(o.stages);
  return { next: { ...o, stages: o.stages.map((s, i) => (i === index ? { ...s, ...change(s) } : s)) } };
}
export const approveCurrentStage = (o: OrderState, who: "buyer" | "system", now: number) =>
  withCurrentStage(o, () => ({ status: "APPROVED", reviewDeadline: null, approvedAt: now, approvedBy: who }));

/** A stage's preview waits for the client: its review deadline is the one the alarm waits on (decision 073). */
export function stageUnderReview(o: Pick<OrderState, "stages">): (OrderStage & { index: number }) | null {
  const index = currentStageIndex(o.stages);
  const stage = index === null ? null : o.stages[index]!;
  return stage?.status === "IN_REVIEW" ? { ...stage, index: index! } : null;
}

/** A payment notice the order has already acted on (taken, or given back) changes nothing. */
export const known = (o: OrderState, p: PaymentRef) =>
  o.paidPayment?.intentId === p.intentId || o.returnedIntentIds.includes(p.intentId);

/** Why a succeeded payment cannot pay this order; null when it pays it. */
export function paymentMisfit(o: OrderState, p: PaymentRef): PaymentRelease["reason"] | null {
  if (o.progress === "CANCELED") return "order_canceled";
  if (o.payment === "COMPLETED") return "already_paid";
  if (o.progress !== "APPROVED") return "not_payable";
  if (o.openPayment?.intentId !== p.intentId) return "not_the_open_payment";
  if (p.amount !== o.priceAmount || p.currency !== o.currency) return "amount_mismatch";
  return null;
}

export const editedTo = (o: OrderState, change: Partial<OrderState>): Outcome => ({ next: { ...o, ...change } });

/**
 * The order with its open dispute settled (decision 088): when, how, and what of the stake the creator was awarded (a
 * split's rest; a cancel then keeps it with the creator beside the approved stages' shares). A request for more time
 * resumes its clock where the dispute stopped it (issue 59).
 */
export function settledBy(o: OrderState, settlement: DisputeSettlement, now: number): OrderState {
  const awarded =
    settlement.outcome === "split"
      ? settlementMoney(settlement, amountAtStake(o.priceAmount ?? 0, o.stages)).released
      : 0;
  const resumed = resumedAfterDispute(o, o.dispute!.openedAt, now);
  return {
    ...resumed,
    dispute: { ...o.dispute!, settledAt: now, outcome: settlement.outcome, awardedAmount: awarded },
  };
}

/** A reopened order (decision 088): the deadline its state waits on is `days` from now; the others stay as they were. */
export function reopenAfterDispute(o: OrderState, days: number, now: number): Outcome {
  const at = now + days * 86_400_000;
  if (o.progress === "DELIVERED") return editedTo(o, { completionDeadline: at });
  const reviewed = stageUnderReview(o);
  const stages = reviewed
    ? o.stages.map((s, i) => (i === reviewed.index ? { ...s, reviewDeadline: at } : s))
    : o.stages;
  return editedTo(o, { deliveryDeadline: at, stages });
}
