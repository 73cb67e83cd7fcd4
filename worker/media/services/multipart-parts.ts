/**
 * A multipart upload's parts (issue 60, decision 096): where the browser sends each (a presigned S3 UploadPart URL in
 * production, the Worker's own token-bound door locally), the local door that streams a part into R2 at its exact
 * size, and production's report of the ETag R2 gave the browser.
 */
import { sql } from "drizzle-orm";
import { checkPartLength, checkPartNumber } from "../domain/multipart-plan";
import { presignUploadPart, r2Credentials, unquoteEtag } from "./r2-multipart-s3";
import { issueToken, verifyToken } from "../../services/signed-tokens";
import {
  fail,
  notFound,
  planOf,
  takeLease,
  uploadOf,
  type MultipartDeps,
  type UploadResult,
  type Uploader,
} from "./multipart-upload-rows";

/** The door's prefix (worker/app.ts mounts the uploads API here). */
const UPLOADS_ROUTE = "/api/uploads";
/** A local part door's token lives 15 minutes, as a signed write does. */
const LOCAL_PART_TOKEN_TTL_MS = 15 * 60 * 1000;

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
