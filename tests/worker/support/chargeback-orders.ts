// Chargebacks for the tests of decision 103: an order paid with one of Stripe's dispute test cards (the emulator's bank
// disputes the charge a moment later), the emulator's events about that dispute delivered to the Worker's webhook,
// Dispute events made by hand for orders and moments no card reaches, and what the Worker recorded.
import { env } from "cloudflare:workers";
import type Stripe from "stripe";
import { expect } from "vitest";
import { transferIdempotencyKey } from "#worker/orders/domain/payouts";
import { sent } from "./chat-fixtures";
import { creator } from "./connect-helpers";
import { call } from "./helpers";
import { insertOrderIn, newParty, type OrderStateName, type Party } from "./order-states";
import { deliver, eventsAbout, platform } from "./payments-helpers";

/** An order in `state` its client paid by card (a real intent at the emulator), by default the fraud dispute card. */
export async function orderPaidWith(
  state: OrderStateName,
  seller: Party,
  buyer: Party,
  { card = "pm_card_createDispute", amount = 10_000 } = {},
) {
  const order = await insertOrderIn(state, seller, buyer);
  const intent = await platform().paymentIntents.create({
    amount,
    currency: "jpy",
    payment_method: card,
    confirm: true,
    metadata: { orderId: order.id },
  });
  const now = Date.now();
  const transactionId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare("UPDATE commission_orders SET price_amount = ? WHERE id = ?").bind(amount, order.id),
    env.DB.prepare(
      `INSERT INTO payment_transactions (id, order_id, buyer_id, transaction_status, stripe_payment_intent_id, idempotency_key, amount, currency_id, paid_at, created_at, updated_at)
       VALUES (?, ?, ?, 'COMPLETED', ?, ?, ?, (SELECT id FROM currencies WHERE code = 'JPY'), ?, ?, ?)`,
    ).bind(
      transactionId,
      order.id,
      buyer.commissionAccountId,
      intent.id,
      `comet-order-${order.id}-payment`,
      amount,
      now,
      now,
      now,
    ),
  ]);
  return { ...order, intentId: intent.id, transactionId, chargeId: intent.latest_charge as string };
}

/** The emulator's dispute of a charge, once its bank has acted (a background step right after the charge). */
export async function disputeOfIntent(intentId: string): Promise<Stripe.Dispute> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const [dispute] = (await platform().disputes.list({ payment_intent: intentId })).data;
    if (dispute) return dispute;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no dispute of ${intentId}`);
}

/** The bank decides a dispute without evidence (the emulator's test-only door): won or lost. */
export async function bankDecides(disputeId: string, outcome: "won" | "lost") {
  const response = await fetch(`http://127.0.0.1:${env.STRIPE_API_PORT}/_emulator/disputes/${disputeId}/decide`, {
    method: "POST",
    body: new URLSearchParams({ outcome }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Every event the emulator made about the dispute, oldest first, delivered to the webhook; answers them. */
export async function deliverDisputeEvents(disputeId: string): Promise<Stripe.Event[]> {
  const events = (await eventsAbout([disputeId])).reverse();
  for (const event of events) expect((await deliver(event)).status).toBe(200);
  return events;
}

/** A Dispute as Stripe sends it in a `charge.dispute.*` event, for a charge and moment no test card makes. */
export function disputeObject(
  over: Partial<Stripe.Dispute> & { id: string; payment_intent: string | null },
  createdSeconds: number,
): Stripe.Dispute {
  return {
    object: "dispute",
    amount: 10_000,
    balance_transactions: [],
    charge: `ch_${over.id}`,
    created: createdSeconds,
    currency: "jpy",
    evidence: {} as Stripe.Dispute.Evidence,
    evidence_details: {
      due_by: createdSeconds + 7 * 86_400,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    reason: "fraudulent",
    status: "needs_response",
    ...over,
  } as Stripe.Dispute;
}

let eventCount = 0;
/** A signed `charge.dispute.*` event about the dispute, made at `createdSeconds`. */
export function disputeEvent(type: string, dispute: Stripe.Dispute, createdSeconds: number): Stripe.Event {
  return {
    id: `evt_chargeback_${Date.now()}_${++eventCount}`,
    object: "event",
    api_version: "2025-08-27.basil",
    created: createdSeconds,
    data: { object: dispute },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as unknown as Stripe.Event;
}

/** A balance transaction of the dispute: the bank's withdrawal (negative) or its reinstatement. */
export const disputeMoney = (amount: number) => ({ amount, currency: "jpy" }) as Stripe.BalanceTransaction;

export const chargebackRows = async (disputeId: string) =>
  (
    await env.DB.prepare("SELECT * FROM chargebacks WHERE stripe_dispute_id = ?")
      .bind(disputeId)
      .all<Record<string, unknown>>()
  ).results;

/** How many chargeback notices of each kind the order's parties have, as `type:recipient` → count. */
export async function chargebackNotices(orderId: string): Promise<Record<string, number>> {
  const { results } = await env.DB.prepare(
    `SELECT n.notification_type AS type, CASE WHEN n.recipient_user_account_id = sa.user_account_id THEN 'seller' ELSE 'buyer' END AS side,
       count(*) AS count FROM notifications n JOIN commission_orders o ON o.id = n.order_id JOIN commission_accounts sa ON sa.id = o.seller_id
     WHERE n.order_id = ? AND n.notification_type LIKE 'COMMISSION_ORDER_CHARGEBACK_%' GROUP BY 1, 2`,
  )
    .bind(orderId)
    .all<{ type: string; side: string; count: number }>();
  return Object.fromEntries(
    results.map((r) => [`${r.type.replace("COMMISSION_ORDER_CHARGEBACK_", "")}:${r.side}`, r.count]),
  );
}

/** The order's share written HELD, as a completion (or a stage's approval) writes it. */
export async function heldPayout(
  order: { id: string; transactionId: string },
  seller: Party,
  amount = 9_000,
  key?: string,
) {
  await env.DB.prepare(
    `INSERT INTO creator_payouts (id, order_id, transaction_id, seller_user_account_id, amount, currency_id, idempotency_key, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, (SELECT id FROM currencies WHERE code = 'JPY'), ?, ?, ?)`,
  )
    .bind(
      crypto.randomUUID(),
      order.id,
      order.transactionId,
      seller.userAccountId,
      amount,
      key ?? transferIdempotencyKey(order.id),
      Date.now(),
      Date.now(),
    )
    .run();
}

export const payoutStatuses = async (orderId: string) =>
  (
    await env.DB.prepare("SELECT payout_status FROM creator_payouts WHERE order_id = ? ORDER BY created_at")
      .bind(orderId)
      .all<{ payout_status: string }>()
  ).results.map((r) => r.payout_status);

/**
 * A paid order (the fraud dispute card) with a word in its chat each way, its file stored and delivered by its creator:
 * the record a chargeback's evidence is gathered from. The bank's dispute is made by then; the caller hears it.
 */
export async function chattedAndDelivered() {
  const [seller, buyer] = await Promise.all([creator(), newParty()]);
  const order = await orderPaidWith("PAID", seller, buyer);
  const roomId = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO chat_rooms (id, order_id, room_status) VALUES (?, ?, 'OPENED')")
    .bind(roomId, order.id)
    .run();
  await sent(buyer.cookie, roomId, { text: "A fox in the snow, please." });
  await sent(seller.cookie, roomId, { text: "Here is your fox." });
  const file = await env.DB.prepare(
    `SELECT m.file_url AS url FROM commission_order_deliverables d JOIN media_attachments a ON a.owner_type = 'commission_order_deliverable'
     AND a.owner_id = d.id JOIN media m ON m.id = a.media_id WHERE d.order_id = ?`,
  )
    .bind(order.id)
    .first<{ url: string }>();
  await env.MEDIA.put(file!.url.replace(/^\/media\//, ""), new Uint8Array(68));
  const delivered = await call("/api/features/commission/order/deliver", {
    method: "POST",
    cookie: seller.cookie,
    json: { orderId: order.id },
  });
  expect(delivered.status, await delivered.clone().text()).toBe(200);
  return { order, seller, buyer, fileUrl: file!.url };
}

/** The row Comet keeps of a Stripe dispute, by its id. */
export async function chargebackIdOf(disputeId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT id FROM chargebacks WHERE stripe_dispute_id = ?")
    .bind(disputeId)
    .first<{ id: string }>();
  return row!.id;
}
