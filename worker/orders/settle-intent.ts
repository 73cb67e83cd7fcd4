/**
 * One way an intent's outcome reaches its order (issue 61). Every path that learns what became of a PaymentIntent
 * outside the pay step (the page's check after 3-D Secure, the return from a bank's redirect, the
 * `payment_intent.succeeded` webhook, the reconciler's repair) reads the intent from Stripe and calls `settleIntent`,
 * which asks the order's object once (`recordPayment`): a succeeded intent pays the order if it is the open payment for
 * the current total, and is given back otherwise; both are idempotent in the object. Only the object writes the
 * payment's rows (durable-objects/order-stripe.ts). The pay step itself is one call too (`Order.pay`, through pay-order.ts).
 */
import type Stripe from "stripe";
import { paymentRefOf, type PaymentRecordResult } from "./domain/order-contract";
import { buyerTransactionOf, orderOfIntent } from "./services/order-payments";
import { orderStub } from "./order-stub";

export interface SettleDeps {
  d1: D1Database;
  stripe: Stripe;
  orders: Env["ORDER"];
}

/** A door's deps for the calls below: it hands its bindings, and never touches the Order namespace itself. */
export const settleDeps = (env: Pick<Env, "ORDER">, d1: D1Database, stripe: Stripe): SettleDeps => ({
  d1,
  stripe,
  orders: env.ORDER,
});

/** What the order did with the intent: paid by it, given back, left alone (not succeeded, or another order's), or no order. */
export type SettleOutcome = PaymentRecordResult["status"] | "no_order";

/**
 * Hands an intent to its order: the one given (the reconciler knows it), else the one its transaction belongs to, else
 * the one the intent names (an intent D1 never recorded). An intent that has not succeeded changes nothing; one of no
 * order is only reported.
 */
export async function settleIntent(
  deps: SettleDeps,
  intent: Stripe.PaymentIntent,
  knownOrderId?: string,
): Promise<SettleOutcome> {
  if (intent.status !== "succeeded") return "ignored";
  const orderId = knownOrderId ?? (await orderOfIntent(deps.d1, intent.id)) ?? intent.metadata?.orderId;
  const result = orderId
    ? await orderStub(deps.orders, orderId).recordPayment(paymentRefOf(intent), intent.metadata?.orderId)
    : null;
  if (!result || result.status === "not_found") {
    console.error("a succeeded payment names no order", intent.id, orderId ?? "(no order id)");
    return "no_order";
  }
  return result.status;
}

/**
 * A webhook's intent: read again from Stripe rather than trusted from the event (it may be stale or reordered), then
 * settled.
 */
export async function settleIntentById(deps: SettleDeps, intentId: string): Promise<SettleOutcome> {
  return settleIntent(deps, await deps.stripe.paymentIntents.retrieve(intentId));
}

/**
 * `intent/payment/get`: the buyer's page asks how its payment stands (after 3-D Secure in the page). Its own
 * transaction only (null for anyone else's); the intent read from Stripe and settled if it succeeded. Money has moved by
 * then, so a failure to record it never reads as a failed payment: the webhook and the reconciler record it later.
 */
export async function checkPayment(
  deps: SettleDeps,
  input: { intentId: string; transactionId?: string; buyerCommissionAccountId: string },
) {
  const transaction = await buyerTransactionOf(deps.d1, input);
  if (!transaction) return null;
  const intent = await deps.stripe.paymentIntents.retrieve(input.intentId);
  const recorded = await settleIntent(deps, intent, transaction.orderId).catch((error) => {
    console.error("payment succeeded but not yet recorded on its order", transaction.orderId, intent.id, error);
    return "unknown" as const;
  });
  return {
    status: recorded === "returned" ? ("refunded" as const) : intent.status,
    nextAction: intent.next_action,
    clientSecret: intent.client_secret,
  };
}

/**
 * Back from a 3-D Secure redirect (the intent's return_url; a `redirect_to_url` action, decision 057): the buyer's
 * payment checked once, as the page says it: paid, refunded, failed (no payment of theirs, or it did not pass), or
 * null when there is no return to read or Stripe could not be asked (the page still opens; the webhook or the
 * reconciler records the payment later).
 */
export async function settleReturnedPayment(
  deps: SettleDeps,
  input: { intentId: string | null; buyerCommissionAccountId: string },
): Promise<"paid" | "refunded" | "failed" | null> {
  const { intentId, buyerCommissionAccountId } = input;
  if (!intentId) return null;
  const result = await checkPayment(deps, { intentId, buyerCommissionAccountId }).catch((error) => {
    console.error("payment check after 3-D Secure failed", intentId, error);
    return undefined;
  });
  if (result === undefined) return null;
  if (result === null) return "failed";
  if (result.status === "refunded") return "refunded";
  return result.status === "succeeded" ? "paid" : "failed";
}
