/**
 * What a cancel does with the client's money (issue 33, docs/decisions/061): who may cancel the order now, and what
 * the client gets back. One rule, read by `decide` (worker/domain/order.ts), which gives the money back at Stripe by
 * it, and by every text that speaks of a cancel's refund (the cancel prompt, the late-cancel hint, the Payment tab),
 * so the words cannot promise what the money path does not do.
 *
 * A paid order without stages is refunded in full, whoever cancels it; an unpaid one had nothing charged. A paid order
 * with stages (decision 073) gives back the shares of the stages not yet approved: approved stages were the creator's
 * when the client approved them. A creator's free-text terms may describe something else; Comet does not read or
 * apply them, and the texts say so where an order has terms.
 */
import type { OrderActor, OrderRefusal, OrderState } from "./order";
import { approvedAmount } from "./order-stages";

/** Every minor unit of the paid total goes back to the client's card, in the order's currency. */
interface FullRefund {
  kind: "full";
  amount: number;
}
/** Nothing was charged, so nothing is refunded (a payment still under way is voided, or refunded in full if it lands). */
interface NoRefund {
  kind: "none";
}
/** Part of the paid total goes back (possibly nothing): the shares of a staged order's stages not yet approved. */
interface PartialRefund {
  kind: "partial";
  amount: number;
  /** What stays with the creator: the approved stages' shares. */
  keptAmount: number;
}
export type CancelRefund = FullRefund | NoRefund | PartialRefund;

export type CancelOutcome = { allowed: true; refund: CancelRefund } | { allowed: false; refusal: OrderRefusal };

type RefundFacts = Pick<OrderState, "progress" | "payment" | "priceAmount"> & { stages?: OrderState["stages"] };

/**
 * What ending this order by a cancel gives the client back: its total in full once paid, nothing before. Also true
 * of an order already canceled (its payment status stays COMPLETED after the refund), which the Payment tab reads.
 */
export function cancelRefund(o: RefundFacts): CancelRefund {
  if (o.payment !== "COMPLETED") return { kind: "none" };
  const total = o.priceAmount ?? 0;
  const kept = approvedAmount(total, o.stages ?? []);
  return kept > 0 ? { kind: "partial", amount: total - kept, keptAmount: kept } : { kind: "full", amount: total };
}

/**
 * Whether `who` may cancel the order at `now`, and if so what the client gets back (decision 020's cancels):
 * - the seller: until delivery (DRAFT or APPROVED), paid or not;
 * - the buyer: only a paid order whose delivery deadline has passed undelivered (issue 10);
 * - the system: an order not approved or not paid by its deadline (the deadline itself is `decide`'s to check);
 * - an admin: any order not yet completed or canceled (decision 073).
 */
export function refundOnCancel(
  o: RefundFacts & Pick<OrderState, "deliveryDeadline">,
  who: OrderActor | "admin",
  now: number,
): CancelOutcome {
  const refusal = cancelRefusal(o, who, now);
  return refusal ? { allowed: false, refusal } : { allowed: true, refund: cancelRefund(o) };
}

/** The first half of `refundOnCancel`: why `who` may not cancel now, or null when they may. */
export function cancelRefusal(
  o: Pick<OrderState, "progress" | "payment" | "deliveryDeadline">,
  who: OrderActor | "admin",
  now: number,
): OrderRefusal | null {
  // An admin settles a dispute: any order not yet ended, delivered ones too.
  if (who === "admin") return o.progress === "COMPLETED" || o.progress === "CANCELED" ? "wrong_state" : null;
  if (who === "buyer") {
    if (o.progress !== "APPROVED" || o.payment !== "COMPLETED") return "seller_only";
    return o.deliveryDeadline === null || now <= o.deliveryDeadline ? "delivery_not_late" : null;
  }
  if (who === "system")
    return o.progress === "DRAFT" || (o.progress === "APPROVED" && o.payment === "DRAFT") ? null : "wrong_state";
  return o.progress === "DRAFT" || o.progress === "APPROVED" ? null : "wrong_state";
}
