import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { textLength } from "./text";
import { segmentForTranslation } from "./text-language";
import { cutForTranslation, isTranslatablePiece, piecePadding } from "./text-cuts";

const keptSpansOf = (text: string) =>
  segmentForTranslation(text)
    .filter((segment) => segment.kind !== "text")
    .map((segment) => segment.value);

/** A paragraph of `sentences` English sentences, each about 60 characters. */
const englishParagraph = (sentences: number, seed: number) =>
  Array.from(
    { length: sentences },
    (_, i) => `Sentence ${seed}.${i}: the character wears a red scarf and holds a sword.`,
  ).join(" ");

describe("cutForTranslation", () => {
  it("leaves a text that fits whole, and gives no piece for an empty text", () => {
    expect(cutForTranslation("Thanks! See you.", 1_000)).toEqual(["Thanks! See you."]);
    expect(cutForTranslation("", 10)).toEqual([]);
    expect(() => cutForTranslation("abc", 0)).toThrow(RangeError);
  });

  it("packs a 6,000-character brief of short paragraphs into a few pieces, cut only between paragraphs", () => {
    const paragraphs = Array.from({ length: 46 }, (_, i) => englishParagraph(2, i));
    const brief = paragraphs.join("\n\n");
    expect(textLength(brief)).toBeGreaterThan(6_000);
    const pieces = cutForTranslation(brief, 1_000);
    expect(pieces.join("")).toBe(brief);
    expect(pieces.length).toBeLessThanOrEqual(7);
    for (const piece of pieces) {
      expect(textLength(piece)).toBeLessThanOrEqual(1_000);
      // Each piece is whole paragraphs: it starts where one starts and ends with the blank line after one (or the end).
      expect(paragraphs.some((paragraph) => piece.startsWith(paragraph))).toBe(true);
      expect(piece === pieces.at(-1) || piece.endsWith(".\n\n")).toBe(true);
    }
  });

  it("cuts a paragraph too long by itself at its line breaks, then at its sentences", () => {
    const lines = ["・ラフ：1万円", "・線画：2万円", "・厚塗り：3万円"].join("\n");
    expect(cutForTranslation(lines, 10)).toEqual(["・ラフ：1万円\n", "・線画：2万円\n", "・厚塗り：3万円"]);
    const japanese = "ラフを確認しました。線画に進んでください。「背景は白で」とのことでした。";
    expect(cutForTranslation(japanese, 15)).toEqual([
      "ラフを確認しました。",
      "線画に進んでください。",
      "「背景は白で」とのことでした。",
    ]);
    // A closing bracket after the stop stays with its sentence.
    expect(cutForTranslation("「ラフです。」次は線画です。", 8)).toEqual(["「ラフです。」", "次は線画です。"]);
    const english = "Version 1.2 is fine. Please send it! Thanks.";
    expect(cutForTranslation(english, 22)).toEqual(["Version 1.2 is fine. ", "Please send it! ", "Thanks."]);
  });

  it("cuts a sentence too long by itself between words, and a text with no spaces between graphemes", () => {
    expect(cutForTranslation("a red scarf and a long sword", 12)).toEqual(["a red scarf ", "and a long ", "sword"]);
    expect(cutForTranslation("線画修正依頼線画修正依頼", 5)).toEqual(["線画修正依", "頼線画修正", "依頼"]);
    // A family emoji is one grapheme of five code points: never split while it fits.
    expect(cutForTranslation("ab👨‍👩‍👧cd", 6)).toEqual(["ab", "👨‍👩‍👧c", "d"]);
    expect(cutForTranslation("ab👨‍👩‍👧cd", 5)).toEqual(["ab", "👨‍👩‍👧", "cd"]);
  });

  it("never cuts inside a kept span, and gives one longer than the limit a piece of its own", () => {
    const url = "https://example.com/references/character-sheet-front-and-back";
    const text = `参考はこちら ${url} です。予算はUSD 25.50です`;
    const pieces = cutForTranslation(text, 20);
    expect(pieces.join("")).toBe(text);
    expect(pieces).toContain(url);
    expect(pieces.some((piece) => piece.includes("USD 25.50"))).toBe(true);
  });

  it("keeps its contract for any text and limit: joins back exactly, no piece empty or too long but a kept span", () => {
    const fragment = fc.constantFrom(
      "Please draw my OC",
      " ",
      "  ",
      ".",
      ". ",
      "! ",
      "e.g.",
      "\n",
      "\n\n",
      "\n \n",
      "ラフ",
      "です。",
      "」",
      "？",
      "線画修正依頼",
      "https://example.com/a/very/long/reference/path/to/the/sheet",
      "@mika2024",
      "K7M2QX9A",
      "1万5千円",
      "￥１０，０００",
      "USD 25.50",
      "kate@example.com",
      "👨‍👩‍👧",
      "😀",
      "e\u0301",
      "a\u0301\u0302\u0303\u0304\u0305\u0306\u0307",
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), fc.integer({ min: 1, max: 40 }), (fragments, max) => {
        const text = fragments.join("");
        const pieces = cutForTranslation(text, max);
        expect(pieces.join("")).toBe(text);
        const spans = keptSpansOf(text);
        for (const piece of pieces) {
          expect(piece).not.toBe("");
          if (textLength(piece) > max) expect(spans).toContain(piece);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it("never cuts a kept span shorter than the limit, for any text", () => {
    const word = fc.constantFrom(
      "rough",
      "ラフ",
      "1万円",
      "$25.50",
      "@mika2024",
      "https://x.test/ref",
      "。",
      " ",
      "\n",
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 30 }), fc.integer({ min: 18, max: 60 }), (words, max) => {
        const text = words.join("");
        const pieces = cutForTranslation(text, max);
        for (const span of keptSpansOf(text)) expect(pieces.some((piece) => piece.includes(span))).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("isTranslatablePiece", () => {
  it("is false for a piece with no letters outside its kept spans", () => {
    for (const piece of ["\n\n", "   ", "12345", "👍", "https://example.com/about", "¥10,000 ", "@mika2024\n"])
      expect(isTranslatablePiece(piece), piece).toBe(false);
    for (const piece of ["See https://example.com/about", "ラフ", "Thanks!\n\n"])
      expect(isTranslatablePiece(piece), piece).toBe(true);
  });
});

describe("piecePadding", () => {
  it("parts a piece's words from the whitespace around them, joining back exactly", () => {
    expect(piecePadding("\n  ラフです。\n\n")).toEqual({ before: "\n  ", words: "ラフです。", after: "\n\n" });
    expect(piecePadding("Thanks")).toEqual({ before: "", words: "Thanks", after: "" });
    expect(piecePadding(" \n ")).toEqual({ before: " \n ", words: "", after: "" });
    fc.assert(
      fc.property(fc.string(), (piece) => {
        const { before, words, after } = piecePadding(piece);
        expect(before + words + after).toBe(piece);
        expect(words).toBe(words.trim());
      }),
    );
  });
});
