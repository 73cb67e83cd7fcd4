/**
 * Paying for an order (spec section 4 "Payment flow", section 7 pay and `intent/payment/get`; decisions 018, 047).
 * The Order Durable Object is where an order and its money meet:
 * - `startPayment`, in the object's queue, checks the order is payable, makes (or finds) the intent for exactly the
 *   current total and records it as the order's one open payment, with its PENDING transaction, in the same step.
 * - The Worker confirms that intent with the buyer's card, outside the queue (3-D Secure may take minutes), without a
 *   `return_url`: a card needs none, so a 3-D Secure challenge comes back as `use_stripe_sdk` and the browser's Stripe.js
 *   opens it in the page (decision 057); the full-page redirect is left for an intent that asks for one.
 * - `recordPayment`, in the queue, takes a succeeded intent: it pays the order only if it is the open payment for the
 *   current total of a payable order; any other is refunded (PAYMENT_RETURNED), never ignored.
 * - A transition that ends the order or changes its price or schedule releases the open payment: the object voids it
 *   at Stripe or, if it succeeded meanwhile, refunds it, each with its own idempotency key.
 * This file is the Worker's side: the buyer's card, the confirm, and handing succeeded intents to their order. The
 * object's side (its Stripe calls and payment rows) is durable-objects/order-money.ts; the rules are `decide` in
 * worker/domain/order.ts. A payment goes one way: Worker -> object -> Stripe -> object (decision 081).
 */
import type Stripe from "stripe";
import { paymentRefOf, type PaymentRecordResult } from "../domain/order-contract";
import type { Database } from "../db/client";
import { orderStub } from "../orders/order-stub";
import { listCards } from "../payments/cards";
import { ensureStripeCustomer, replaceStripeCustomer } from "../payments/customers";
import { isCardError, isCustomerMissing, isStripeUnavailable, isUnexpectedState } from "../payments/stripe-errors";

export interface PaymentDeps {
  db: Database;
  stripe: Stripe;
  orders: Env["ORDER"];
}

/**
 * What the pay call did with the client's money, for the page to say: paid; waiting for 3-D Secure; declined;
 * charged but given back at once (the order changed or ended meanwhile); or voided before any charge.
 */
export type PayResult =
  | { status: "succeeded"; transactionId: string }
  | {
      status: "requires_action";
      transactionId: string;
      intentId: string;
      clientSecret: string;
      nextAction: Stripe.PaymentIntent.NextAction | null;
    }
  | { status: "failed"; transactionId: string; error: { code: string | null; declineCode: string | null } }
  | { status: "refunded"; transactionId: string }
  | { status: "voided"; transactionId: string }
  | { status: "refused"; reason: "not_found" | "already_paid" | "not_payable" | "no_payment_method" }
  /**
   * Stripe could not be reached or answer now. The card may or may not have been charged; paying again is safe (the
   * same intent is found again, never a second one), and the webhook or the reconciler records a charge that went through.
   */
  | { status: "unavailable" };

/** The buyer pays: their chosen card, else their first saved card. */
export async function payOrder(
  deps: PaymentDeps,
  input: {
    orderId: string;
    buyer: { userAccountId: string; email: string };
    accountMethodId?: string;
    /** The spec's pay payload may name the order's transaction; one that is not this order's is refused. */
    transactionId?: string;
  },
): Promise<PayResult> {
  if (input.transactionId && !(await isTransactionOf(deps.db.$client, input.transactionId, input.orderId)))
    return { status: "refused", reason: "not_found" };
  const cards = await listCards(deps.db, input.buyer.userAccountId);
  const card = cards.find((c) => !input.accountMethodId || c.id === input.accountMethodId);
  const stub = orderStub(deps.orders, input.orderId);
  if (!card) {
    // Said only to the buyer: anyone else learns nothing of the order, as for every order call.
    const order = await stub.get();
    return {
      status: "refused",
      reason: order?.buyerUserId === input.buyer.userAccountId ? "no_payment_method" : "not_found",
    };
  }
  const customerId = await ensureStripeCustomer(deps.db, deps.stripe, {
    accountId: input.buyer.userAccountId,
    email: input.buyer.email,
  });
  let started: Awaited<ReturnType<typeof stub.startPayment>>;
  try {
    started = await stub.startPayment(
      { userAccountId: input.buyer.userAccountId },
      { customerId, accountMethodId: card.id },
    );
  } catch (error) {
    if (!isCustomerMissing(error)) throw error;
    // Stripe no longer has the buyer's customer, nor the cards saved with it (issue 59): a new customer, the stale cards
    // dropped, and the buyer asked for a card as if they had none. Nothing was charged.
    await replaceStripeCustomer(
      deps.db,
      deps.stripe,
      { accountId: input.buyer.userAccountId, email: input.buyer.email },
      customerId,
    );
    return { status: "refused", reason: "no_payment_method" };
  }
  if (started.status === "not_found") return { status: "refused", reason: "not_found" };
  if (started.status === "refused") return { status: "refused", reason: started.reason };
  if (started.status === "unavailable") return { status: "unavailable" };
  const { transactionId, intentId } = started;
  if (started.status === "paid") return { status: "succeeded", transactionId };

  let intent: Stripe.PaymentIntent;
  try {
    // No `return_url`: the intent takes cards only (`allowed_payment_method_types`), which never need one, so Stripe
    // answers a challenge with `use_stripe_sdk` for Stripe.js to open in the page (`use_stripe_sdk: true` says a
    // client SDK will handle it, as Stripe asks of a server-side confirm; decision 057).
    intent = await deps.stripe.paymentIntents.confirm(
      intentId,
      { payment_method: card.stripeMethodId, use_stripe_sdk: true },
      { idempotencyKey: `comet-order-${input.orderId}-confirm-${crypto.randomUUID()}` },
    );
  } catch (error) {
    if (isCardError(error))
      return {
        status: "failed",
        transactionId,
        error: { code: error.code ?? null, declineCode: error.decline_code ?? null },
      };
    // The intent moved on under us (voided by a cancel or a new price, or confirmed by a racing attempt), or Stripe's
    // answer was lost (the confirmation may have gone through): read it. If Stripe cannot be read either, the buyer is
    // told to try again; the next attempt, the webhook or the reconciler finds what happened.
    if (!isUnexpectedState(error) && !isStripeUnavailable(error)) throw error;
    try {
      intent = await deps.stripe.paymentIntents.retrieve(intentId);
    } catch (readError) {
      if (isStripeUnavailable(readError)) return { status: "unavailable" };
      throw readError;
    }
  }
  await noteConfirmedCard(deps.db.$client, intent);
  if (intent.status === "succeeded") {
    const recorded = await recordPaymentSafely(deps, input.orderId, intent);
    return { status: recorded === "returned" ? "refunded" : "succeeded", transactionId };
  }
  if (intent.status === "canceled") return { status: "voided", transactionId };
  if (intent.status === "requires_action") {
    return {
      status: "requires_action",
      transactionId,
      intentId: intent.id,
      clientSecret: intent.client_secret!,
      nextAction: intent.next_action,
    };
  }
  const error = intent.last_payment_error;
  return {
    status: "failed",
    transactionId,
    error: { code: error?.code ?? null, declineCode: error?.decline_code ?? null },
  };
}

/**
 * The transaction names the card its intent was last confirmed with, which is the card that pays: a retry of the same
 * open intent with another card (the first declined; issue 33's card choice) moves it, so the order's log names the
 * card that paid. Read from Stripe's intent, never from the request, so a racing attempt with another card cannot
 * mislabel it. A failure here is only logged: the payment itself has been decided.
 */
async function noteConfirmedCard(d1: D1Database, intent: Stripe.PaymentIntent): Promise<void> {
  const methodId = typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method?.id;
  if (!methodId) return;
  try {
    await d1
      .prepare(
        `UPDATE payment_transactions SET payment_account_method_id = (SELECT id FROM payment_account_methods WHERE stripe_method_id = ?1), updated_at = ?3
         WHERE stripe_payment_intent_id = ?2 AND EXISTS (SELECT 1 FROM payment_account_methods WHERE stripe_method_id = ?1)
           AND payment_account_method_id IS NOT (SELECT id FROM payment_account_methods WHERE stripe_method_id = ?1)`,
      )
      .bind(methodId, intent.id, Date.now())
      .run();
  } catch (error) {
    console.error("the paying card was not noted on its transaction", intent.id, error);
  }
}

/**
 * Hands a succeeded intent to its order. Money has moved by now, so a failure here must not read as a failed
 * payment: the webhook and the reconciler record it later, and the buyer is told it went through.
 */
async function recordPaymentSafely(
  deps: PaymentDeps,
  orderId: string,
  intent: Stripe.PaymentIntent,
): Promise<PaymentRecordResult["status"] | "unknown"> {
  try {
    return (await orderStub(deps.orders, orderId).recordPayment(paymentRefOf(intent), intent.metadata?.orderId)).status;
  } catch (error) {
    console.error("payment succeeded but not yet recorded on its order", orderId, intent.id, error);
    return "unknown";
  }
}

/** `intent/payment/get`: the buyer's page asks how its payment stands (after 3-D Secure, or after a failure). */
export async function checkPayment(
  deps: PaymentDeps,
  input: { intentId: string; transactionId: string; buyerCommissionAccountId: string },
) {
  const transaction = await deps.db.$client
    .prepare("SELECT order_id FROM payment_transactions WHERE id = ? AND stripe_payment_intent_id = ? AND buyer_id = ?")
    .bind(input.transactionId, input.intentId, input.buyerCommissionAccountId)
    .first<{ order_id: string }>();
  if (!transaction) return null;
  const intent = await deps.stripe.paymentIntents.retrieve(input.intentId);
  const recorded = intent.status === "succeeded" ? await recordPaymentSafely(deps, transaction.order_id, intent) : null;
  return {
    status: recorded === "returned" ? ("refunded" as const) : intent.status,
    nextAction: intent.next_action,
    clientSecret: intent.client_secret,
  };
}

/**
 * The order's PENDING transaction with its intent, for its buyer only (spec section 7, paymentTransaction.getList with
 * transactionStatus PENDING): the page checks that intent before paying (spec section 4, "Payment flow"). Null for
 * anyone else, for an order with no payment under way, and for one already paid or given back.
 */
export async function pendingPaymentOf(d1: D1Database, input: { orderId: string; buyerCommissionAccountId: string }) {
  const row = await d1
    .prepare(
      `SELECT id, stripe_payment_intent_id, payment_account_method_id FROM payment_transactions
       WHERE order_id = ? AND buyer_id = ? AND transaction_status = 'PENDING' AND stripe_payment_intent_id IS NOT NULL
       ORDER BY created_at DESC LIMIT 1`,
    )
    .bind(input.orderId, input.buyerCommissionAccountId)
    .first<{ id: string; stripe_payment_intent_id: string; payment_account_method_id: string | null }>();
  return row
    ? { transactionId: row.id, intentId: row.stripe_payment_intent_id, accountMethodId: row.payment_account_method_id }
    : null;
}

/**
 * A succeeded intent, from a webhook or the reconciler: read again from Stripe rather than trusted from the event (it
 * may be stale or reordered), and handed to its order, found by its transaction or, for an intent D1 never recorded,
 * by the order id the intent carries. An intent of no order is only reported.
 */
export async function reconcilePaymentIntentById(
  deps: PaymentDeps,
  intentId: string,
): Promise<PaymentRecordResult["status"] | "no_order"> {
  const intent = await deps.stripe.paymentIntents.retrieve(intentId);
  if (intent.status !== "succeeded") return "ignored";
  const row = await deps.db.$client
    .prepare("SELECT order_id FROM payment_transactions WHERE stripe_payment_intent_id = ?")
    .bind(intent.id)
    .first<{ order_id: string }>();
  const orderId = row?.order_id ?? intent.metadata?.orderId;
  const result = orderId
    ? await orderStub(deps.orders, orderId).recordPayment(paymentRefOf(intent), intent.metadata?.orderId)
    : null;
  if (!result || result.status === "not_found") {
    console.error("a succeeded payment names no order", intent.id, orderId ?? "(no order id)");
    return "no_order";
  }
  return result.status;
}

async function isTransactionOf(d1: D1Database, transactionId: string, orderId: string): Promise<boolean> {
  return Boolean(
    await d1
      .prepare("SELECT 1 FROM payment_transactions WHERE id = ? AND order_id = ?")
      .bind(transactionId, orderId)
      .first(),
  );
}
