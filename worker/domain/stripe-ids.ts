import * as v from "valibot";

/**
 * The shape of a Stripe object id that a browser sends Comet (issue 59): the object's prefix, an underscore, then
 * letters, digits and underscores, at most 255 characters in all (Stripe's documented bound for an id). Every door
 * that hands such an id to Stripe checks it with this schema first. The SDK puts an id in the request path with
 * `encodeURIComponent`, which throws on a lone surrogate (a 500), and an id that is no id is not worth a call to
 * Stripe anyway. The id Stripe answers is what proves whose it is; this only refuses what cannot be one.
 */
export const STRIPE_ID_MAX = 255;

/** The kinds of object whose id comes from a browser, by Stripe's prefix. */
export const STRIPE_ID_PREFIXES = {
  setupIntent: "seti",
  paymentIntent: "pi",
} as const;
export type StripeIdKind = keyof typeof STRIPE_ID_PREFIXES;

const shapeOf = (kind: StripeIdKind) => new RegExp(`^${STRIPE_ID_PREFIXES[kind]}_[A-Za-z0-9_]+$`);

/** Whether `value` has the shape of an id of this kind (the schema's test, for a value read outside a JSON body). */
export function isStripeId(kind: StripeIdKind, value: unknown): value is string {
  return typeof value === "string" && value.length <= STRIPE_ID_MAX && shapeOf(kind).test(value);
}

/** The valibot schema of an id of this kind, for a door's body. */
export const stripeIdSchema = (kind: StripeIdKind) =>
  v.pipe(v.string(), v.maxLength(STRIPE_ID_MAX), v.regex(shapeOf(kind)));
