// How the order screens show dates and money in the viewer's language (any of the five), through the one formatter of
// each (dates.ts, pricing.ts), which writes each language in its own form. Apart from the order labels
// (order-texts.ts) so the history and wallet pages, which show only figures and dates, do not load the order screens'
// words.
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import { isCurrencyCode } from "#worker/domain/currency";
import { formatDate, formatDateTime } from "#worker/domain/dates";
import { formatMoney } from "#worker/domain/pricing";

export const showDate = (at: number | null) => (at === null ? m.orders_not_set() : formatDate(at, getLocale()));
export const showDateTime = (at: number | null) => (at === null ? m.orders_not_set() : formatDateTime(at, getLocale()));

/** An amount in the order's own currency. */
export const showMoney = (minor: number, code: string) =>
  isCurrencyCode(code) ? formatMoney(minor, code, getLocale()) : `${minor} ${code}`;

/** The buyer's approximation in their display currency ("≈ $80.52", "約$80.52", "约US$80.52", "약 US$80.52"). */
export const showApproximation = (minor: number, code: string) =>
  isCurrencyCode(code) ? formatMoney(minor, code, getLocale(), { approximate: true }) : `${minor} ${code}`;

/** yyyy-mm-dd of a stored date, for a date input (UTC, as shown). */
export const dateInputValue = (at: number | null) => (at === null ? "" : new Date(at).toISOString().slice(0, 10));
