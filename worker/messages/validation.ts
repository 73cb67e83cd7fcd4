import { m } from "#app/paraglide/messages.js";
import type { Locale } from "../domain/locales";

/**
 * The spec's section 5 messages, keyed by the message keys the schemas in validation.ts emit.
 * Listed explicitly (not m[key]) so the browser bundle carries only these messages.
 */
const VALIDATION_MESSAGES: Record<string, (inputs: object, options: { locale: Locale }) => string> = {
  validation_handle_min: m.validation_handle_min,
  validation_handle_max: m.validation_handle_max,
  validation_handle_alphanumeric: m.validation_handle_alphanumeric,
  validation_handle_taken: m.validation_handle_taken,
  validation_handle_reserved: m.validation_handle_reserved,
  validation_email: m.validation_email,
  validation_otp: m.validation_otp,
  validation_name_min: m.validation_name_min,
  validation_name_max: m.validation_name_max,
  validation_bio_max: m.validation_bio_max,
  validation_birthday: m.validation_birthday,
  validation_language: m.validation_language,
  validation_currency: m.validation_currency,
  validation_input_language: m.validation_input_language,
  validation_invalid: m.validation_invalid,
  text_invalid_characters: m.text_invalid_characters,
};

export function validationMessage(key: string, locale: Locale): string {
  return (VALIDATION_MESSAGES[key] ?? VALIDATION_MESSAGES.validation_invalid)({}, { locale });
}

export function translateErrors(errors: Record<string, string>, locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, validationMessage(key, locale)]));
}
