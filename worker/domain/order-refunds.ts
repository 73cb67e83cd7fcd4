/**
 * What a cancel does with the client's money (issue 33, docs/decisions/061): who may cancel the order now, and what
 * the client gets back. One rule, read by `decide` (worker/domain/order.ts), which gives the money back at Stripe by
 * it, and by every text that speaks of a cancel's refund (the cancel prompt, the late-cancel hint, the Payment tab),
 * so the words cannot promise what the money path does not do.
 *
 * Comet refunds all or nothing: a paid order is refunded in full, whoever cancels it; an unpaid one had nothing
 * charged. A creator's free-text terms may describe something else (a partial refund after a rough sketch); Comet
 * does not read or apply them, and the texts say so where an order has terms.
 */
import type { OrderActor, OrderRefusal, OrderState } from "./order";

/** Every minor unit of the paid total goes back to the client's card, in the order's currency. */
interface FullRefund {
  kind: "full";
  amount: number;
}
/** Nothing was charged, so nothing is refunded (a payment still under way is voided, or refunded in full if it lands). */
interface NoRefund {
  kind: "none";
}
export type CancelRefund = FullRefund | NoRefund;

export type CancelOutcome = { allowed: true; refund: CancelRefund } | { allowed: false; refusal: OrderRefusal };

type RefundFacts = Pick<OrderState, "progress" | "payment" | "priceAmount">;

/**
 * What ending this order by a cancel gives the client back: its total in full once paid, nothing before. Also true
 * of an order already canceled (its payment status stays COMPLETED after the refund), which the Payment tab reads.
 */
export function cancelRefund(o: RefundFacts): CancelRefund {
  return o.payment === "COMPLETED" ? { kind: "full", amount: o.priceAmount ?? 0 } : { kind: "none" };
}

/**
 * Whether `who` may cancel the order at `now`, and if so what the client gets back (decision 020's cancels):
 * - the seller: until delivery (DRAFT or APPROVED), paid or not;
 * - the buyer: only a paid order whose delivery deadline has passed undelivered (issue 10);
 * - the system: an order not approved or not paid by its deadline (the deadline itself is `decide`'s to check).
 */
export function refundOnCancel(
  o: RefundFacts & Pick<OrderState, "deliveryDeadline">,
  who: OrderActor,
  now: number,
): CancelOutcome {
  const refusal = cancelRefusal(o, who, now);
  return refusal ? { allowed: false, refusal } : { allowed: true, refund: cancelRefund(o) };
}

/** The first half of `refundOnCancel`: why `who` may not cancel now, or null when they may. */
export function cancelRefusal(
  o: Pick<OrderState, "progress" | "payment" | "deliveryDeadline">,
  who: OrderActor,
  now: number,
): OrderRefusal | null {
  if (who === "buyer") {
    if (o.progress !== "APPROVED" || o.payment !== "COMPLETED") return "seller_only";
    return o.deliveryDeadline === null || now <= o.deliveryDeadline ? "delivery_not_late" : null;
  }
  if (who === "system")
    return o.progress === "DRAFT" || (o.progress === "APPROVED" && o.payment === "DRAFT") ? null : "wrong_state";
  return o.progress === "DRAFT" || o.progress === "APPROVED" ? null : "wrong_state";
}
