import { describe, expect, it } from "vitest";
import { detectTextLanguage, needsTranslation, segmentForTranslation, translationKeepsSpans } from "./text-language";

describe("detectTextLanguage", () => {
  it("reads English and Japanese by their scripts", () => {
    expect(detectTextLanguage("Could you draw my character in a kimono?")).toBe("en");
    expect(detectTextLanguage("キャラクターを着物姿で描いていただけますか？")).toBe("ja");
    expect(detectTextLanguage("よろしくお願いします")).toBe("ja");
    expect(detectTextLanguage("了解")).toBe("ja");
  });

  it("judges a mixed text by what carries it: English names in Japanese, a kanji name in English", () => {
    expect(detectTextLanguage("Aliceさんのイラストをお願いします。Live2Dモデルも検討中です。")).toBe("ja");
    expect(detectTextLanguage("VTuberの立ち絵、Live2D対応でお願いします")).toBe("ja");
    expect(detectTextLanguage("Please draw my OC 桜 with her sword, full body, white background.")).toBe("en");
    expect(detectTextLanguage("Thanks! ありがとう")).toBe("ja");
  });

  it("does not count what a translation keeps: links, handles, codes and amounts", () => {
    expect(detectTextLanguage("参考です https://example.com/very/long/english/words/in/a/path")).toBe("ja");
    expect(detectTextLanguage("予算は¥30,000です")).toBe("ja");
    expect(detectTextLanguage("Budget $300, order ABCD2345")).toBe("en");
  });

  it("is null for a text with no letters: numbers, emoji, a link alone", () => {
    for (const text of ["", "   ", "12345", "👍🎉", "https://example.com/a", "¥10,000", "@alice123", "!!!"])
      expect(detectTextLanguage(text), text).toBeNull();
  });
});

describe("needsTranslation", () => {
  it("only for a written text in the other language", () => {
    expect(needsTranslation("Hello, thank you!", "ja")).toBe(true);
    expect(needsTranslation("Hello, thank you!", "en")).toBe(false);
    expect(needsTranslation("ありがとうございます", "en")).toBe(true);
    expect(needsTranslation("ありがとうございます", "ja")).toBe(false);
    expect(needsTranslation("👍", "ja")).toBe(false);
  });
});

describe("segmentForTranslation", () => {
  const kept = (text: string) =>
    segmentForTranslation(text)
      .filter((segment) => segment.kind !== "text")
      .map((segment) => [segment.kind, segment.value]);

  it("gives the text back exactly when joined", () => {
    for (const text of [
      "See https://example.com/a?b=1, then ping @alice123 about ABCD2345 (¥10,000).",
      "予算は3万円、参考：https://x.test/「例」",
      "",
      "plain",
    ])
      expect(
        segmentForTranslation(text)
          .map((segment) => segment.value)
          .join(""),
      ).toBe(text);
  });

  it("keeps URLs, e-mails, @handles, order codes and amounts", () => {
    expect(kept("See https://example.com/a?b=1, then ping @alice123 about ABCD2345.")).toEqual([
      ["url", "https://example.com/a?b=1"],
      ["handle", "@alice123"],
      ["order-code", "ABCD2345"],
    ]);
    expect(kept("mail me at kate@example.com")).toEqual([["email", "kate@example.com"]]);
    expect(kept("予算は¥30,000です。追加は5,000円、または USD 25.50 / 30 dollars")).toEqual([
      ["amount", "¥30,000"],
      ["amount", "5,000円"],
      ["amount", "USD 25.50"],
      ["amount", "30 dollars"],
    ]);
  });

  it("ends a URL at Japanese punctuation, and keeps an all-capitals word as text", () => {
    expect(kept("資料→https://x.test/ref、よろしく")).toEqual([["url", "https://x.test/ref"]]);
    expect(kept("PLEASE DRAWING NOW")).toEqual([]);
    expect(kept("an @ sign, a@b, email@")).toEqual([]);
  });
});

describe("translationKeepsSpans", () => {
  it("takes a translation that keeps every span, amounts in either notation", () => {
    expect(
      translationKeepsSpans(
        "予算は¥30,000です。参考：https://x.test/ref @alice123",
        "My budget is 30,000円. Reference: https://x.test/ref @alice123",
      ),
    ).toBe(true);
  });

  it("refuses one that drops or changes a span, or adds a link the original did not have", () => {
    expect(translationKeepsSpans("See https://x.test/ref", "参照してください")).toBe(false);
    expect(translationKeepsSpans("See https://x.test/ref", "https://x.test/other を参照")).toBe(false);
    expect(translationKeepsSpans("Thanks!", "ありがとう https://evil.test/")).toBe(false);
    expect(translationKeepsSpans("Order ABCD2345 please", "注文ABCD2346をお願いします")).toBe(false);
    expect(translationKeepsSpans("It costs ¥30,000", "3万円です")).toBe(false);
  });
});
