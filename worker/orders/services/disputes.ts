/**
 * Disputes' D1 side (issue 49, decision 088). The dispute itself is the order's state, kept by the Order object and
 * projected to `commission_orders.dispute`; what each side said is a row of `order_dispute_statements`, written by the
 * object in the batch of the transition it belongs to (`disputeStatementRows`). The reads here are the order page's
 * thread (each statement read in the reader's language) and the admins' queue.
 */
import type { Database } from "../../db/client";
import { statement, type SqlStatement } from "../../db/statements";
import { parseDispute } from "../../db/order-row";
import type { Locale } from "../../domain/locales";
import { formatDateTime } from "../../domain/dates";
import { fileNameOf } from "../../media/domain/file-names";
import { parseMediaKey, type MediaKey } from "../../media/domain/media-keys";
import type { MediaErrorCode } from "../../media/domain/media-limits";
import type { DisputeFile, DisputeStatementInput } from "../domain/order-contract";
import type { OrderDispute } from "../domain/disputes";
import type { TextReading } from "../../domain/text-reading";
import { signReadUrl } from "../../media/services/media-access";
import { checkAttachment, ownsObject } from "../../media/services/storage";
import { storedReadings } from "../../services/translations";

/** Why a statement's files were refused: not an object key; not found in this order's dispute folder (a stranger is told
 * the same); or the bytes fail the upload rule. */
export type EvidenceRefusal = { error: "invalid_request" | "not_found" | MediaErrorCode };

/**
 * A statement's files (posted as `{url, name?}`, uploaded first), each checked before the order is asked anything: it
 * must lie in this order's dispute folder, which only its two parties may write, have been uploaded by the party
 * stating (`uploadedBy`: both parties write the folder, and each may read the other's files, but nobody cites the
 * other's file as their own; issue 59), and pass its upload rule again (`checkAttachment` re-sniffs the bytes). The
 * API's doors and the order page's form both post through it.
 */
export async function checkedEvidence(
  db: Database,
  env: Env,
  profileId: string,
  orderId: string,
  posted: readonly { url: string; name?: string | null }[],
): Promise<DisputeFile[] | EvidenceRefusal> {
  const files: DisputeFile[] = [];
  for (const media of posted) {
    const key = parseMediaKey(media.url);
    if (!key) return { error: "invalid_request" };
    const inFolder = async (k: MediaKey) =>
      k.domain === "commission-order" &&
      k.id === orderId &&
      k.field === "dispute_files" &&
      (await ownsObject(db, { profileId }, k)) &&
      (await uploadedBy(db.$client, profileId, orderId, k.key));
    const checked = await checkAttachment(env.MEDIA, key, inFolder);
    if (!checked.ok)
      return { error: checked.error === "forbidden" || checked.error === "not_found" ? "not_found" : checked.error };
    files.push(disputeFileOf(key, checked, media.name ?? null));
  }
  return files;
}

/**
 * Whether this party uploaded the object: it waits in `pending_uploads` under their profile (the Worker's PUT and a
 * presigned one both record the uploader there), or, once attached, one of their own earlier statements on this order
 * attached it (a party may cite their own file again; the other party's never).
 */
async function uploadedBy(d1: D1Database, profileId: string, orderId: string, objectKey: string): Promise<boolean> {
  const row = await d1
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM pending_uploads WHERE key = ?1 AND owner_profile_id = ?2)
         OR EXISTS (SELECT 1 FROM order_dispute_statements s
           JOIN order_dispute_files f ON f.statement_id = s.id
           JOIN user_profiles p ON p.account_id = s.author_user_account_id
           WHERE s.order_id = ?3 AND f.object_key = ?1 AND p.id = ?2) AS own`,
    )
    .bind(objectKey, profileId, orderId)
    .first<{ own: number }>();
  return row?.own === 1;
}

/** A stored object of the order's dispute folder, checked (`checkAttachment`), as the statement's file. */
function disputeFileOf(key: MediaKey, checked: { size: number; mimeType: string }, name: string | null): DisputeFile {
  return {
    id: crypto.randomUUID(),
    objectKey: key.key,
    name: fileNameOf(name, key.file),
    contentType: checked.mimeType,
    byteSize: checked.size,
  };
}

export type DisputeStatementKind = "opening" | "answer" | "settlement";
export type DisputeStatementSide = "buyer" | "seller" | "admin";

/**
 * A statement's rows: the statement, keyed by its transition's event id (a replayed projection writes it once), and its
 * files. Written by the Order object with the transition, so a refused move leaves no statement behind.
 */
export function disputeStatementRows(input: {
  orderId: string;
  eventId: string;
  kind: DisputeStatementKind;
  side: DisputeStatementSide;
  authorUserAccountId: string;
  reason: string | null;
  input: DisputeStatementInput;
  refundAmount?: number | null;
  now: number;
}): SqlStatement[] {
  const { orderId, eventId, now } = input;
  return [
    statement(
      `INSERT INTO order_dispute_statements (id, order_id, kind, side, author_user_account_id, reason, body, language_code, refund_amount, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      eventId,
      orderId,
      input.kind,
      input.side,
      input.authorUserAccountId,
      input.reason,
      input.input.body,
      input.input.languageCode,
      input.refundAmount ?? null,
      now,
    ),
    ...input.input.files.map((file: DisputeFile) =>
      statement(
        `INSERT INTO order_dispute_files (id, statement_id, order_id, object_key, name, content_type, byte_size, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
        file.id,
        eventId,
        orderId,
        file.objectKey,
        file.name,
        file.contentType,
        file.byteSize,
        now,
      ),
    ),
    // Attached now: no longer a pending upload, which the cron would delete after a day.
    ...input.input.files.map((file) => statement("DELETE FROM pending_uploads WHERE key = ?", file.objectKey)),
  ];
}

export interface DisputeStatementView {
  id: string;
  kind: DisputeStatementKind;
  side: DisputeStatementSide;
  /** An opening's reason, or a settlement's outcome; null for an answer. */
  reason: string | null;
  body: string;
  /** The body in the reader's language: a stored translation, or the original. */
  reading: TextReading;
  refundAmount: number | null;
  createdAt: number;
  /** The date and time shown, in the reader's language. */
  date: string;
  files: DisputeFileView[];
}
export interface DisputeFileView {
  id: string;
  name: string;
  contentType: string;
  byteSize: number;
  objectKey: string;
  /** A signed read URL, once `withSignedFiles` has signed it for the reader. */
  url?: string;
}

/** Every statement of the order's disputes, oldest first, each read in `reader` (stored translations only). */
export async function disputeThread(db: Database, orderId: string, reader: Locale): Promise<DisputeStatementView[]> {
  const d1 = db.$client;
  const [statements, files] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `SELECT id, kind, side, reason, body, refund_amount, created_at FROM order_dispute_statements
         WHERE order_id = ? ORDER BY created_at, id`,
      )
      .bind(orderId),
    d1
      .prepare(
        "SELECT id, statement_id, object_key, name, content_type, byte_size FROM order_dispute_files WHERE order_id = ? ORDER BY created_at, id",
      )
      .bind(orderId),
  ]);
  const rows = statements.results;
  const readings = await storedReadings(
    db,
    rows.map((r) => String(r.body)),
    reader,
  );
  return rows.map((row, index) => ({
    id: String(row.id),
    kind: row.kind as DisputeStatementKind,
    side: row.side as DisputeStatementSide,
    reason: (row.reason as string | null) ?? null,
    body: String(row.body),
    reading: readings[index]!,
    refundAmount: row.refund_amount === null ? null : Number(row.refund_amount),
    createdAt: Number(row.created_at),
    date: formatDateTime(Number(row.created_at), reader),
    files: files.results
      .filter((f) => f.statement_id === row.id)
      .map((f) => ({
        id: String(f.id),
        name: String(f.name),
        contentType: String(f.content_type),
        byteSize: Number(f.byte_size),
        objectKey: String(f.object_key),
      })),
  }));
}

/**
 * The thread with each file's read URL signed for one of the order's parties (their profile): the private bucket is
 * read only through such URLs. An admin reads a file through the console's own door, which logs the read.
 */
export async function withSignedFiles(
  env: Env,
  thread: DisputeStatementView[],
  readerProfileId: string,
  now = Date.now(),
): Promise<DisputeStatementView[]> {
  return Promise.all(
    thread.map(async (s) => ({
      ...s,
      files: await Promise.all(
        s.files.map(async (f) => ({
          ...f,
          url: (await signReadUrl(env, f.objectKey, readerProfileId, { now, shownIn: "page", name: f.name })).url,
        })),
      ),
    })),
  );
}

export interface QueuedDispute {
  orderId: string;
  code: string;
  dispute: OrderDispute;
  priceAmount: number | null;
  currency: string;
  sellerHandle: string | null;
  buyerHandle: string | null;
}

/** The admins' queue: every open dispute, the longest waiting first. */
export async function openDisputes(d1: D1Database, limit = 100): Promise<QueuedDispute[]> {
  const { results } = await d1
    .prepare(
      `SELECT o.id, o.code, o.dispute, o.price_amount, cu.code AS currency,
         (SELECT p.original_handle FROM commission_accounts a JOIN user_profiles p ON p.account_id = a.user_account_id WHERE a.id = o.seller_id) AS seller_handle,
         (SELECT p.original_handle FROM commission_accounts a JOIN user_profiles p ON p.account_id = a.user_account_id WHERE a.id = o.buyer_id) AS buyer_handle
       FROM commission_orders o JOIN currencies cu ON cu.id = o.price_currency_id
       WHERE o.disputed_since IS NOT NULL ORDER BY o.disputed_since, o.id LIMIT ?`,
    )
    .bind(limit)
    .all<Record<string, unknown>>();
  return results.flatMap((row) => {
    const dispute = parseDispute(row.dispute);
    if (!dispute) return [];
    return [
      {
        orderId: String(row.id),
        code: String(row.code),
        dispute,
        priceAmount: row.price_amount === null ? null : Number(row.price_amount),
        currency: String(row.currency),
        sellerHandle: (row.seller_handle as string | null) ?? null,
        buyerHandle: (row.buyer_handle as string | null) ?? null,
      },
    ];
  });
}
