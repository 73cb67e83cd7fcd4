// The words a door that writes into an order's folders answers a closed order with (issue 75), in the caller's language.
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "../domain/locales";
import { MULTIPART_ERROR_TEXTS } from "../media/domain/multipart-plan";

/**
 * The 409 body of every such door (the one-request upload, the signed write and its PUT, the multipart doors, a stage
 * preview): `error` the English text and `code` the key, as the upload doors answer every refusal, and `message` the
 * words in the caller's language.
 */
export const orderClosedBody = (locale: Locale) => ({
  error: MULTIPART_ERROR_TEXTS.upload_error_order_closed,
  code: "upload_error_order_closed" as const,
  message: m.upload_error_order_closed({}, { locale }),
});
