/** What the card forms (local and Elements) and the Pay button share: Stripe's error body and intents' next actions. */

/** The error body Stripe (and the emulator) answers with, as far as the card form reads it. */
export interface StripeErrorBody {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

/**
 * An intent's next action as the page acts on it (decision 057): Stripe.js's own (`use_stripe_sdk`: 3-D Secure opens
 * in the page; `url` is the challenge page the local emulator serves, which the page frames in Stripe.js's place), or
 * a full-page redirect to `url`, which comes back to the `return_url` the intent was confirmed with.
 */
export type IntentAction = { type: "use_stripe_sdk"; url: string | null } | { type: "redirect_to_url"; url: string };

/** The part of Stripe's `next_action` the page reads; any other type is not one the page can take. */
export interface StripeNextAction {
  type: string;
  redirect_to_url?: { url?: string | null } | null;
  use_stripe_sdk?: { stripe_js?: unknown } | null;
}

export function intentActionOf(nextAction: StripeNextAction | null | undefined): IntentAction | null {
  if (nextAction?.type === "redirect_to_url" && nextAction.redirect_to_url?.url)
    return { type: "redirect_to_url", url: nextAction.redirect_to_url.url };
  if (nextAction?.type === "use_stripe_sdk") {
    const page = nextAction.use_stripe_sdk?.stripe_js;
    return { type: "use_stripe_sdk", url: typeof page === "string" ? page : null };
  }
  return null;
}

/** What confirming a card's setup came to. */
export type CardSetupResult =
  | { status: "succeeded" }
  | { status: "requires_action"; action: IntentAction }
  | { status: "failed"; error: StripeErrorBody };
