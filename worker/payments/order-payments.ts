/**
 * Paying for an order (spec section 4 "Payment flow", section 7 pay and `intent/payment/get`; decision 018).
 * - One PaymentIntent per order, created once with an idempotency key derived from the order; each attempt then
 *   confirms it with the buyer's card (a declined card can be retried with another on the same intent).
 * - The order becomes paid only by reading the intent from Stripe: after the confirm, on `payment_intent.succeeded`,
 *   or when the page checks the intent after 3-D Secure. Whichever comes first records it; the transaction row moves
 *   PENDING → COMPLETED once, and the Order Durable Object's `markPaid` is a no-op the second time.
 */
import type Stripe from "stripe";
import { shareFee, splitTotal } from "../domain/money";
import type { Database } from "../db/client";
import type { StoredOrder } from "../services/orders";
import type { Order } from "../../durable-objects/order";
import { listCards } from "./cards";
import { ensureStripeCustomer } from "./customers";
import { hasStripeCode, isCardError, isUnexpectedState } from "./stripe-errors";

export interface PaymentDeps {
  db: Database;
  stripe: Stripe;
  orders: DurableObjectNamespace<Order>;
}

export type PayResult =
  | { status: "succeeded"; transactionId: string }
  | { status: "requires_action"; transactionId: string; intentId: string; clientSecret: string; nextAction: Stripe.PaymentIntent.NextAction | null }
  | { status: "failed"; transactionId: string; error: { code: string | null; declineCode: string | null } }
  | { status: "refused"; reason: "not_found" | "already_paid" | "not_payable" | "no_payment_method" };

interface TransactionRow {
  id: string;
  order_id: string;
  buyer_id: string;
  stripe_payment_intent_id: string | null;
  transaction_status: string;
  amount: number;
}

const orderStub = (deps: PaymentDeps, orderId: string) => deps.orders.get(deps.orders.idFromName(orderId));
const d1Of = (deps: PaymentDeps) => deps.db.$client;

/** The buyer pays: their chosen card, else their first saved card. */
export async function payOrder(
  deps: PaymentDeps,
  input: {
    orderId: string;
    buyer: { userAccountId: string; commissionAccountId: string; email: string };
    accountMethodId?: string;
    /** Where 3-D Secure sends the buyer back: the order's page, by its public code. */
    returnUrl: (orderCode: string) => string;
  },
  now = Date.now(),
): Promise<PayResult> {
  const order = await orderStub(deps, input.orderId).get(input.orderId);
  if (!order || order.state.buyerId !== input.buyer.commissionAccountId) return { status: "refused", reason: "not_found" };
  if (order.state.payment === "COMPLETED") return { status: "refused", reason: "already_paid" };
  if (order.state.progress !== "APPROVED" || !order.state.priceAmount) return { status: "refused", reason: "not_payable" };
  const cards = await listCards(deps.db, input.buyer.userAccountId);
  const card = cards.find((c) => !input.accountMethodId || c.id === input.accountMethodId);
  if (!card) return { status: "refused", reason: "no_payment_method" };

  const transaction = await ensureTransaction(deps, order, input.buyer, card.id, now);
  let intent: Stripe.PaymentIntent;
  try {
    intent = await deps.stripe.paymentIntents.confirm(
      transaction.stripe_payment_intent_id!,
      { payment_method: card.stripeMethodId, return_url: input.returnUrl(order.code) },
      { idempotencyKey: `comet-order-${order.orderId}-confirm-${crypto.randomUUID()}` },
    );
  } catch (error) {
    if (isCardError(error)) return { status: "failed", transactionId: transaction.id, error: { code: error.code ?? null, declineCode: error.decline_code ?? null } };
    // Already confirmed by a racing attempt: the intent says how it ended.
    if (!isUnexpectedState(error)) throw error;
    intent = await deps.stripe.paymentIntents.retrieve(transaction.stripe_payment_intent_id!);
  }
  return answerFor(deps, transaction.id, intent, now);
}

/** `intent/payment/get`: the buyer's page asks how its payment stands (after 3-D Secure, or after a failure). */
export async function checkPayment(deps: PaymentDeps, input: { intentId: string; transactionId: string; buyerCommissionAccountId: string }, now = Date.now()) {
  const transaction = await d1Of(deps)
    .prepare("SELECT * FROM payment_transactions WHERE id = ? AND stripe_payment_intent_id = ? AND buyer_id = ?")
    .bind(input.transactionId, input.intentId, input.buyerCommissionAccountId)
    .first<TransactionRow>();
  if (!transaction) return null;
  const intent = await deps.stripe.paymentIntents.retrieve(input.intentId);
  await reconcilePaymentIntent(deps, intent, now);
  return { status: intent.status, nextAction: intent.next_action, clientSecret: intent.client_secret };
}

/** Records a succeeded intent once: the transaction, then the order (idempotent in the Durable Object). */
async function reconcilePaymentIntent(deps: PaymentDeps, intent: Stripe.PaymentIntent, now = Date.now()): Promise<void> {
  if (intent.status !== "succeeded") return;
  const transaction = await d1Of(deps).prepare("SELECT * FROM payment_transactions WHERE stripe_payment_intent_id = ?").bind(intent.id).first<TransactionRow>();
  if (!transaction) return;
  await d1Of(deps)
    .prepare("UPDATE payment_transactions SET transaction_status = 'COMPLETED', paid_at = ?, updated_at = ? WHERE id = ? AND transaction_status = 'PENDING'")
    .bind(now, now, transaction.id)
    .run();
  await orderStub(deps, transaction.order_id).act(transaction.order_id, { type: "markPaid" }, "system");
}

/** The webhook's way in: read the intent again rather than trust the event's copy (it may be stale or reordered). */
export async function reconcilePaymentIntentById(deps: PaymentDeps, intentId: string): Promise<void> {
  await reconcilePaymentIntent(deps, await deps.stripe.paymentIntents.retrieve(intentId));
}

async function answerFor(deps: PaymentDeps, transactionId: string, intent: Stripe.PaymentIntent, now: number): Promise<PayResult> {
  if (intent.status === "succeeded") {
    await reconcilePaymentIntent(deps, intent, now);
    return { status: "succeeded", transactionId };
  }
  if (intent.status === "requires_action") {
    return { status: "requires_action", transactionId, intentId: intent.id, clientSecret: intent.client_secret!, nextAction: intent.next_action };
  }
  const error = intent.last_payment_error;
  return { status: "failed", transactionId, error: { code: error?.code ?? null, declineCode: error?.decline_code ?? null } };
}

/**
 * The order's one PaymentIntent and its PENDING transaction, created the first time (concurrent first payments send
 * the same idempotency key, so Stripe makes one intent, and the transaction's unique key keeps one row). The fee and
 * the product are frozen with it, from the money module. A price changed since is carried to the intent.
 */
async function ensureTransaction(deps: PaymentDeps, order: StoredOrder, buyer: { userAccountId: string; email: string }, methodId: string, now: number): Promise<TransactionRow> {
  const key = `comet-order-${order.orderId}-payment`;
  const amount = order.state.priceAmount!;
  const existing = await d1Of(deps).prepare("SELECT * FROM payment_transactions WHERE idempotency_key = ?").bind(key).first<TransactionRow>();
  if (existing) {
    if (existing.amount !== amount && existing.transaction_status === "PENDING") {
      await deps.stripe.paymentIntents.update(existing.stripe_payment_intent_id!, { amount });
      await d1Of(deps).prepare("UPDATE payment_transactions SET amount = ?, updated_at = ? WHERE id = ?").bind(amount, now, existing.id).run();
      return { ...existing, amount };
    }
    return existing;
  }
  const currency = await d1Of(deps)
    .prepare("SELECT c.id, c.code FROM commission_orders o JOIN currencies c ON c.id = o.price_currency_id WHERE o.id = ?")
    .bind(order.orderId)
    .first<{ id: string; code: string }>();
  const fee = await d1Of(deps).prepare("SELECT id, numerator_value FROM fees WHERE is_active = 1 ORDER BY code").all<{ id: string; numerator_value: number }>();
  const customer = await ensureStripeCustomer(deps.db, deps.stripe, { accountId: buyer.userAccountId, email: buyer.email });
  const intent = await deps.stripe.paymentIntents.create(
    { amount, currency: currency!.code.toLowerCase(), customer, allowed_payment_method_types: ["card"], metadata: { orderId: order.orderId } },
    { idempotencyKey: key },
  );
  const id = crypto.randomUUID();
  const numerators = fee.results.map((f) => f.numerator_value);
  const feeShares = shareFee(splitTotal(amount, numerators).feeAmount, numerators);
  await d1Of(deps).batch([
    d1Of(deps)
      .prepare(
        `INSERT INTO payment_transactions (id, order_id, buyer_id, stripe_payment_intent_id, idempotency_key, amount, currency_id, payment_account_method_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING`,
      )
      .bind(id, order.orderId, order.state.buyerId, intent.id, key, amount, currency!.id, methodId, now, now),
    d1Of(deps)
      .prepare(
        `INSERT INTO payment_transaction_products (id, transaction_id, order_id, price_amount, price_currency_id, created_at, updated_at)
         SELECT ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM payment_transactions WHERE id = ?)`,
      )
      .bind(crypto.randomUUID(), id, order.orderId, amount, currency!.id, now, now, id),
    ...fee.results.map((f, index) =>
      d1Of(deps)
        .prepare(
          `INSERT INTO payment_transaction_fees (id, transaction_id, fee_id, numerator_value, amount, created_at)
           SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM payment_transactions WHERE id = ?)`,
        )
        .bind(crypto.randomUUID(), id, f.id, f.numerator_value, feeShares[index], now, id),
    ),
  ]);
  return (await d1Of(deps).prepare("SELECT * FROM payment_transactions WHERE idempotency_key = ?").bind(key).first<TransactionRow>())!;
}

/**
 * A paid order being canceled is refunded in full first (decision 020): the Order Durable Object calls this before it
 * records the cancellation, so an order is never CANCELED with the client's money kept. The refund's idempotency key
 * is the order's, so a retried cancel refunds once; a charge already refunded counts as done.
 */
export async function refundOrderPayment(d1: D1Database, stripe: Stripe, orderId: string, now = Date.now()): Promise<void> {
  const transaction = await d1
    .prepare("SELECT id, stripe_payment_intent_id FROM payment_transactions WHERE order_id = ? AND transaction_status IN ('COMPLETED', 'REFUNDED')")
    .bind(orderId)
    .first<{ id: string; stripe_payment_intent_id: string }>();
  if (!transaction) return;
  try {
    await stripe.refunds.create({ payment_intent: transaction.stripe_payment_intent_id, reason: "requested_by_customer", metadata: { orderId } }, { idempotencyKey: `comet-order-${orderId}-refund` });
  } catch (error) {
    if (!hasStripeCode(error, "charge_already_refunded")) throw error;
  }
  await d1.prepare("UPDATE payment_transactions SET transaction_status = 'REFUNDED', updated_at = ? WHERE id = ? AND transaction_status = 'COMPLETED'").bind(now, transaction.id).run();
}
