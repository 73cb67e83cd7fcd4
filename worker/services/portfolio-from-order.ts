/**
 * "Add to portfolio" after delivery (spec section 6, docs/decisions/026): the order's seller starts a client work
 * from a DELIVERED or COMPLETED order. The work is a DRAFT of the seller's profile with the order's title, its buyer
 * as the client, commission_order_id set, and the delivered pictures COPIED into the work's own folder, so deleting
 * the work (which deletes its folder's objects) never touches the order's files. The seller then finishes it in the
 * client-work editor. Anyone else, or an order not delivered, gets not_found. A second call returns the same work.
 */
import type { Database } from "../db/client";
import { LOCALIZED, MEDIA_OWNERS } from "../db/schema/localized-entities";
import type { Locale } from "../domain/locales";
import { buildMediaKey, parseMediaKey } from "../media/domain/media-keys";
import { TITLE_COLUMNS, titleOf, type Row } from "../orders/services/order-views";

/**
 * The delivered files copied into the work: pictures only (decision 026). What a portfolio work's medias accept is
 * worker/media/domain/upload-rules.ts's rule, which since decision 033 also takes video and audio; those are not copied.
 */
const PICTURE_TYPES: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif" };

export type WorkFromOrderResult = { ok: true; workId: string } | { ok: false; reason: "not_found" };

export async function startWorkFromOrder(
  db: Database,
  bucket: R2Bucket,
  userAccountId: string,
  code: string,
  locale: Locale,
  now = Date.now(),
): Promise<WorkFromOrderResult> {
  const d1 = db.$client;
  const order = await d1
    .prepare(
      `SELECT o.id, sp.id AS seller_profile_id, ba.user_account_id AS buyer_account_id,
         (SELECT w.id FROM portfolio_works w WHERE w.commission_order_id = o.id AND w.profile_id = sp.id LIMIT 1) AS existing_work_id,
         json((SELECT json_group_array(json_object('url', m.file_url, 'name', m.file_name, 'type', m.file_type, 'size', m.file_size))
           FROM commission_order_deliverables d JOIN media_attachments a ON a.owner_type = 'commission_order_deliverable' AND a.owner_id = d.id AND a.field = 'medias'
           JOIN media m ON m.id = a.media_id WHERE d.order_id = o.id AND m.format_type = 'FILE' ORDER BY a.position)) AS files,
         ${TITLE_COLUMNS}
       FROM commission_orders o
       JOIN commission_accounts sa ON sa.id = o.seller_id JOIN user_profiles sp ON sp.account_id = sa.user_account_id
       JOIN commission_accounts ba ON ba.id = o.buyer_id
       WHERE o.code = ? AND sa.user_account_id = ? AND o.order_progress_status IN ('DELIVERED', 'COMPLETED')`,
    )
    .bind(code, userAccountId)
    .first<Row>();
  if (!order) return { ok: false, reason: "not_found" };
  if (order.existing_work_id) return { ok: true, workId: String(order.existing_work_id) };

  const workId = crypto.randomUUID();
  const files =
    (JSON.parse(String(order.files ?? "[]")) as {
      url: string | null;
      name: string | null;
      type: string | null;
      size: number | null;
    }[]) ?? [];
  const copies: {
    mediaId: string;
    key: string;
    name: string | null;
    type: string;
    size: number | null;
    ext: string;
  }[] = [];
  for (const file of files) {
    const ext = file.type ? PICTURE_TYPES[file.type] : undefined;
    const source = file.url ? parseMediaKey(file.url) : null;
    if (!ext || !source) continue;
    const object = await bucket.get(source.key);
    if (!object) continue;
    const mediaId = crypto.randomUUID();
    const key = buildMediaKey("portfolio-work", workId, "medias", mediaId, ext);
    await bucket.put(key, await object.arrayBuffer(), { httpMetadata: { contentType: file.type! } });
    copies.push({ mediaId, key, name: file.name, type: file.type!, size: file.size, ext });
  }

  const statements = [
    d1
      .prepare(
        "INSERT INTO portfolio_works (id, profile_id, work_status, client_account_id, commission_order_id, created_at, updated_at) VALUES (?, ?, 'DRAFT', ?, ?, ?, ?)",
      )
      .bind(workId, order.seller_profile_id, order.buyer_account_id, order.id, now, now),
    d1
      .prepare(
        "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, ?, ?, 'title', ?, 1, ?)",
      )
      .bind(crypto.randomUUID(), LOCALIZED.portfolioWork.type, workId, locale, titleOf(order, locale)),
    ...copies.flatMap((c, position) => [
      d1
        .prepare(
          `INSERT INTO media (id, owner_user_account_id, format_type, media_type, file_name, file_type, file_size, file_extension, file_url, created_at, updated_at)
           VALUES (?, ?, 'FILE', 'IMAGE', ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(c.mediaId, userAccountId, c.name, c.type, c.size, c.ext, `/media/${c.key}`, now, now),
      d1
        .prepare(
          "INSERT INTO media_attachments (id, media_id, owner_type, owner_id, field, position, created_at) VALUES (?, ?, ?, ?, 'medias', ?, ?)",
        )
        .bind(crypto.randomUUID(), c.mediaId, MEDIA_OWNERS.portfolioWork.type, workId, position, now),
    ]),
  ];
  await d1.batch(statements);
  return { ok: true, workId };
}
