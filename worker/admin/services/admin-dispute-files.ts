/**
 * The admin console's door to a disputed order's private files (issue 49, decision 088). The parties read them through
 * signed URLs the access rule allows (media-access.ts); an admin is no party, so the rule never signs one for them.
 * They open a file at GET /admin/disputes/{orderId}/files/{kind}/{id} instead: the file is looked up within its order
 * by what it is (`DisputeFileKind`), never by a key the caller names, only while the order's dispute is open, and every
 * read writes its audit row (`order.file_read`, naming the admin and the file) before a byte is served: an admin's first
 * request of each file whatever its Range, then each new read from the first byte (`recordFileRead`).
 */
import type { Database } from "../../db/client";
import type { DisputeFileKind } from "../domain/admin-actions";
import { parseMediaKey, type MediaKey } from "../../media/domain/media-keys";

/** Each kind's file by its id, within the order, as `url` (a stored /media/ URL or a bare key) and `name`. */
const FILE_SQL: Record<DisputeFileKind, string> = {
  deliverable: `SELECT m.file_url AS url, m.file_name AS name FROM commission_order_deliverables d
    JOIN media_attachments a ON a.owner_type = 'commission_order_deliverable' AND a.owner_id = d.id
    JOIN media m ON m.id = a.media_id WHERE d.order_id = ?1 AND m.id = ?2`,
  request: `SELECT m.file_url AS url, m.file_name AS name FROM commission_order_forms f
    JOIN commission_order_form_questions q ON q.order_form_id = f.id
    JOIN commission_order_question_answers x ON x.order_form_question_id = q.id
    JOIN media_attachments a ON a.owner_type = 'commission_order_question_answer' AND a.owner_id = x.id
    JOIN media m ON m.id = a.media_id WHERE f.order_id = ?1 AND m.id = ?2`,
  chat: `SELECT m.file_url AS url, m.file_name AS name FROM chat_rooms r JOIN chat_messages c ON c.room_id = r.id
    JOIN media_attachments a ON a.owner_type = 'chat_message' AND a.owner_id = c.id
    JOIN media m ON m.id = a.media_id WHERE r.order_id = ?1 AND m.id = ?2`,
  preview: "SELECT original_key AS url, name FROM commission_order_stage_previews WHERE order_id = ?1 AND id = ?2",
  evidence: "SELECT object_key AS url, name FROM order_dispute_files WHERE order_id = ?1 AND id = ?2",
};

/** The order's file of this kind and id while its dispute is open: its key and name; null otherwise. */
export async function disputedOrderFile(
  db: Database,
  input: { orderId: string; kind: DisputeFileKind; id: string },
): Promise<{ key: MediaKey; name: string } | null> {
  const d1 = db.$client;
  const [order, file] = await d1.batch<{ url: string | null; name: string | null; open?: number }>([
    d1
      .prepare("SELECT 1 AS open FROM commission_orders WHERE id = ? AND disputed_since IS NOT NULL")
      .bind(input.orderId),
    d1.prepare(FILE_SQL[input.kind]).bind(input.orderId, input.id),
  ]);
  const row = file.results[0];
  const key = order.results.length > 0 && row?.url ? parseMediaKey(row.url) : null;
  return key ? { key, name: row!.name ?? key.file } : null;
}

/**
 * The read's audit row, and whether the file may be served: only while the order's dispute is still open (a settlement
 * between the look-up and now closes the door). The row (`order.file_read`, its reason `{kind} {id}: {name}`) is written
 * for the admin's first request of this file since the dispute opened, whatever its Range, and for every `fresh` one (a
 * new read from the first byte, `opensFile`); another range of a file the admin already opened is the same read. One
 * statement decides and writes, so no request, however its Range reads, serves the file before its admin's row exists.
 */
export async function recordFileRead(
  db: Database,
  input: {
    adminAccountId: string;
    orderId: string;
    kind: DisputeFileKind;
    id: string;
    name: string;
    fresh: boolean;
    now: number;
  },
): Promise<boolean> {
  const d1 = db.$client;
  const file = `${input.kind} ${input.id}: `;
  const [, open] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO admin_actions (id, admin_account_id, action, target_type, target_id, reason, created_at)
         SELECT ?1, ?2, 'order.file_read', 'order', o.id, ?3 || ?4, ?5 FROM commission_orders o
         WHERE o.id = ?6 AND o.disputed_since IS NOT NULL
           AND (?7 OR NOT EXISTS (SELECT 1 FROM admin_actions x WHERE x.target_type = 'order' AND x.target_id = o.id
             AND x.action = 'order.file_read' AND x.admin_account_id = ?2 AND x.created_at >= o.disputed_since
             AND substr(x.reason, 1, length(?3)) = ?3))`,
      )
      .bind(crypto.randomUUID(), input.adminAccountId, file, input.name, input.now, input.orderId, input.fresh ? 1 : 0),
    d1
      .prepare("SELECT 1 AS open FROM commission_orders WHERE id = ? AND disputed_since IS NOT NULL")
      .bind(input.orderId),
  ]);
  return open.results.length > 0;
}

/** The console's address of one file (the admin door); the page lists these instead of signed URLs. */
export const disputeFileHref = (orderId: string, kind: DisputeFileKind, id: string) =>
  `/admin/disputes/${encodeURIComponent(orderId)}/files/${kind}/${encodeURIComponent(id)}`;
