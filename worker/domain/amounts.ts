/**
 * Amounts of money as a translation must keep them (issue 62): by value, not by digits. A Japanese writer's "1万円" is
 * an English reader's "10,000 yen" or "¥10,000", a Chinese reader's "1万日元" and a Korean reader's "1만 엔", and
 * "１０，０００円" typed on a Japanese keyboard is the same amount. A translation may change the notation, never the
 * currency or the value (text-language.ts checks it).
 *
 * Each currency by what it is called in the five languages (issue 65): yen is 円, 日元 (Simplified), 日圓 or 日幣
 * (Traditional) and 엔 (Korean); won is 원, ウォン and 韩元/韓元, never yen; 元 alone is the yuan (a Chinese writer's own
 * currency), so "￥500元" is 500 yuan, while "￥500" alone reads as yen, as it does on Comet's JPY prices.
 *
 * Values are exact: a scaled integer in hundredths of the currency's unit, read digit by digit, never through a float
 * ("1.5万" is 15,000 yen, not 14,999.999…).
 */

const DIGIT = "[0-9０-９]";
/** Digits with group separators and a decimal point, ending with a digit (so "$30." keeps its full stop as text). */
const NUMBER = `${DIGIT}(?:[0-9０-９,，.．]*${DIGIT})?`;
/**
 * A count in myriads and thousands, as Japanese, Chinese and Korean write it: 1万, 1.5万, 10万, 1万5千, 1万5000, 3千,
 * 1萬 (Traditional), 1만, 1만 5천 and 1만5000 (Korean, which may space the parts), 5천.
 */
const COUNT = `${NUMBER}(?:[万萬](?:${NUMBER}千?)?|만(?:\\s?${NUMBER}천|${NUMBER})?|[千천])?`;
/**
 * A number is read from its first digit only: tried inside a long run of digits with no currency after it, each start
 * would read to the run's end, quadratic in the run.
 */
const NUMBER_START = "(?<![0-9０-９,，.．])";
const SIGN = "(?:US\\$|[¥￥$＄€£₩￦])";
const CODE = "(?:JPY|USD|EUR|GBP|KRW|CNY|RMB)";
/** The yen, the won and the yuan as Japanese, Chinese and Korean name them after a number (a sign may stand before). */
const EAST_ASIAN_UNIT = "(?:円|日元|日圓|日币|日幣|엔|원|ウォン|韩元|韓元|人民元|人民币|人民幣|元|위안)";
const UNIT_AFTER = `(?:${EAST_ASIAN_UNIT}|ドル|ユーロ|yen\\b|won\\b|yuan\\b|dollars?\\b|euros?\\b|${CODE}\\b)`;

/**
 * An amount: a currency sign or code and a number, either way round (¥10,000 / ￥１０，０００ / 10,000円 / 1万円 /
 * 3千円 / 5千日元 / 1萬日圓 / 5,000엔 / 1만 원 / ₩50,000 / ￥500元 / 500 yuan / USD 25.50 / $25.50 / 30 dollars /
 * 25.5ドル / €30 / 30 euros).
 */
export const AMOUNT_PATTERN = new RegExp(
  `${SIGN}\\s?${COUNT}(?:\\s?${EAST_ASIAN_UNIT})?|\\b${CODE}\\s?${NUMBER}|${NUMBER_START}${COUNT}\\s?${UNIT_AFTER}`,
  "giu",
);

/**
 * The currency an amount is in, whatever its notation: ¥, 円, 日元, 엔, yen and JPY are all JPY; ₩, 원, ウォン, 韩元, won
 * and KRW all KRW; 元, 人民币, 위안, yuan, RMB and CNY all CNY; $, ドル, dollars and USD all USD.
 */
export type AmountCurrency = "JPY" | "KRW" | "CNY" | "USD" | "EUR" | "GBP";

export interface Amount {
  currency: AmountCurrency;
  /** The value in hundredths of the currency's unit: ¥10,000 is 1,000,000; $25.50 is 2,550. */
  hundredths: number;
}

// Tried in order: a currency's name before a sign ("￥500元" is yuan: in Chinese ¥ is the yuan's sign too, and 元 says
// which), 日元 and 韩元 before the 元 they end with, and "US$" is a dollar before "$" is read.
const CURRENCY_MARKS: readonly [AmountCurrency, RegExp][] = [
  ["JPY", /円|日元|日圓|日币|日幣|엔|yen|JPY/i],
  ["KRW", /₩|원|ウォン|韩元|韓元|won|KRW/i],
  ["CNY", /元|人民币|人民幣|위안|yuan|RMB|CNY/i],
  ["JPY", /¥/],
  ["USD", /\$|ドル|dollar|USD/i],
  ["EUR", /€|ユーロ|euro|EUR/i],
  ["GBP", /£|GBP/i],
];

const MULTIPLIER: Record<string, bigint> = { 万: 10_000n, 萬: 10_000n, 만: 10_000n, 千: 1_000n, 천: 1_000n };

/** A number's value in hundredths, times `multiplier`; null when it is not a whole number of hundredths. */
function hundredthsOf(number: string, multiplier: bigint): bigint | null {
  const digits = number.replace(/,/g, "");
  const [whole, fraction = "", extra] = digits.split(".");
  if (extra !== undefined || whole === "") return null;
  const scaled = BigInt(whole + fraction) * multiplier * 100n;
  const divisor = 10n ** BigInt(fraction.length);
  return scaled % divisor === 0n ? scaled / divisor : null;
}

/**
 * An amount span's currency and exact value, or null when it cannot be read as one (two decimal points, a fraction of a
 * cent, more than JavaScript counts exactly). Full-width characters read as their ASCII forms (NFKC).
 */
export function parseAmount(span: string): Amount | null {
  const written = span.normalize("NFKC");
  const currency = CURRENCY_MARKS.find(([, mark]) => mark.test(written))?.[0];
  if (!currency) return null;
  // "1万5千" is 1 myriad and 5 thousands, "1万5000" 1 myriad and 5,000: each number counts its own unit, if any.
  let total = 0n;
  let parts = 0;
  for (const [, number, unit] of written.matchAll(/(\d[\d,.]*)(万|萬|만|千|천)?/g)) {
    const value = hundredthsOf(number.replace(/[.,]+$/, ""), unit ? MULTIPLIER[unit] : 1n);
    if (value === null) return null;
    total += value;
    parts++;
  }
  if (parts === 0 || total > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return { currency, hundredths: Number(total) };
}

/**
 * The value of an amount span in hundredths of its currency's unit ("1万円", "¥10,000" and "1만 원" are all 1,000,000).
 */
export function amountValue(span: string): number | null {
  return parseAmount(span)?.hundredths ?? null;
}

/**
 * What two amount spans must share to be the same amount: the currency and the value ("JPY 1000000" for 1万円 and for
 * ¥10,000). A span that cannot be read is its own key, so only the same writing matches it.
 */
export function amountKey(span: string): string {
  const amount = parseAmount(span);
  return amount ? `${amount.currency} ${amount.hundredths}` : `as written: ${span}`;
}
