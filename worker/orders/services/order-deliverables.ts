/**
 * An order's deliverable files on the D1 side (decision 024). The Order Durable Object attaches and deletes them, one
 * transition per file, with these statements in the same batch as the transition's event (worker/orders/services/orders.ts),
 * so a file is on the order exactly when the log says it was added. A file's media id is the UUID its upload got,
 * so the same file sent twice is one media row, and the object can tell it is already attached.
 */
import { fileNameOf } from "../../media/domain/file-names";
import type { DeliverableFile } from "../domain/order-contract";
import type { MediaKey } from "../../media/domain/media-keys";
import type { MediaType } from "../../db/schema/enums";
import { statement, type SqlStatement } from "../../db/statements";

const OWNER = "commission_order_deliverable";
const FIELD = "medias";

/**
 * The order's folders a deliverable is attached from (decision 096): `deliverables`, which the client takes once
 * attached, and `deliverable_sources`, which the creator holds until the order completes (its rule is
 * `heldUntilCompletion`). Both are written by the seller alone and counted together against
 * ORDER_DELIVERABLES_MAX_FILES; attaching and deleting follow the same states.
 */
export const DELIVERABLE_FIELDS = ["deliverables", "deliverable_sources"] as const;
export type DeliverableField = (typeof DELIVERABLE_FIELDS)[number];
export const isDeliverableField = (field: string): field is DeliverableField =>
  (DELIVERABLE_FIELDS as readonly string[]).includes(field);

export function mediaTypeOf(mimeType: string): MediaType {
  if (mimeType.startsWith("image/")) return "IMAGE";
  if (mimeType.startsWith("video/")) return "VIDEO";
  if (mimeType.startsWith("audio/")) return "AUDIO";
  if (mimeType.startsWith("model/")) return "MODEL";
  return mimeType === "application/pdf" ? "DOCUMENT" : "OTHER";
}

/** A stored object of one of the order's deliverable folders (`DELIVERABLE_FIELDS`), checked (`checkAttachment`), as the file to attach. */
export function deliverableFile(
  key: MediaKey,
  checked: { size: number; mimeType: string },
  name: string | null,
): DeliverableFile {
  return {
    mediaId: key.file.slice(0, key.file.lastIndexOf(".")),
    key: key.key,
    name: fileNameOf(name, key.file),
    size: checked.size,
    mimeType: checked.mimeType,
  };
}

/** Which of these media are attached to the order's deliverable now, with their stored URLs. */
export async function attachedDeliverables(
  d1: D1Database,
  orderId: string,
  mediaIds: string[],
): Promise<Map<string, string | null>> {
  if (mediaIds.length === 0) return new Map();
  const { results } = await d1
    .prepare(
      `SELECT m.id, m.file_url FROM commission_order_deliverables d
       JOIN media_attachments a ON a.owner_type = '${OWNER}' AND a.owner_id = d.id AND a.field = '${FIELD}'
       JOIN media m ON m.id = a.media_id
       WHERE d.order_id = ? AND m.id IN (${mediaIds.map(() => "?").join(", ")})`,
    )
    .bind(orderId, ...mediaIds)
    .all<{ id: string; file_url: string | null }>();
  return new Map(results.map((r) => [r.id, r.file_url]));
}

/** The rows of one added file: the order's deliverable (once), the media row, its attachment, no longer pending. */
export function addDeliverableStatements(
  orderId: string,
  ownerUserAccountId: string,
  file: DeliverableFile,
  now: number,
): SqlStatement[] {
  const extension = file.key.slice(file.key.lastIndexOf(".") + 1);
  return [
    statement(
      "INSERT INTO commission_order_deliverables (id, order_id, created_at, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (order_id) DO NOTHING",
      orderId,
      orderId,
      now,
      now,
    ),
    statement(
      `INSERT INTO media (id, owner_user_account_id, format_type, media_type, file_name, file_type, file_size, file_extension, file_url, created_at, updated_at)
       VALUES (?, ?, 'FILE', ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      file.mediaId,
      ownerUserAccountId,
      mediaTypeOf(file.mimeType),
      file.name,
      file.mimeType,
      file.size,
      extension,
      `/media/${file.key}`,
      now,
      now,
    ),
    statement(
      `INSERT INTO media_attachments (id, media_id, owner_type, owner_id, field, position, created_at)
       SELECT ?, ?, '${OWNER}', d.id, '${FIELD}',
         (SELECT count(*) FROM media_attachments a WHERE a.owner_type = '${OWNER}' AND a.owner_id = d.id AND a.field = '${FIELD}'), ?
       FROM commission_order_deliverables d WHERE d.order_id = ? ON CONFLICT DO NOTHING`,
      crypto.randomUUID(),
      file.mediaId,
      now,
      orderId,
    ),
    statement("DELETE FROM pending_uploads WHERE key = ?", file.key),
  ];
}

/** The rows of one deleted file: its facts, its attachment and its media row (the stored object goes after the batch). */
export function deleteDeliverableStatements(mediaId: string): SqlStatement[] {
  return [
    // Its facts (checksum, listing; issue 60) go with it, read by the key before the media row that names it goes.
    statement(
      "DELETE FROM file_facts WHERE '/media/' || object_key = (SELECT file_url FROM media WHERE id = ?)",
      mediaId,
    ),
    statement(`DELETE FROM media_attachments WHERE media_id = ? AND owner_type = '${OWNER}'`, mediaId),
    statement("DELETE FROM media WHERE id = ?", mediaId),
  ];
}
