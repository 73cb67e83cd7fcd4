import { describe, expect, it } from "vitest";
import { AMOUNT_PATTERN, amountKey, amountValue, parseAmount } from "./amounts";
import { translationKeepsSpans } from "./text-language";

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

  it("finds amounts as Chinese and Korean write them, yen, won and yuan alike", () => {
    expect(matches("预算5千日元，加急1.5万日元，全身10,000日元，或￥5,000元，共500元")).toEqual([
      "5千日元",
      "1.5万日元",
      "10,000日元",
      "￥5,000元",
      "500元",
    ]);
    expect(matches("預算1萬日圓，追加5,000日圓、3千日幣，或 NT 不算，韓幣 5萬韓元、人民幣 300人民幣")).toEqual([
      "1萬日圓",
      "5,000日圓",
      "3千日幣",
      "5萬韓元",
      "300人民幣",
    ]);
    expect(
      matches("예산은 5,000엔이에요. 1만 엔, 1만5천엔, 1만 5천 원, 5천 원, 50,000원, ₩30,000, ￦１０，０００, 300위안"),
    ).toEqual([
      "5,000엔",
      "1만 엔",
      "1만5천엔",
      "1만 5천 원",
      "5천 원",
      "50,000원",
      "₩30,000",
      "￦１０，０００",
      "300위안",
    ]);
    // And as the other languages name them: a Korean 원 in Japanese or English, a yuan in English.
    expect(matches("5万ウォン, 50,000 won, KRW 50000, 500 yuan, RMB 500, CNY 500, 300元")).toEqual([
      "5万ウォン",
      "50,000 won",
      "KRW 50000",
      "500 yuan",
      "RMB 500",
      "CNY 500",
      "300元",
    ]);
  });

  it("ends at the number's last digit, leaving the sentence's punctuation", () => {
    expect(matches("It is $30. Or ¥5,000, right?")).toEqual(["$30", "¥5,000"]);
  });

  it("takes no bare number, and no number in a word", () => {
    expect(matches("2 variants, 3000 px, 1万人のフォロワー, 10 yenta")).toEqual([]);
    expect(matches("1만 명의 팔로워, 3천 장, 1万名粉丝, 2 wonder, 5 yuanbao")).toEqual([]);
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

  it("reads 萬, 만 and 천 as 万 and 千, the Korean parts spaced or not", () => {
    expect(amountValue("5千日元")).toBe(500_000);
    expect(amountValue("1萬日圓")).toBe(1_000_000);
    expect(amountValue("1.5萬日圓")).toBe(1_500_000);
    expect(amountValue("1만 원")).toBe(1_000_000);
    expect(amountValue("1만원")).toBe(1_000_000);
    expect(amountValue("1만 5천 원")).toBe(1_500_000);
    expect(amountValue("1만5000엔")).toBe(1_500_000);
    expect(amountValue("5천 원")).toBe(500_000);
    expect(amountValue("5,000엔")).toBe(500_000);
    expect(amountValue("￥5,000元")).toBe(500_000);
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

  it("name yen, won and yuan as Chinese and Korean write them, and never take one for another", () => {
    for (const span of ["100日元", "100日圓", "100日币", "100日幣", "100엔", "100 엔", "￥100"])
      expect(parseAmount(span), span).toEqual({ currency: "JPY", hundredths: 10_000 });
    for (const span of ["100원", "100 원", "₩100", "￦100", "100ウォン", "100韩元", "100韓元", "100 won", "KRW 100"])
      expect(parseAmount(span), span).toEqual({ currency: "KRW", hundredths: 10_000 });
    for (const span of [
      "100元",
      "￥100元",
      "¥100元",
      "100人民币",
      "100人民幣",
      "100위안",
      "100 yuan",
      "RMB 100",
      "CNY 100",
    ])
      expect(parseAmount(span), span).toEqual({ currency: "CNY", hundredths: 10_000 });
  });

  it("give one key to the same amount, and apart keys to another value or currency", () => {
    expect(amountKey("1万円")).toBe(amountKey("¥10,000"));
    expect(amountKey("1万円")).not.toBe(amountKey("$10,000"));
    expect(amountKey("1万円")).not.toBe(amountKey("¥1,000"));
    // The same yen in Chinese and Korean; won and yuan are other currencies, whatever the value.
    for (const span of ["1万日元", "10,000日元", "1萬日圓", "1만 엔", "10,000엔", "１０，０００円"])
      expect(amountKey(span), span).toBe(amountKey("¥10,000"));
    expect(amountKey("1만 원")).toBe(amountKey("₩10,000"));
    expect(amountKey("1만 원")).toBe(amountKey("10,000 won"));
    expect(amountKey("1만 원")).not.toBe(amountKey("1만 엔"));
    expect(amountKey("10000元")).toBe(amountKey("10,000 yuan"));
    expect(amountKey("￥10,000元")).not.toBe(amountKey("¥10,000"));
    expect(amountKey("10000元")).not.toBe(amountKey("1万日元"));
    // An unreadable span matches only itself as written.
    expect(amountKey("$1.2.3")).toBe(amountKey("$1.2.3"));
    expect(amountKey("$1.2.3")).not.toBe(amountKey("$1.23"));
  });
});

describe("a translation between the five languages", () => {
  it("keeps a yen amount in any of their notations, and is refused when it turns yen into won or yuan", () => {
    const japanese = "予算は1万円、追加は5千円です。";
    expect(translationKeepsSpans(japanese, "预算为1万日元，追加5千日元。")).toBe(true);
    expect(translationKeepsSpans(japanese, "預算為10,000日圓，追加5,000日圓。")).toBe(true);
    expect(translationKeepsSpans(japanese, "예산은 1만 엔, 추가는 5천 엔이에요.")).toBe(true);
    expect(translationKeepsSpans(japanese, "예산은 1만 원, 추가는 5천 원이에요.")).toBe(false);
    expect(translationKeepsSpans(japanese, "预算为1万元，追加5千元。")).toBe(false);
  });

  it("keeps a won or yuan amount as the other languages write it", () => {
    expect(translationKeepsSpans("예산은 1만 5천 원이에요.", "予算は15,000ウォンです。")).toBe(true);
    expect(translationKeepsSpans("예산은 1만 5천 원이에요.", "The budget is ₩15,000.")).toBe(true);
    expect(translationKeepsSpans("예산은 1만 5천 원이에요.", "予算は15,000円です。")).toBe(false);
    expect(translationKeepsSpans("预算是￥500元。", "The budget is 500 yuan.")).toBe(true);
  });
});
