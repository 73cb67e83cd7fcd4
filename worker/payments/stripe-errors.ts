/** Reading the `stripe` SDK's typed errors (research: the class follows the HTTP status, the code the body). */
import Stripe from "stripe";

/** 404 `resource_missing`: the id names nothing (or nothing this key can see). */
export function isResourceMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === "resource_missing");
}

/**
 * A call naming a customer Stripe no longer has (deleted in Stripe's dashboard, or, locally, forgotten by a restarted
 * emulator): 400 `resource_missing` on the `customer` parameter, "No such customer: 'cus_…'". Read by its fields, not
 * its class: an order's object calls Stripe itself, and the error it throws reaches the Worker as a plain Error with
 * the SDK error's fields (Workers RPC keeps an error's own properties, not its prototype).
 */
export function isCustomerMissing(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, param } = error as { code?: unknown; param?: unknown };
  return code === "resource_missing" && param === "customer";
}

/**
 * A connected account this platform can no longer reach: deleted, or its access revoked. Stripe answers a retrieve
 * of such an account with 403 (`StripePermissionError`, "does not have access to account"), not 404
 * (https://docs.stripe.com/connect/authentication, https://docs.stripe.com/error-handling#permission-errors); an id
 * that never existed answers 404 `resource_missing`. Either way the account is gone for us.
 */
export function isAccountGone(error: unknown): boolean {
  return isResourceMissing(error) || error instanceof Stripe.errors.StripePermissionError;
}

/** 402: the card was declined (`code`, `decline_code` say why) or needs authentication it cannot get off-session. */
export function isCardError(error: unknown): error is Stripe.errors.StripeCardError {
  return error instanceof Stripe.errors.StripeCardError;
}

/** A Stripe error with one of these `code`s. */
export function hasStripeCode(error: unknown, ...codes: string[]): boolean {
  return error instanceof Stripe.errors.StripeError && codes.includes(error.code ?? "");
}

/** 400 `…_unexpected_state`: the intent is no longer in a state this call applies to (a racing call moved it on). */
export function isUnexpectedState(error: unknown): boolean {
  return hasStripeCode(error, "payment_intent_unexpected_state", "setup_intent_unexpected_state");
}

/**
 * Stripe could not be reached or could not answer now (a dropped connection, 429, 409 lock or idempotency conflict,
 * 5xx): nothing the caller asked for is known to have happened, and the same call may be tried again.
 */
export function isStripeUnavailable(error: unknown): boolean {
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeRateLimitError)
    return true;
  if (error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeIdempotencyError)
    return true;
  return error instanceof Stripe.errors.StripeError && (error.statusCode === 409 || (error.statusCode ?? 0) >= 500);
}
