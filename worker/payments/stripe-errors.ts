/** Reading the `stripe` SDK's typed errors (research: the class follows the HTTP status, the code the body). */
import Stripe from "stripe";

/** 404 `resource_missing`: the id names nothing (or nothing this key can see). */
export function isResourceMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === "resource_missing");
}
