/**
 * The Cron Trigger's safety net for order deadlines (issue 10: "the Cron Trigger catches whatever an alarm missed";
 * docs/decisions/020). Each Order Durable Object keeps one alarm on the deadline its order waits on; an alarm lost
 * with the object's storage, or an order the object never woke for, would leave the order waiting forever. This job
 * finds, in one query over the projection (the progress index), the orders whose pending deadline has passed, and
 * sends each `deadlinePassed` through its object, the order's only writer (worker/orders/fire-deadlines.ts, which
 * holds the stubs; this module only finds the orders). It decides nothing itself: the object serializes it with its
 * own alarm and any racing action, and `decide` acts only on a deadline that has really passed in the state the
 * object holds, so a repeated or racing run changes nothing more.
 */

/** Orders handed to their objects per run; the rest wait for the next run (every 15 minutes). */
const DEADLINE_BATCH_LIMIT = 200;
/**
 * The pending deadline per state, as `pendingDeadline` in worker/orders/domain/order.ts reads it, less the delivery
 * deadline: a late delivery changes nothing by itself (the buyer may then cancel), so it is no work for the cron.
 * A paid order's stage under review (decision 073) waits on its review deadline, inside the stages JSON: json_each
 * reads it there. Only the current stage can be under review (those before it are approved, those after pending).
 * An order with an open dispute waits on no deadline (decision 088): it is no work for the cron either. A completed
 * order whose payout waits for the client's week to dispute the work waits on that week's end (decision 092), found
 * through its own partial index, not among every completed order. A delivered deposit order whose rest is due waits on
 * the payment deadline (decision 100), as does a paid order paid stage by stage whose reached stage's part is due (its
 * unpaid stages' `payment` is JSON null, and its payment deadline is set only while a part is due; decision 101).
 */
export const OVERDUE_ORDERS_SQL = `
  SELECT id FROM (
    SELECT id, updated_at FROM commission_orders
    WHERE order_progress_status IN ('DRAFT', 'APPROVED', 'DELIVERED') AND disputed_since IS NULL
      AND ((order_progress_status = 'DRAFT' AND approval_deadline <= ?1)
        OR (order_progress_status = 'APPROVED' AND order_payment_status = 'DRAFT' AND payment_deadline <= ?1)
        OR (order_progress_status = 'DELIVERED' AND completion_deadline <= ?1)
        OR (order_progress_status = 'DELIVERED' AND deposit IS NOT NULL AND paid_rest IS NULL AND payment_deadline <= ?1)
        OR (order_progress_status = 'APPROVED' AND order_payment_status = 'COMPLETED' AND payment_deadline <= ?1
          AND EXISTS (SELECT 1 FROM json_each(stages) s WHERE json_type(s.value, '$.payment') = 'null'))
        OR (order_progress_status = 'APPROVED' AND order_payment_status = 'COMPLETED'
          AND EXISTS (SELECT 1 FROM json_each(stages) s
            WHERE json_extract(s.value, '$.status') = 'IN_REVIEW' AND json_extract(s.value, '$.reviewDeadline') <= ?1)))
    UNION ALL
    SELECT id, updated_at FROM commission_orders INDEXED BY commission_orders_payout_held
    WHERE payout_held_until <= ?1 AND order_progress_status = 'COMPLETED' AND disputed_since IS NULL)
  ORDER BY updated_at
  LIMIT ?2`;

/** The orders whose pending deadline has passed at `now`, the longest untouched first, one run's batch at most. */
export async function overdueOrderIds(d1: D1Database, now: number): Promise<string[]> {
  const { results } = await d1.prepare(OVERDUE_ORDERS_SQL).bind(now, DEADLINE_BATCH_LIMIT).all<{ id: string }>();
  return results.map(({ id }) => id);
}
