/**
 * The Cron Trigger's order reminders (docs/decisions/023). One query over the orders in a progress status some row of
 * the order process reminds in (the progress index; `REMINDED_PROGRESS`) picks those with a deadline within the
 * longest reminder lead; worker/orders/domain/order-reminders.ts decides by the rows' `remind` column which reminder each is
 * due; each becomes a notification whose dedupe key names the order and the deadline, inserted
 * with ON CONFLICT DO NOTHING. So a repeated, late or racing run sends each reminder once, and a moved deadline
 * gets a reminder of its own.
 */
import {
  dueReminders,
  MAX_REMINDER_LEAD_MS,
  REMINDED_PROGRESS,
  reminderDedupeKey,
  type ReminderOrder,
} from "../domain/order-reminders";
import { orderHref } from "../domain/order-notifications";
import { parseStages } from "./orders";

/** Statements per D1 batch: a busy hour's reminders go in a few round trips, none too large. */
const BATCH_SIZE = 50;

/**
 * A stage's review deadline is inside the stages JSON (decision 073): json_each reads it there. Only the current
 * stage can be under review (the stages before it are approved, those after it pending). An order with an open dispute
 * is reminded of nothing: its deadlines wait for the settlement (decision 088).
 */
export const DUE_ORDERS_SQL = `
  SELECT o.id, o.code, o.order_progress_status AS progress, o.order_payment_status AS payment,
    o.approval_deadline, o.payment_deadline, o.delivery_deadline, o.stages,
    sa.user_account_id AS seller_user_id, ba.user_account_id AS buyer_user_id
  FROM commission_orders o
  JOIN commission_accounts sa ON sa.id = o.seller_id
  JOIN commission_accounts ba ON ba.id = o.buyer_id
  WHERE o.order_progress_status IN (${REMINDED_PROGRESS.map((progress) => `'${progress}'`).join(", ")})
    AND o.disputed_since IS NULL
    AND ((o.approval_deadline > ?1 AND o.approval_deadline <= ?2)
      OR (o.payment_deadline > ?1 AND o.payment_deadline <= ?2)
      OR (o.delivery_deadline > ?1 AND o.delivery_deadline <= ?2)
      OR EXISTS (SELECT 1 FROM json_each(o.stages) s
        WHERE json_extract(s.value, '$.status') = 'IN_REVIEW'
          AND json_extract(s.value, '$.reviewDeadline') > ?1 AND json_extract(s.value, '$.reviewDeadline') <= ?2))`;

interface DueOrderRow {
  id: string;
  code: string;
  progress: ReminderOrder["progress"];
  payment: ReminderOrder["payment"];
  approval_deadline: number | null;
  payment_deadline: number | null;
  delivery_deadline: number | null;
  stages: string;
  seller_user_id: string;
  buyer_user_id: string;
}

const n = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Sends every reminder due at `now`; returns how many notifications this run inserted. */
export async function sendDueReminders(d1: D1Database, now: number): Promise<number> {
  const { results } = await d1
    .prepare(DUE_ORDERS_SQL)
    .bind(now, now + MAX_REMINDER_LEAD_MS)
    .all<DueOrderRow>();
  const inserts = results.flatMap((row) => {
    const order: ReminderOrder = {
      progress: row.progress,
      payment: row.payment,
      approvalDeadline: n(row.approval_deadline),
      paymentDeadline: n(row.payment_deadline),
      deliveryDeadline: n(row.delivery_deadline),
      stages: parseStages(row.stages),
    };
    return dueReminders(order, now).map((due) =>
      d1
        .prepare(
          `INSERT INTO notifications (id, recipient_user_account_id, notification_type, href, order_id, dedupe_key, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING`,
        )
        .bind(
          crypto.randomUUID(),
          due.side === "seller" ? row.seller_user_id : row.buyer_user_id,
          due.type,
          orderHref(due.side, row.code),
          row.id,
          reminderDedupeKey(due.kind, row.id, due.deadline),
          now,
        ),
    );
  });
  let inserted = 0;
  for (let i = 0; i < inserts.length; i += BATCH_SIZE) {
    const outcomes = await d1.batch(inserts.slice(i, i + BATCH_SIZE));
    inserted += outcomes.reduce((sum, outcome) => sum + (outcome.meta.changes ?? 0), 0);
  }
  return inserted;
}
