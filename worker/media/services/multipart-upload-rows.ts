/**
 * The rows of a multipart upload (issue 60, decision 096), as the doors of worker/services/multipart-*.ts read them:
 * the upload for its uploader only, its parts, what the browser is told, and the tab's lease.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { multipartUploadParts, multipartUploads } from "../../db/schema";
import type { MediaErrorCode } from "../domain/media-limits";
import {
  leaseFor,
  missingParts,
  type MultipartErrorCode,
  type MultipartUploadState,
  type PartPlan,
} from "../domain/multipart-plan";
import { findUploadRule } from "../domain/upload-rules";
import type { StoredPart } from "./r2-multipart-s3";
import { folderTakesFiles } from "./storage";

export interface MultipartDeps {
  db: Database;
  env: Env;
  bucket: R2Bucket;
}

export interface Uploader {
  profileId: string;
  accountId?: string;
}

/** What the browser is told of an upload: enough to send the parts still missing. */
export interface UploadState {
  id: string;
  key: string;
  name: string;
  size: number;
  kind: string;
  partSize: number;
  partCount: number;
  doneParts: number[];
  state: MultipartUploadState;
}

export type UploadFailure = {
  ok: false;
  status: 400 | 401 | 403 | 404 | 409 | 411 | 429 | 503;
  code: MultipartErrorCode | MediaErrorCode;
  /** A completion with parts missing: their numbers. */
  missing?: number[];
};
export type UploadResult<T> = ({ ok: true } & T) | UploadFailure;

export const fail = (
  status: UploadFailure["status"],
  code: UploadFailure["code"],
  missing?: number[],
): UploadFailure => (missing ? { ok: false, status, code, missing } : { ok: false, status, code });
export const notFound = fail(404, "upload_error_not_found");

export type UploadRow = typeof multipartUploads.$inferSelect;

export const planOf = (upload: UploadRow): PartPlan => ({
  size: upload.declaredSize,
  partSize: upload.partSize,
  partCount: upload.partCount,
});

export async function partsOf(db: Database, uploadIds: string[]): Promise<Map<string, StoredPart[]>> {
  const byUpload = new Map<string, StoredPart[]>(uploadIds.map((id) => [id, []]));
  if (uploadIds.length === 0) return byUpload;
  const rows = await db
    .select()
    .from(multipartUploadParts)
    .where(inArray(multipartUploadParts.uploadId, uploadIds))
    .orderBy(multipartUploadParts.partNumber);
  for (const row of rows)
    byUpload.get(row.uploadId)?.push({ partNumber: row.partNumber, size: row.size, etag: row.etag });
  return byUpload;
}

export function stateOf(upload: UploadRow, parts: StoredPart[]): UploadState {
  const plan = planOf(upload);
  const missing = new Set(missingParts(plan, parts));
  const doneParts = parts.map((p) => p.partNumber).filter((n) => n <= plan.partCount && !missing.has(n));
  return {
    id: upload.id,
    key: upload.objectKey,
    name: upload.fileName,
    size: upload.declaredSize,
    kind: upload.kind,
    partSize: upload.partSize,
    partCount: upload.partCount,
    doneParts,
    state: upload.state,
  };
}

export async function stateWithParts(db: Database, upload: UploadRow): Promise<UploadState> {
  return stateOf(upload, (await partsOf(db, [upload.id])).get(upload.id) ?? []);
}

/** The upload, for its uploader only: anyone else is told it does not exist. */
export async function uploadOf(db: Database, uploader: Uploader, uploadId: string): Promise<UploadRow | null> {
  const row = await db.select().from(multipartUploads).where(eq(multipartUploads.id, uploadId)).get();
  return row && row.uploaderProfileId === uploader.profileId ? row : null;
}

/** Why an upload takes no more parts: finished one way or the other. Null while it is uploading. */
export function closedFailure(upload: UploadRow): UploadFailure | null {
  if (upload.state === "uploading") return null;
  if (upload.state === "completing" || upload.state === "completed") return fail(409, "upload_already_completed");
  return fail(409, "upload_error_closed");
}

/**
 * An upload begun while its order was open, continued after it closed (media/domain/order-folders.ts): no part link,
 * part or completion more, since the object could never be attached. Its parts go with the cron's abort of idle uploads.
 */
export async function orderClosedFailure(db: Database, upload: UploadRow): Promise<UploadFailure | null> {
  const rule = findUploadRule(upload.targetDomain, upload.targetField);
  if (!rule || (await folderTakesFiles(db, rule, upload.targetId))) return null;
  return fail(409, "upload_error_order_closed");
}

/**
 * Takes or renews the tab's lease (leaseFor), as one conditional UPDATE, so of two tabs at once only one holds it;
 * never on an upload whose order has closed. Also the upload's activity mark (`updated_at`), which the cron's idle
 * rule reads.
 */
export async function takeLease(
  db: Database,
  upload: UploadRow,
  tabId: string,
  now: number,
): Promise<UploadResult<{ upload: UploadRow }>> {
  const closed = closedFailure(upload) ?? (await orderClosedFailure(db, upload));
  if (closed) return closed;
  const lease = leaseFor(
    { holder: upload.leaseHolder, expiresAt: upload.leaseExpiresAt?.getTime() ?? null },
    tabId,
    now,
  );
  if (!lease.ok) return fail(409, lease.error);
  const [taken] = await db
    .update(multipartUploads)
    .set({ leaseHolder: tabId, leaseExpiresAt: new Date(lease.expiresAt), updatedAt: new Date(now) })
    .where(
      and(
        eq(multipartUploads.id, upload.id),
        eq(multipartUploads.state, "uploading"),
        sql`(${multipartUploads.leaseHolder} IS NULL OR ${multipartUploads.leaseHolder} = ${tabId} OR ${multipartUploads.leaseExpiresAt} <= ${now})`,
      ),
    )
    .returning();
  if (taken) return { ok: true, upload: taken };
  // Another tab took it, or it closed, between the read and the update.
  const current = await db.select().from(multipartUploads).where(eq(multipartUploads.id, upload.id)).get();
  return (current && closedFailure(current)) ?? fail(409, "upload_in_another_tab");
}
