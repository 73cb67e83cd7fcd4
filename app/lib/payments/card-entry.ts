/** What the card forms (local and Elements) share: Stripe's error body and the outcome of confirming a setup. */

/** The error body Stripe (and the emulator) answers with, as far as the card form reads it. */
export interface StripeErrorBody {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

/** What confirming a card's setup came to. */
export type CardSetupResult =
  | { status: "succeeded" }
  | { status: "requires_action"; redirectUrl: string }
  | { status: "failed"; error: StripeErrorBody };
