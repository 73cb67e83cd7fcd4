/**
 * Whether the request page offers rush choices (issue 63): only while a request now would take a free slot nobody
 * waits for (decision 091), so a rush choice shown is one the submission accepts (`slotRefusal`). A viewer holding a
 * reservation asks with it, so without rush. The read is one statement for the page's own batch (a public page is one
 * D1 round trip, decision 040): the counts of waitlist.ts's status, from the same held-slot SQL (waitlist-sql.ts),
 * judged by the same rules (worker/domain/slots.ts's `slotStatus`, then `offersRush`).
 */
import { slotStatus } from "../../domain/slots";
import { heldOfForm, heldOfSeller, heldOfService } from "../../services/waitlist-sql";
import { offersRush } from "../domain/order-request";

/**
 * The statement for a service (`?1` its id) or a form (`?1` its code) and a viewer (`?2` their user account id, null
 * when signed out) at `?3` (Comet's time): bind as `.bind(key, viewerUserAccountId, now)`.
 */
export function rushFactsSql(kind: "service" | "form"): string {
  const [table, held, column, key] =
    kind === "service"
      ? ["commission_services", heldOfService("x.id"), "service_id", "x.id"]
      : ["commission_forms", heldOfForm("x.id"), "form_id", "x.code"];
  return `SELECT ca.slot_count AS slots, ${heldOfSeller("ca.id")} AS held, x.slot_count AS own_slots, ${held} AS own_held,
      (SELECT count(*) FROM waitlist_entries w WHERE w.${column} = x.id AND w.state = 'WAITING') AS waiting,
      EXISTS (SELECT 1 FROM waitlist_entries r JOIN commission_accounts c ON c.id = r.client_id
        WHERE c.user_account_id = ?2 AND r.${column} = x.id AND r.state = 'RESERVED' AND r.reserved_until > ?3) AS reserved
    FROM ${table} x JOIN commission_accounts ca ON ca.id = x.commission_account_id WHERE ${key} = ?1`;
}

/** The statement's row read: no row (no such target) offers what the submission would, which finds none either. */
export function rushOfferedOf(row: Record<string, unknown> | undefined): boolean {
  if (!row) return offersRush(null, false);
  const status = slotStatus(
    [
      { slots: row.slots as number | null, held: Number(row.held) },
      { slots: row.own_slots as number | null, held: Number(row.own_held) },
    ],
    // Whether the line is closed only tells "full" from "waitlist": neither offers rush.
    { waiting: Number(row.waiting), closed: false },
  );
  return offersRush(status, Boolean(row.reserved));
}
