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
import { and, eq, inArray, sql } from "drizzle-orm";
import { fileFacts, multipartUploadParts, multipartUploads, pendingUploads } from "../../db/schema";
import { buildMediaKey, mediaUrlForKey } from "../domain/media-keys";
import { ORDER_DELIVERABLES_MAX_TOTAL_BYTES } from "../domain/media-limits";
import { FILE_KINDS, type FileKind } from "../domain/media-sniff";
import {
  UNFINISHED_UPLOAD_STATES,
  UPLOAD_LEASE_MS,
  checkUploadFileName,
  fileFingerprint,
  isAbandoned,
  leaseFor,
  missingParts,
  planParts,
} from "../domain/multipart-plan";
import { findUploadRule, type UploadRule } from "../domain/upload-rules";
import type { FileDetails } from "../domain/file-details";
import { inspectStoredFile } from "./file-inspection";
import { listR2Parts, r2Credentials } from "./r2-multipart-s3";
import { signReadUrl } from "./media-access";
import { consumeRateLimit } from "../../services/rate-limit";
import { authorizeWrite, recordPendingUpload } from "./storage";
import { abortRows } from "./multipart-cleanup";
import {
  closedFailure,
  fail,
  orderClosedFailure,
  notFound,
  partsOf,
  planOf,
  stateOf,
  stateWithParts,
  takeLease,
  uploadOf,
  type MultipartDeps,
  type UploadFailure,
  type UploadResult,
  type UploadRow,
  type UploadState,
  type Uploader,
} from "./multipart-upload-rows";

/** Creations (not resumes) an uploader may start in an hour: ten deliverables a few times over, not a flood. */
const CREATIONS_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;

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
    return authorized.status === 400 || authorized.status === 409
      ? fail(authorized.status, authorized.error)
      : fail(403, "upload_error_forbidden");
  const named = checkUploadFileName(input.name);
  if (!named.ok) return fail(400, named.error);
  if (input.size < 1 || input.size > rule.multipartMaxBytes) return fail(400, "media_error_too_large");
  if (!rule.kinds.includes(input.kind)) return fail(400, "media_error_unsupported_type");
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
 * records locally); one completion wins the move to `completing` (another meanwhile: 409). The object is assembled through
 * the binding, then must be its declared size and pass `inspectStoredFile`; a refused object is deleted at once.
 * An accepted one keeps its SHA-256 and details (`file_facts`) and waits, pending, for a record to attach it.
 * Asked again once completed, with the same SHA-256 (a retry after a lost answer), it answers the same again and
 * changes nothing; with another, it is refused (409): the file stored is not the one that completion describes.
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
  if (found.state === "completed" && found.sha256 === input.sha256) return completedAgain(deps, uploader, found, now);
  const closed = closedFailure(found) ?? (await orderClosedFailure(db, found));
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

/** A completed upload's answer, given again (its facts as stored, a fresh read URL). */
async function completedAgain(
  { db, env }: MultipartDeps,
  uploader: Uploader,
  upload: UploadRow,
  now: number,
): Promise<UploadResult<CompletedUpload>> {
  const facts = await db.select().from(fileFacts).where(eq(fileFacts.objectKey, upload.objectKey)).get();
  const readUrl = (await signReadUrl(env, upload.objectKey, uploader.profileId, { now, shownIn: "page" })).url;
  return {
    ok: true,
    url: mediaUrlForKey(upload.objectKey),
    readUrl,
    key: upload.objectKey,
    sha256: upload.sha256!,
    size: upload.declaredSize,
    details: facts?.details ? (JSON.parse(facts.details) as FileDetails) : null,
  };
}
