/**
 * The order's D1 side (docs/decisions/020). The Order Durable Object is the only writer of an order; it reads the
 * order here once, when it first wakes for it, and after each accepted transition writes, in one batch, the
 * projection list pages read (`commission_orders`), the event log and the notifications. Every row of that batch is
 * keyed by the order's version, so a batch replayed after a crash writes nothing twice.
 */
import type { OrderActor, OrderEventType, OrderState, ServiceDetails } from "../domain/order";
import { orderNotifications } from "../domain/order-notifications";

export interface StoredOrder {
  orderId: string;
  code: string;
  /** Transitions applied so far; the event log's ids are "{orderId}:{version}". */
  version: number;
  state: OrderState;
  /** The user accounts behind the seller's and buyer's commission accounts, who get the notifications. */
  sellerUserId: string;
  buyerUserId: string;
}

const n = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The order as D1 has it, for the object's first load; null when there is no such order. */
export async function loadOrder(d1: D1Database, orderId: string): Promise<StoredOrder | null> {
  const row = await d1
    .prepare(
      `SELECT o.*, sa.user_account_id AS seller_user_id, ba.user_account_id AS buyer_user_id,
         (SELECT count(*) FROM commission_order_deliverables d JOIN media_attachments a
            ON a.owner_type = 'commission_order_deliverable' AND a.owner_id = d.id WHERE d.order_id = o.id) AS deliverable_count,
         (SELECT coalesce(max(version), 0) FROM commission_order_events e WHERE e.order_id = o.id) AS version
       FROM commission_orders o
       JOIN commission_accounts sa ON sa.id = o.seller_id JOIN commission_accounts ba ON ba.id = o.buyer_id
       WHERE o.id = ?`,
    )
    .bind(orderId)
    .first<Record<string, unknown>>();
  if (!row) return null;
  return {
    orderId,
    code: String(row.code),
    version: Number(row.version),
    sellerUserId: String(row.seller_user_id),
    buyerUserId: String(row.buyer_user_id),
    state: {
      sellerId: String(row.seller_id),
      buyerId: String(row.buyer_id),
      progress: row.order_progress_status as OrderState["progress"],
      payment: row.order_payment_status as OrderState["payment"],
      chat: row.order_chat_status as OrderState["chat"],
      priceAmount: n(row.price_amount),
      deliverableCount: Number(row.deliverable_count),
      estimatedStart: n(row.estimated_start),
      estimatedDelivery: n(row.estimated_delivery),
      submittedAt: Number(row.submitted_at),
      approvedAt: n(row.approved_at),
      paidAt: null,
      deliveredAt: n(row.delivered_at),
      completedAt: n(row.completed_at),
      canceledAt: n(row.canceled_at),
      approvalDeadline: n(row.approval_deadline),
      paymentDeadline: n(row.payment_deadline),
      deliveryDeadline: n(row.delivery_deadline),
      completionDeadline: n(row.completion_deadline),
    },
  };
}

export interface Transition {
  order: StoredOrder;
  next: OrderState;
  event: OrderEventType;
  actor: OrderActor;
  actorAccountId: string | null;
  now: number;
  /** Rows the transition itself changes (a deliverable's media and attachment), written in the same batch as its event. */
  statements?: D1PreparedStatement[];
}

/** One batch: the projection, the event, the notifications, and the transition's own rows. */
export async function recordTransition(d1: D1Database, { order, next, event, actor, actorAccountId, now, statements: own = [] }: Transition): Promise<void> {
  const version = order.version + 1;
  const eventId = `${order.orderId}:${version}`;
  const statements = [
    d1
      .prepare(
        `UPDATE commission_orders SET order_progress_status = ?, order_payment_status = ?, order_chat_status = ?, price_amount = ?,
           estimated_start = ?, estimated_delivery = ?, approved_at = ?, delivered_at = ?, completed_at = ?, canceled_at = ?,
           approval_deadline = ?, payment_deadline = ?, delivery_deadline = ?, completion_deadline = ?, updated_at = ?
         WHERE id = ?`,
      )
      .bind(
        next.progress, next.payment, next.chat, next.priceAmount, next.estimatedStart, next.estimatedDelivery, next.approvedAt,
        next.deliveredAt, next.completedAt, next.canceledAt, next.approvalDeadline, next.paymentDeadline, next.deliveryDeadline,
        next.completionDeadline, now, order.orderId,
      ),
    d1
      .prepare(
        `INSERT INTO commission_order_events (id, order_id, version, event_type, actor, actor_account_id, before, after, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      )
      .bind(eventId, order.orderId, version, event, actor, actorAccountId, JSON.stringify(order.state), JSON.stringify(next), now),
    ...orderNotifications(event, actor, order.code).map((notice) =>
      d1
        .prepare(
          `INSERT INTO notifications (id, recipient_user_account_id, notification_type, href, order_id, dedupe_key, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING`,
        )
        .bind(crypto.randomUUID(), notice.side === "seller" ? order.sellerUserId : order.buyerUserId, notice.type, notice.href, order.orderId, `${eventId}:${notice.side}`, now),
    ),
    ...own,
  ];
  await d1.batch(statements);
}

/** The commission account of a user (one each), which the order's seller and buyer ids name. */
export async function commissionAccountOf(d1: D1Database, userAccountId: string): Promise<string | null> {
  const row = await d1.prepare("SELECT id FROM commission_accounts WHERE user_account_id = ?").bind(userAccountId).first<{ id: string }>();
  return row?.id ?? null;
}

/**
 * The rows an updateServiceDetails transition writes with its event (decision 020): the snapshot's title and
 * description (the order service's, else the order form's, which is what the order shows as its title) replaced by
 * the seller's text, in their language, as the original.
 */
export async function serviceDetailsStatements(d1: D1Database, orderId: string, details: ServiceDetails): Promise<D1PreparedStatement[] | null> {
  const target = await d1
    .prepare(
      `SELECT coalesce((SELECT 'commission_order_service' FROM commission_order_services WHERE order_id = ?1), 'commission_order_form') AS type,
         coalesce((SELECT id FROM commission_order_services WHERE order_id = ?1), (SELECT id FROM commission_order_forms WHERE order_id = ?1)) AS id`,
    )
    .bind(orderId)
    .first<{ type: string; id: string | null }>();
  if (!target?.id) return null;
  const insert = (field: string, text: string) =>
    d1
      .prepare("INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, ?, ?, ?, ?, 1, ?)")
      .bind(crypto.randomUUID(), target.type, target.id, field, details.languageCode, text);
  return [
    d1.prepare("DELETE FROM localized_texts WHERE entity_type = ? AND entity_id = ? AND field IN ('title', 'description')").bind(target.type, target.id),
    insert("title", details.title),
    ...(details.description ? [insert("description", details.description)] : []),
  ];
}
