/**
 * Comet's own checksum of a stored work file (issue 75): the rules, apart from R2 and D1
 * (worker/media/services/file-checksum.ts does the hashing). The uploader's browser says what it sent; the server hashes
 * the stored object and the page shows the server's hash, the claim checked against it.
 */

/** pending: not hashed by the server yet; verified: the claim is the server's hash; differs: it is not. */
export const FILE_CHECKSUM_STATES = ["pending", "verified", "differs"] as const;
export type FileChecksumState = (typeof FILE_CHECKSUM_STATES)[number];

/**
 * How long a run's claim on a file holds: longer than any invocation that could be hashing it (a Cron Trigger's 15
 * minutes of wall time), so two runs never hash one file at once, and a run that died is taken over after it.
 */
export const CHECK_CLAIM_MS = 20 * 60 * 1000;

/**
 * The largest file hashed right after its completion, in the request's `waitUntil`, which has 30 seconds after the
 * answer. Locally (miniflare's R2 on disk) a 200 MiB object hashes in 4 to 5.5 seconds, about 45 MB/s, so 512 MiB takes
 * about 12; R2 from a Worker reads faster. Larger files wait for the cron (every 15 minutes, 15 minutes of wall time).
 */
export const HASH_AT_COMPLETION_MAX_BYTES = 512 * 1024 * 1024;

/**
 * What the cron hashes in one run at most, oldest first: a few files, one 5 GiB file or several adding up to it (the
 * CPU a digest costs is about a second a gigabyte, under the default 30 seconds), and none started after 5 minutes.
 */
export const CHECKS_PER_RUN = 5;
export const CHECK_RUN_MAX_BYTES = 5 * 1024 * 1024 * 1024;
export const CHECK_RUN_BUDGET_MS = 5 * 60 * 1000;

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The claim against the server's hash: equal (as 64 lowercase hex digits) or not. */
export function checksumVerdict(claimed: string, server: string): Exclude<FileChecksumState, "pending"> {
  return SHA256_HEX.test(server) && claimed.toLowerCase() === server ? "verified" : "differs";
}

/** A digest as 64 lowercase hex digits. */
export function hexOf(digest: ArrayBuffer): string {
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
