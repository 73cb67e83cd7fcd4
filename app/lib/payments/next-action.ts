/**
 * An intent's next action, taken in the browser the way this deployment takes cards (decision 057): in production
 * Stripe.js's `handleNextAction`, so 3-D Secure opens in Stripe's own frame over the page; locally the emulator's
 * challenge page in a full-screen frame (emulator-three-d-secure.ts, compiled into dev and test builds only). Only a
 * `redirect_to_url` action leaves the page, for the bank's page and back to the intent's `return_url`.
 */
import { getLocale } from "#app/paraglide/runtime.js";
import type { CardEntry } from "#worker/payments/card-entry";
import type { IntentAction, StripeErrorBody } from "./card-entry";
import type { IntentKind } from "./emulator-cards";
import { STRIPE_LOCALES } from "./stripe-locale";

export type ActionOutcome =
  /** The intent went through (or is processing): the Worker reads it and records what it did. */
  | { status: "succeeded" | "processing" }
  /** The browser is leaving for the bank's page; it comes back to the intent's return_url. */
  | { status: "redirecting" }
  | { status: "failed"; error: StripeErrorBody };

const UNAVAILABLE: ActionOutcome = { status: "failed", error: { code: "processing_error" } };

export async function handleIntentAction(
  cardEntry: CardEntry,
  intent: { kind: IntentKind; id: string; clientSecret: string; action: IntentAction },
): Promise<ActionOutcome> {
  const { action } = intent;
  if (action.type === "redirect_to_url") {
    window.location.assign(action.url);
    return { status: "redirecting" };
  }
  if (__LOCAL_CARD_FORM__ && cardEntry.mode === "emulator") {
    if (!action.url) return UNAVAILABLE;
    const { authenticateOnEmulator } = await import("./emulator-three-d-secure");
    const outcome = await authenticateOnEmulator(cardEntry, {
      kind: intent.kind,
      id: intent.id,
      clientSecret: intent.clientSecret,
      challengeUrl: action.url,
    });
    // Still waiting after the page said it was done: read as Stripe.js reads an unfinished challenge.
    return outcome.status === "requires_action"
      ? { status: "failed", error: { code: `${intent.kind}_authentication_failure` } }
      : outcome;
  }
  if (cardEntry.mode !== "elements") return UNAVAILABLE;
  const { loadStripe } = await import("@stripe/stripe-js");
  const stripe = await loadStripe(cardEntry.publishableKey, { locale: STRIPE_LOCALES[getLocale()] });
  if (!stripe) return UNAVAILABLE;
  const result = await stripe.handleNextAction({ clientSecret: intent.clientSecret });
  if (result.error)
    return {
      status: "failed",
      error: {
        type: result.error.type,
        code: result.error.code,
        decline_code: result.error.decline_code,
        message: result.error.message,
      },
    };
  const status = result.paymentIntent?.status ?? result.setupIntent?.status;
  if (status === "succeeded" || status === "processing") return { status };
  return { status: "failed", error: { code: `${intent.kind}_authentication_failure` } };
}
