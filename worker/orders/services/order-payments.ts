/**
 * An order's payment rows as the Worker reads them (spec section 4 "Payment flow", section 7; decisions 018, 047, 081).
 * The payment itself goes one way (issue 61): the pay door asks the Order object once (`Order.pay`: the intent made or
 * found, confirmed with the buyer's card, taken or given back, in its queue), and every other path that learns an
 * intent's outcome (the page's check after 3-D Secure, the return from a redirect, a webhook, the reconciler) hands it
 * to `settleIntent` (worker/orders/settle-intent.ts), which asks the object once (`recordPayment`). The object writes
 * every `payment_transactions` row (durable-objects/order-stripe.ts); this file only reads them, for the doors.
 */

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

/** Whether the transaction is the order's (the spec's pay payload may name one; another order's is refused). */
export async function isTransactionOf(d1: D1Database, transactionId: string, orderId: string): Promise<boolean> {
  return Boolean(
    await d1
      .prepare("SELECT 1 FROM payment_transactions WHERE id = ? AND order_id = ?")
      .bind(transactionId, orderId)
      .first(),
  );
}

/**
 * The buyer's own transaction of an intent, by the intent and, when the caller names it, the transaction: its id and
 * its order. Null for an intent of no transaction of theirs (someone else's reads as none).
 */
export async function buyerTransactionOf(
  d1: D1Database,
  input: { intentId: string; transactionId?: string; buyerCommissionAccountId: string },
): Promise<{ transactionId: string; orderId: string } | null> {
  const row = await d1
    .prepare(
      `SELECT id, order_id FROM payment_transactions
       WHERE stripe_payment_intent_id = ?1 AND buyer_id = ?2 AND (?3 IS NULL OR id = ?3)`,
    )
    .bind(input.intentId, input.buyerCommissionAccountId, input.transactionId ?? null)
    .first<{ id: string; order_id: string }>();
  return row ? { transactionId: row.id, orderId: row.order_id } : null;
}

/** The order an intent's transaction belongs to, if D1 recorded one. */
export async function orderOfIntent(d1: D1Database, intentId: string): Promise<string | null> {
  const row = await d1
    .prepare("SELECT order_id FROM payment_transactions WHERE stripe_payment_intent_id = ?")
    .bind(intentId)
    .first<{ order_id: string }>();
  return row?.order_id ?? null;
}
