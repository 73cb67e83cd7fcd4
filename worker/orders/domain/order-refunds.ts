/**
 * What a cancel does with the client's money (issue 33, docs/decisions/061): who may cancel the order now, and what
 * the client gets back. One rule: who may cancel is the cancel rows of the order process (order-process.ts), which
 * `decide` takes; what goes back is `cancelRefund` (order-money.ts), which their effect gives back at Stripe; both are
 * read by every text that speaks of a cancel's refund (the cancel prompt, the late-cancel hint, the Payment tab),
 * so the words cannot promise what the money path does not do.
 *
 * A paid order without stages is refunded in full, whoever cancels it; an unpaid one had nothing charged. A paid order
 * with stages (decision 073) gives back the shares of the stages not yet approved: approved stages were the creator's
 * when the client approved them. A creator's free-text terms may describe something else; Comet does not read or
 * apply them, and the texts say so where an order has terms.
 */
import { transitionRefusal } from "./order";
import type { OrderActor, OrderRefusal, OrderState } from "./order-types";
import { cancelRefund, type CancelRefund, type RefundFacts } from "./order-money";
import { ORDER_PROCESS } from "./order-process";
import { clientWalksAway, depositKeptOnWalkAway, restDue } from "./order-parts";

// What a cancel gives back is the money's rule (order-money.ts); the cancel itself is the process's (order-process.ts).
export { cancelRefund, type CancelRefund };

export type CancelOutcome = { allowed: true; refund: CancelRefund } | { allowed: false; refusal: OrderRefusal };

/**
 * Whether `who` may cancel the order at `now`, and if so what the client gets back (decision 020's cancels):
 * - the seller: until delivery (DRAFT or APPROVED), paid or not;
 * - the buyer: only a paid order whose delivery deadline has passed undelivered (issue 10), or a deposit order before
 *   delivery (decision 100), which keeps a deposit under kept terms unless the delivery is late;
 * - the system: an order not approved or not paid by its deadline (the deadline itself is `decide`'s to check);
 * - an admin: any order not yet completed or canceled (decision 073).
 */
export function refundOnCancel(
  o: RefundFacts & Pick<OrderState, "deliveryDeadline">,
  who: OrderActor | "admin",
  now: number,
): CancelOutcome {
  const refusal = cancelRefusal(o, who, now);
  if (refusal) return { allowed: false, refusal };
  // A client walking away from a deposit order (their cancel before a late delivery, or the rest left unpaid) leaves a
  // deposit under kept terms with the creator, as the cancel itself will (decision 100).
  const walksAway = (who === "buyer" && clientWalksAway(o, now)) || (who === "system" && restDue(o));
  const keptDeposit = walksAway ? depositKeptOnWalkAway(o) : 0;
  return { allowed: true, refund: cancelRefund(keptDeposit > 0 ? { ...o, keptDeposit } : o) };
}

const CANCELS = ORDER_PROCESS.filter((t) => t.event === "CANCELED");
/**
 * The first half of `refundOnCancel`: why `who` may not cancel now, or null when they may: the refusal of the cancel
 * rows of the order process (order-process.ts) that `who` takes: the seller's, the buyer's late cancel, the system's
 * on a passed deadline (the deadline itself is `decide`'s to check), the admin's.
 */
export function cancelRefusal(
  o: Pick<OrderState, "progress" | "payment" | "deliveryDeadline"> & Partial<Pick<OrderState, "deposit" | "paidRest">>,
  who: OrderActor | "admin",
  now: number,
): OrderRefusal | null {
  const facts = { priceAmount: null, deliverableCount: 0, stages: [], ...o };
  // Rows told apart by `when` (the buyer's cancel of a deposit order, decision 100) count only where they apply.
  const applies = (t: (typeof CANCELS)[number]) =>
    !t.when ||
    (t.when as unknown as (o: typeof facts, action: { type: "cancel" }) => boolean)(facts, { type: "cancel" });
  const refusals = CANCELS.filter((t) => t.actor === who && applies(t)).map((t) => transitionRefusal(t, facts, now));
  return refusals.includes(null) ? null : (refusals[0] ?? "wrong_state");
}
