// The translation check's corpus (scripts/translation-eval/corpus/, issue 62) is what `npm run translation:eval` scores
// every model against, so a reference that drops an order code or an amount, a direction written the wrong way round,
// or a kind left out would make its numbers say something they do not.
import { describe, expect, it } from "vitest";
import { detectTextLanguage, segmentForTranslation, translationKeepsSpans } from "#worker/domain/text-language.ts";
import { CORPUS_DIRECTIONS, CORPUS_KINDS, readCorpus } from "#scripts/translation-eval/corpus.mjs";
import { spansNotKept } from "#scripts/translation-eval/kept-spans.mjs";

/** The floor per direction. */
const MINIMUM_TEXTS = 200;
const MINIMUM_PER_KIND = 20;
/** "Some multi-paragraph, a few 800-1,500 characters": the cutting of long texts needs texts to cut. */
const MINIMUM_LONG_TEXTS = 3;
const LONG_TEXT_CHARACTERS = 800;
/** "Line breaks in many of them": a joined-back translation must keep its lines. */
const MINIMUM_WITH_LINE_BREAKS = 40;
/** Each kind of kept span, in at least this many sources of a direction. */
const MINIMUM_PER_SPAN_KIND = 5;
const ID = /^(en-ja|ja-en)-\d{3}$/;

const allIds = CORPUS_DIRECTIONS.flatMap(({ name }) => readCorpus(name).map((entry) => entry.id));

describe.each(CORPUS_DIRECTIONS)("the $name corpus", ({ name, from, to }) => {
  const entries = readCorpus(name);

  it(`holds at least ${MINIMUM_TEXTS} texts, each with an id of its direction, a kind and both sides written`, () => {
    expect(entries.length).toBeGreaterThanOrEqual(MINIMUM_TEXTS);
    for (const entry of entries) {
      expect(entry.id, entry.id).toMatch(ID);
      expect(entry.id.startsWith(`${name}-`), entry.id).toBe(true);
      expect(CORPUS_KINDS, entry.id).toContain(entry.kind);
      expect(entry.source.trim(), entry.id).not.toBe("");
      expect(entry.reference.trim(), entry.id).not.toBe("");
      expect(entry.reference, entry.id).not.toBe(entry.source);
    }
  });

  it("is written from its source language into its target", () => {
    const wrongWay = entries.filter(
      (entry) => detectTextLanguage(entry.source) !== from || detectTextLanguage(entry.reference) !== to,
    );
    expect(wrongWay.map((entry) => entry.id)).toEqual([]);
  });

  it(`has every kind at least ${MINIMUM_PER_KIND} times`, () => {
    for (const kind of CORPUS_KINDS) {
      expect(entries.filter((entry) => entry.kind === kind).length, kind).toBeGreaterThanOrEqual(MINIMUM_PER_KIND);
    }
  });

  it("has references that keep every URL, e-mail, handle and order code exactly, and every amount by value", () => {
    const dropped = entries.filter((entry) => !translationKeepsSpans(entry.source, entry.reference));
    expect(dropped.map((entry) => entry.id)).toEqual([]);
  });

  it("has spans of every kind, long texts and line breaks for the pipeline to keep", () => {
    const spanKinds = entries.map((entry) => new Set(segmentForTranslation(entry.source).map((part) => part.kind)));
    for (const kind of ["url", "email", "handle", "order-code", "amount"] as const) {
      expect(spanKinds.filter((kinds) => kinds.has(kind)).length, kind).toBeGreaterThanOrEqual(MINIMUM_PER_SPAN_KIND);
    }
    expect(entries.filter((entry) => entry.source.length >= LONG_TEXT_CHARACTERS).length).toBeGreaterThanOrEqual(
      MINIMUM_LONG_TEXTS,
    );
    expect(entries.filter((entry) => entry.source.includes("\n")).length).toBeGreaterThanOrEqual(
      MINIMUM_WITH_LINE_BREAKS,
    );
  });
});

it("gives every text of both directions its own id", () => {
  expect(allIds.filter((id, i) => allIds.indexOf(id) !== i)).toEqual([]);
});

describe("the check's report of a translation that fails the kept-spans rule", () => {
  const rule = { segmentForTranslation, translationKeepsSpans };
  const source = "Order K7M2QX9A: ¥10,000 by 5/1. Questions to @mika2024 or art@example.com.";

  it("names each span lost, and each link, e-mail or handle brought in", () => {
    const translation = "注文K7M2QX9A：¥1,000を5/1までに。質問は @mika2024 または https://evil.example/ へ。";
    expect(spansNotKept(source, translation, rule)).toEqual([
      "amount ¥10,000",
      "email art@example.com",
      "added url https://evil.example/",
    ]);
  });

  it("counts a span written twice as two, and names nothing for a translation that keeps them", () => {
    const twice = "Send K7M2QX9A to @mika2024, then K7M2QX9A again.";
    expect(spansNotKept(twice, "K7M2QX9A を @mika2024 に送ってください。", rule)).toEqual(["order-code K7M2QX9A"]);
    const kept = "注文K7M2QX9A：¥10,000、5/1まで。質問は @mika2024 か art@example.com へ。";
    expect(spansNotKept(source, kept, rule)).toEqual([]);
  });
});
