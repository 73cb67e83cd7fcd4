// The price the client sees before Send (issue 63), by the rule the server prices the order with (price-lines.ts): the
// bust plan replacing the service's ¥10,000, a background, commercial use at 100% of the plan and two extra characters
// come to ¥61,000, line by line; a rush choice counts only while rush is offered; the approximate total in the viewer's
// currency; the licence the picks grant; and, with nothing priced, the spec's words. The summary renders as the
// browser walk reads it: a region named "Price" / 「料金」 whose total row reads "Total ¥61,000" in a polite status.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "#worker/domain/locales";
import type { PriceBook } from "#worker/domain/pricing";
import { withMessageLocale } from "#worker/messages/message-locale";
import { choicePriceText, licenceText, lineLabel, rushText } from "./price-words";
import { PriceSummary } from "./price-summary";
import { requestPrice, type PricedQuestion, type RequestPricing } from "./request-price";
import { priced } from "./priced-choice.test-support";

const questions: PricedQuestion[] = [
  {
    id: "q-size",
    choices: [
      { id: "c-bust", title: "Bust-up", pricing: priced({ kind: "plan", amount: 20_000, currencyCode: "JPY" }) },
      { id: "c-full", title: "Full body", pricing: priced({ kind: "plan", amount: 35_000, currencyCode: "JPY" }) },
    ],
  },
  {
    id: "q-extras",
    choices: [
      { id: "c-background", title: "Background", pricing: priced({ amount: 5_000, currencyCode: "JPY" }) },
      {
        id: "c-character",
        title: "Extra character",
        pricing: priced({ kind: "each", amount: 8_000, currencyCode: "JPY", maxCount: 3 }),
      },
      { id: "c-rush", title: "Rush", pricing: priced({ kind: "percent", percent: 30, rushDays: 5 }) },
    ],
  },
  {
    id: "q-usage",
    choices: [
      { id: "c-personal", title: "Personal use", pricing: priced({ licence: "personal" }) },
      {
        id: "c-commercial",
        title: "Commercial use",
        pricing: priced({ kind: "percent", percent: 100, licence: "streaming" }),
      },
      { id: "c-goods", title: "Goods", pricing: priced({ licence: "goods" }) },
      {
        id: "c-exclusive",
        title: "Exclusive",
        pricing: priced({ amount: 50_000, currencyCode: "USD", licence: "exclusive" }),
      },
    ],
  },
];

const answers = {
  "q-size": { choiceIds: ["c-bust"] },
  "q-extras": { choiceIds: ["c-background", "c-character"], counts: { "c-character": 2 } },
  "q-usage": { choiceIds: ["c-commercial", "c-goods"] },
};
const service: RequestPricing = { basePrice: { amount: 10_000, currencyCode: "JPY" }, rushOffered: true };
const titleOf = (id: string) => questions.flatMap((q) => q.choices).find((choice) => choice.id === id)?.title ?? "?";
const inLocale = <T>(locale: Locale, read: () => T) => withMessageLocale(locale, "http://localhost", read);

describe("the request's price as the client chooses", () => {
  it("adds up a plan, an option, a percent of the plan and a count: ¥61,000", () => {
    const price = requestPrice(questions, answers, service);
    expect(price.lines).toEqual([
      { kind: "plan", choiceId: "c-bust", amount: 20_000 },
      { kind: "add", choiceId: "c-background", amount: 5_000 },
      { kind: "each", choiceId: "c-character", count: 2, unit: 8_000, amount: 16_000 },
      { kind: "percent", choiceId: "c-commercial", percent: 100, amount: 20_000 },
    ]);
    expect(price.total).toBe(61_000);
    expect(price.currencyCode).toBe("JPY");
  });

  it("starts at the service's base, and counts a rush choice only while rush is offered", () => {
    const picked = { "q-extras": { choiceIds: ["c-rush"] } };
    expect(requestPrice(questions, picked, service).lines).toEqual([
      { kind: "base", amount: 10_000 },
      { kind: "percent", choiceId: "c-rush", percent: 30, amount: 3_000 },
    ]);
    const withoutRush = requestPrice(questions, picked, { ...service, rushOffered: false });
    expect(withoutRush.lines).toEqual([{ kind: "base", amount: 10_000 }]);
    expect(withoutRush.total).toBe(10_000);
  });

  it("has no total when nothing is priced (a form without a price), and no approximate one", () => {
    const form: RequestPricing = { basePrice: { amount: null, currencyCode: "JPY" }, rushOffered: true };
    const price = requestPrice(questions, { "q-usage": { choiceIds: ["c-personal"] } }, form);
    expect(price).toMatchObject({ lines: [], total: null, approximate: null });
  });

  it("gives the total in the viewer's currency, approximately, by the stored rate", () => {
    const book: PriceBook = {
      currencies: {
        JPY: { code: "JPY", symbol: "¥", decimalDigits: 0 },
        USD: { code: "USD", symbol: "$", decimalDigits: 2 },
      },
      rates: [{ from: "JPY", to: "USD", rate: 0.0067 }],
    };
    const abroad = requestPrice(questions, answers, { ...service, prices: { book, displayCode: "USD" } });
    expect(abroad.approximate).toEqual({ amount: 40_870, currency: book.currencies.USD, approximate: true });
    const atHome = requestPrice(questions, answers, { ...service, prices: { book, displayCode: "JPY" } });
    expect(atHome.approximate).toBeNull();
  });

  it("names the licence the picks grant: exclusive over commercial uses over personal", () => {
    expect(requestPrice(questions, answers, service).licence).toEqual({
      scope: "commercial",
      uses: ["streaming", "goods"],
    });
    expect(requestPrice(questions, {}, service).licence).toEqual({ scope: "personal" });
    const exclusive = { "q-usage": { choiceIds: ["c-commercial", "c-exclusive"] } };
    expect(requestPrice(questions, exclusive, service).licence).toEqual({ scope: "exclusive" });
  });
});

describe("the prices in words", () => {
  it("says each kind of choice as a price sheet does", () => {
    const [size, extras, usage] = questions;
    inLocale("en", () => {
      expect(choicePriceText(size.choices[0].pricing, "en")).toBe("¥20,000");
      expect(choicePriceText(extras.choices[0].pricing, "en")).toBe("+¥5,000");
      expect(choicePriceText(extras.choices[1].pricing, "en")).toBe("¥8,000 each");
      expect(choicePriceText(usage.choices[1].pricing, "en")).toBe("+100%");
      expect(choicePriceText(usage.choices[0].pricing, "en")).toBeNull();
      expect(rushText(5)).toBe("Rush: within 5 days");
      expect(rushText(1)).toBe("Rush: within 1 day");
      expect(rushText(null)).toBeNull();
    });
    inLocale("ja", () => {
      expect(choicePriceText(extras.choices[1].pricing, "ja")).toBe("1点につき¥8,000");
      expect(rushText(5)).toBe("特急：5日以内に納品");
    });
  });

  it("labels the lines: the base, a plan or option by its title, a percent with its %, a count with × n", () => {
    const { lines } = requestPrice(questions, answers, service);
    inLocale("en", () => {
      expect(lines.map((line) => lineLabel(line, titleOf))).toEqual([
        "Bust-up",
        "Background",
        "Extra character × 2",
        "Commercial use (100%)",
      ]);
      expect(lineLabel({ kind: "base", amount: 10_000 }, titleOf)).toBe("Base price");
    });
    inLocale("ja", () => expect(lineLabel(lines[3], titleOf)).toBe("Commercial use（100%）"));
  });

  it("words the licence in both languages", () => {
    const commercial = { scope: "commercial", uses: ["streaming", "goods"] } as const;
    inLocale("en", () => {
      expect(licenceText({ scope: "personal" }, "en")).toBe("Licence: personal use");
      expect(licenceText({ ...commercial, uses: [...commercial.uses] }, "en")).toBe("Commercial use: streaming, goods");
      expect(licenceText({ scope: "exclusive" }, "en")).toBe("Exclusive rights");
    });
    inLocale("ja", () => {
      expect(licenceText({ ...commercial, uses: [...commercial.uses] }, "ja")).toBe("商用利用：配信、グッズ");
      expect(licenceText({ scope: "personal" }, "ja")).toBe("ライセンス：個人利用");
    });
  });
});

describe("the summary above Send", () => {
  const render = (locale: Locale, pricing: RequestPricing, picked: Parameters<typeof requestPrice>[1] = answers) =>
    inLocale(locale, () => renderToStaticMarkup(createElement(PriceSummary, { questions, answers: picked, pricing })));

  it("is a region named Price whose total row, a polite status, reads Total ¥61,000", () => {
    const html = render("en", service);
    const heading = html.match(/<section aria-labelledby="([^"]+)"[^>]*><h3 id="([^"]+)"[^>]*>Price<\/h3>/);
    expect(heading?.[1]).toBe(heading?.[2]);
    expect(html).toMatch(/role="status" aria-live="polite"/);
    const total = html.match(/<p class="flex[^"]*">(.*?)<\/p>/)?.[1].replace(/<[^>]+>/g, "");
    expect(total).toBe("Total ¥61,000");
    expect(html).toContain("Extra character × 2");
    expect(html).toContain("¥16,000");
    expect(html).toContain("Commercial use: streaming, goods");
  });

  it("reads 料金 and 合計 in Japanese", () => {
    const html = render("ja", service);
    expect(html).toContain(">料金</h3>");
    expect(html.replace(/<[^>]+>/g, "")).toContain("合計 ¥61,000");
  });

  it("says the creator sets the price when nothing is priced", () => {
    const html = render("en", { basePrice: { amount: null, currencyCode: "JPY" }, rushOffered: true }, {});
    expect(html).toContain("Pricing is set after hearing your request");
    expect(html).not.toContain("Total");
    expect(html).toContain("Licence: personal use");
  });
});
