import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FREE_SPEND, type TranslationSpend, translateText } from "#worker/services/translation-pipeline";
import { readingFor, translationBudgetOf } from "#worker/services/translations";
import { CHARACTERS_PER_CALL, type Translator, translatorFor } from "#worker/translation/translator";
import { db } from "../support/helpers";
import { setStandInFault, standInCallsWith, textCode } from "#tests/worker/support/translator-standin";

// Issue 62 (decision 098): every length. A text longer than one call takes is cut at paragraphs, then sentences, each
// piece translated, and the pieces joined as the original was laid out; amounts written with 万 and 千 are kept by
// value. First through a translator that shows what it was sent, then through the production path and the stand-in.

/** A translator that answers each piece as "<EN:piece>" and records what it was sent. */
function recordingTranslator(sent: string[], answer = (text: string) => `<EN:${text}>`): Translator {
  return {
    async translate({ text }, accept) {
      sent.push(text);
      const made = answer(text);
      if (accept && !accept(made)) return { ok: false, reason: "refused", calls: 1 };
      return { ok: true, text: made, provider: "test", model: "recording", calls: 1 };
    },
  };
}

const paragraph = (n: number) => `${n}番目の段落です。${"背景は夕焼けの空でお願いします。".repeat(12)}`;

describe("a text longer than one call", () => {
  it("is cut at its paragraphs, every piece within one call, and joined with its blank lines as written", async () => {
    const text = Array.from({ length: 20 }, (_, i) => paragraph(i + 1)).join("\n\n");
    expect([...text].length).toBeGreaterThan(4_000);
    const sent: string[] = [];
    const made = await translateText(recordingTranslator(sent), { text, from: "ja", to: "en" }, FREE_SPEND);
    expect(made.ok).toBe(true);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.every((piece) => [...piece].length <= CHARACTERS_PER_CALL)).toBe(true);
    // Each piece is whole paragraphs: none starts or ends in the middle of one.
    expect(sent.every((piece) => /^\d+番目/.test(piece) && piece.endsWith("。"))).toBe(true);
    const translated = (made as { text: string }).text;
    expect(translated.split("\n\n")).toHaveLength(20);
    expect(translated.replace(/<EN:|>/g, "")).toBe(text);
  });

  it("a paragraph longer than one call is cut at its sentences", async () => {
    const text = "線画の修正をお願いします。".repeat(120);
    const sent: string[] = [];
    const made = await translateText(recordingTranslator(sent), { text, from: "ja", to: "en" }, FREE_SPEND);
    expect(made.ok).toBe(true);
    expect(sent.length).toBe(Math.ceil([...text].length / CHARACTERS_PER_CALL));
    expect(sent.every((piece) => piece.endsWith("。"))).toBe(true);
  });

  it("one piece failing: no translation, and the whole share given back", async () => {
    let taken = 0;
    const spend: TranslationSpend = {
      take: async (characters) => ((taken += characters), true),
      giveBack: async (characters) => void (taken -= characters),
    };
    const text = Array.from({ length: 6 }, (_, i) => paragraph(i + 1)).join("\n\n");
    // The piece holding the sixth paragraph fails, after the first piece was translated.
    const failingLast: Translator = {
      async translate({ text: piece }) {
        return piece.includes("6番目")
          ? { ok: false, reason: "capacity", calls: 1 }
          : { ok: true, text: `<${piece}>`, provider: "t", model: "t", calls: 1 };
      },
    };
    expect(await translateText(failingLast, { text, from: "ja", to: "en" }, spend)).toMatchObject({
      ok: false,
      reason: "capacity",
    });
    expect(taken).toBe(0);
  });
});

describe("amounts by value", () => {
  it("「1万円」 answered as 10,000 yen is kept whole: one call, not the text cut around the amount", async () => {
    const sent: string[] = [];
    const made = await translateText(
      recordingTranslator(sent, () => "The rough sketch is 10,000 yen, and each variant 3,000 yen."),
      { text: "ラフは1万円、差分は1つ3千円です。", from: "ja", to: "en" },
      FREE_SPEND,
    );
    expect(made).toMatchObject({ ok: true, text: "The rough sketch is 10,000 yen, and each variant 3,000 yen." });
    expect(sent).toEqual(["ラフは1万円、差分は1つ3千円です。"]);
  });

  it("an answer that changes an amount's value is not taken: the parts between the amounts are sent instead", async () => {
    const sent: string[] = [];
    const made = await translateText(
      recordingTranslator(sent, (text) => (text.includes("万") ? "The rough sketch is 1,000 yen." : `<${text}>`)),
      { text: "ラフは1万円です。", from: "ja", to: "en" },
      FREE_SPEND,
    );
    expect(made).toMatchObject({ ok: true, text: "<ラフは>1万円<です。>" });
    expect(sent).toEqual(["ラフは1万円です。", "ラフは", "です。"]);
  });
});

describe("through the production path", () => {
  let tag = "";
  beforeEach(() => {
    tag = `[${textCode()}]`;
  });
  afterEach(async () => {
    await setStandInFault({ mode: "ok", match: tag });
  });

  it("a 6,000-character brief is translated and stored whole; its pieces were each one call", async () => {
    const text = Array.from({ length: 30 }, (_, i) => `${paragraph(i + 1)}${tag}`).join("\n\n");
    expect([...text].length).toBeGreaterThan(6_000);
    const reading = await readingFor(db(), translatorFor(env), translationBudgetOf(env), {
      text,
      reader: "en",
      writerAccountId: `w${textCode()}`,
      now: Date.now(),
    });
    expect(reading.kind).toBe("translated");
    const calls = await standInCallsWith([tag]);
    expect(calls.length).toBeGreaterThan(6);
    expect(calls.every((call) => [...call.text].length <= CHARACTERS_PER_CALL)).toBe(true);
    expect((reading as { text: string }).text.split("\n\n")).toHaveLength(30);
  });
});
