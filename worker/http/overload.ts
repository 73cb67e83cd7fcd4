// A Durable Object too busy to take a call: the runtime's error says so with `overloaded: true`. Cloudflare's guidance
// is not to retry it ("retrying will worsen the overload",
// https://developers.cloudflare.com/durable-objects/best-practices/error-handling/), so the caller is answered 503
// with Retry-After: a refusal to come back to, not a failure.

/** How long a refused caller is asked to wait, in seconds. */
export const OVERLOADED_RETRY_AFTER_S = 5;

export function isDurableObjectOverloaded(error: unknown): boolean {
  return error instanceof Error && (error as Error & { overloaded?: unknown }).overloaded === true;
}
