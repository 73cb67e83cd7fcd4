/**
 * Prices (spec sections 1, 3 and 9): integer minor units plus a currency. Shown in the viewer's display currency,
 * converted by the stored rate and rounded to that currency's minor unit; a converted amount is approximate.
 * The one place that converts, rounds and formats money for display.
 */
import { CURRENCY_DIGITS, CURRENCY_SYMBOLS, type CurrencyCode } from "./currency";

export interface CurrencyInfo {
  code: string;
  symbol: string;
  /** Minor-unit digits: JPY 0, USD 2. */
  decimalDigits: number;
}

export interface ExchangeRate {
  from: string;
  to: string;
  /** Units of `to` per one unit of `from`. */
  rate: number;
}

/** What the price tables need: the currencies by code and the stored pairwise rates (newest first). */
export interface PriceBook {
  currencies: Record<string, CurrencyInfo>;
  rates: ExchangeRate[];
}

export interface DisplayPrice {
  /** Minor units of `currency`. */
  amount: number;
  currency: CurrencyInfo;
  /** True when the amount was converted from another currency. */
  approximate: boolean;
}

/** A form or service price of 0 or none reads "price set after hearing the request". */
export function isPriceUnset(amount: number | null | undefined): boolean {
  return amount == null || !(amount > 0);
}

/** The rate from one currency to another: the stored pair, else the inverse of the reverse pair, else none. */
export function findRate(rates: readonly ExchangeRate[], from: string, to: string): number | null {
  if (from === to) return 1;
  const direct = rates.find((r) => r.from === from && r.to === to);
  if (direct && direct.rate > 0) return direct.rate;
  const reverse = rates.find((r) => r.from === to && r.to === from);
  if (reverse && reverse.rate > 0) return 1 / reverse.rate;
  return null;
}

/**
 * The amount in the display currency. Without a rate (or an unknown currency) the price stays in its own
 * currency, exact: showing a wrong number would be worse than showing another currency.
 */
export function toDisplayPrice(amount: number, fromCode: string, displayCode: string, book: PriceBook): DisplayPrice | null {
  const from = book.currencies[fromCode];
  if (!from) return null;
  const to = book.currencies[displayCode];
  const rate = to ? findRate(book.rates, fromCode, displayCode) : null;
  if (!to || rate === null || fromCode === displayCode) return { amount, currency: from, approximate: false };
  const major = (amount / 10 ** from.decimalDigits) * rate;
  return { amount: Math.round(major * 10 ** to.decimalDigits), currency: to, approximate: true };
}

/** Building a number format costs ~40× formatting with one (a card page formats dozens of prices): kept per locale and digits. */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, digits: number): Intl.NumberFormat {
  const tag = locale === "ja" ? "ja-JP" : "en-US";
  const key = `${tag}:${digits}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(tag, { minimumFractionDigits: digits, maximumFractionDigits: digits })));
  return format;
}

/** "¥10,000", "$69.00"; approximate amounts get "≈ " (en) or "約" (ja). */
export function formatPrice(price: DisplayPrice, locale: string): string {
  const digits = price.currency.decimalDigits;
  const number = numberFormat(locale, digits).format(price.amount / 10 ** digits);
  const text = `${price.currency.symbol}${number}`;
  if (!price.approximate) return text;
  return locale === "ja" ? `約${text}` : `≈ ${text}`;
}

/** A stored amount in its own currency (no conversion), as text in the viewer's language: ¥10,000 or $12.50. */
export function formatMoney(minor: number, code: CurrencyCode, locale: string): string {
  const currency = { code, symbol: CURRENCY_SYMBOLS[code], decimalDigits: CURRENCY_DIGITS[code] };
  return formatPrice({ amount: minor, currency, approximate: false }, locale);
}

/** A value comparable across currencies (display-currency minor units); unset prices sort first. */
export function priceSortValue(amount: number | null | undefined, fromCode: string, displayCode: string, book: PriceBook): number {
  if (isPriceUnset(amount)) return 0;
  const shown = toDisplayPrice(amount!, fromCode, displayCode, book);
  if (!shown) return Number.MAX_SAFE_INTEGER;
  if (shown.currency.code === displayCode) return shown.amount;
  // No rate: compare in major units, the least bad guess.
  return shown.amount / 10 ** shown.currency.decimalDigits;
}
