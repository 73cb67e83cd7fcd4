// The card and payment doors' words (spec section 7, issue 59), in the caller's language: a body whose id could not be
// read.
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "../domain/locales";

const REFUSALS = {
  setup_intent: m.payments_error_setup_intent,
  payment_intent: m.payments_error_payment_intent,
  method: m.payments_error_method,
} as const;

export const paymentInputError = (what: keyof typeof REFUSALS, locale: Locale) => REFUSALS[what]({}, { locale });
