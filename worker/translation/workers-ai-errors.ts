/**
 * What a Workers AI failure means for a translation. The binding throws an `InferenceUpstreamError` whose message
 * starts with Workers AI's own code ("3040: Capacity temporarily exceeded, please try again.", "3036: You have used up
 * your daily free allocation of 10,000 neurons…", "5006: …") and which carries no `status`; the REST API answers the
 * same code in its error body with an HTTP status (rest-ai-binding.ts throws both). So the code decides first, the
 * status second: three different failures all arrive as 429. Codes from
 * https://developers.cloudflare.com/workers-ai/platform/errors/ (5006 is Workers AI's "Bad input", which that table
 * does not list).
 */

export type WorkersAiFailure = "unavailable" | "rate_limited" | "refused" | "timeout" | "capacity" | "quota";

const FAILURE_BY_CODE: Record<number, WorkersAiFailure> = {
  /** Out of capacity: passing, and worth one more try (model-call.ts). */
  3040: "capacity",
  /** The account's daily free allocation is used up: nothing helps until tomorrow or a paid plan. */
  3036: "quota",
  /** Bad input: this text will never pass. */
  5006: "refused",
  /** Request too large (413): this text will never pass either. */
  3006: "refused",
  /** Timeout and Aborted (both 408). */
  3007: "timeout",
  3008: "timeout",
  /** The Cloudflare API's throttle, when calls come too fast. */
  971: "rate_limited",
  // Bare HTTP statuses, as some errors word their message.
  400: "refused",
  408: "timeout",
  429: "rate_limited",
};

const FAILURE_BY_STATUS: Record<number, WorkersAiFailure> = {
  400: "refused",
  408: "timeout",
  413: "refused",
  429: "rate_limited",
};

/** The code at the head of the error's message ("3040: …", "InferenceUpstreamError: 3040: …"), if there is one. */
function workersAiErrorCode(error: unknown): number | null {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  const code = /^(?:[A-Za-z]*Error:\s*)?(\d{3,4})\s*:/.exec(message.trim());
  return code ? Number(code[1]) : null;
}

/** What the error means for the reader: one of the failures a translation can have. */
export function failureOfWorkersAiError(error: unknown): WorkersAiFailure {
  const name = (error as { name?: unknown })?.name;
  // The caller's own AbortSignal (the timeout, model-call.ts) ends a call with one of these.
  if (name === "AbortError" || name === "TimeoutError") return "timeout";
  const code = workersAiErrorCode(error);
  if (code !== null && FAILURE_BY_CODE[code]) return FAILURE_BY_CODE[code];
  const status = (error as { status?: unknown })?.status;
  if (typeof status === "number" && FAILURE_BY_STATUS[status]) return FAILURE_BY_STATUS[status];
  const message = error instanceof Error ? error.message : "";
  if (/\btimed?[ -]?out\b|\btimeout\b/i.test(message)) return "timeout";
  return "unavailable";
}
