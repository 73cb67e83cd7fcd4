/**
 * The order's D1 side (docs/decisions/020, 047). The Order Durable Object is the only writer of an order and keeps it in
 * its own storage; it reads the order here once, when it first wakes for it. Each accepted transition's projection
 * (the row list pages read, the event log, the notifications, the transition's own rows) is built here as data,
 * stored by the object with the new state, then written to D1 in one batch. The row's `version` makes that write
 * conditional: a batch replayed after a crash finds its version already there and changes nothing.
 */
import { isCategoryCodeShape, type ServiceDetails } from "../domain/order";
import type { OrderActor, OrderEventType, OrderState } from "../domain/order-types";
import type { StoredOrder } from "../domain/order-contract";
import { isDisputed } from "../domain/disputes";
import { orderNotifications } from "../domain/order-notifications";
import { orderStateOfRow } from "../../db/order-row";
import { statement, prepared, type SqlStatement } from "../../db/statements";
import { inviteCompletedStatements } from "../../services/invitations";
import { offerStatements } from "../../services/waitlist-sql";

// The row's reading is the one mapping every order reader shares (db/order-row.ts); parseStages is read from here too.
export { parseStages } from "../../db/order-row";

/** The order as D1 has it, for the object's first load; null when there is no such order. */
export async function loadOrder(d1: D1Database, orderId: string): Promise<StoredOrder | null> {
  const row = await d1
    .prepare(
      `SELECT o.*, sa.user_account_id AS seller_user_id, ba.user_account_id AS buyer_user_id, cu.code AS currency_code,
         (SELECT id FROM chat_rooms WHERE order_id = o.id LIMIT 1) AS chat_room_id,
         (SELECT count(*) FROM commission_order_deliverables d JOIN media_attachments a
            ON a.owner_type = 'commission_order_deliverable' AND a.owner_id = d.id WHERE d.order_id = o.id) AS deliverable_count,
         op.stripe_payment_intent_id AS open_intent_id, op.amount AS open_amount, opc.code AS open_currency,
         pp.stripe_payment_intent_id AS paid_intent_id, pp.amount AS paid_amount, ppc.code AS paid_currency
       FROM commission_orders o
       JOIN commission_accounts sa ON sa.id = o.seller_id JOIN commission_accounts ba ON ba.id = o.buyer_id
       JOIN currencies cu ON cu.id = o.price_currency_id
       LEFT JOIN payment_transactions op ON op.id = (SELECT id FROM payment_transactions WHERE order_id = o.id AND transaction_status = 'PENDING'
         AND stripe_payment_intent_id IS NOT NULL ORDER BY created_at DESC LIMIT 1)
       LEFT JOIN currencies opc ON opc.id = op.currency_id
       LEFT JOIN payment_transactions pp ON pp.id = (SELECT id FROM payment_transactions t WHERE t.order_id = o.id AND t.transaction_status IN ('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED')
         AND o.order_payment_status = 'COMPLETED' ORDER BY t.transaction_status = 'COMPLETED' DESC, t.paid_at IS o.paid_at DESC, t.created_at LIMIT 1)
       LEFT JOIN currencies ppc ON ppc.id = pp.currency_id
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
    chatRoomId: (row.chat_room_id as string | null) ?? null,
    state: orderStateOfRow(row),
  };
}

export interface Transition {
  order: StoredOrder;
  next: OrderState;
  event: OrderEventType;
  actor: OrderActor;
  actorAccountId: string | null;
  /** An admin's act (issue 49): the system's to the rules, logged as the admin's and written to the audit log. */
  admin?: { userAccountId: string; commissionAccountId: string; reason?: string } | null;
  now: number;
  /** Rows the transition itself changes (a deliverable's media and attachment), written in the same batch as its event. */
  statements?: SqlStatement[];
}

/**
 * A transition's projection: the row (only from the version before, so a replay changes nothing), the event, the
 * notifications, and the transition's own rows, which are themselves idempotent.
 */
export function transitionStatements({
  order,
  next,
  event,
  actor,
  actorAccountId,
  admin = null,
  now,
  statements: own = [],
}: Transition): SqlStatement[] {
  const version = order.version + 1;
  const eventId = `${order.orderId}:${version}`;
  return [
    statement(
      `UPDATE commission_orders SET order_progress_status = ?, order_payment_status = ?, order_chat_status = ?, price_amount = ?,
         estimated_start = ?, estimated_delivery = ?, approved_at = ?, paid_at = ?, delivered_at = ?, completed_at = ?, canceled_at = ?,
         approval_deadline = ?, payment_deadline = ?, delivery_deadline = ?, completion_deadline = ?, stages = ?, dispute = ?, disputed_since = ?,
         extension_request = ?, original_delivery_deadline = ?, payout_held_until = ?,
         licence = coalesce(?, licence), licence_request = ?, rush_days = coalesce(?, rush_days),
         deposit = ?, paid_rest = ?, rest_failure = ?, kept_deposit = ?, version = ?, updated_at = ?
       WHERE id = ? AND version = ?`,
      next.progress,
      next.payment,
      next.chat,
      next.priceAmount,
      next.estimatedStart,
      next.estimatedDelivery,
      next.approvedAt,
      next.paidAt,
      next.deliveredAt,
      next.completedAt,
      next.canceledAt,
      next.approvalDeadline,
      next.paymentDeadline,
      next.deliveryDeadline,
      next.completionDeadline,
      JSON.stringify(next.stages),
      next.dispute ? JSON.stringify(next.dispute) : null,
      isDisputed(next) ? next.dispute!.openedAt : null,
      next.extensionRequest ? JSON.stringify(next.extensionRequest) : null,
      next.originalDeliveryDeadline ?? null,
      next.payoutHeldUntil ?? null,
      // The licence and rush days are written at submission and kept: a record from before them (null here) leaves
      // the row's as they are; a licence changes only to another (an accepted request), never to none.
      next.licence ? JSON.stringify(next.licence) : null,
      next.licenceRequest ? JSON.stringify(next.licenceRequest) : null,
      next.rushDays ?? null,
      next.deposit ? JSON.stringify(next.deposit) : null,
      next.paidRest ? JSON.stringify(next.paidRest) : null,
      next.partFailure ?? null,
      next.keptDeposit ?? null,
      version,
      now,
      order.orderId,
      order.version,
    ),
    statement(
      `INSERT INTO commission_order_events (id, order_id, version, event_type, actor, actor_account_id, before, after, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      eventId,
      order.orderId,
      version,
      event,
      admin ? "admin" : actor,
      admin ? admin.commissionAccountId : actorAccountId,
      JSON.stringify(order.state),
      JSON.stringify(next),
      now,
    ),
    ...orderNotifications(event, actor, order.code).map((notice) =>
      statement(
        // The sender is the party who acted (their profile), none for the system (issue 33).
        `INSERT INTO notifications (id, recipient_user_account_id, notification_type, from_profile_id, href, order_id, dedupe_key, created_at)
         VALUES (?, ?, ?, (SELECT id FROM user_profiles WHERE account_id = ?), ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING`,
        crypto.randomUUID(),
        notice.side === "seller" ? order.sellerUserId : order.buyerUserId,
        notice.type,
        notice.sender === null ? null : notice.sender === "seller" ? order.sellerUserId : order.buyerUserId,
        notice.href,
        order.orderId,
        `${eventId}:${notice.side}`,
        now,
      ),
    ),
    // An admin's act is in the admin console's audit log too, with the event (decision 087), once per event.
    ...(admin
      ? [
          statement(
            `INSERT INTO admin_actions (id, admin_account_id, action, target_type, target_id, reason, created_at)
             VALUES (?, ?, ?, 'order', ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
            `order-event:${eventId}`,
            admin.userAccountId,
            `order.${event.toLowerCase()}`,
            order.orderId,
            admin.reason ?? null,
            now,
          ),
        ]
      : []),
    // The parties' inviters hear of their invitee's first completed order (decision 053): completed by its party or its
    // deadline, or by a dispute settled in the creator's favour (decision 088).
    ...(next.progress === "COMPLETED" && order.state.progress !== "COMPLETED"
      ? inviteCompletedStatements(order, now)
      : []),
    ...own,
    // An order that ends frees the slot it held, or the reservation its request kept (decision 091): the first in the
    // creator's line gets it in this same batch. After the order's own row, which the count reads.
    ...(isEnded(next.progress) && !isEnded(order.state.progress)
      ? offerStatements({ orderId: order.orderId }, now)
      : []),
  ];
}

const isEnded = (progress: OrderState["progress"]) => progress === "COMPLETED" || progress === "CANCELED";

/** Writes one transition's projection in one batch (the object's path, and tests that stand in for it). */
export async function recordTransition(d1: D1Database, transition: Transition): Promise<void> {
  await d1.batch(prepared(d1, transitionStatements(transition)));
}

/** The version of the order D1 has: the object's check, before replaying a projection, that it has not landed. */
export async function projectedVersion(d1: D1Database, orderId: string): Promise<number | null> {
  const row = await d1
    .prepare("SELECT version FROM commission_orders WHERE id = ?")
    .bind(orderId)
    .first<{ version: number }>();
  return row ? Number(row.version) : null;
}

/** Why the service details cannot be written: no snapshot to write them to, or a category the catalogue does not offer. */
export type ServiceDetailsRefusal = "not_found" | "unknown_category";

/**
 * The rows an updateServiceDetails transition writes with its event (decision 020): the snapshot's title and
 * description (the order service's, else the order form's, which is what the order shows as its title) replaced by
 * the seller's text, in their language, as the original. A category code, when given, replaces that same snapshot's
 * categories (an order service's list, or an order form's one code); none clears them. It must be an active category
 * of the catalogue, or one the order already has (a category retired since stays selectable on its own orders).
 */
export async function serviceDetailsStatements(
  d1: D1Database,
  orderId: string,
  details: ServiceDetails,
): Promise<{ statements: SqlStatement[] } | { refusal: ServiceDetailsRefusal }> {
  const code = details.categoryCode;
  if (typeof code === "string" && !isCategoryCodeShape(code)) return { refusal: "unknown_category" };
  const target = await d1
    .prepare(
      `SELECT coalesce((SELECT 'commission_order_service' FROM commission_order_services WHERE order_id = ?1), 'commission_order_form') AS type,
         coalesce((SELECT id FROM commission_order_services WHERE order_id = ?1), (SELECT id FROM commission_order_forms WHERE order_id = ?1)) AS id,
         (SELECT count(*) FROM commission_categories WHERE code = ?2 AND (is_active = 1 OR code IN (${orderCategoryCodesSql("?1")}))) AS category_known`,
    )
    .bind(orderId, code ?? null)
    .first<{ type: string; id: string | null; category_known: number }>();
  if (!target?.id) return { refusal: "not_found" };
  if (typeof code === "string" && !target.category_known) return { refusal: "unknown_category" };
  const insert = (field: string, text: string) =>
    statement(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, ?, ?, ?, ?, 1, ?)",
      crypto.randomUUID(),
      target.type,
      target.id,
      field,
      details.languageCode,
      text,
    );
  const category =
    code === undefined
      ? []
      : target.type === "commission_order_service"
        ? [
            statement("DELETE FROM commission_order_service_categories WHERE order_service_id = ?", target.id),
            ...(code
              ? [
                  statement(
                    "INSERT INTO commission_order_service_categories (order_service_id, category_code) VALUES (?, ?)",
                    target.id,
                    code,
                  ),
                ]
              : []),
          ]
        : [statement("UPDATE commission_order_forms SET category_code = ? WHERE id = ?", code, target.id)];
  return {
    statements: [
      statement(
        "DELETE FROM localized_texts WHERE entity_type = ? AND entity_id = ? AND field IN ('title', 'description')",
        target.type,
        target.id,
      ),
      insert("title", details.title),
      ...(details.description ? [insert("description", details.description)] : []),
      ...category,
    ],
  };
}

/**
 * SQL for the codes of an order's categories, by the rule of its title: the order service's, else the order form's.
 * `orderIdExpr` is the SQL naming the order's id.
 */
export const orderCategoryCodesSql = (orderIdExpr: string) =>
  `SELECT sc.category_code FROM commission_order_service_categories sc JOIN commission_order_services s ON s.id = sc.order_service_id WHERE s.order_id = ${orderIdExpr}
   UNION ALL SELECT f.category_code FROM commission_order_forms f WHERE f.order_id = ${orderIdExpr} AND f.category_code IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM commission_order_services s2 WHERE s2.order_id = ${orderIdExpr})`;
