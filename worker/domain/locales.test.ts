import { describe, expect, it } from "vitest";
import { INTL_TAGS, LOCALES, languageAlternates, localeOfAcceptLanguage, localeOfLanguageTag } from "./locales";

describe("the language a browser asks for (decision 105)", () => {
  it.each([
    ["zh-TW", "zh-Hant"],
    ["zh-HK", "zh-Hant"],
    ["zh-MO", "zh-Hant"],
    ["zh-Hant", "zh-Hant"],
    ["zh-Hant-HK", "zh-Hant"],
    ["zh_TW", "zh-Hant"],
    ["ZH-tw", "zh-Hant"],
    ["zh-CN", "zh-Hans"],
    ["zh-SG", "zh-Hans"],
    ["zh-Hans", "zh-Hans"],
    ["zh-Hans-HK", "zh-Hans"],
    ["zh", "zh-Hans"],
    ["ko", "ko"],
    ["ko-KR", "ko"],
    ["ja-JP", "ja"],
    ["en-GB", "en"],
    ["fr-FR", null],
    ["", null],
  ])("%s reads %s", (tag, locale) => {
    expect(localeOfLanguageTag(tag)).toBe(locale);
  });

  it("Accept-Language: the best q-value Comet speaks, ties in the order written, q=0 never", () => {
    expect(localeOfAcceptLanguage("zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("zh-Hant");
    expect(localeOfAcceptLanguage("ko-KR,ko;q=0.9,en-US;q=0.8")).toBe("ko");
    expect(localeOfAcceptLanguage("fr-FR,fr;q=0.9,zh-CN;q=0.8,en;q=0.7")).toBe("zh-Hans");
    expect(localeOfAcceptLanguage("en;q=0.5,ja;q=0.8")).toBe("ja");
    expect(localeOfAcceptLanguage("ja;q=0,en")).toBe("en");
    expect(localeOfAcceptLanguage("de, fr;q=0.9")).toBeNull();
    expect(localeOfAcceptLanguage("*")).toBeNull();
    expect(localeOfAcceptLanguage("")).toBeNull();
  });

  it("every language formats by Intl with a tag Intl knows", () => {
    for (const locale of LOCALES) expect(Intl.DateTimeFormat.supportedLocalesOf([INTL_TAGS[locale]])).toHaveLength(1);
  });
});

describe("a public page's language alternates", () => {
  it("name the page in each language by ?lang=, and the page itself as x-default", () => {
    expect(languageAlternates("https://comet.example", "/mika")).toEqual([
      { hreflang: "en", href: "https://comet.example/mika?lang=en" },
      { hreflang: "ja", href: "https://comet.example/mika?lang=ja" },
      { hreflang: "zh-Hans", href: "https://comet.example/mika?lang=zh-Hans" },
      { hreflang: "zh-Hant", href: "https://comet.example/mika?lang=zh-Hant" },
      { hreflang: "ko", href: "https://comet.example/mika?lang=ko" },
      { hreflang: "x-default", href: "https://comet.example/mika" },
    ]);
  });
});
