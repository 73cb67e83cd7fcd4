/**
 * A deliverable sent in parts (issue 60, decision 096): how a declared size is cut into R2 multipart parts, what each
 * part must weigh, which parts are still missing, which browser tab may send them (the lease), and the file-name rule
 * of this door. Pure: the service (worker/media/services/multipart-uploads.ts) asks it and does the storing.
 *
 * R2's own rules for a multipart upload: every part but the last the same size, at least 5 MiB, at most 10,000 parts.
 */
import { DEFAULT_UPLOAD_MAX_BYTES, MB, MEDIA_FILE_NAME_MAX } from "./media-limits";
import { hasDirectionControls, isBlankText, textLength } from "../../domain/text";

// ───────────────────────── parts ─────────────────────────

/** R2 refuses a part (other than the last) smaller than this. */
export const R2_MIN_PART_BYTES = 5 * MB;
/** R2 takes at most this many parts in one upload. */
export const R2_MAX_PARTS = 10_000;
/**
 * The part size of a large file: a 5 GiB file is 320 parts. Each part is one request (and one Class A operation), and
 * a part lost to a dropped connection is sent again whole: 16 MiB keeps both small, a part on a 10 Mbit/s uplink takes
 * about 13 s, so progress moves and a pause loses little.
 */
export const LARGE_FILE_PART_BYTES = 16 * MB;
/**
 * A file up to the single-request limit (100 MiB) goes in R2's smallest parts, so even an 11 MiB file is three parts
 * sent side by side, and at most 20 requests.
 */
const SMALL_FILE_MAX_BYTES = DEFAULT_UPLOAD_MAX_BYTES;

export interface PartPlan {
  size: number;
  partSize: number;
  partCount: number;
}

/** The part size for a file of `size` bytes (see above); larger when 16 MiB parts would be more than R2 takes. */
function partSizeFor(size: number): number {
  if (size <= SMALL_FILE_MAX_BYTES) return R2_MIN_PART_BYTES;
  const fitting = Math.ceil(size / R2_MAX_PARTS / MB) * MB;
  return Math.max(LARGE_FILE_PART_BYTES, fitting);
}

/** How a file of `size` bytes (at least 1) is cut: every part `partSize` bytes, the last what is left. */
export function planParts(size: number): PartPlan {
  const partSize = partSizeFor(size);
  return { size, partSize, partCount: Math.max(1, Math.ceil(size / partSize)) };
}

export type PartCheck =
  | { ok: true; size: number }
  | { ok: false; error: "upload_error_part_out_of_range" | "upload_error_too_many_parts" };

/**
 * Part `partNumber` of the plan and the exact size it must have. A number that is no part number at all (not an
 * integer from 1 to R2's 10,000) is out of range; one past the plan's count is a part more than was declared.
 */
export function checkPartNumber(plan: PartPlan, partNumber: number): PartCheck {
  if (!Number.isSafeInteger(partNumber) || partNumber < 1 || partNumber > R2_MAX_PARTS)
    return { ok: false, error: "upload_error_part_out_of_range" };
  if (partNumber > plan.partCount) return { ok: false, error: "upload_error_too_many_parts" };
  const { start, end } = partRange(plan, partNumber);
  return { ok: true, size: end - start };
}

/**
 * The bytes [start, end) of part `partNumber` (1-based, from 1 to the plan's count) in the file: every part `partSize`
 * bytes, the last what is left. The size the door checks a part against (checkPartNumber) and the slice of the file
 * the browser sends as that part (app/components/media/multipart-upload.ts).
 */
export function partRange(plan: PartPlan, partNumber: number): { start: number; end: number } {
  const start = (partNumber - 1) * plan.partSize;
  return { start, end: partNumber < plan.partCount ? start + plan.partSize : plan.size };
}

export type PartBodyCheck =
  | { ok: true }
  | { ok: false; error: "upload_error_part_too_large" | "upload_error_part_incomplete" };

/** A part's body (its Content-Length, or the bytes counted) against the size the part must have. */
export function checkPartLength(expected: number, length: number): PartBodyCheck {
  if (length > expected) return { ok: false, error: "upload_error_part_too_large" };
  if (length < expected) return { ok: false, error: "upload_error_part_incomplete" };
  return { ok: true };
}

/** The parts a completion still lacks: numbers 1..partCount with no part of the right size recorded, in order. */
export function missingParts(plan: PartPlan, done: readonly { partNumber: number; size: number }[]): number[] {
  const sizes = new Map(done.map((part) => [part.partNumber, part.size]));
  const whole: number[] = [];
  for (const [n, size] of sizes) {
    const check = checkPartNumber(plan, n);
    if (check.ok && check.size === size) whole.push(n);
  }
  return partsNotIn(plan.partCount, whole);
}

/**
 * The part numbers 1..partCount not among `done`, in order; numbers out of range or repeated in `done` change nothing.
 * What a completion lacks (missingParts, of the parts recorded whole) and what the browser still sends (of the parts
 * the door says it has).
 */
export function partsNotIn(partCount: number, done: Iterable<number>): number[] {
  const have = new Set(done);
  const missing: number[] = [];
  for (let n = 1; n <= partCount; n++) if (!have.has(n)) missing.push(n);
  return missing;
}

// ───────────────────────── the upload's life ─────────────────────────

export const MULTIPART_UPLOAD_STATES = ["uploading", "completing", "completed", "aborted", "refused"] as const;
export type MultipartUploadState = (typeof MULTIPART_UPLOAD_STATES)[number];
/** States whose upload still holds R2 parts and counts against its order's total. */
export const UNFINISHED_UPLOAD_STATES = ["uploading", "completing"] as const satisfies readonly MultipartUploadState[];

/** An upload with no part, report or renewal for this long is abandoned: the cron aborts it. */
export const UPLOAD_IDLE_MS = 24 * 60 * 60 * 1000;
/**
 * However active, an upload begun this long ago is aborted too: R2's lifecycle rule aborts incomplete uploads 3 days
 * after they began (set in production, docs/decisions/096), and Comet stops first so its rows never outlive R2's parts.
 */
export const UPLOAD_MAX_AGE_MS = 2 * 24 * 60 * 60 * 1000;
/** Closed uploads (completed, aborted, refused) are forgotten this long after their last change. */
export const CLOSED_UPLOAD_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Is the upload abandoned at `now`: idle past UPLOAD_IDLE_MS, or begun past UPLOAD_MAX_AGE_MS? */
export function isAbandoned(upload: { createdAt: number; updatedAt: number }, now: number): boolean {
  return now - upload.updatedAt > UPLOAD_IDLE_MS || now - upload.createdAt > UPLOAD_MAX_AGE_MS;
}

// ───────────────────────── the tab lease ─────────────────────────

/**
 * One browser tab sends an upload's parts at a time. The tab that starts or resumes it holds a lease for this long,
 * renewed by each part it asks for or sends; a second tab is refused while the lease is fresh, and may take the upload
 * over once it has lapsed (the first tab closed, or lost its connection for a minute).
 */
export const UPLOAD_LEASE_MS = 60_000;

export type LeaseDecision = { ok: true; expiresAt: number } | { ok: false; error: "upload_in_another_tab" };

/** May `tabId` send the upload's parts at `now`? If so, the lease it then holds runs to `expiresAt`. */
export function leaseFor(
  lease: { holder: string | null; expiresAt: number | null },
  tabId: string,
  now: number,
): LeaseDecision {
  const free = lease.holder === null || lease.expiresAt === null || lease.expiresAt <= now;
  if (!free && lease.holder !== tabId) return { ok: false, error: "upload_in_another_tab" };
  return { ok: true, expiresAt: now + UPLOAD_LEASE_MS };
}

/**
 * How the browser finds an upload again after a reload: the file's name, size and last-modified time (all the page
 * knows of a file before reading it), never the bytes.
 */
export function fileFingerprint(file: { name: string; size: number; lastModified: number }): string {
  return JSON.stringify([file.name, file.size, file.lastModified]);
}

// ───────────────────────── the file's name ─────────────────────────

export type UploadNameError =
  | "upload_error_name_blank"
  | "upload_error_name_too_long"
  | "upload_error_name_path"
  | "upload_error_name_characters"
  | "upload_error_name_direction";

/** Any control character (C0 with tab and line breaks, DEL, C1) or a lone surrogate. */
const CONTROL_OR_LONE_SURROGATE =
  /[\u0000-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The name a multipart deliverable keeps. Unlike the labels `fileNameOf` cleans (file-names.ts), this one becomes the
 * downloaded file's name on the client's disk, so a name that would mean something else there is refused, never
 * mended behind the uploader's back: they are asked to rename the file. Refused: blank, over 255 characters, a path
 * (`/`, `\`, or a `..` part), any control character (NUL, line breaks and tabs included) or lone surrogate, and the
 * bidirectional overrides and isolates ("photo\u202Egnp.exe" shows as "photoexe.png"). Kept in NFC, trimmed.
 */
export function checkUploadFileName(given: string): { ok: true; name: string } | { ok: false; error: UploadNameError } {
  if (CONTROL_OR_LONE_SURROGATE.test(given)) return { ok: false, error: "upload_error_name_characters" };
  const name = given.normalize("NFC").trim();
  if (isBlankText(name)) return { ok: false, error: "upload_error_name_blank" };
  if (/[/\\]/.test(name) || name === "." || name === "..") return { ok: false, error: "upload_error_name_path" };
  if (hasDirectionControls(name)) return { ok: false, error: "upload_error_name_direction" };
  if (textLength(name) > MEDIA_FILE_NAME_MAX) return { ok: false, error: "upload_error_name_too_long" };
  return { ok: true, name };
}

// ───────────────────────── the completion's checksum ─────────────────────────

/** A SHA-256 as the browser sends it: 64 lowercase hex digits. */
export const SHA256_HEX = /^[0-9a-f]{64}$/;

// ───────────────────────── refusals ─────────────────────────

/**
 * Every code the multipart door answers with (beside the media codes it shares: media_error_too_large,
 * media_error_unsupported_type), for the browser to look up its message (messages/multipart/{en,ja}.json), and the
 * English text each failure's `error` carries.
 */
export const MULTIPART_ERROR_TEXTS = {
  upload_error_invalid_request: "Error: the upload request is not valid.",
  upload_error_signed_out: "Error: sign in to upload files.",
  upload_error_forbidden: "Error: you cannot upload files here.",
  upload_error_not_found: "Error: this upload does not exist.",
  upload_error_token: "Error: this part's upload link is not valid or has expired. Ask for a new one.",
  upload_error_rate_limited: "Error: too many uploads started. Wait a few minutes and try again.",
  upload_error_order_total: "Error: this order's files would be larger than 20 GB in all.",
  upload_error_order_closed: "Error: this order is completed or canceled and takes no more files.",
  upload_error_name_blank: "Error: the file has no name. Rename it and choose it again.",
  upload_error_name_too_long: "Error: the file name is longer than 255 characters. Rename it and choose it again.",
  upload_error_name_path: "Error: the file name contains a folder path (/, \\ or ..). Rename it and choose it again.",
  upload_error_name_characters: "Error: the file name contains control characters. Rename it and choose it again.",
  upload_error_name_direction:
    "Error: the file name contains characters that reverse the text's direction. Rename it and choose it again.",
  upload_in_another_tab: "Error: this file is being uploaded in another tab.",
  upload_already_completed: "Error: this upload is already complete.",
  upload_error_closed: "Error: this upload was cancelled. Start it again.",
  upload_error_part_out_of_range: "Error: there is no such part of this file.",
  upload_error_too_many_parts: "Error: more parts were sent than this file has.",
  upload_error_part_too_large: "Error: a part is larger than declared.",
  upload_error_part_incomplete: "Error: a part arrived incomplete. It will be sent again.",
  upload_error_length_required: "Error: a part was sent without its length.",
  upload_error_parts_missing: "Error: some parts of the file have not arrived yet.",
  upload_error_size_mismatch: "Error: the file stored is not the size that was declared.",
  upload_error_storage_unavailable: "Error: the file could not be stored just now. Try again in a moment.",
} as const;
export type MultipartErrorCode = keyof typeof MULTIPART_ERROR_TEXTS;
export const MULTIPART_ERROR_CODES = /* @__PURE__ */ Object.keys(MULTIPART_ERROR_TEXTS) as MultipartErrorCode[];
