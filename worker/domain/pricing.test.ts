import { describe, expect, it } from "vitest";
import {
  currencyInfo,
  findRate,
  formatMoney,
  formatPrice,
  formatPriceInput,
  isPriceUnset,
  parsePrice,
  priceInputError,
  priceSortValue,
  toDisplayPrice,
  type PriceBook,
} from "./pricing";

const book: PriceBook = {
  currencies: {
    JPY: { code: "JPY", symbol: "¥", decimalDigits: 0 },
    USD: { code: "USD", symbol: "$", decimalDigits: 2 },
  },
  rates: [
    { from: "USD", to: "JPY", rate: 144.91 },
    { from: "JPY", to: "USD", rate: 0.0069 },
  ],
};

describe("pricing", () => {
  it("keeps a price in the display currency exact", () => {
    expect(toDisplayPrice(10000, "JPY", "JPY", book)).toEqual({
      amount: 10000,
      currency: book.currencies.JPY,
      approximate: false,
    });
    expect(formatPrice(toDisplayPrice(10000, "JPY", "JPY", book)!, "en")).toBe("¥10,000");
  });

  it("converts JPY to USD with the stored rate and rounds to cents", () => {
    // 10,000 yen × 0.0069 = 69.00 dollars
    const shown = toDisplayPrice(10000, "JPY", "USD", book)!;
    expect(shown).toEqual({ amount: 6900, currency: book.currencies.USD, approximate: true });
    expect(formatPrice(shown, "en")).toBe("≈ $69.00");
    expect(formatPrice(shown, "ja")).toBe("約$69.00");
    expect(formatPrice(shown, "zh-Hans")).toBe("约US$69.00");
    expect(formatPrice(shown, "zh-Hant")).toBe("約US$69.00");
    expect(formatPrice(shown, "ko")).toBe("약 US$69.00");
    expect(toDisplayPrice(1234, "JPY", "USD", book)!.amount).toBe(851); // 8.5146 → 8.51
  });

  it("converts USD to JPY and rounds to whole yen", () => {
    // $12.34 × 144.91 = 1788.19 → 1788 yen
    const shown = toDisplayPrice(1234, "USD", "JPY", book)!;
    expect(shown).toMatchObject({ amount: 1788, approximate: true });
    expect(formatPrice(shown, "en")).toBe("≈ ¥1,788");
  });

  it("uses the inverse rate when only the reverse pair is stored, and stays put without any", () => {
    expect(findRate([{ from: "USD", to: "JPY", rate: 150 }], "JPY", "USD")).toBeCloseTo(1 / 150);
    const noRates = { ...book, rates: [] };
    expect(toDisplayPrice(500, "USD", "JPY", noRates)).toMatchObject({
      amount: 500,
      currency: { code: "USD" },
      approximate: false,
    });
    expect(toDisplayPrice(500, "XXX", "JPY", book)).toBeNull();
  });

  it("reads 0 and missing prices as unset, and sorts them first", () => {
    expect(isPriceUnset(0)).toBe(true);
    expect(isPriceUnset(null)).toBe(true);
    expect(isPriceUnset(undefined)).toBe(true);
    expect(isPriceUnset(1)).toBe(false);
    const values = [
      priceSortValue(2000, "USD", "JPY", book), // ≈ 2898
      priceSortValue(0, "JPY", "JPY", book),
      priceSortValue(3000, "JPY", "JPY", book),
    ];
    expect(values).toEqual([2898, 0, 3000]);
  });
});

describe("formatMoney", () => {
  it("formats a stored amount in its own currency's minor unit", () => {
    expect(formatMoney(10000, "JPY", "en")).toBe("¥10,000");
    expect(formatMoney(1250, "USD", "en")).toBe("$12.50");
    expect(formatMoney(1250, "USD", "ja")).toBe("$12.50");
  });

  it("marks an amount already converted as approximate, in the viewer's language", () => {
    expect(formatMoney(8052, "USD", "en", { approximate: true })).toBe("≈ $80.52");
    expect(formatMoney(8052, "USD", "ja", { approximate: true })).toBe("約$80.52");
    expect(formatMoney(11_668, "JPY", "en", { approximate: true })).toBe("≈ ¥11,668");
    expect(formatMoney(8052, "USD", "zh-Hans", { approximate: true })).toBe("约US$80.52");
    expect(formatMoney(8052, "USD", "zh-Hant", { approximate: true })).toBe("約US$80.52");
    expect(formatMoney(8052, "USD", "ko", { approximate: true })).toBe("약 US$80.52");
    expect(formatMoney(11_668, "JPY", "ko", { approximate: true })).toBe("약 JP¥11,668");
  });

  it("writes each currency with the sign the reader's language takes for it", () => {
    // en and ja as the pages have always shown them (ja keeps the half-width ¥, not ja-JP's full-width ￥).
    expect(formatMoney(1_234_500, "JPY", "ja")).toBe("¥1,234,500");
    // To a reader in Shanghai (or Seoul, by Intl's ko-KR) a bare ¥ is yuan and a bare $ could be anyone's dollar.
    expect(formatMoney(10000, "JPY", "zh-Hans")).toBe("JP¥10,000");
    expect(formatMoney(1250, "USD", "zh-Hans")).toBe("US$12.50");
    // To a reader in Taipei ¥ is the yen, and a bare $ is the New Taiwan dollar.
    expect(formatMoney(10000, "JPY", "zh-Hant")).toBe("¥10,000");
    expect(formatMoney(1250, "USD", "zh-Hant")).toBe("US$12.50");
    expect(formatMoney(10000, "JPY", "ko")).toBe("JP¥10,000");
    expect(formatMoney(1250, "USD", "ko")).toBe("US$12.50");
  });

  it("reads a language it does not speak as English, and a negative amount with its sign before the currency", () => {
    expect(formatMoney(1250, "USD", "fr")).toBe("$12.50");
    expect(formatMoney(-1250, "USD", "en")).toBe("-$12.50");
  });

  it("falls back to the price table's sign for a code Intl refuses", () => {
    const odd = { amount: 10000, currency: { code: "JP", symbol: "¥", decimalDigits: 0 }, approximate: false };
    expect(formatPrice(odd, "en")).toBe("¥10,000");
    expect(formatPrice({ ...odd, approximate: true }, "ko")).toBe("약 ¥10,000");
  });

  it("describes Comet's currencies as the price tables do", () => {
    expect(currencyInfo("JPY")).toEqual({ code: "JPY", symbol: "¥", decimalDigits: 0 });
    expect(currencyInfo("USD")).toEqual({ code: "USD", symbol: "$", decimalDigits: 2 });
  });
});

describe("prices typed in major units", () => {
  it("parses yen as whole numbers and dollars to cents", () => {
    expect(parsePrice("10000", "JPY")).toBe(10000);
    expect(parsePrice("10,000", "JPY")).toBe(10000);
    expect(parsePrice(" 12000 ", "JPY")).toBe(12000);
    expect(parsePrice("12.5", "USD")).toBe(1250);
    expect(parsePrice("120.50", "USD")).toBe(12050);
    expect(parsePrice("  ", "JPY")).toBeNull();
  });

  it("refuses rather than rounds: decimals in yen, a third decimal in dollars, signs and words", () => {
    expect(parsePrice("10.5", "JPY")).toBeUndefined();
    expect(parsePrice("12.5", "JPY")).toBeUndefined();
    expect(parsePrice("12.0", "JPY")).toBeUndefined();
    expect(parsePrice("12.345", "USD")).toBeUndefined();
    expect(parsePrice("-1", "USD")).toBeUndefined();
    expect(parsePrice("1e3", "JPY")).toBeUndefined();
    expect(parsePrice("twelve", "USD")).toBeUndefined();
  });

  it("refuses more than 10,000,000 yen or 100,000.00 dollars", () => {
    expect(parsePrice("10,000,000", "JPY")).toBe(10_000_000);
    expect(parsePrice("10000001", "JPY")).toBeUndefined();
    expect(parsePrice("99999999999", "JPY")).toBeUndefined();
    expect(parsePrice("100000.00", "USD")).toBe(10_000_000);
    expect(parsePrice("100000.01", "USD")).toBeUndefined();
  });

  it("names the message of a refused price by its currency", () => {
    expect(priceInputError("JPY")).toBe("authoring_price_jpy");
    expect(priceInputError("USD")).toBe("authoring_price_usd");
  });

  it("writes an amount back as the input shows it, with the currency's minor digits", () => {
    expect(formatPriceInput(1250, "USD")).toBe("12.50");
    expect(formatPriceInput(12050, "USD")).toBe("120.50");
    expect(formatPriceInput(12000, "USD")).toBe("120.00");
    expect(formatPriceInput(12000, "JPY")).toBe("12000");
    expect(formatPriceInput(null, "JPY")).toBe("");
    expect(parsePrice(formatPriceInput(12050, "USD"), "USD")).toBe(12050);
  });
});
