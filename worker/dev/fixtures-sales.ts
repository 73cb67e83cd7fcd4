/**
 * A sale whose client's week to report a problem is over (decision 092): the order `orderId` (a DRAFT from the `order`
 * fixture, its object not yet woken) paid by card at the emulator ten days ago and delivered eight days ago, its
 * completion deadline still a day ahead. The creator's Complete then pays out at once, as it does for any order
 * completed more than a week after its delivery; the browser tests see a transfer without moving the server's clock.
 * Registered with the others in fixtures.ts; development and test builds only.
 */
import { createStripe } from "../payments/stripe-client";
import { DAY, type Env, type Fields, required, str } from "./fixture-input";

export async function saleDeliveredLastWeek(env: Env, input: Fields) {
  const d1 = env.DB;
  const orderId = str(input, "orderId");
  const order = required(
    await d1
      .prepare(
        `SELECT o.price_amount AS amount, c.code AS currency, o.price_currency_id AS currency_id, o.buyer_id
         FROM commission_orders o JOIN currencies c ON c.id = o.price_currency_id
         WHERE o.id = ? AND o.order_progress_status = 'DRAFT'`,
      )
      .bind(orderId)
      .first<{ amount: number; currency: string; currency_id: string; buyer_id: string }>(),
    "draft order",
  );
  const stripe = createStripe(required(env.stripe, "the Stripe settings"));
  const intent = await stripe.paymentIntents.create(
    {
      amount: order.amount,
      currency: order.currency.toLowerCase(),
      payment_method: "pm_card_visa",
      confirm: true,
      metadata: { orderId },
    },
    { idempotencyKey: `comet-fixture-${orderId}-payment` },
  );
  const now = Date.now();
  const paidAt = now - 10 * DAY;
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO payment_transactions (id, order_id, buyer_id, transaction_status, stripe_payment_intent_id, idempotency_key, amount, currency_id, paid_at, created_at, updated_at)
         VALUES (?, ?, ?, 'COMPLETED', ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        crypto.randomUUID(),
        orderId,
        order.buyer_id,
        intent.id,
        `comet-transaction-${intent.id}`,
        order.amount,
        order.currency_id,
        paidAt,
        paidAt,
        paidAt,
      ),
    d1
      .prepare(
        `UPDATE commission_orders SET order_progress_status = 'DELIVERED', order_payment_status = 'COMPLETED',
           order_chat_status = 'OPENED', approved_at = ?, paid_at = ?, delivery_deadline = ?, delivered_at = ?,
           completion_deadline = ? WHERE id = ?`,
      )
      .bind(paidAt - DAY, paidAt, paidAt + 30 * DAY, now - 8 * DAY, now + DAY, orderId),
    d1.prepare("UPDATE chat_rooms SET room_status = 'OPENED' WHERE order_id = ?").bind(orderId),
  ]);
  return { intentId: intent.id };
}
