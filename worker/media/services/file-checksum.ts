/**
 * Comet's own checksum of a stored work file (issue 75). The uploader's browser says what SHA-256 it sent (kept in
 * `file_facts.sha256`); here the server reads the stored object back from R2 and hashes it itself, streaming (the
 * object's body piped into Workers' `DigestStream`, so no file is ever held whole, whatever its size), and records
 * whether the claim was right. Run in the background: right after a completion (the door's `waitUntil`, for files up
 * to HASH_AT_COMPLETION_MAX_BYTES) and by the cron for whatever is still pending (a bounded batch, oldest first).
 * A run claims a file first by one conditional UPDATE, so two runs never hash it both, and the result is written once.
 */
import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { fileFacts } from "../../db/schema";
import {
  CHECKS_PER_RUN,
  CHECK_CLAIM_MS,
  CHECK_RUN_MAX_BYTES,
  CHECK_RUN_BUDGET_MS,
  checksumVerdict,
  hexOf,
  type FileChecksumState,
} from "../domain/file-checksum";

/** The runtime has it on `crypto` (where the types, which declare it global, do not say). */
type WorkersCrypto = Crypto & { DigestStream: typeof DigestStream };

interface ChecksumDeps {
  db: Database;
  bucket: R2Bucket;
}

/** The stored object's SHA-256, its body streamed through the digest; null when there is no such object. */
async function hashStoredObject(bucket: R2Bucket, key: string): Promise<string | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  const digest = new (crypto as WorkersCrypto).DigestStream("SHA-256");
  await object.body.pipeThrough(yieldingEvery(YIELD_EVERY_BYTES)).pipeTo(digest);
  return hexOf(await digest.digest);
}

/** Bytes hashed between two yields of the isolate to the requests waiting on it. */
const YIELD_EVERY_BYTES = 8 * 1024 * 1024;

/**
 * Passes the chunks on as they are, giving the isolate back to other work (a timer's turn) every `bytes`: a local R2
 * hands a body over as fast as it is read, and a request that came meanwhile (the attach right after a completion)
 * must not wait for a whole file's hash (locally the dev server's proxy gave up on it).
 */
function yieldingEvery(bytes: number): TransformStream<Uint8Array, Uint8Array> {
  let since = 0;
  return new TransformStream({
    async transform(chunk, controller) {
      controller.enqueue(chunk);
      since += chunk.byteLength;
      if (since < bytes) return;
      since = 0;
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  });
}

/**
 * Hashes one file whose facts are pending and writes the verdict. Null when there was nothing for this run to do: the
 * file is checked already, another run holds it, or its object is gone (its facts are then removed with it). A read
 * that fails leaves the file pending, its claim released, for the cron.
 */
export async function checkStoredFile(
  { db, bucket }: ChecksumDeps,
  objectKey: string,
  now = Date.now(),
): Promise<Exclude<FileChecksumState, "pending"> | null> {
  const [claimed] = await db
    .update(fileFacts)
    .set({ checkStartedAt: new Date(now) })
    .where(
      and(
        eq(fileFacts.objectKey, objectKey),
        eq(fileFacts.checksum, "pending"),
        or(isNull(fileFacts.checkStartedAt), lte(fileFacts.checkStartedAt, new Date(now - CHECK_CLAIM_MS))),
      ),
    )
    .returning({ sha256: fileFacts.sha256 });
  if (!claimed) return null;
  let server: string | null;
  try {
    server = await hashStoredObject(bucket, objectKey);
  } catch (error) {
    console.error("file checksum: could not read", objectKey, error);
    await db
      .update(fileFacts)
      .set({ checkStartedAt: null })
      .where(and(eq(fileFacts.objectKey, objectKey), eq(fileFacts.checksum, "pending")));
    return null;
  }
  if (server === null) {
    await db.delete(fileFacts).where(eq(fileFacts.objectKey, objectKey));
    return null;
  }
  const verdict = checksumVerdict(claimed.sha256, server);
  const [written] = await db
    .update(fileFacts)
    .set({ serverSha256: server, checksum: verdict, checkedAt: new Date(now) })
    .where(and(eq(fileFacts.objectKey, objectKey), eq(fileFacts.checksum, "pending")))
    .returning({ checksum: fileFacts.checksum });
  if (!written) return null;
  // The row keeps both hashes for both parties and the admin; the log says it happened.
  if (verdict === "differs")
    console.warn(`file checksum: ${objectKey} differs: the browser said ${claimed.sha256}, the server has ${server}`);
  return verdict;
}

/**
 * The cron's part: the files still pending (none claimed by a live run), oldest first, one after another: at most
 * CHECKS_PER_RUN files and CHECK_RUN_MAX_BYTES (the first file whatever its size), none started once
 * CHECK_RUN_BUDGET_MS has gone. Returns how many it checked.
 */
export async function checkPendingFiles(deps: ChecksumDeps, now = Date.now()): Promise<number> {
  const pending = await deps.db
    .select({ objectKey: fileFacts.objectKey })
    .from(fileFacts)
    .where(
      and(
        eq(fileFacts.checksum, "pending"),
        or(isNull(fileFacts.checkStartedAt), lte(fileFacts.checkStartedAt, new Date(now - CHECK_CLAIM_MS))),
      ),
    )
    .orderBy(asc(fileFacts.createdAt))
    .limit(CHECKS_PER_RUN);
  const started = Date.now();
  let checked = 0;
  let bytes = 0;
  for (const { objectKey } of pending) {
    if (Date.now() - started > CHECK_RUN_BUDGET_MS) break;
    const size = (await deps.bucket.head(objectKey))?.size ?? 0;
    if (bytes > 0 && bytes + size > CHECK_RUN_MAX_BYTES) break;
    bytes += size;
    if (await checkStoredFile(deps, objectKey, now + Date.now() - started)) checked++;
  }
  return checked;
}

/** For the completion door's `waitUntil`: never throws (a failure leaves the file to the cron). */
export function checkStoredFileSoon(deps: ChecksumDeps, objectKey: string): Promise<unknown> {
  return checkStoredFile(deps, objectKey).catch((error) => console.error("file checksum:", objectKey, error));
}
