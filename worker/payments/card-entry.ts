/**
 * How this deployment's pages take a card (docs/decisions/018), served to the page by the Worker:
 * - `elements`: Stripe Elements with the publishable key (production);
 * - `emulator`: the plain local card form, which talks to the local Stripe emulator the way Stripe.js talks to
 *   Stripe. Only outside production, and only in a build that includes it (`__LOCAL_CARD_FORM__`);
 * - `unavailable`: payments are not configured.
 */
import { usesStripeEmulator, type StripeEnv } from "./stripe-client";

export type CardEntry =
  | { mode: "elements"; publishableKey: string }
  | { mode: "emulator"; publishableKey: string; apiUrl: string }
  | { mode: "unavailable" };

export function cardEntryFor(env: StripeEnv & { STRIPE_PUBLISHABLE_KEY?: string }): CardEntry {
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY ?? "";
  if (usesStripeEmulator(env)) {
    if (env.APP_ENV === "production" || !publishableKey.startsWith("pk_test_")) return { mode: "unavailable" };
    const protocol = env.STRIPE_API_PROTOCOL === "https" ? "https" : "http";
    return { mode: "emulator", publishableKey, apiUrl: `${protocol}://${env.STRIPE_API_HOST}:${env.STRIPE_API_PORT}` };
  }
  return publishableKey.startsWith("pk_") ? { mode: "elements", publishableKey } : { mode: "unavailable" };
}

/**
 * What a page's Content-Security-Policy must allow for this card entry: Stripe's frames and API, or the emulator's API
 * and its 3-D Secure page, which the page frames where Stripe.js would frame the bank's (decision 057).
 */
export function cardEntryOrigins(entry: CardEntry): { connect: string[]; frame: string[] } {
  if (entry.mode === "emulator")
    return { connect: [new URL(entry.apiUrl).origin], frame: [new URL(entry.apiUrl).origin] };
  if (entry.mode === "elements")
    return { connect: ["https://api.stripe.com"], frame: ["https://js.stripe.com", "https://hooks.stripe.com"] };
  return { connect: [], frame: [] };
}
