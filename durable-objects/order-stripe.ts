/**
 * The Order object's Stripe calls and payment rows (decision 047; decision 081 moved them here from the Worker; issue 61
 * named the file for what it holds, and moved the confirm here): what the object calls at Stripe in its queue and the
 * `payment_transactions` rows its projections write. The Worker never calls these; it asks the object (`pay`,
 * `recordPayment`, any action that ends the order or changes its price) and the object calls Stripe from here.
 * - A pay makes the order's intent for its current total (`createOrderIntent`) and writes its PENDING transaction
 *   with the order's startPayment transition (`startedPaymentStatements`), then confirms it with the buyer's card
 *   (`confirmOrderIntent`) and notes the card on the transaction (`noteConfirmedCard`).
 * - A payment the order takes is marked COMPLETED with the PAID transition (`paidTransactionStatement`).
 * - A payment given back is voided at Stripe or refunded (`releasePayment`), each call with its own idempotency key,
 *   then recorded (`releasedTransactionStatement`).
 * The money's rules (what a cancel gives back) are the domain's, worker/orders/domain/order-money.ts.
 */
import Stripe from "stripe";
import type { PaymentRef } from "#worker/orders/domain/order-types";
import type { RestFailure } from "#worker/orders/domain/order-parts";
import type { ReleaseOutcome } from "#worker/orders/domain/order-contract";
import { shareFee, splitTotal } from "#worker/domain/money";
import { isChargebackClosed } from "#worker/orders/domain/chargebacks";
import { statement, type SqlStatement } from "#worker/db/statements";
import { hasStripeCode, isCardError, isStripeUnavailable, isUnexpectedState } from "#worker/payments/stripe-errors";

/** The buyer's card as the pay step takes it: its Stripe customer, its row, and its Stripe payment method. */
export interface Payer {
  customerId: string;
  accountMethodId: string;
  stripeMethodId: string;
}

/** Stripe's codes of a card that did not pay, for the page to word in the buyer's language. */
export type PayError = { code: string | null; declineCode: string | null };

/**
 * What `Order.pay` did with the buyer's money, for the page to say (the pay door answers it as it is): paid; waiting
 * for 3-D Secure (the intent's client secret and next action, for Stripe.js in the page; decision 057); declined;
 * charged but given back at once (the order had changed or ended); voided before any charge; or refused.
 */
export type OrderPayResult =
  | { status: "succeeded"; transactionId: string }
  | {
      status: "requires_action";
      transactionId: string;
      intentId: string;
      clientSecret: string;
      nextAction: Stripe.PaymentIntent.NextAction | null;
    }
  | { status: "failed"; transactionId: string; error: PayError }
  | { status: "refunded"; transactionId: string }
  | { status: "voided"; transactionId: string }
  | { status: "refused"; reason: "not_found" | "already_paid" | "not_payable" }
  /**
   * Stripe could not be reached or answer now. The card may or may not have been charged; paying again is safe (the
   * same intent is found again, never a second one), and the webhook or the reconciler records a charge that went through.
   */
  | { status: "unavailable" };

/**
 * The order's intent for its current total. The idempotency key names the order's version: a retried start after a
 * crash gets the same intent from Stripe, and a start after the price changed (a new version) a new one.
 */
export function createOrderIntent(
  stripe: Stripe,
  input: { orderId: string; version: number; amount: number; currency: string; customerId: string },
) {
  return stripe.paymentIntents.create(
    {
      amount: input.amount,
      currency: input.currency.toLowerCase(),
      customer: input.customerId,
      allowed_payment_method_types: ["card"],
      metadata: { orderId: input.orderId },
    },
    { idempotencyKey: `comet-order-${input.orderId}-payment-v${input.version}` },
  );
}

/**
 * A later part of an order, charged off-session when it falls due: a deposit order's rest when the work is delivered
 * (decision 100), or the reached stage's part of an order paid stage by stage when the stage before it is approved
 * (decision 101). An intent for the part, confirmed at once with the card and customer the first part was paid with
 * (read from its own intent), under a key naming the part and the order's version, so a retry after a crash or an
 * outage gets the same intent. The bank may want the client (`authentication_required`) or refuse the card: Stripe
 * answers 402 with the intent, left waiting for a payment method, which the client then pays in the page. A first part
 * with no card to charge again (paid outside Stripe) has no intent: the client pays the part in the page from the
 * start. Anything else (Stripe down) throws, for a retry.
 */
export async function chargePartOffSession(
  stripe: Stripe,
  input: {
    orderId: string;
    version: number;
    /** Which part: `rest`, or `stage-{index}`; in the key and the intent's metadata. */
    part: string;
    amount: number;
    currency: string;
    firstIntentId: string;
  },
): Promise<{ intent: Stripe.PaymentIntent | null; failure: RestFailure | null }> {
  const first = await stripe.paymentIntents.retrieve(input.firstIntentId);
  const idOf = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));
  const customer = idOf(first.customer);
  const paymentMethod = idOf(first.payment_method);
  if (!customer || !paymentMethod) return { intent: null, failure: "declined" };
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency.toLowerCase(),
        customer,
        payment_method: paymentMethod,
        off_session: true,
        confirm: true,
        allowed_payment_method_types: ["card"],
        metadata: { orderId: input.orderId, part: input.part },
      },
      { idempotencyKey: `comet-order-${input.orderId}-${input.part}-v${input.version}` },
    );
    return { intent, failure: intent.status === "succeeded" ? null : "authentication_required" };
  } catch (error) {
    if (!isCardError(error) || !error.payment_intent) throw error;
    const failure = error.code === "authentication_required" ? "authentication_required" : "declined";
    return { intent: error.payment_intent, failure };
  }
}

/** The card row a payment was paid with (the first part's, for a later part's transaction); null when it named none. */
export async function cardPaidWith(d1: D1Database, intentId: string): Promise<string | null> {
  const row = await d1
    .prepare("SELECT payment_account_method_id FROM payment_transactions WHERE stripe_payment_intent_id = ?")
    .bind(intentId)
    .first<{ payment_account_method_id: string | null }>();
  return row?.payment_account_method_id ?? null;
}

/**
 * The PENDING transaction of a started payment, its product and its fees (frozen now, from the money module), as rows
 * of the PAYMENT_STARTED projection. Keyed by the intent, so a replayed projection writes them once.
 */
export async function startedPaymentStatements(
  d1: D1Database,
  input: {
    transactionId: string;
    orderId: string;
    buyerId: string;
    payment: PaymentRef;
    /** The paying card's row; null when none is known (a deposit paid outside Stripe). */
    accountMethodId: string | null;
    now: number;
  },
): Promise<SqlStatement[]> {
  const { transactionId: id, orderId, buyerId, payment, accountMethodId, now } = input;
  const [currency, fees] = await d1.batch<Record<string, unknown>>([
    d1.prepare("SELECT id FROM currencies WHERE code = ?").bind(payment.currency),
    d1.prepare("SELECT id, numerator_value FROM fees WHERE is_active = 1 ORDER BY code"),
  ]);
  const currencyId = String(currency.results[0]?.id);
  const numerators = fees.results.map((f) => Number(f.numerator_value));
  const feeShares = shareFee(splitTotal(payment.amount, numerators).feeAmount, numerators);
  const ifNew = `WHERE EXISTS (SELECT 1 FROM payment_transactions WHERE id = ?)`;
  return [
    statement(
      `INSERT INTO payment_transactions (id, order_id, buyer_id, stripe_payment_intent_id, idempotency_key, amount, currency_id, payment_account_method_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      id,
      orderId,
      buyerId,
      payment.intentId,
      `comet-transaction-${payment.intentId}`,
      payment.amount,
      currencyId,
      accountMethodId,
      now,
      now,
    ),
    statement(
      `INSERT INTO payment_transaction_products (id, transaction_id, order_id, price_amount, price_currency_id, created_at, updated_at)
       SELECT ?, ?, ?, ?, ?, ?, ? ${ifNew} AND NOT EXISTS (SELECT 1 FROM payment_transaction_products WHERE transaction_id = ?)`,
      crypto.randomUUID(),
      id,
      orderId,
      payment.amount,
      currencyId,
      now,
      now,
      id,
      id,
    ),
    ...fees.results.map((fee, index) =>
      statement(
        `INSERT INTO payment_transaction_fees (id, transaction_id, fee_id, numerator_value, amount, created_at)
         SELECT ?, ?, ?, ?, ?, ? ${ifNew} ON CONFLICT DO NOTHING`,
        crypto.randomUUID(),
        id,
        String(fee.id),
        Number(fee.numerator_value),
        feeShares[index],
        now,
        id,
      ),
    ),
  ];
}

/**
 * Confirms the order's intent with the buyer's card, without a `return_url`: the intent takes cards only
 * (`allowed_payment_method_types`), which never need one, so Stripe answers a challenge with `use_stripe_sdk` for
 * Stripe.js to open in the page (`use_stripe_sdk: true` says a client SDK will handle it, as Stripe asks of a
 * server-side confirm; decision 057). A card error is a decline. An intent that moved on under us (voided, or confirmed
 * by a racing attempt before this one), or a confirmation whose answer was lost (it may have gone through), is read
 * again; if Stripe cannot be read either, that throws, and the pay step answers `unavailable`. Any other refusal of
 * Stripe's (a card it no longer knows, say) is a decline with Stripe's code: nothing was charged.
 */
export async function confirmOrderIntent(
  stripe: Stripe,
  orderId: string,
  intentId: string,
  stripeMethodId: string,
): Promise<{ intent: Stripe.PaymentIntent } | { declined: PayError }> {
  try {
    const intent = await stripe.paymentIntents.confirm(
      intentId,
      { payment_method: stripeMethodId, use_stripe_sdk: true },
      { idempotencyKey: `comet-order-${orderId}-confirm-${crypto.randomUUID()}` },
    );
    return { intent };
  } catch (error) {
    if (isCardError(error)) return { declined: { code: error.code ?? null, declineCode: error.decline_code ?? null } };
    if (isUnexpectedState(error) || isStripeUnavailable(error))
      return { intent: await stripe.paymentIntents.retrieve(intentId) };
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    console.error("pay: Stripe refused", error);
    return { declined: { code: error.code ?? null, declineCode: null } };
  }
}

/**
 * The transaction names the card its intent was last confirmed with, which is the card that pays: a retry of the same
 * open intent with another card (the first declined; issue 33's card choice) moves it, so the order's log names the
 * card that paid. Read from Stripe's intent, never from the request, so a racing attempt with another card cannot
 * mislabel it. A failure here is only logged: the payment itself has been decided.
 */
export async function noteConfirmedCard(d1: D1Database, intent: Stripe.PaymentIntent): Promise<void> {
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

/** The transaction of the payment that paid the order, as the PAID projection writes it. */
export const paidTransactionStatement = (payment: PaymentRef, now: number) =>
  statement(
    "UPDATE payment_transactions SET transaction_status = 'COMPLETED', paid_at = ?, updated_at = ? WHERE stripe_payment_intent_id = ? AND transaction_status = 'PENDING'",
    now,
    now,
    payment.intentId,
  );

/**
 * Gives back the money of one intent: voided if nothing was charged yet, else refunded: the rest of its charge, or,
 * with `refundAmount` (a staged order canceled after some stages were approved; decision 073), only until that much
 * has been refunded. Safe to repeat: each Stripe call has a key of its own (per order and intent), and an intent
 * already canceled, or refunded by at least what is owed, is simply read as such. An intent that succeeds while it is
 * being voided is read again and refunded.
 */
export async function releasePayment(
  stripe: Stripe,
  orderId: string,
  intentId: string,
  refundAmount?: number,
): Promise<ReleaseOutcome> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ["latest_charge"] });
    if (intent.status === "canceled") return "canceled";
    if (intent.status === "succeeded") {
      await refundOwed(stripe, orderId, intent, refundAmount);
      return "refunded";
    }
    try {
      await stripe.paymentIntents.cancel(
        intentId,
        {},
        { idempotencyKey: `comet-order-${orderId}-void-${intentId}-${attempt}` },
      );
      return "canceled";
    } catch (error) {
      if (!isUnexpectedState(error)) throw error;
    }
  }
  throw new Error(`payment ${intentId} of order ${orderId} could not be released`);
}

/**
 * Refunds what is still owed of the charge: all of it, or up to `refundAmount` refunded in all.
 * A charge the client's bank disputes cannot be refunded (Stripe's `charge_disputed`; the dispute's
 * `is_charge_refundable` is false, decision 103): the bank decides where the money goes. While it has not decided, this
 * throws and the object tries again later, as with any owed work. Once it has, there is nothing Stripe will refund: lost,
 * the client has their money back through the bank; won, the platform holds a canceled order's money, which the
 * reconciler reports (`net_mismatch`) for a person to give back another way.
 */
async function refundOwed(
  stripe: Stripe,
  orderId: string,
  intent: Stripe.PaymentIntent,
  refundAmount: number | undefined,
): Promise<void> {
  const charge = intent.latest_charge as Stripe.Charge | null;
  const owed = charge ? (refundAmount ?? charge.amount_captured) - charge.amount_refunded : null;
  if (owed !== null && owed <= 0) return;
  try {
    await stripe.refunds.create(
      {
        payment_intent: intent.id,
        ...(refundAmount !== undefined && owed !== null && { amount: owed }),
        reason: "requested_by_customer",
        metadata: { orderId },
      },
      { idempotencyKey: `comet-order-${orderId}-refund-${intent.id}` },
    );
  } catch (error) {
    if (hasStripeCode(error, "charge_already_refunded")) return;
    if (hasStripeCode(error, "charge_disputed") && (await bankHasDecided(stripe, intent.id))) return;
    throw error;
  }
}

/** Whether every dispute of the intent's charge is closed: the bank has said where the money goes. */
async function bankHasDecided(stripe: Stripe, intentId: string): Promise<boolean> {
  const disputes = await stripe.disputes.list({ payment_intent: intentId, limit: 100 });
  return disputes.data.every((dispute) => isChargebackClosed(dispute.status));
}

/**
 * The transaction once its money is given back: CANCELED if nothing was charged; if it was, REFUNDED with the whole
 * amount refunded, or PARTIALLY_REFUNDED with `refundAmount` when that is less (with when it was paid, either way).
 */
export const releasedTransactionStatement = (
  intentId: string,
  outcome: ReleaseOutcome,
  now: number,
  refundAmount?: number,
) =>
  outcome === "canceled"
    ? statement(
        `UPDATE payment_transactions SET transaction_status = 'CANCELED', updated_at = ?
         WHERE stripe_payment_intent_id = ? AND transaction_status IN ('PENDING', 'COMPLETED')`,
        now,
        intentId,
      )
    : statement(
        `UPDATE payment_transactions SET refunded_amount = min(amount, coalesce(?1, amount)),
           transaction_status = CASE WHEN coalesce(?1, amount) < amount THEN 'PARTIALLY_REFUNDED' ELSE 'REFUNDED' END,
           paid_at = coalesce(paid_at, ?2), updated_at = ?2
         WHERE stripe_payment_intent_id = ?3 AND transaction_status IN ('PENDING', 'COMPLETED')`,
        refundAmount ?? null,
        now,
        intentId,
      );

/** The transaction id of an intent the order recorded (a payment started again reuses it). */
export async function transactionIdOf(d1: D1Database, intentId: string): Promise<string | null> {
  const row = await d1
    .prepare("SELECT id FROM payment_transactions WHERE stripe_payment_intent_id = ?")
    .bind(intentId)
    .first<{ id: string }>();
  return row?.id ?? null;
}

/**
 * A Stripe outage as a result, not a throw: an error thrown from an object's method reaches the Worker through RPC as a
 * plain Error (the SDK's classes are lost on the way), which the Worker could no longer tell from a bug.
 */
export async function unavailableOnStripeOutage<T>(run: () => Promise<T>): Promise<T | { status: "unavailable" }> {
  try {
    return await run();
  } catch (error) {
    if (!isStripeUnavailable(error)) throw error;
    console.error("Stripe unavailable", error);
    return { status: "unavailable" };
  }
}
