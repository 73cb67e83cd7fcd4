/**
 * What the licence-change commands share (issue 63; commands/*-licence.ts), as the delivery-date commands share
 * extension-answer.ts: the answer `{licence, licenceRequest}` when done; a stranger told 404, as for an order that
 * does not exist; a licence the client may not ask for (none named, or the one the order has) is their input (400 on
 * `licence`); the rest is the order's state (409 with its words, the page's own where nothing words it).
 */
import * as v from "valibot";
import { m } from "#app/paraglide/messages.js";
import { LICENCE_TAGS } from "../db/schema/enums";
import type { Locale } from "../domain/locales";
import type { Licence } from "./domain/licence";
import type { LicenceRequest } from "./domain/licence-change";
import type { OrderActResult } from "./domain/order-contract";
import { orderRefusalMessage } from "../messages/orders";
import { type CommandContext, NOT_FOUND, type Outcome, type Refusal } from "./command";

/** The tags a request names: at least one, each a licence tag, no more than there are. */
export const licenceTags = v.pipe(v.array(v.picklist(LICENCE_TAGS)), v.minLength(1), v.maxLength(LICENCE_TAGS.length));

/** The refusals the licence doors word themselves; the rest are the order's (`orderRefusalMessage`). */
export type LicenceError = "licence_invalid" | "licence_unchanged" | "licence_pending" | "no_licence_request";
const LICENCE_MESSAGES: Record<LicenceError, (inputs: object, options: { locale: Locale }) => string> = {
  licence_invalid: m.orders_licence_change_error_invalid,
  licence_unchanged: m.orders_licence_change_error_unchanged,
  licence_pending: m.orders_licence_change_error_pending,
  no_licence_request: m.orders_licence_change_error_none,
};

export function licenceErrorMessage(key: string, locale: Locale): string | null {
  return Object.hasOwn(LICENCE_MESSAGES, key) ? LICENCE_MESSAGES[key as LicenceError]({}, { locale }) : null;
}

/** A licence the client may not ask for: 400, its words on the `licence` field. */
export function licenceInputRefusal(error: "licence_invalid" | "licence_unchanged", locale: Locale): Refusal {
  const message = licenceErrorMessage(error, locale)!;
  return { status: 400, error, message, errors: { licence: message } };
}

/** A refusal of the order's, as the licence doors answer it. */
function licenceRefusal(refusal: string, locale: Locale): Refusal {
  if (refusal === "not_a_party") return NOT_FOUND;
  if (refusal === "licence_unchanged") return licenceInputRefusal(refusal, locale);
  const message = licenceErrorMessage(refusal, locale) ?? orderRefusalMessage(refusal, locale);
  return {
    status: 409,
    error: refusal,
    ...(message !== null && { message }),
    page: { message: message ?? m.orders_licence_change_refused({}, { locale }) },
  };
}

export type LicenceData = { licence: Licence | null; licenceRequest: LicenceRequest | null };

export function licenceOutcome(result: OrderActResult, context: Pick<CommandContext, "locale">): Outcome<LicenceData> {
  if (result.status === "not_found") return { ok: false, ...NOT_FOUND };
  if (result.status === "refused") return { ok: false, ...licenceRefusal(result.refusal, context.locale) };
  return {
    ok: true,
    data: { licence: result.state.licence ?? null, licenceRequest: result.state.licenceRequest ?? null },
  };
}
