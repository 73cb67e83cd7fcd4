/**
 * Prices (spec sections 1, 3 and 9): integer minor units plus a currency. Shown in the viewer's display currency,
 * converted by the stored rate and rounded to that currency's minor unit; a converted amount is approximate.
 * The one place that converts, rounds and formats money for display, and that reads a price typed in major units
 * (the form and service editors, the order's price) and writes one back into an input.
 */
import { CURRENCY_DIGITS, CURRENCY_SYMBOLS, type CurrencyCode } from "./currency";
import { INTL_TAGS, isLocale, type Locale } from "./locales";

export interface CurrencyInfo {
  code: string;
  /** The price tables' sign; shown only for a code `Intl` refuses (formatPrice writes the reader's sign). */
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

/** 10,000,000 yen or 100,000.00 dollars (the same count of minor units in either): a typo guard, not a business rule. */
const PRICE_MAX_MINOR = 10_000_000;

/** A price any editor or order may hold: whole minor units, 0 up to the maximum. */
export const isPriceAmount = (minor: number): boolean =>
  Number.isSafeInteger(minor) && minor >= 0 && minor <= PRICE_MAX_MINOR;

/** What the editors' price fields say when `parsePrice` refuses an input (message keys of messages/authoring). */
export type PriceInputError = "authoring_price_jpy" | "authoring_price_usd";

/**
 * "1500" → 1500 (JPY), "12.5" → 1250 (USD); commas are ignored. Empty → null (a form's or service's price is then
 * set after hearing the request; an order's total cannot be unset, so the order page refuses it).
 * Returns undefined for anything else: negative, too many decimals for the currency (any for JPY), not a number, too
 * large: never rounded, so what is stored is what was typed.
 */
export function parsePrice(input: string, currency: CurrencyCode): number | null | undefined {
  const s = input.trim().replace(/,/g, "");
  if (s === "") return null;
  const digits = CURRENCY_DIGITS[currency];
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`);
  if (!pattern.test(s)) return undefined;
  const [whole, fraction = ""] = s.split(".");
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  if (!isPriceAmount(minor)) return undefined;
  return minor;
}

/** The message key for a price `parsePrice` refused, in that currency. */
export function priceInputError(currency: CurrencyCode): PriceInputError {
  return currency === "JPY" ? "authoring_price_jpy" : "authoring_price_usd";
}

/** Minor units back to what a price input shows: 1250 USD → "12.50", 12000 JPY → "12000"; none → "". */
export function formatPriceInput(minor: number | null | undefined, currency: CurrencyCode): string {
  if (minor === null || minor === undefined) return "";
  const digits = CURRENCY_DIGITS[currency];
  return digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits);
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
export function toDisplayPrice(
  amount: number,
  fromCode: string,
  displayCode: string,
  book: PriceBook,
): DisplayPrice | null {
  const from = book.currencies[fromCode];
  if (!from) return null;
  const to = book.currencies[displayCode];
  const rate = to ? findRate(book.rates, fromCode, displayCode) : null;
  if (!to || rate === null || fromCode === displayCode) return { amount, currency: from, approximate: false };
  const major = (amount / 10 ** from.decimalDigits) * rate;
  return { amount: Math.round(major * 10 ** to.decimalDigits), currency: to, approximate: true };
}

/**
 * What one minor unit of `fromCode` is worth in minor units of the display currency, as `toDisplayPrice` converts
 * (rounding the product gives its amount): for comparing prices in SQL (the explore filters). Null when there is no
 * rate or either currency is unknown: such a price is not comparable, and `toDisplayPrice` keeps it in its own.
 */
export function displayMinorFactor(fromCode: string, displayCode: string, book: PriceBook): number | null {
  const from = book.currencies[fromCode];
  const to = book.currencies[displayCode];
  if (!from || !to) return null;
  const rate = findRate(book.rates, fromCode, displayCode);
  return rate === null ? null : rate * 10 ** (to.decimalDigits - from.decimalDigits);
}

/**
 * "Approximately", before an amount converted into the viewer's display currency, as each language writes it: a sign
 * in English, the word in Japanese, Chinese and Korean (Korean spaces it, as it spaces words).
 */
const APPROXIMATELY: Record<Locale, string> = { en: "≈ ", ja: "約", "zh-Hans": "约", "zh-Hant": "約", ko: "약 " };

/**
 * Building a number format costs ~40× formatting with one (a card page formats dozens of prices): kept per locale,
 * currency and digits; null for a code `Intl` refuses (the price book's symbol is used then).
 */
const moneyFormats = new Map<string, Intl.NumberFormat | null>();
function moneyFormat(locale: Locale, code: string, digits: number): Intl.NumberFormat | null {
  const key = `${locale}:${code}:${digits}`;
  const known = moneyFormats.get(key);
  if (known !== undefined) return known;
  let format: Intl.NumberFormat | null;
  try {
    format = new Intl.NumberFormat(INTL_TAGS[locale], {
      style: "currency",
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  } catch {
    format = null;
  }
  moneyFormats.set(key, format);
  return format;
}

/** A number without its currency, for a code `Intl` refuses: "10,000", "12.50". */
const plainNumber = (major: number, locale: Locale, digits: number) =>
  major.toLocaleString(INTL_TAGS[locale], { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * An amount in the viewer's language, by `Intl` with the locale's INTL_TAGS, whose currency sign is the one its
 * readers take for that currency: "¥10,000" and "$69.00" in English and Japanese; "JP¥10,000" and "US$69.00" in
 * Simplified Chinese and Korean (to a reader in Shanghai a bare ¥ is yuan); "¥10,000" and "US$69.00" in Traditional
 * Chinese (to a reader in Taipei a bare $ is New Taiwan dollars). Approximate amounts get "≈ " (en), "約" (ja,
 * zh-Hant), "约" (zh-Hans) or "약 " (ko).
 */
export function formatPrice(price: DisplayPrice, locale: string): string {
  const reader: Locale = isLocale(locale) ? locale : "en";
  const digits = price.currency.decimalDigits;
  const major = price.amount / 10 ** digits;
  const format = moneyFormat(reader, price.currency.code, digits);
  let text = format ? format.format(major) : `${price.currency.symbol}${plainNumber(major, reader, digits)}`;
  // Written by hand: ja-JP's `Intl` writes the yen full-width (￥); Comet's Japanese pages keep the half-width ¥ they
  // have always shown, as the English pages and the price inputs do (a Japanese reader reads either).
  if (reader === "ja") text = text.replace("￥", "¥");
  return price.approximate ? `${APPROXIMATELY[reader]}${text}` : text;
}

/** One of Comet's currencies as the price tables describe it. */
export function currencyInfo(code: CurrencyCode): CurrencyInfo {
  return { code, symbol: CURRENCY_SYMBOLS[code], decimalDigits: CURRENCY_DIGITS[code] };
}

/**
 * A stored amount as text in the viewer's language (formatPrice): ¥10,000, $12.50, US$12.50. No conversion happens
 * here: `approximate` marks an amount already converted (an order's total in the buyer's display currency): "≈ $80.52",
 * "約$80.52", "约US$80.52", "약 US$80.52".
 */
export function formatMoney(
  minor: number,
  code: CurrencyCode,
  locale: string,
  { approximate = false }: { approximate?: boolean } = {},
): string {
  return formatPrice({ amount: minor, currency: currencyInfo(code), approximate }, locale);
}

/** A value comparable across currencies (display-currency minor units); unset prices sort first. */
export function priceSortValue(
  amount: number | null | undefined,
  fromCode: string,
  displayCode: string,
  book: PriceBook,
): number {
  if (isPriceUnset(amount)) return 0;
  const shown = toDisplayPrice(amount!, fromCode, displayCode, book);
  if (!shown) return Number.MAX_SAFE_INTEGER;
  if (shown.currency.code === displayCode) return shown.amount;
  // No rate: compare in major units, the least bad guess.
  return shown.amount / 10 ** shown.currency.decimalDigits;
}
