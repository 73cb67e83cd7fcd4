/**
 * The pure rules of the browser's multipart upload (issue 60, decision 096): how many bytes the finished parts hold,
 * when a failed request is worth another try and how long to wait for it, how fast the bytes go and how long is left,
 * and the code a failed call is shown by. No network, no timers, no DOM: the engine (multipart-upload.ts) asks them,
 * and multipart-upload-rules.test.ts tests them in Node.
 *
 * Which bytes a part holds and which parts are still missing are the door's own rules (worker/media/domain/multipart-plan.ts:
 * partRange, partsNotIn), asked by the engine and the door alike, so the browser never cuts a part the door would
 * weigh differently.
 */
import { checkPartNumber, type PartPlan } from "#worker/media/domain/multipart-plan";

// ---------------------------------------------------------------------------------------------------------------
// Which parts.

/** Bytes the finished parts hold (the last part may be shorter); part numbers out of range count for nothing. */
export function bytesOfParts(plan: PartPlan, parts: Iterable<number>): number {
  let bytes = 0;
  for (const part of new Set(parts)) {
    const check = checkPartNumber(plan, part);
    if (check.ok) bytes += Math.max(0, check.size);
  }
  return bytes;
}

// ---------------------------------------------------------------------------------------------------------------
// When to try again.

/** Tries of one part (its PUT, or the call that signs it) before a network failure pauses the upload. */
export const MAX_PART_ATTEMPTS = 6;
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 30_000;

/**
 * Whether a failed request is worth trying again: the network (status 0), a timeout, a rate limit, or the server's
 * or the store's 5xx. Any other 4xx is the server's answer about this upload, final, and shown.
 */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * The door's 4xx codes that are about this try, not the upload: a part that arrived short (a connection cut mid-body),
 * and a part's signed link that expired (a long pause). The part is tried again with a freshly signed link.
 */
const RETRYABLE_CODES: ReadonlySet<string> = new Set(["upload_error_part_incomplete", "upload_error_token"]);

/** `isRetryable`, or a 4xx whose code says the try, not the upload, failed. */
export function isRetryableFailure(status: number, code: string | null): boolean {
  return isRetryable(status) || (code !== null && RETRYABLE_CODES.has(code));
}

/**
 * The wait before try number `attempt + 1` (attempt 0 is the first retry): exponential from 1 s, capped at 30 s, with
 * "equal jitter" (half fixed, half random) so many parts or many tabs failing together do not come back together.
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** The code of a failed call: the door's `code`, or what its status says. */
export function failureCode(status: number, body: unknown): string {
  const code = (body as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code) return code;
  if (status === 0) return "network";
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  return "failed";
}

// ---------------------------------------------------------------------------------------------------------------
// How fast.

/** The speed is measured over the last few seconds, so it follows the connection without jumping at every event. */
const SPEED_WINDOW_MS = 5000;
/** A speed from less than this much time is noise: none is shown until then. */
const SPEED_MIN_SPAN_MS = 750;

/** Bytes a second over a moving window of the last SPEED_WINDOW_MS, and the time left at that speed. */
export class SpeedMeter {
  private samples: { at: number; bytes: number }[] = [];
  private readonly windowMs: number;

  constructor(windowMs = SPEED_WINDOW_MS) {
    this.windowMs = windowMs;
  }

  /** `bytes`: the total transferred so far (only ever grows while the meter runs). */
  record(at: number, bytes: number): void {
    this.samples.push({ at, bytes });
    // Keep one sample at or before the window's start, so the window is always fully spanned once it can be.
    while (this.samples.length > 2 && this.samples[1].at <= at - this.windowMs) this.samples.shift();
  }

  /** Forget the past (after a pause: the time paused is not slowness). */
  reset(): void {
    this.samples = [];
  }

  /** Bytes a second, or null while there is too little to tell. */
  speed(now: number): number | null {
    if (this.samples.length < 2) return null;
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    const span = Math.max(last.at, now) - first.at;
    if (span < SPEED_MIN_SPAN_MS) return null;
    return Math.max(0, (last.bytes - first.bytes) / (span / 1000));
  }

  /** Seconds until `remaining` more bytes are sent at the current speed; null when unknown (or nothing moves). */
  secondsLeft(remaining: number, now: number): number | null {
    if (remaining <= 0) return 0;
    const speed = this.speed(now);
    if (!speed || speed <= 0) return null;
    return Math.ceil(remaining / speed);
  }
}
