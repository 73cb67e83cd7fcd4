import { m } from "#app/paraglide/messages.js";
import type { Locale } from "../domain/locales";
import { EXTENSION_REASON_MAX } from "../orders/domain/deadline-extensions";

/**
 * The refusals of a request to move a delivery date (decision 090), in the caller's language. Listed explicitly (not
 * m[key]) so a bundle carries only these messages.
 */
export type ExtensionError =
  | "extension_reason_invalid"
  | "extension_date_invalid"
  | "extension_pending"
  | "no_extension";

type Message = (inputs: { max: number }, options: { locale: Locale }) => string;
const EXTENSION_MESSAGES: Record<ExtensionError, { message: Message; max?: number }> = {
  extension_reason_invalid: { message: m.extensions_error_reason_invalid, max: EXTENSION_REASON_MAX },
  extension_date_invalid: { message: m.extensions_error_date_invalid },
  extension_pending: { message: m.extensions_error_pending },
  no_extension: { message: m.extensions_error_none },
};

/** The words of an extension refusal, else null (another refusal, answered by the order's own words or its key). */
export function extensionErrorMessage(key: string, locale: Locale): string | null {
  if (!Object.hasOwn(EXTENSION_MESSAGES, key)) return null;
  const { message, max = 0 } = EXTENSION_MESSAGES[key as ExtensionError];
  return message({ max }, { locale });
}
