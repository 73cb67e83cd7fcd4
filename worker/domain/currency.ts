/**
 * The currencies Comet prices in (spec section 3: currency; section 9: JPY and USD), and their minor units.
 * The one list: forms, services, the display-currency menu, validation and the money rules import it.
 */
export const CURRENCIES = ["JPY", "USD"] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

/** Minor-unit digits: JPY has none, USD has cents. Amounts are stored as integers of these units. */
export const CURRENCY_DIGITS: Record<CurrencyCode, number> = { JPY: 0, USD: 2 };
export const CURRENCY_SYMBOLS: Record<CurrencyCode, string> = { JPY: "¥", USD: "$" };

/** What a price falls back to when no currency is set: the yen, Comet's home market. */
export const FALLBACK_CURRENCY: CurrencyCode = "JPY";

export function isCurrencyCode(code: unknown): code is CurrencyCode {
  return CURRENCIES.includes(code as CurrencyCode);
}

/** A stored currency code as one Comet prices in; anything else reads as the fallback. */
export function asCurrencyCode(code: string | null | undefined): CurrencyCode {
  return isCurrencyCode(code) ? code : FALLBACK_CURRENCY;
}
