/**
 * What approving a request does to its creator's slots (issue 50, decision 091), for the warning above the creator's
 * Approve: whether every slot of their overall count, or of the order's service or form, is already taken. Approval
 * is never refused for slots (taking more is the creator's choice); the page only says so first.
 */
import { approvalExceeds, type SlotCount } from "../../domain/slots";
import { heldOfForm, heldOfSeller, heldOfService } from "../../services/waitlist-sql";

/** The count approving would take past: the creator's overall count, or the order's service's or form's own. */
export interface ApprovalSlots {
  scope: "overall" | "service" | "form";
  held: number;
  slots: number;
}

/**
 * The count a pending request's approval would take past, or null when a slot is free (or there is no limit, or the
 * order is not a pending request). A request sent within a reservation already holds its slot (its place, REQUESTED
 * with this order, counts as held until the answer), so its own place is not counted against it.
 */
export async function approvalSlots(d1: D1Database, orderId: string): Promise<ApprovalSlots | null> {
  // `req` for the order: the held counts' subqueries use `o` and `h` of their own.
  const row = await d1
    .prepare(
      `SELECT req.order_submit_status AS submitted, ca.slot_count AS slots, ${heldOfSeller("ca.id")} AS held,
         CASE req.order_submit_status
           WHEN 'SERVICE_SUBMITTED' THEN (SELECT slot_count FROM commission_services WHERE id = req.service_id)
           ELSE (SELECT slot_count FROM commission_forms WHERE id = req.form_id) END AS own_slots,
         CASE req.order_submit_status
           WHEN 'SERVICE_SUBMITTED' THEN ${heldOfService("req.service_id")}
           ELSE ${heldOfForm("req.form_id")} END AS own_held,
         EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.order_id = req.id AND w.state = 'REQUESTED') AS reserved
       FROM commission_orders req JOIN commission_accounts ca ON ca.id = req.seller_id
       WHERE req.id = ? AND req.order_progress_status = 'DRAFT'`,
    )
    .bind(orderId)
    .first<{
      submitted: string;
      slots: number | null;
      held: number;
      own_slots: number | null;
      own_held: number;
      reserved: number;
    }>();
  if (!row) return null;
  const own = row.reserved ? 1 : 0;
  const counts: (SlotCount & { scope: ApprovalSlots["scope"] })[] = [
    { scope: "overall", slots: row.slots, held: Number(row.held) - own },
    {
      scope: row.submitted === "SERVICE_SUBMITTED" ? "service" : "form",
      slots: row.own_slots,
      held: Number(row.own_held) - own,
    },
  ];
  const past = counts.find((count) => approvalExceeds([count]));
  return past && past.slots !== null ? { scope: past.scope, held: past.held, slots: past.slots } : null;
}
