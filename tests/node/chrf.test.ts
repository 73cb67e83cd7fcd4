// chrF as sacreBLEU's default chrF2 computes it (scripts/translation-eval/chrf.mjs): the translation check's score, so
// a wrong count here would move every number `npm run translation:eval` prints.
import { describe, expect, it } from "vitest";
import { chrfStatistics, corpusChrf, sentenceChrf } from "#scripts/translation-eval/chrf.mjs";

describe("chrF", () => {
  it("scores a translation identical to its reference 100, and one sharing no character 0", () => {
    expect(sentenceChrf("リテイクは2回までです。", "リテイクは2回までです。")).toBe(100);
    expect(sentenceChrf("abc", "xyz")).toBe(0);
    expect(sentenceChrf("", "abc")).toBe(0);
  });

  it("counts n-grams by hand: 'cat' against 'cats'", () => {
    // n=1: cat has c,a,t (3); cats has c,a,t,s (4); shared 3 → P 3/3, R 3/4
    // n=2: ca,at (2) against ca,at,ts (3); shared 2 → P 1, R 2/3
    // n=3: cat (1) against cat,ats (2); shared 1 → P 1, R 1/2
    // n=4..6: cat has none, so those orders are left out of both averages.
    expect(chrfStatistics("cat", "cats")).toEqual({
      hypothesis: [3, 2, 1, 0, 0, 0],
      reference: [4, 3, 2, 1, 0, 0],
      matching: [3, 2, 1, 0, 0, 0],
    });
    // P = 1; R = (3/4 + 2/3 + 1/2) / 3 = 23/36; F2 = 5PR / (4P + R) = (115/36) / (167/36) = 115/167.
    expect(sentenceChrf("cat", "cats")).toBeCloseTo((100 * 115) / 167, 10);
    // The other way round P and R swap: F2 = 5 · 23/36 / (4 · 23/36 + 1) = 115/128. Recall weighs four times
    // precision (β = 2), so dropping a character costs more than adding one.
    expect(sentenceChrf("cats", "cat")).toBeCloseTo((100 * 115) / 128, 10);
  });

  it("removes whitespace before counting, and counts a character outside the BMP once", () => {
    expect(sentenceChrf("c a\tt", "cat")).toBe(100);
    expect(sentenceChrf("ラフ\u3000線画", "ラフ線画")).toBe(100);
    // 😀 is one character (two UTF-16 units): 'a😀' has two 1-grams and one 2-gram, all in 'a😀b'.
    expect(chrfStatistics("a😀", "a😀b")).toMatchObject({
      hypothesis: [2, 1, 0, 0, 0, 0],
      matching: [2, 1, 0, 0, 0, 0],
    });
  });

  it("scores a corpus from its summed counts, not the mean of its sentences' scores", () => {
    const pairs = [
      { hypothesis: "cat", reference: "cats" },
      { hypothesis: "dog", reference: "dog" },
    ];
    // Summed: n=1 hyp 3+3, ref 4+3, shared 3+3; n=2 hyp 2+2, ref 3+2, shared 4; n=3 hyp 1+1, ref 2+1, shared 2.
    // P = 1; R = (6/7 + 4/5 + 2/3) / 3 = 244/315; F2 = 5R / (4 + R) = 1220/1504 = 305/376.
    expect(corpusChrf(pairs)).toBeCloseTo((100 * 305) / 376, 10);
    const meanOfSentences = (sentenceChrf("cat", "cats") + sentenceChrf("dog", "dog")) / 2;
    expect(Math.abs(corpusChrf(pairs) - meanOfSentences)).toBeGreaterThan(1);
  });

  it("matches sacreBLEU's published examples (the Hugging Face chrF metric card, sacreBLEU defaults)", () => {
    expect(
      sentenceChrf(
        "The relationship between Obama and Netanyahu is not exactly friendly.",
        "The ties between Obama and Netanyahu are not particularly friendly.",
      ),
    ).toBeCloseTo(61.576379378113785, 10);
    expect(
      corpusChrf([
        {
          hypothesis: "The relationship between cats and dogs is not exactly friendly.",
          reference: "The relationship between dogs and cats is not exactly friendly.",
        },
        {
          hypothesis: "a good bookshop is just a genteel black hole that knows how to read.",
          reference: "A good bookshop is just a genteel Black Hole that knows how to read.",
        },
      ]),
    ).toBeCloseTo(84.64214891738334, 10);
  });
});
