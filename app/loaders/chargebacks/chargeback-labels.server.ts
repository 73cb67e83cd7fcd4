// A chargeback's status, the card issuer's reason and who bore a loss, in the reader's language (decision 103): shared
// by the order page's banner and the admin console. Stripe may add a status or reason Comet does not word yet: it
// reads as Stripe's own name rather than failing the page.
import { m } from "#app/paraglide/messages.js";
import type { ChargebackBearer } from "#worker/db/schema/enums";
import type { Locale } from "#worker/domain/locales";
import { formatDateTime } from "#worker/domain/dates";
import { isCurrencyCode } from "#worker/domain/currency";
import { formatMoney } from "#worker/domain/pricing";

const STATUSES: Record<string, () => string> = {
  needs_response: m.chargebacks_status_needs_response,
  under_review: m.chargebacks_status_under_review,
  won: m.chargebacks_status_won,
  lost: m.chargebacks_status_lost,
  warning_needs_response: m.chargebacks_status_warning_needs_response,
  warning_under_review: m.chargebacks_status_warning_under_review,
  warning_closed: m.chargebacks_status_warning_closed,
  prevented: m.chargebacks_status_prevented,
};

const REASONS: Record<string, () => string> = {
  fraudulent: m.chargebacks_reason_fraudulent,
  product_not_received: m.chargebacks_reason_product_not_received,
  product_unacceptable: m.chargebacks_reason_product_unacceptable,
  duplicate: m.chargebacks_reason_duplicate,
  credit_not_processed: m.chargebacks_reason_credit_not_processed,
  subscription_canceled: m.chargebacks_reason_subscription_canceled,
  unrecognized: m.chargebacks_reason_unrecognized,
  general: m.chargebacks_reason_general,
};

const BEARERS: Record<ChargebackBearer, () => string> = {
  comet: m.chargebacks_borne_comet,
  creator: m.chargebacks_borne_creator,
};

const worded = (table: Record<string, () => string>, key: string) =>
  Object.hasOwn(table, key) ? table[key]() : key.replaceAll("_", " ");

export const chargebackStatusText = (status: string) => worded(STATUSES, status);
export const chargebackReasonText = (reason: string) => worded(REASONS, reason);
export const chargebackBearerText = (bearer: ChargebackBearer) => BEARERS[bearer]();

/** An amount in its currency; Stripe's currency codes may be lower-case. */
export function chargebackMoney(minor: number, currency: string, locale: Locale) {
  const code = currency.toUpperCase();
  return isCurrencyCode(code) ? formatMoney(minor, code, locale) : `${minor} ${code}`;
}

/** A time as the page shows it, with its ISO form for `<time>`. */
export const chargebackTime = (at: number, locale: Locale) => ({
  text: formatDateTime(at, locale),
  iso: new Date(at).toISOString(),
});
