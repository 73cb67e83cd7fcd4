import { m } from "#app/paraglide/messages.js";
import type { StripeErrorBody } from "./card-entry";

/**
 * A card error in the user's language, from Stripe's codes (the same with Elements and with the emulator).
 * Lost and stolen cards read as a plain decline, as Stripe advises: the reason is the bank's, not the shopper's.
 */
const BY_CODE: Record<string, () => string> = {
  insufficient_funds: m.card_error_insufficient_funds,
  expired_card: m.card_error_expired_card,
  incorrect_cvc: m.card_error_incorrect_cvc,
  invalid_cvc: m.card_error_incorrect_cvc,
  incorrect_number: m.card_error_incorrect_number,
  invalid_number: m.card_error_incorrect_number,
  invalid_expiry_month: m.card_error_invalid_expiry,
  invalid_expiry_year: m.card_error_invalid_expiry,
  processing_error: m.card_error_processing_error,
  setup_intent_authentication_failure: m.card_error_authentication_failed,
  payment_intent_authentication_failure: m.card_error_authentication_failed,
  authentication_required: m.card_error_authentication_failed,
};

export function cardErrorMessage(error: StripeErrorBody): string {
  const message = (error.decline_code && BY_CODE[error.decline_code]) || (error.code && BY_CODE[error.code]);
  return message ? message() : m.card_error_declined();
}
