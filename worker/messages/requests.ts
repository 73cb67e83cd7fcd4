import { m } from "#app/paraglide/messages.js";
import type { Locale } from "../domain/locales";
import type { RequestRefusal } from "../orders/domain/order-request";

/**
 * The words of a refused request (worker/orders/domain/order-request.ts's keys) in the user's language, for the API's
 * answer. Listed explicitly (not m[key]) so a bundle carries only these messages.
 */
const REQUEST_MESSAGES: Record<
  RequestRefusal | "requests_error_not_found",
  (inputs: object, options: { locale: Locale }) => string
> = {
  requests_error_required: m.requests_error_required,
  requests_error_terms: m.requests_error_terms,
  requests_error_acknowledge: m.requests_error_acknowledge,
  requests_error_no_card: m.requests_error_no_card,
  requests_error_own: m.requests_error_own,
  requests_error_already_submitted: m.requests_error_already_submitted,
  requests_error_closed: m.requests_error_closed,
  requests_error_full: m.requests_error_full,
  requests_error_rush_unavailable: m.requests_error_rush_unavailable,
  requests_error_invalid: m.requests_error_invalid,
  requests_error_not_found: m.requests_error_not_found,
};

export function requestMessage(key: RequestRefusal | "requests_error_not_found", locale: Locale): string {
  return REQUEST_MESSAGES[key]({}, { locale });
}
