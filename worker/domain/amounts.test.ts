import { describe, expect, it } from "vitest";
import { AMOUNT_PATTERN, amountKey, amountValue, parseAmount } from "./amounts";

const matches = (text: string) => [...text.matchAll(AMOUNT_PATTERN)].map((match) => match[0]);

describe("AMOUNT_PATTERN", () => {
  it("finds amounts in every notation a writer uses", () => {
    expect(matches("ラフ1万円、差分3千円、全身1.5万円、合計1万5千円、背景1万5000円")).toEqual([
      "1万円",
      "3千円",
      "1.5万円",
      "1万5千円",
      "1万5000円",
    ]);
    expect(matches("予算は￥１０，０００、追加は５，０００円")).toEqual(["￥１０，０００", "５，０００円"]);
    expect(matches("$25.50 or USD 25.5 or 25.50 dollars or 25ドル or US$40 or €30, 30 euros, 20ユーロ, £12")).toEqual([
      "$25.50",
      "USD 25.5",
      "25.50 dollars",
      "25ドル",
      "US$40",
      "€30",
      "30 euros",
      "20ユーロ",
      "£12",
    ]);
  });

  it("ends at the number's last digit, leaving the sentence's punctuation", () => {
    expect(matches("It is $30. Or ¥5,000, right?")).toEqual(["$30", "¥5,000"]);
  });

  it("takes no bare number, and no number in a word", () => {
    expect(matches("2 variants, 3000 px, 1万人のフォロワー, 10 yenta")).toEqual([]);
  });
});

describe("amountValue", () => {
  it("reads 万 and 千 as the numbers they are", () => {
    expect(amountValue("1万円")).toBe(1_000_000);
    expect(amountValue("10,000 yen")).toBe(1_000_000);
    expect(amountValue("¥10,000")).toBe(1_000_000);
    expect(amountValue("3千円")).toBe(300_000);
    expect(amountValue("1.5万円")).toBe(1_500_000);
    expect(amountValue("1万5千円")).toBe(1_500_000);
    expect(amountValue("1万5000円")).toBe(1_500_000);
    expect(amountValue("12万円")).toBe(12_000_000);
  });

  it("reads full-width digits, separators and signs as ASCII", () => {
    expect(amountValue("１０，０００円")).toBe(1_000_000);
    expect(amountValue("￥１０，０００")).toBe(1_000_000);
    expect(amountValue("＄２５．５０")).toBe(2_550);
  });

  it("is exact in hundredths, where floats misround", () => {
    expect(amountValue("$25.50")).toBe(2_550);
    expect(amountValue("25.50 dollars")).toBe(2_550);
    expect(amountValue("USD 25.5")).toBe(2_550);
    // In floats 2.01 × 10,000 is 20,099.999999999996 and 0.29 × 100 is 28.999999999999996.
    expect(amountValue("2.01万円")).toBe(2_010_000);
    expect(amountValue("$0.29")).toBe(29);
  });

  it("is null for what is not an amount it can read exactly", () => {
    expect(amountValue("$1.2.3")).toBeNull();
    expect(amountValue("$0.005")).toBeNull();
    expect(amountValue("¥99999999999999999999")).toBeNull();
    expect(amountValue("10,000")).toBeNull();
    expect(amountValue("円")).toBeNull();
  });
});

describe("parseAmount and amountKey", () => {
  it("name the currency whatever the notation", () => {
    for (const span of ["¥100", "￥100", "100円", "100 yen", "JPY 100", "100 JPY"])
      expect(parseAmount(span), span).toEqual({ currency: "JPY", hundredths: 10_000 });
    for (const span of ["$100", "US$100", "100ドル", "100 dollars", "USD 100"])
      expect(parseAmount(span)?.currency).toBe("USD");
    for (const span of ["€100", "100 euros", "100ユーロ", "EUR 100"]) expect(parseAmount(span)?.currency).toBe("EUR");
    expect(parseAmount("£100")?.currency).toBe("GBP");
  });

  it("give one key to the same amount, and apart keys to another value or currency", () => {
    expect(amountKey("1万円")).toBe(amountKey("¥10,000"));
    expect(amountKey("1万円")).not.toBe(amountKey("$10,000"));
    expect(amountKey("1万円")).not.toBe(amountKey("¥1,000"));
    // An unreadable span matches only itself as written.
    expect(amountKey("$1.2.3")).toBe(amountKey("$1.2.3"));
    expect(amountKey("$1.2.3")).not.toBe(amountKey("$1.23"));
  });
});
