/**
 * What the order process's transitions do to an order (order-process.ts, decision 082): the effects several rows
 * share (a cancel, a completion, a change to the current stage), what each `money` tag does to the order's money
 * (`MONEY_STEPS`) and the facts their `when` and `at` read. Pure, as the table.
 */
import type {
  DisputeSettlement,
  MoneyEffect,
  OrderAction,
  OrderState,
  Outcome,
  PaymentRef,
  PaymentRelease,
  ReleaseReason,
} from "./order-types";
import { amountAtStake, payoutHoldUntil, settlementMoney } from "./disputes";
import { resumedAfterDispute } from "./deadline-extensions";
import { cancelRefund } from "./order-money";
import { currentStageIndex, type OrderStage } from "./order-stages";
import { depositKeptOnWalkAway, dueAmount, paidParts, paidTotal, restDue, stageDue } from "./order-parts";

export type { Outcome } from "./order-types";

/**
 * A transition that ends the order or changes what the client agreed to pay for ends its money too: an open payment
 * is voided, a paid one refunded (decision 047). The order forgets the open intent in the same step. `held` is what
 * is given back: the open payment, unless a cancel's refund names the paid one.
 */
function endingMoney(
  o: OrderState,
  next: OrderState,
  reason: ReleaseReason,
  held: PaymentRef | null = o.openPayment,
): MoneyOutcome {
  if (!held) return { next: { ...next, openPayment: null } };
  return givenBack(o, { ...next, openPayment: null }, [{ payment: held, reason }]);
}

/** The payments given back: a notice of one's success arriving later (3-D Secure finished meanwhile) changes nothing more. */
const givenBack = (o: OrderState, next: OrderState, releases: PaymentRelease[]): MoneyOutcome => ({
  next: { ...next, returnedIntentIds: [...o.returnedIntentIds, ...releases.map((r) => r.payment.intentId)] },
  releases,
});

/**
 * The order canceled, by whoever: closed, and a stage under review when it ends never approved (only approved stages'
 * shares stay with the creator). Its money is the `refundOnCancel` step's (`cancelMoney`). `walkedAway`: the client
 * left a deposit order after the work started, so a deposit under kept terms stays with the creator (decision 100).
 */
export const canceled = (o: OrderState, now: number, { walkedAway = false } = {}): Outcome => ({
  next: {
    ...o,
    progress: "CANCELED",
    chat: "CLOSED",
    canceledAt: now,
    stages: o.stages.map((s) => (s.status === "APPROVED" ? s : { ...s, reviewDeadline: null })),
    // A completed order canceled by a dispute's refund or split (decision 092): its held payout never goes.
    ...(o.payoutHeldUntil != null && { payoutHeldUntil: null }),
    ...(walkedAway && depositKeptOnWalkAway(o) > 0 && { keptDeposit: depositKeptOnWalkAway(o) }),
    // Nothing is due of a canceled order: why its rest failed is no longer the client's to act on.
    ...(o.partFailure != null && { partFailure: null }),
  },
});

/**
 * Every cancel, by whoever makes it, gives back what `cancelRefund` says (order-money.ts, decision 061): the same
 * answer the cancel prompt and the Payment tab show. A payment still under way (an unpaid order's, or a deposit
 * order's rest) is voided. A full refund gives back each paid part's charge whole; a partial one keeps the approved
 * stages' shares, a dispute's award (which the settlement wrote into `next`) or a kept deposit, refunding the rest's
 * charge first, then the deposit's.
 */
function cancelMoney(o: OrderState, next: OrderState): MoneyOutcome {
  const refund = cancelRefund(next);
  const open: PaymentRelease[] = o.openPayment ? [{ payment: o.openPayment, reason: "order_canceled" }] : [];
  // The last paid part first: a deposit order's rest before its deposit, a stage's part before the stages before it.
  const paid = paidParts(o).reverse();
  let left = refund.kind === "none" ? 0 : refund.amount;
  const refunds: PaymentRelease[] = [];
  for (const payment of paid) {
    if (left <= 0) break;
    const amount = Math.min(left, payment.amount);
    left -= amount;
    refunds.push(
      refund.kind === "full"
        ? { payment, reason: "order_canceled" }
        : { payment, reason: "order_canceled", refundAmount: amount },
    );
  }
  const releases = [...open, ...refunds];
  return releases.length > 0 ? givenBack(o, { ...next, openPayment: null }, releases) : { next };
}

/** The state a money step hands back, and the payment it gives back (voided or refunded by the object), if any. */
interface MoneyOutcome {
  next: OrderState;
  releases?: PaymentRelease[];
}
/** A money tag's step in `decide`: from the state before and the row's effect's state, the order with its money. */
type MoneyStep = (before: OrderState, next: OrderState, action: OrderAction) => MoneyOutcome;
const unchangedMoney: MoneyStep = (_, next) => ({ next });
const paymentOf = (action: OrderAction) => (action as Extract<OrderAction, { type: "markPaid" }>).payment;
/** Which change voids the payment under way: the price's or the schedule's. */
const VOIDED_BY: Partial<Record<OrderAction["type"], ReleaseReason>> = {
  updatePrice: "price_changed",
  updateSchedule: "schedule_changed",
};

/**
 * What each `money` tag of the process table does to the order's money (decision 047). `decide` (order.ts) runs the
 * taken row's step after its effect, which moves no money itself, and hands the object the tag; what the tag moves
 * outside the order's state is the Order object's batch's, by the same tag (durable-objects/order.ts: the taken
 * payment's transaction marked paid; orders/services/payouts.ts `payoutStatements`: the creator's payout).
 */
export const MONEY_STEPS: Record<MoneyEffect, MoneyStep> = {
  none: unchangedMoney,
  /** A new intent replaces the open one, which is voided; the same one again is no change (the effect's). */
  startPayment: (o, next) =>
    o.openPayment && o.openPayment.intentId !== next.openPayment?.intentId
      ? givenBack(o, next, [{ payment: o.openPayment, reason: "replaced" }])
      : { next },
  takePayment: unchangedMoney,
  /** The succeeded payment the order cannot take is refunded, and the reason it could not is kept. */
  returnPayment: (o, next, action) => {
    const payment = paymentOf(action);
    return givenBack(o, next, [{ payment, reason: paymentMisfit(o, payment)! }]);
  },
  voidOpenPayment: (o, next, action) => endingMoney(o, next, VOIDED_BY[action.type]!),
  refundOnCancel: cancelMoney,
  releaseStageShare: unchangedMoney,
  /** A settlement that completes a deposit order whose rest is still due ends the rest's payment under way. */
  releasePayout: (o, next) =>
    next.progress === "COMPLETED" && o.openPayment ? endingMoney(o, next, "not_payable") : { next },
  /** The client's part of the stake goes back as a cancel's refund; the creator's award is the object's payout. */
  splitStake: cancelMoney,
};

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

export function withCurrentStage(
  o: OrderState,
  change: (stage: OrderStage) => Partial<OrderStage>,
): { next: OrderState } {
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
  paidParts(o).some((paid) => paid.intentId === p.intentId) || o.returnedIntentIds.includes(p.intentId);

/** Why a succeeded payment cannot pay this order; null when it pays it. */
export function paymentMisfit(o: OrderState, p: PaymentRef): ReleaseReason | null {
  if (o.progress === "CANCELED") return "order_canceled";
  // What is due now: the first part of an approved unpaid order, a delivered deposit order's rest (decision 100), the
  // reached stage's part of an order paid stage by stage (decision 101).
  const due = dueAmount(o);
  if (due === null) return o.payment === "COMPLETED" ? "already_paid" : "not_payable";
  if (o.openPayment?.intentId !== p.intentId) return "not_the_open_payment";
  if (p.amount !== due || p.currency !== o.currency) return "amount_mismatch";
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
      ? settlementMoney(settlement, amountAtStake(paidTotal(o), o.priceAmount ?? 0, o.stages)).released
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
  // A deposit order whose rest is due waits on the rest's payment, not on a completion (decision 100); an order paid
  // stage by stage whose stage's part is due, on that part's (decision 101).
  if (restDue(o) || stageDue(o) !== null) return editedTo(o, { paymentDeadline: at });
  if (o.progress === "DELIVERED") return editedTo(o, { completionDeadline: at });
  const reviewed = stageUnderReview(o);
  const stages = reviewed
    ? o.stages.map((s, i) => (i === reviewed.index ? { ...s, reviewDeadline: at } : s))
    : o.stages;
  return editedTo(o, { deliveryDeadline: at, stages });
}
