/**
 * The price book (the active currencies and the exchange rates) as read queries carry it: two JSON columns that go
 * out with a page's other statements, so that prices are converted without another round trip. The one place this
 * SQL is written; `worker/domain/pricing.ts` does the converting.
 */
import { FALLBACK_CURRENCY } from "../domain/currency";
import { toDisplayPrice, type DisplayPrice, type PriceBook } from "../domain/pricing";
import { parseJson } from "./json-columns";

/**
 * The active currencies, and each currency pair's newest rate (read by `priceBookOf`). One rate per pair, however
 * many days of rates are stored: SQLite gives a bare column of a `max()` aggregate the values of the row that holds
 * the maximum, which is the newest day's row.
 */
export const PRICE_BOOK_COLUMNS = `json((SELECT json_group_array(json_object('id', id, 'code', code, 'symbol', symbol, 'd', decimal_digits))
        FROM currencies WHERE is_active = 1)) AS currencies,
  json((SELECT json_group_array(json_object('from', from_currency_code, 'to', to_currency_code, 'rate', rate))
        FROM (SELECT from_currency_code, to_currency_code, rate, max(rated_on) FROM exchange_rates GROUP BY from_currency_code, to_currency_code))) AS rates`;

/** The price book as a statement of its own. */
export const PRICE_BOOK_SQL = `SELECT ${PRICE_BOOK_COLUMNS}`;

interface CurrencyRow {
  id: string;
  code: string;
  symbol: string;
  d: number;
}

const toPriceBook = (currencies: CurrencyRow[], row: Record<string, unknown> | undefined): PriceBook => ({
  currencies: Object.fromEntries(
    currencies.map((c) => [c.code, { code: c.code, symbol: c.symbol, decimalDigits: Number(c.d) }]),
  ),
  rates: parseJson<{ from: string; to: string; rate: number }>(row?.rates),
});

export const priceBookOf = (row: Record<string, unknown> | undefined): PriceBook =>
  toPriceBook(parseJson<CurrencyRow>(row?.currencies), row);

/** The price book and the currency a viewer sees prices in. */
export interface PriceContext {
  book: PriceBook;
  displayCode: string;
}

/** Signed-in users choose their display currency (by its id); visitors, and a choice no longer active, see JPY. */
export function priceContext(
  row: Record<string, unknown> | undefined,
  viewer: { displayCurrencyId: string | null },
): PriceContext {
  const currencies = parseJson<CurrencyRow>(row?.currencies);
  const chosen = currencies.find((c) => c.id === viewer.displayCurrencyId)?.code;
  return { book: toPriceBook(currencies, row), displayCode: chosen ?? FALLBACK_CURRENCY };
}

/** A price as the viewer sees it; none for an unset or zero amount. */
export function displayPrice(
  amount: number | null,
  currencyCode: string | null,
  prices: PriceContext,
): DisplayPrice | null {
  if (amount == null || amount <= 0 || !currencyCode) return null;
  return toDisplayPrice(amount, currencyCode, prices.displayCode, prices.book);
}
