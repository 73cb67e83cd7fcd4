import { describe, expect, it } from "vitest";
import { amountBreakdown, feeNumerator, feePercent, includedTax, sellerTransferAmount, splitTotal } from "./money";
import type { PriceBook } from "./pricing";

const SEEDED_FEE = [1036];

describe("money: the four factors of spec section 9 (decision 018)", () => {
  // A total chosen so every factor comes out exact: income 100,000 yen.
  const split = splitTotal(121_396, SEEDED_FEE);

  it("splits 121,396 yen into income 100,000, fee 10,360 and tax 11,036", () => {
    expect(split).toEqual({
      totalAmount: 121_396,
      taxAmount: 11_036,
      salesAmount: 110_360,
      incomeAmount: 100_000,
      feeAmount: 10_360,
    });
  });
  it("fee = income × 0.1036", () => expect(split.feeAmount / split.incomeAmount).toBe(0.1036));
  it("fee with its 10% tax = income × 0.11396", () =>
    expect((split.feeAmount * 11) / 10 / split.incomeAmount).toBe(0.11396));
  it("sales = income × 1.1036", () => expect(split.salesAmount / split.incomeAmount).toBe(1.1036));
  it("total = income × 1.21396", () => expect(split.totalAmount / split.incomeAmount).toBe(1.21396));
  it("tax is 10% of sales and 1/11 of the total", () => {
    expect(split.taxAmount * 10).toBe(split.salesAmount);
    expect(split.taxAmount * 11).toBe(split.totalAmount);
  });
});

describe("money: a table of totals, worked by hand", () => {
  const cases = [
    // total, currency, tax (T/11), sales, income (sales / 1.1036), fee
    {
      total: 10_000,
      tax: 909,
      sales: 9_091,
      income: 8_238,
      fee: 853,
      note: "¥10,000: 909.09 → 909; 9,091 / 1.1036 = 8,237.59 → 8,238",
    },
    { total: 101, tax: 9, sales: 92, income: 83, fee: 9, note: "¥101, the least price an order can be approved at" },
    {
      total: 5_000,
      tax: 455,
      sales: 4_545,
      income: 4_118,
      fee: 427,
      note: "$50.00 in cents: 454.55 → 455; 4,545 / 1.1036 = 4,118.34",
    },
    {
      total: 30_000,
      tax: 2_727,
      sales: 27_273,
      income: 24_713,
      fee: 2_560,
      note: "¥30,000: 2,727.27; 27,273 / 1.1036 = 24,712.7 → 24,713",
    },
    { total: 0, tax: 0, sales: 0, income: 0, fee: 0, note: "nothing" },
  ];
  for (const c of cases) {
    it(c.note, () => {
      expect(splitTotal(c.total, SEEDED_FEE)).toEqual({
        totalAmount: c.total,
        taxAmount: c.tax,
        salesAmount: c.sales,
        incomeAmount: c.income,
        feeAmount: c.fee,
      });
    });
  }

  it("always adds up: income + fee + tax = total, for every total up to 20,000", () => {
    for (let total = 0; total <= 20_000; total++) {
      const s = splitTotal(total, SEEDED_FEE);
      expect(s.incomeAmount + s.feeAmount + s.taxAmount).toBe(total);
      expect(s.incomeAmount).toBeGreaterThanOrEqual(0);
      expect(s.feeAmount).toBeGreaterThanOrEqual(0);
    }
  });

  it("rounds halves up (a 100% fee halves the sales: 3 → income 2, fee 1)", () => {
    expect(splitTotal(3 + includedTax(3), [10_000])).toMatchObject({ salesAmount: 3, incomeAmount: 2, feeAmount: 1 });
  });

  it("sums several fees' numerators, and shows the percent as numerator / 100", () => {
    expect(feeNumerator([1000, 36])).toBe(1036);
    expect(splitTotal(10_000, [1000, 36])).toEqual(splitTotal(10_000, SEEDED_FEE));
    expect(feePercent(SEEDED_FEE)).toBe(10.36);
  });

  it("with no fee the creator earns all the sales", () => {
    expect(splitTotal(11_000, [])).toMatchObject({ taxAmount: 1_000, incomeAmount: 10_000, feeAmount: 0 });
  });

  it("refuses amounts that are not integer minor units", () => {
    expect(() => splitTotal(10.5, SEEDED_FEE)).toThrow(RangeError);
    expect(() => splitTotal(-1, SEEDED_FEE)).toThrow(RangeError);
  });
});

describe("money: what the creator is paid, and the breakdown entity", () => {
  it("the transfer is the total minus the fee (the creator keeps the tax they owe)", () => {
    expect(sellerTransferAmount(10_000, SEEDED_FEE)).toBe(9_147);
    expect(sellerTransferAmount(121_396, SEEDED_FEE)).toBe(111_036);
  });

  const book: PriceBook = {
    currencies: {
      JPY: { code: "JPY", symbol: "¥", decimalDigits: 0 },
      USD: { code: "USD", symbol: "$", decimalDigits: 2 },
    },
    rates: [{ from: "JPY", to: "USD", rate: 0.0069 }],
  };

  it("gives the buyer's approximation in the display currency through pricing.ts", () => {
    expect(amountBreakdown(10_000, "JPY", SEEDED_FEE, "USD", book)).toEqual({
      currencyCode: "JPY",
      totalAmount: 10_000,
      taxAmount: 909,
      salesAmount: 9_091,
      incomeAmount: 8_238,
      feeAmount: 853,
      displayCurrencyCode: "USD",
      displayTotalAmount: 6_900,
    });
    expect(amountBreakdown(10_000, "JPY", SEEDED_FEE, "JPY", book)).toMatchObject({
      displayCurrencyCode: "JPY",
      displayTotalAmount: 10_000,
    });
  });
});

describe("money: several fees share the fee", () => {
  it("by their numerators, adding up exactly", async () => {
    const { shareFee } = await import("./money");
    expect(shareFee(853, [1036])).toEqual([853]);
    expect(shareFee(853, [1000, 36])).toEqual([823, 30]);
    expect(shareFee(0, [1000, 36])).toEqual([0, 0]);
    expect(shareFee(10, [])).toEqual([]);
  });
});

describe("money: the 90% factor of spec section 9 is not a factor of the one rule (decision 055)", () => {
  // Exact arithmetic on the total where every factor is exact: ratios as fractions, compared by cross-multiplying.
  const s = splitTotal(121_396, SEEDED_FEE);
  const share = sellerTransferAmount(121_396, SEEDED_FEE);
  const isNinetyPercent = (part: number, whole: number) => part * 10 === whole * 9;

  it("10% is exact twice: the tax on sales, and the tax on the fee (0.11396 = 0.1036 × 1.1)", () => {
    expect(s.taxAmount * 10).toBe(s.salesAmount);
    expect((s.feeAmount * 11) / 10 / s.incomeAmount).toBe(0.11396);
  });

  it("no amount of the split is 90% of another", () => {
    const amounts = {
      total: s.totalAmount,
      tax: s.taxAmount,
      sales: s.salesAmount,
      income: s.incomeAmount,
      fee: s.feeAmount,
      share,
    };
    for (const [partName, part] of Object.entries(amounts)) {
      for (const [wholeName, whole] of Object.entries(amounts))
        expect(isNinetyPercent(part, whole), `${partName} / ${wholeName}`).toBe(false);
    }
  });

  it("each reading of 90% is a second rule that disagrees with the first", () => {
    // 1. tax-excluded = 90% of the total: the spec's tax is 1/11 of it.
    expect(s.salesAmount).toBe(110_360);
    expect(s.totalAmount * 0.9).toBeCloseTo(109_256.4, 6);
    expect(splitTotal(11_000, SEEDED_FEE).salesAmount).toBe(10_000);
    // 2. income = 90% of sales: a fee of 11.11% of income, not 10.36%.
    expect(s.incomeAmount).toBe(100_000);
    expect(s.salesAmount * 0.9).toBeCloseTo(99_324, 6);
    // 3. the creator is paid 90% of the total: the share is 91.47% of it.
    expect(share).toBe(111_036);
    expect(s.totalAmount * 0.9).toBeLessThan(share - 1_700);
    // 5. an estimate "about 90%" of the income's share of sales: 1/1.1036 rounds to 91%.
    expect(Math.round((100 * s.incomeAmount) / s.salesAmount)).toBe(91);
  });
});
