import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  DEFAULT_TRANSLATION_BUDGET,
  type TranslationBudget,
  readingFor,
  translationBudgetOf,
} from "#worker/services/translations";
import { translatorFor, workersAiTranslator, standInAiBinding } from "#worker/translation/translator";
import { uid } from "../support/auth-helpers";
import { db } from "../support/helpers";
import { setStandInFault, standInCallsWith, textCode } from "#tests/worker/support/translator-standin";

// Issue 46: a text translated once, through the production code path, against the translator's stand-in
// (emulators/translator, on the port vitest.config.ts gives the Worker): stored beside the original, never sent twice,
// and every failure leaving the original readable (docs/decisions/078).

// Other test files use the same stand-in at the same time: each test's texts carry its own tag, its bad day is scoped
// to them (`match`), and it counts only the calls that carry them.
let tag = "";
const faults = (body: Omit<Parameters<typeof setStandInFault>[0], "match">) => setStandInFault({ ...body, match: tag });
const calls = () => standInCallsWith([tag]);
const callsExactly = (...texts: string[]) => standInCallsWith(texts, { exactly: true });

const translator = () => translatorFor(env);
const read = (text: string, reader: "en" | "ja", options: { writer?: string; budget?: TranslationBudget } = {}) =>
  readingFor(db(), translator(), options.budget ?? translationBudgetOf(env), {
    text,
    reader,
    writerAccountId: options.writer ?? `w${uid()}`,
    now: Date.now(),
  });
const stored = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM machine_translations").first<{ n: number }>())!.n;

beforeEach(async () => {
  tag = `[${textCode()}]`;
});
afterEach(async () => {
  await faults({ mode: "ok" });
});

describe("a text read in the other language", () => {
  it("is translated once, stored beside the original, and the same text again is no second call", async () => {
    const text = `ご依頼ありがとうございます。${tag}`;
    const first = await read(text, "en");
    expect(first).toMatchObject({
      kind: "translated",
      from: "ja",
      provider: "workers-ai",
      model: "@cf/google/gemma-3-12b-it",
    });
    expect(await calls()).toHaveLength(1);
    const again = await read(text, "en", { writer: "someone-else" });
    expect(again).toEqual(first);
    expect(await calls()).toHaveLength(1);
    // Another reader's language is another translation; the writer's own language is read as written.
    expect(await read(text, "ja")).toEqual({ kind: "original" });
  });

  it("an edited text is translated anew", async () => {
    const before = await read(`Thank you for the sketch ${tag}`, "ja");
    const after = await read(`Thank you for the revised sketch ${tag}`, "ja");
    expect(before.kind).toBe("translated");
    expect(after.kind).toBe("translated");
    expect(await calls()).toHaveLength(2);
  });

  it("reads a text in the reader's language, or with no letters, as written, asking nothing", async () => {
    // Texts with letters carry the tag (hex digits and letters a-f: still English beside "Hello!", still Japanese
    // beside five kana); the two without letters are looked for exactly.
    const unmarked = ["👍", `https://example.com/${tag.slice(1, -1)}`];
    for (const [text, reader] of [
      [`Hello! ${tag}`, "en"],
      [`こんにちは${tag}`, "ja"],
      [unmarked[0], "ja"],
      [unmarked[1], "ja"],
    ] as const)
      expect(await read(text, reader), text).toEqual({ kind: "original" });
    expect(await calls()).toHaveLength(0);
    expect(await callsExactly(...unmarked)).toHaveLength(0);
  });

  it("keeps a link, a handle and an amount exactly as written", async () => {
    const text = `参考はこちら https://example.com/ref/${tag} 予算は¥30,000です。@alice123 さんと相談します。`;
    const reading = await read(text, "en");
    expect(reading.kind).toBe("translated");
    if (reading.kind !== "translated") return;
    expect(reading.text).toContain("https://example.com/ref/");
    expect(reading.text).toContain("@alice123");
    expect(reading.text).toMatch(/30,000/);
  });
});

describe("when the translator cannot help, the original stays readable", () => {
  for (const [mode, reason] of [
    ["fail", "unavailable"],
    ["rate-limit", "rate_limited"],
    ["refuse", "refused"],
  ] as const)
    it(`${mode} from both models: no translation, said why, nothing stored, and the next try translates`, async () => {
      await faults({ mode });
      const before = await stored();
      const text = `Could you add a hat? ${tag}`;
      expect(await read(text, "ja")).toEqual({ kind: "unavailable", from: "en", reason });
      expect(await stored()).toBe(before);
      await faults({ mode: "ok" });
      expect((await read(text, "ja")).kind).toBe("translated");
    });

  it("the first model failing once: the fallback model answers, and its name is stored with the translation", async () => {
    await faults({ mode: "fail", times: 1 });
    expect(await read(`Could you add a scarf? ${tag}`, "ja")).toMatchObject({
      kind: "translated",
      model: "@cf/meta/m2m100-1.2b",
    });
    expect((await calls()).length).toBeGreaterThanOrEqual(2);
  });

  it("slow: given up after the timeout, with the original kept", async () => {
    await faults({ mode: "slow", delayMs: 1_500 });
    const slow = workersAiTranslator(standInAiBinding(env.TRANSLATOR_STANDIN_PORT!), 300);
    const reading = await readingFor(db(), slow, DEFAULT_TRANSLATION_BUDGET, {
      text: `The deadline is next Friday ${tag}`,
      reader: "ja",
      writerAccountId: `w${uid()}`,
      now: Date.now(),
    });
    expect(reading).toEqual({ kind: "unavailable", from: "en", reason: "timeout" });
  });

  it("over budget: a writer past their share is refused before the provider is asked; others still translate", async () => {
    // A fresh writer has half a share (decision 098): 60 characters.
    const budget = { dailyCharacters: 1_000_000, writerDailyCharacters: 120 };
    const writer = `w${uid()}`;
    expect((await read(`Here is the first draft ${tag}`, "ja", { writer, budget })).kind).toBe("translated");
    const spent = await read(`And here is another long message about the second draft ${tag}`, "ja", {
      writer,
      budget,
    });
    expect(spent).toMatchObject({ kind: "unavailable", reason: "over_budget" });
    expect(await calls()).toHaveLength(1);
    expect((await read(`A message from someone else ${tag}`, "ja", { budget })).kind).toBe("translated");
  });

  it("over the day's budget: nobody's text is sent, and the writer's share is not spent by the refusal", async () => {
    const writer = `w${uid()}`;
    const day = new Date().toISOString().slice(0, 10);
    const budget = { dailyCharacters: 0, writerDailyCharacters: 1_000 };
    expect(await read(`Good morning ${tag}`, "ja", { writer, budget })).toMatchObject({ reason: "over_budget" });
    const share = await env.DB.prepare("SELECT characters FROM translation_usage WHERE day = ? AND scope = ?")
      .bind(day, `writer:${writer}`)
      .first<{ characters: number }>();
    expect(share?.characters ?? 0).toBe(0);
    expect(await calls()).toHaveLength(0);
  });

  it("the budget is the environment's, and the defaults stand for a value that is not a count", () => {
    expect(translationBudgetOf(env)).toEqual({ dailyCharacters: 2_000_000, writerDailyCharacters: 20_000 });
    expect(
      translationBudgetOf({ TRANSLATION_DAILY_CHARACTERS: "lots", TRANSLATION_WRITER_DAILY_CHARACTERS: "-1" }),
    ).toEqual(DEFAULT_TRANSLATION_BUDGET);
  });

  it("no translator configured: the original, said why", async () => {
    const reading = await readingFor(db(), null, DEFAULT_TRANSLATION_BUDGET, {
      text: "Hello there",
      reader: "ja",
      writerAccountId: "w",
      now: Date.now(),
    });
    expect(reading).toEqual({ kind: "unavailable", from: "en", reason: "not_configured" });
  });
});
