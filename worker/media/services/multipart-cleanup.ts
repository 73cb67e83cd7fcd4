/**
 * Ending a multipart upload that will not finish (issue 60, decision 096): the uploader's cancel, and the cron's abort
 * of uploads abandoned for a day. R2's lifecycle rule for incomplete multipart uploads is the net under both.
 */
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { multipartUploadParts, multipartUploads } from "../../db/schema";
import {
  CLOSED_UPLOAD_RETENTION_MS,
  UNFINISHED_UPLOAD_STATES,
  UPLOAD_IDLE_MS,
  UPLOAD_MAX_AGE_MS,
} from "../domain/multipart-plan";
import {
  fail,
  notFound,
  stateWithParts,
  uploadOf,
  type MultipartDeps,
  type UploadResult,
  type UploadRow,
  type UploadState,
  type Uploader,
} from "./multipart-upload-rows";

/** The cron's bound per run: rounds of this many uploads. */
const ABANDONED_PER_ROUND = 50;
const ABANDONED_MAX_ROUNDS = 10;

/**
 * Claimed rows (already moved to `aborted` by a conditional update) lose their R2 upload and their parts. R2's abort
 * of an upload it no longer has (aborted already, or by its lifecycle rule) is not an error here.
 */
export async function abortRows(deps: Pick<MultipartDeps, "db" | "bucket">, rows: UploadRow[], claimed = false) {
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
