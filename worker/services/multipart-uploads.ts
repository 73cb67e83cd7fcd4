/**
 * A deliverable sent in parts (R2 multipart; issue 60, decision 096). The Worker creates the upload and keeps its
 * state (declared size, part plan, the parts R2 has, the tab that sends them); the bytes go:
 * - in production, straight from the browser to R2's S3 API by presigned UploadPart URLs (Content-Length signed), the
 *   browser reporting each part's ETag, which completion checks against R2's own ListParts;
 * - locally (no R2 credentials), through the Worker's own part door into the R2 binding (miniflare has the multipart
 *   API), each part streamed through a FixedLengthStream, never held in memory whole.
 * Completion assembles the object through the binding, checks its bytes (`inspectStoredFile`), keeps the browser's
 * SHA-256 and the file's details (`file_facts`), and leaves the object pending (`recordPendingUpload`) for the
 * existing attach path and the day-old cleanup. Every refusal leaves nothing half-stored.
 */
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { commissionOrders, fileFacts, multipartUploadParts, multipartUploads, pendingUploads } from "../db/schema";
import { buildMediaKey, mediaUrlForKey } from "../domain/media-keys";
import { ORDER_DELIVERABLES_MAX_TOTAL_BYTES, type MediaErrorCode } from "../domain/media-limits";
import { FILE_KINDS, type FileKind } from "../domain/media-sniff";
import {
  CLOSED_UPLOAD_RETENTION_MS,
  UNFINISHED_UPLOAD_STATES,
  UPLOAD_IDLE_MS,
  UPLOAD_LEASE_MS,
  UPLOAD_MAX_AGE_MS,
  checkPartLength,
  checkPartNumber,
  checkUploadFileName,
  fileFingerprint,
  isAbandoned,
  leaseFor,
  missingParts,
  planParts,
  type MultipartErrorCode,
  type MultipartUploadState,
  type PartPlan,
} from "../domain/multipart-plan";
import { findUploadRule, type UploadRule } from "../domain/upload-rules";
import type { FileDetails } from "../domain/file-details";
import { inspectStoredFile } from "./file-inspection";
import { listR2Parts, presignUploadPart, r2Credentials, unquoteEtag, type StoredPart } from "./r2-multipart-s3";
import { signReadUrl } from "./media-access";
import { consumeRateLimit } from "./rate-limit";
import { issueToken, verifyToken } from "./signed-tokens";
import { authorizeWrite, recordPendingUpload } from "./storage";

/** The door's prefix (worker/app.ts mounts the uploads API here). */
export const UPLOADS_ROUTE = "/api/uploads";
/** A local part door's token lives 15 minutes, as a signed write does. */
const LOCAL_PART_TOKEN_TTL_MS = 15 * 60 * 1000;
/** Creations (not resumes) an uploader may start in an hour: ten deliverables a few times over, not a flood. */
const CREATIONS_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;
/** The cron's bound per run: rounds of this many uploads. */
const ABANDONED_PER_ROUND = 50;
const ABANDONED_MAX_ROUNDS = 10;

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

const fail = (status: UploadFailure["status"], code: UploadFailure["code"], missing?: number[]): UploadFailure =>
  missing ? { ok: false, status, code, missing } : { ok: false, status, code };
const notFound = fail(404, "upload_error_not_found");

type UploadRow = typeof multipartUploads.$inferSelect;

// ───────────────────────── reading uploads ─────────────────────────

const planOf = (upload: UploadRow): PartPlan => ({
  size: upload.declaredSize,
  partSize: upload.partSize,
  partCount: upload.partCount,
});

async function partsOf(db: Database, uploadIds: string[]): Promise<Map<string, StoredPart[]>> {
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

function stateOf(upload: UploadRow, parts: StoredPart[]): UploadState {
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

async function stateWithParts(db: Database, upload: UploadRow): Promise<UploadState> {
  return stateOf(upload, (await partsOf(db, [upload.id])).get(upload.id) ?? []);
}

/** The upload, for its uploader only: anyone else is told it does not exist. */
async function uploadOf(db: Database, uploader: Uploader, uploadId: string): Promise<UploadRow | null> {
  const row = await db.select().from(multipartUploads).where(eq(multipartUploads.id, uploadId)).get();
  return row && row.uploaderProfileId === uploader.profileId ? row : null;
}

/** Why an upload takes no more parts: finished one way or the other. Null while it is uploading. */
function closedFailure(upload: UploadRow): UploadFailure | null {
  if (upload.state === "uploading") return null;
  if (upload.state === "completing" || upload.state === "completed") return fail(409, "upload_already_completed");
  return fail(409, "upload_error_closed");
}

/**
 * Takes or renews the tab's lease (leaseFor), as one conditional UPDATE, so of two tabs at once only one holds it.
 * Also the upload's activity mark (`updated_at`), which the cron's idle rule reads.
 */
async function takeLease(
  db: Database,
  upload: UploadRow,
  tabId: string,
  now: number,
): Promise<UploadResult<{ upload: UploadRow }>> {
  const closed = closedFailure(upload);
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

// ───────────────────────── starting and resuming ─────────────────────────

export interface StartUploadInput {
  domain: string;
  id: string;
  field: string;
  name: string;
  size: number;
  kind: FileKind;
  lastModified: number;
  tabId: string;
}

/**
 * POST /api/uploads. The same uploader starting the same file (name, size, last-modified) for the same target while
 * an upload of it is unfinished gets that upload back, its lease taken for this tab (or 409 while another tab's is
 * fresh). Otherwise, after every check, a new R2 multipart upload and its row, written by one conditional INSERT that
 * also holds the order's total, so two starts at once cannot both pass it.
 */
export async function startUpload(
  deps: MultipartDeps,
  uploader: Uploader,
  input: StartUploadInput,
  now = Date.now(),
): Promise<UploadResult<{ upload: UploadState }>> {
  const { db, bucket } = deps;
  const rule = findUploadRule(input.domain, input.field);
  if (!rule?.multipartMaxBytes) return fail(400, "media_error_unsupported_type");
  const authorized = await authorizeWrite(db, uploader, input);
  if (!authorized.ok)
    return authorized.status === 400 ? fail(400, authorized.error) : fail(403, "upload_error_forbidden");
  const named = checkUploadFileName(input.name);
  if (!named.ok) return fail(400, named.error);
  if (input.size < 1 || input.size > rule.multipartMaxBytes) return fail(400, "media_error_too_large");
  if (!rule.kinds.includes(input.kind)) return fail(400, "media_error_unsupported_type");
  if (rule.domain === "commission-order" && (await isOrderClosed(db, input.id)))
    return fail(409, "upload_error_order_closed");
  const target = { domain: rule.domain, id: input.id, field: rule.field };
  const fingerprint = fileFingerprint({ name: named.name, size: input.size, lastModified: input.lastModified });

  const resumed = await resume(deps, uploader, target, fingerprint, input.tabId, now);
  if (resumed) return resumed;
  if (!(await consumeRateLimit(db, `multipart-start:${uploader.profileId}`, CREATIONS_PER_HOUR, HOUR_MS, now)))
    return fail(429, "upload_error_rate_limited");

  const plan = planParts(input.size);
  const kind = FILE_KINDS[input.kind];
  const key = buildMediaKey(rule.domain, input.id, rule.field, crypto.randomUUID(), kind.ext);
  let r2Upload: R2MultipartUpload;
  try {
    r2Upload = await bucket.createMultipartUpload(key, {
      httpMetadata: { contentType: kind.mimeType },
      customMetadata: { ownerProfileId: uploader.profileId },
    });
  } catch (error) {
    console.error("multipart: R2 could not start an upload", error);
    return fail(503, "upload_error_storage_unavailable");
  }
  const id = crypto.randomUUID();
  const limit = orderTotalLimit(rule);
  const inserted = await db.get<{ id: string }>(sql`
    INSERT INTO multipart_uploads (id, object_key, r2_upload_id, uploader_profile_id, target_domain, target_id,
      target_field, file_name, declared_size, part_size, part_count, kind, fingerprint, lease_holder, lease_expires_at,
      state, created_at, updated_at)
    SELECT ${id}, ${key}, ${r2Upload.uploadId}, ${uploader.profileId}, ${rule.domain}, ${input.id}, ${rule.field},
      ${named.name}, ${input.size}, ${plan.partSize}, ${plan.partCount}, ${input.kind}, ${fingerprint}, ${input.tabId},
      ${now + UPLOAD_LEASE_MS}, 'uploading', ${now}, ${now}
    WHERE ${limit === null ? sql`1` : sql`${orderBytesInUse(input.id)} + ${input.size} <= ${limit}`}
    ON CONFLICT DO NOTHING
    RETURNING id`);
  if (inserted) {
    const row = await db.select().from(multipartUploads).where(eq(multipartUploads.id, id)).get();
    return { ok: true, upload: stateOf(row!, []) };
  }
  // Refused: R2's upload goes at once. Either the same file was started at the same moment (resume that one) or the
  // order's total would pass its limit.
  await r2Upload.abort().catch(() => undefined);
  return (await resume(deps, uploader, target, fingerprint, input.tabId, now)) ?? fail(400, "upload_error_order_total");
}

async function resume(
  deps: MultipartDeps,
  uploader: Uploader,
  target: { domain: string; id: string; field: string },
  fingerprint: string,
  tabId: string,
  now: number,
): Promise<UploadResult<{ upload: UploadState }> | null> {
  const found = await deps.db
    .select()
    .from(multipartUploads)
    .where(
      and(
        eq(multipartUploads.uploaderProfileId, uploader.profileId),
        eq(multipartUploads.targetDomain, target.domain),
        eq(multipartUploads.targetId, target.id),
        eq(multipartUploads.targetField, target.field),
        eq(multipartUploads.fingerprint, fingerprint),
        inArray(multipartUploads.state, [...UNFINISHED_UPLOAD_STATES]),
      ),
    )
    .get();
  if (!found) return null;
  // One the cron is about to abort is not offered: it is aborted now, and the file starts afresh.
  if (found.state === "uploading" && isAbandoned(timesOf(found), now)) {
    await abortRows(deps, [found]);
    return null;
  }
  const leased = await takeLease(deps.db, found, tabId, now);
  if (!leased.ok) return leased;
  return { ok: true, upload: await stateWithParts(deps.db, leased.upload) };
}

/**
 * A completed or canceled order takes no more files (section 4's editability): refused before R2 starts an upload
 * nothing could ever attach. The Order object's own rule still decides each attachment.
 */
async function isOrderClosed(db: Database, orderId: string): Promise<boolean> {
  const order = await db
    .select({ progress: commissionOrders.orderProgressStatus })
    .from(commissionOrders)
    .where(eq(commissionOrders.id, orderId))
    .get();
  return order?.progress === "COMPLETED" || order?.progress === "CANCELED";
}

const timesOf = (upload: UploadRow) => ({
  createdAt: upload.createdAt.getTime(),
  updatedAt: upload.updatedAt.getTime(),
});

/** An order's deliverables (both fields) may add up to ORDER_DELIVERABLES_MAX_TOTAL_BYTES; nothing else has a total. */
function orderTotalLimit(rule: UploadRule): number | null {
  return rule.domain === "commission-order" ? ORDER_DELIVERABLES_MAX_TOTAL_BYTES : null;
}

/**
 * The bytes an order's deliverables hold or are about to: its attached files (each stored file once, however many
 * media rows name it), its unfinished uploads, and completed ones no record has attached yet.
 */
function orderBytesInUse(orderId: string) {
  const deliverables = `/media/v1/commission-order/${orderId}/deliverables/`;
  const sources = `/media/v1/commission-order/${orderId}/deliverable_sources/`;
  return sql`(
    COALESCE((SELECT SUM(size) FROM (
      SELECT MAX(file_size) AS size FROM media
      WHERE substr(file_url, 1, ${deliverables.length}) = ${deliverables}
         OR substr(file_url, 1, ${sources.length}) = ${sources}
      GROUP BY file_url)), 0)
    + COALESCE((SELECT SUM(declared_size) FROM multipart_uploads
      WHERE target_id = ${orderId} AND target_domain = 'commission-order'
        AND (state IN ('uploading', 'completing')
          OR (state = 'completed' AND object_key IN (SELECT key FROM pending_uploads)))), 0))`;
}

/** GET /api/uploads?domain&id&field: the caller's own unfinished uploads of a target, to offer a resume. */
export async function listUploads(
  deps: MultipartDeps,
  uploader: Uploader,
  target: { domain: string; id: string; field: string },
  now = Date.now(),
): Promise<UploadResult<{ uploads: UploadState[] }>> {
  const rows = (
    await deps.db
      .select()
      .from(multipartUploads)
      .where(
        and(
          eq(multipartUploads.uploaderProfileId, uploader.profileId),
          eq(multipartUploads.targetDomain, target.domain),
          eq(multipartUploads.targetId, target.id),
          eq(multipartUploads.targetField, target.field),
          eq(multipartUploads.state, "uploading"),
        ),
      )
      .orderBy(multipartUploads.createdAt)
  ).filter((row) => !isAbandoned(timesOf(row), now));
  const parts = await partsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return { ok: true, uploads: rows.map((row) => stateOf(row, parts.get(row.id) ?? [])) };
}

/** GET /api/uploads/:uploadId, for its uploader only. */
export async function getUpload(
  deps: MultipartDeps,
  uploader: Uploader,
  uploadId: string,
): Promise<UploadResult<{ upload: UploadState }>> {
  const upload = await uploadOf(deps.db, uploader, uploadId);
  if (!upload) return notFound;
  return { ok: true, upload: await stateWithParts(deps.db, upload) };
}

// ───────────────────────── parts ─────────────────────────

export interface PartTarget {
  partNumber: number;
  url: string;
  method: "PUT";
  headers: Record<string, string>;
  /** Production: the browser reports the ETag R2 answers (POST …/parts/:n/report). Locally the door records it. */
  report: boolean;
}

/** The local part door's token scope: its key names the upload and part, its type the tab (signed-tokens.ts). */
const partTokenKey = (uploadId: string, partNumber: number) => `multipart/${uploadId}/${partNumber}`;
const PART_TOKEN_TYPE = "multipart-part:";

/**
 * POST /api/uploads/:uploadId/parts: where to send each asked part, for the tab holding the lease (renewed). Every
 * number is checked first; one out of range or past the count refuses the whole call.
 */
export async function signParts(
  deps: MultipartDeps,
  uploader: Uploader,
  uploadId: string,
  input: { partNumbers: number[]; tabId: string },
  origin: string,
  now = Date.now(),
): Promise<UploadResult<{ parts: PartTarget[] }>> {
  const found = await uploadOf(deps.db, uploader, uploadId);
  if (!found) return notFound;
  const plan = planOf(found);
  const sized: { partNumber: number; size: number }[] = [];
  for (const partNumber of new Set(input.partNumbers)) {
    const check = checkPartNumber(plan, partNumber);
    if (!check.ok) return fail(400, check.error);
    sized.push({ partNumber, size: check.size });
  }
  const leased = await takeLease(deps.db, found, input.tabId, now);
  if (!leased.ok) return leased;
  const upload = leased.upload;
  const r2 = r2Credentials(deps.env);
  const parts: PartTarget[] = [];
  for (const { partNumber, size } of sized) {
    if (r2) {
      parts.push({
        partNumber,
        url: await presignUploadPart(r2, upload.objectKey, upload.r2UploadId, partNumber, size),
        method: "PUT",
        headers: {},
        report: true,
      });
      continue;
    }
    const { token } = await issueToken(
      deps.env,
      "media-write",
      {
        key: partTokenKey(upload.id, partNumber),
        size,
        type: `${PART_TOKEN_TYPE}${input.tabId}`,
        sub: uploader.profileId,
      },
      LOCAL_PART_TOKEN_TTL_MS,
      now,
    );
    parts.push({
      partNumber,
      url: `${origin}${UPLOADS_ROUTE}/${upload.id}/parts/${partNumber}?token=${encodeURIComponent(token)}`,
      method: "PUT",
      headers: {},
      report: false,
    });
  }
  return { ok: true, parts };
}

export interface PartBody {
  /** The request's Content-Length; null when it sent none. */
  declaredLength: number | null;
  /** The body, unread until the token, the upload and the length have been checked. */
  stream: ReadableStream<Uint8Array> | null;
}

/** Passes exactly `size` bytes on; errors on a byte more (as it arrives) or fewer (at the end), and says which. */
function exactLength(size: number) {
  let seen = 0;
  const outcome = { tooLarge: false, short: false };
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > size) {
        outcome.tooLarge = true;
        controller.error(new Error("part larger than declared"));
        return;
      }
      controller.enqueue(chunk);
    },
    flush(controller) {
      if (seen < size) {
        outcome.short = true;
        controller.error(new Error("part shorter than declared"));
      }
    },
  });
  return { stream, outcome };
}

/**
 * PUT /api/uploads/:uploadId/parts/:partNumber?token=… (local only). Before a byte is read: the token (this upload,
 * this part, its exact size, the uploader and the tab), the upload still uploading, the part in the plan, the tab's
 * lease, and a Content-Length equal to the part's size. The body then streams into R2 through a FixedLengthStream
 * behind a counter, so a body longer or shorter than declared fails and no part is recorded.
 */
export async function putPart(
  deps: MultipartDeps,
  uploadId: string,
  partNumber: number,
  token: string,
  body: PartBody,
  now = Date.now(),
): Promise<UploadResult<{ partNumber: number; etag: string }>> {
  const { db, env, bucket } = deps;
  const claims = await verifyToken(env, "media-write", token, now);
  if (!claims || claims.key !== partTokenKey(uploadId, partNumber) || !claims.type.startsWith(PART_TOKEN_TYPE))
    return fail(403, "upload_error_token");
  const tabId = claims.type.slice(PART_TOKEN_TYPE.length);
  const found = await uploadOf(db, { profileId: claims.sub }, uploadId);
  if (!found) return notFound;
  const check = checkPartNumber(planOf(found), partNumber);
  if (!check.ok) return fail(400, check.error);
  if (check.size !== claims.size) return fail(403, "upload_error_token");
  if (body.declaredLength === null) return fail(411, "upload_error_length_required");
  const length = checkPartLength(check.size, body.declaredLength);
  if (!length.ok) return fail(400, length.error);
  const leased = await takeLease(db, found, tabId, now);
  if (!leased.ok) return leased;
  const upload = leased.upload;

  const counter = exactLength(check.size);
  const fixed = new FixedLengthStream(check.size);
  const source = body.stream ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
  const piping = source.pipeThrough(counter.stream).pipeTo(fixed.writable);
  const r2Upload = bucket.resumeMultipartUpload(upload.objectKey, upload.r2UploadId);
  const [piped, stored] = await Promise.allSettled([piping, r2Upload.uploadPart(partNumber, fixed.readable)]);
  if (piped.status === "rejected" || stored.status === "rejected") {
    if (counter.outcome.tooLarge) return fail(400, "upload_error_part_too_large");
    if (counter.outcome.short || piped.status === "rejected") return fail(400, "upload_error_part_incomplete");
    console.error("multipart: R2 refused a part", upload.id, partNumber, stored.status === "rejected" && stored.reason);
    return fail(503, "upload_error_storage_unavailable");
  }
  const etag = stored.value.etag;
  // Recorded only while the upload still takes parts (an abort in the meantime drops it).
  await db.run(sql`
    INSERT INTO multipart_upload_parts (upload_id, part_number, size, etag)
    SELECT ${upload.id}, ${partNumber}, ${check.size}, ${etag}
    WHERE EXISTS (SELECT 1 FROM multipart_uploads WHERE id = ${upload.id} AND state = 'uploading')
    ON CONFLICT (upload_id, part_number) DO UPDATE SET size = excluded.size, etag = excluded.etag`);
  return { ok: true, partNumber, etag };
}

/**
 * POST /api/uploads/:uploadId/parts/:partNumber/report (production): the ETag R2 gave the browser for a part it
 * sent by a presigned URL. Kept for the resume's list of done parts; completion trusts R2's ListParts, not this.
 */
export async function reportPart(
  deps: MultipartDeps,
  uploader: Uploader,
  uploadId: string,
  partNumber: number,
  input: { etag: string; tabId: string },
  now = Date.now(),
): Promise<UploadResult<{ partNumber: number }>> {
  const found = await uploadOf(deps.db, uploader, uploadId);
  if (!found) return notFound;
  // Locally the part door records each part from R2's own answer: a report there could only claim a part unsent.
  if (!r2Credentials(deps.env)) return fail(400, "upload_error_invalid_request");
  const check = checkPartNumber(planOf(found), partNumber);
  if (!check.ok) return fail(400, check.error);
  const leased = await takeLease(deps.db, found, input.tabId, now);
  if (!leased.ok) return leased;
  await deps.db.run(sql`
    INSERT INTO multipart_upload_parts (upload_id, part_number, size, etag)
    SELECT ${uploadId}, ${partNumber}, ${check.size}, ${unquoteEtag(input.etag)}
    WHERE EXISTS (SELECT 1 FROM multipart_uploads WHERE id = ${uploadId} AND state = 'uploading')
    ON CONFLICT (upload_id, part_number) DO UPDATE SET size = excluded.size, etag = excluded.etag`);
  return { ok: true, partNumber };
}

// ───────────────────────── completion ─────────────────────────

export interface CompletedUpload {
  url: string;
  readUrl: string;
  key: string;
  sha256: string;
  size: number;
  details: FileDetails | null;
}

/**
 * POST /api/uploads/:uploadId/complete. The parts are counted first (R2's ListParts in production, the door's
 * records locally); one completion wins the move to `completing` (a second: 409). The object is assembled through
 * the binding, then must be its declared size and pass `inspectStoredFile`; a refused object is deleted at once.
 * An accepted one keeps its SHA-256 and details (`file_facts`) and waits, pending, for a record to attach it.
 */
export async function completeUpload(
  deps: MultipartDeps,
  uploader: Uploader,
  uploadId: string,
  input: { sha256: string; tabId: string },
  now = Date.now(),
): Promise<UploadResult<CompletedUpload>> {
  const { db, env, bucket } = deps;
  const found = await uploadOf(db, uploader, uploadId);
  if (!found) return notFound;
  const closed = closedFailure(found);
  if (closed) return closed;
  const lease = leaseFor(
    { holder: found.leaseHolder, expiresAt: found.leaseExpiresAt?.getTime() ?? null },
    input.tabId,
    now,
  );
  if (!lease.ok) return fail(409, lease.error);
  const rule = findUploadRule(found.targetDomain, found.targetField);
  if (!rule) return fail(400, "media_error_unsupported_type");

  const r2 = r2Credentials(env);
  const parts = r2
    ? await listR2Parts(r2, found.objectKey, found.r2UploadId)
    : ((await partsOf(db, [found.id])).get(found.id) ?? []);
  if (!parts) return fail(503, "upload_error_storage_unavailable");
  const plan = planOf(found);
  const missing = missingParts(plan, parts);
  if (missing.length) return fail(400, "upload_error_parts_missing", missing);

  const [claimed] = await db
    .update(multipartUploads)
    .set({ state: "completing", updatedAt: new Date(now) })
    .where(and(eq(multipartUploads.id, found.id), eq(multipartUploads.state, "uploading")))
    .returning();
  if (!claimed) {
    const current = await db.select().from(multipartUploads).where(eq(multipartUploads.id, found.id)).get();
    return (current && closedFailure(current)) ?? fail(409, "upload_already_completed");
  }
  // Pending before the object exists, as every write path does (storage.ts): a crash after leaves a row the cron reads.
  await recordPendingUpload(db, found.objectKey, uploader.profileId, now);
  const wanted = parts
    .filter((p) => p.partNumber <= plan.partCount)
    .sort((a, b) => a.partNumber - b.partNumber)
    .map(({ partNumber, etag }) => ({ partNumber, etag }));
  let object: R2Object;
  try {
    object = await bucket.resumeMultipartUpload(found.objectKey, found.r2UploadId).complete(wanted);
  } catch (error) {
    console.error("multipart: R2 could not complete", found.id, error);
    await db.batch([
      db
        .update(multipartUploads)
        .set({ state: "uploading" })
        .where(and(eq(multipartUploads.id, found.id), eq(multipartUploads.state, "completing"))),
      db.delete(pendingUploads).where(eq(pendingUploads.key, found.objectKey)),
    ]);
    return fail(503, "upload_error_storage_unavailable");
  }

  const refuse = async (code: UploadFailure["code"]) => {
    await bucket.delete(found.objectKey);
    await db.batch([
      db
        .update(multipartUploads)
        .set({ state: "refused", updatedAt: new Date(now) })
        .where(eq(multipartUploads.id, found.id)),
      db.delete(multipartUploadParts).where(eq(multipartUploadParts.uploadId, found.id)),
      db.delete(pendingUploads).where(eq(pendingUploads.key, found.objectKey)),
    ]);
    return fail(400, code);
  };
  if (object.size !== found.declaredSize) return refuse("upload_error_size_mismatch");
  const inspected = await inspectStoredFile(bucket, found.objectKey, rule);
  if (!inspected.ok) return refuse(inspected.error === "not_found" ? "upload_error_size_mismatch" : inspected.error);

  await db.batch([
    db
      .insert(fileFacts)
      .values({
        objectKey: found.objectKey,
        sha256: input.sha256,
        details: inspected.details ? JSON.stringify(inspected.details) : null,
        createdAt: new Date(now),
      })
      .onConflictDoNothing(),
    db
      .update(multipartUploads)
      .set({
        state: "completed",
        sha256: input.sha256,
        leaseHolder: null,
        leaseExpiresAt: null,
        updatedAt: new Date(now),
      })
      .where(eq(multipartUploads.id, found.id)),
    db.delete(multipartUploadParts).where(eq(multipartUploadParts.uploadId, found.id)),
  ]);
  const readUrl = (await signReadUrl(env, found.objectKey, uploader.profileId, { now, shownIn: "page" })).url;
  return {
    ok: true,
    url: mediaUrlForKey(found.objectKey),
    readUrl,
    key: found.objectKey,
    sha256: input.sha256,
    size: object.size,
    details: inspected.details,
  };
}

// ───────────────────────── aborting ─────────────────────────

/**
 * Claimed rows (already moved to `aborted` by a conditional update) lose their R2 upload and their parts. R2's abort
 * of an upload it no longer has (aborted already, or by its lifecycle rule) is not an error here.
 */
async function abortRows(deps: Pick<MultipartDeps, "db" | "bucket">, rows: UploadRow[], claimed = false) {
  const { db, bucket } = deps;
  let ids = rows.map((r) => r.id);
  if (!claimed && ids.length) {
    const taken = await db
      .update(multipartUploads)
      .set({ state: "aborted", leaseHolder: null, leaseExpiresAt: null })
      .where(and(inArray(multipartUploads.id, ids), inArray(multipartUploads.state, [...UNFINISHED_UPLOAD_STATES])))
      .returning({ id: multipartUploads.id });
    ids = taken.map((t) => t.id);
  }
  for (const row of rows.filter((r) => ids.includes(r.id)))
    await bucket
      .resumeMultipartUpload(row.objectKey, row.r2UploadId)
      .abort()
      .catch(() => undefined);
  if (ids.length) await db.delete(multipartUploadParts).where(inArray(multipartUploadParts.uploadId, ids));
  return ids.length;
}

/**
 * DELETE /api/uploads/:uploadId: the uploader cancels. Idempotent: an aborted (or refused) upload answers as it is.
 * A completed one is a stored file, removed by the storage door's delete, not here (409).
 */
export async function abortUpload(
  deps: MultipartDeps,
  uploader: Uploader,
  uploadId: string,
  now = Date.now(),
): Promise<UploadResult<{ upload: UploadState }>> {
  const found = await uploadOf(deps.db, uploader, uploadId);
  if (!found) return notFound;
  if (found.state === "completing" || found.state === "completed") return fail(409, "upload_already_completed");
  if (found.state === "uploading") {
    const [claimed] = await deps.db
      .update(multipartUploads)
      .set({ state: "aborted", leaseHolder: null, leaseExpiresAt: null, updatedAt: new Date(now) })
      .where(and(eq(multipartUploads.id, found.id), eq(multipartUploads.state, "uploading")))
      .returning();
    if (claimed) await abortRows(deps, [claimed], true);
  }
  const current = await deps.db.select().from(multipartUploads).where(eq(multipartUploads.id, found.id)).get();
  if (current?.state === "completing" || current?.state === "completed") return fail(409, "upload_already_completed");
  return { ok: true, upload: await stateWithParts(deps.db, current ?? found) };
}

/**
 * Cron: aborts uploads abandoned at `now` (no activity for a day, or begun too long ago; `isAbandoned`), and a
 * completion that never finished. Each round claims its rows by a conditional UPDATE (still unfinished, still
 * abandoned) before aborting them in R2, so an upload that moved on in the meantime is left alone; bounded per run,
 * idempotent. Closed uploads are forgotten after CLOSED_UPLOAD_RETENTION_MS. Returns how many it aborted.
 */
export async function abortAbandonedUploads(db: Database, bucket: R2Bucket, now: number): Promise<number> {
  const idleSince = new Date(now - UPLOAD_IDLE_MS);
  const begunBefore = new Date(now - UPLOAD_MAX_AGE_MS);
  const abandoned = and(
    inArray(multipartUploads.state, [...UNFINISHED_UPLOAD_STATES]),
    sql`(${multipartUploads.updatedAt} < ${idleSince.getTime()} OR ${multipartUploads.createdAt} < ${begunBefore.getTime()})`,
  );
  let aborted = 0;
  for (let round = 0; round < ABANDONED_MAX_ROUNDS; round++) {
    const stale = await db
      .select({ id: multipartUploads.id })
      .from(multipartUploads)
      .where(abandoned)
      .limit(ABANDONED_PER_ROUND);
    if (stale.length === 0) break;
    const claimed = await db
      .update(multipartUploads)
      .set({ state: "aborted", leaseHolder: null, leaseExpiresAt: null, updatedAt: new Date(now) })
      .where(
        and(
          inArray(
            multipartUploads.id,
            stale.map((s) => s.id),
          ),
          abandoned,
        ),
      )
      .returning();
    aborted += await abortRows({ db, bucket }, claimed, true);
    if (stale.length < ABANDONED_PER_ROUND) break;
  }
  await db.delete(multipartUploads).where(
    and(
      inArray(multipartUploads.state, ["completed", "aborted", "refused"]),
      lt(multipartUploads.updatedAt, new Date(now - CLOSED_UPLOAD_RETENTION_MS)),
      inArray(
        multipartUploads.id,
        db
          .select({ id: multipartUploads.id })
          .from(multipartUploads)
          .where(
            and(
              inArray(multipartUploads.state, ["completed", "aborted", "refused"]),
              lt(multipartUploads.updatedAt, new Date(now - CLOSED_UPLOAD_RETENTION_MS)),
            ),
          )
          .limit(ABANDONED_PER_ROUND * ABANDONED_MAX_ROUNDS),
      ),
    ),
  );
  return aborted;
}
