import { describe, expect, it } from "vitest";
import { findRate, formatMoney, formatPrice, isPriceUnset, priceSortValue, toDisplayPrice, type PriceBook } from "./pricing";

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
    expect(toDisplayPrice(10000, "JPY", "JPY", book)).toEqual({ amount: 10000, currency: book.currencies.JPY, approximate: false });
    expect(formatPrice(toDisplayPrice(10000, "JPY", "JPY", book)!, "en")).toBe("¥10,000");
  });

  it("converts JPY to USD with the stored rate and rounds to cents", () => {
    // 10,000 yen × 0.0069 = 69.00 dollars
    const shown = toDisplayPrice(10000, "JPY", "USD", book)!;
    expect(shown).toEqual({ amount: 6900, currency: book.currencies.USD, approximate: true });
    expect(formatPrice(shown, "en")).toBe("≈ $69.00");
    expect(formatPrice(shown, "ja")).toBe("約$69.00");
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
    expect(toDisplayPrice(500, "USD", "JPY", noRates)).toMatchObject({ amount: 500, currency: { code: "USD" }, approximate: false });
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
});
