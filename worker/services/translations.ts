// A text as a reader of another language reads it (issue 46, decision 078): translated once by the translator port,
// stored beside the original by its content (machine_translations), paid for out of a daily budget and the writer's
// share of it (translation_usage). Every way it can fail leaves the original readable: the answer says why there is
// no translation, never throws.
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { machineTranslations } from "../db/schema";
import { LOCALES, type Locale } from "../domain/locales";
import { READ_AS_WRITTEN, type TextReading } from "../domain/text-reading";
import { hasUnstorableCharacters, normalizeText } from "../domain/text";
import { detectTextLanguage, segmentForTranslation, translationKeepsSpans } from "../domain/text-language";
import type { TranslationFailure, Translator } from "../translation/translator";
import { sha256Hex } from "./crypto";

/** Longer texts are shown as written: Comet's longest texts (a description, a request answer) are shorter. */
const MAX_TRANSLATED_CHARACTERS = 4_000;

/** Characters a day, overall and per writer, unless the environment says otherwise (decision 078 has the cost). */
export const DEFAULT_TRANSLATION_BUDGET: TranslationBudget = {
  dailyCharacters: 2_000_000,
  writerDailyCharacters: 20_000,
};

export interface TranslationBudget {
  dailyCharacters: number;
  writerDailyCharacters: number;
}

/** The budget the environment sets (`TRANSLATION_DAILY_CHARACTERS`, `TRANSLATION_WRITER_DAILY_CHARACTERS`). */
export function translationBudgetOf(env: {
  TRANSLATION_DAILY_CHARACTERS?: unknown;
  TRANSLATION_WRITER_DAILY_CHARACTERS?: unknown;
}): TranslationBudget {
  const count = (value: unknown, fallback: number) => {
    const parsed = Number(value);
    return Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback;
  };
  return {
    dailyCharacters: count(env.TRANSLATION_DAILY_CHARACTERS, DEFAULT_TRANSLATION_BUDGET.dailyCharacters),
    writerDailyCharacters: count(
      env.TRANSLATION_WRITER_DAILY_CHARACTERS,
      DEFAULT_TRANSLATION_BUDGET.writerDailyCharacters,
    ),
  };
}

export type NoTranslation = TranslationFailure | "over_budget" | "too_long" | "not_configured" | "unsafe";

/** How a reader reads a text: as written (it is in their language, or has nothing to translate), translated, or not yet. */
export type Reading =
  | { kind: "original" }
  | { kind: "translated"; text: string; from: Locale; provider: string; model: string }
  | { kind: "unavailable"; from: Locale; reason: NoTranslation };

export interface ReadingRequest {
  text: string;
  reader: Locale;
  /** Whose text it is: their share of the budget pays for it. */
  writerAccountId: string;
  now: number;
}

/** The reading of a text for a reader; a translation is made (and kept) only when none is stored yet. */
export async function readingFor(
  db: Database,
  translator: Translator | null,
  budget: TranslationBudget,
  request: ReadingRequest,
): Promise<Reading> {
  const text = normalizeText(request.text);
  const from = detectTextLanguage(text);
  if (from === null || from === request.reader) return { kind: "original" };
  const unavailable = (reason: NoTranslation): Reading => ({ kind: "unavailable", from, reason });
  if ([...text].length > MAX_TRANSLATED_CHARACTERS) return unavailable("too_long");

  const sourceHash = await sha256Hex(`${from}\n${text}`);
  const stored = await db.$client
    .prepare(
      "SELECT translated_text, provider, model FROM machine_translations WHERE source_hash = ? AND target_language = ?",
    )
    .bind(sourceHash, request.reader)
    .first<{ translated_text: string; provider: string; model: string }>();
  if (stored)
    return { kind: "translated", text: stored.translated_text, from, provider: stored.provider, model: stored.model };
  if (!translator) return unavailable("not_configured");

  const made = await translateKeepingSpans(db, translator, budget, { ...request, text, from, to: request.reader });
  if (!made.ok) return unavailable(made.reason);
  await db
    .insert(machineTranslations)
    .values({
      sourceHash,
      targetLanguage: request.reader,
      sourceLanguage: from,
      translatedText: made.text,
      provider: made.provider,
      model: made.model,
      createdAt: new Date(request.now),
    })
    .onConflictDoNothing();
  return { kind: "translated", text: made.text, from, provider: made.provider, model: made.model };
}

type Made = { ok: true; text: string; provider: string; model: string } | { ok: false; reason: NoTranslation };

/**
 * The whole text first; when what comes back changed a link, a handle, a code or an amount (or added one), the parts
 * between them one by one with those spans kept as written; when that fails too, no translation.
 */
async function translateKeepingSpans(
  db: Database,
  translator: Translator,
  budget: TranslationBudget,
  request: { text: string; from: Locale; to: Locale; writerAccountId: string; now: number },
): Promise<Made> {
  const once = (text: string) => translateOnce(db, translator, budget, { ...request, text });
  const whole = await once(request.text);
  if (!whole.ok || translationKeepsSpans(request.text, whole.text)) return whole;

  const parts: string[] = [];
  for (const segment of segmentForTranslation(request.text)) {
    if (segment.kind !== "text" || detectTextLanguage(segment.value) === null) {
      parts.push(segment.value);
      continue;
    }
    const made = await once(segment.value);
    if (!made.ok) return made;
    // The part's own spacing around the kept span, as the original had it.
    parts.push(`${segment.value.match(/^\s*/)![0]}${made.text.trim()}${segment.value.match(/\s*$/)![0]}`);
  }
  const joined = parts.join("");
  return translationKeepsSpans(request.text, joined) ? { ...whole, text: joined } : { ok: false, reason: "unsafe" };
}

/** One call to the translator, paid for first; what comes back must be plain text of a sensible length. */
async function translateOnce(
  db: Database,
  translator: Translator,
  budget: TranslationBudget,
  request: { text: string; from: Locale; to: Locale; writerAccountId: string; now: number },
): Promise<Made> {
  const characters = [...request.text].length;
  if (!(await spend(db, budget, request.writerAccountId, characters, request.now)))
    return { ok: false, reason: "over_budget" };
  const result = await translator.translate({ text: request.text, source: request.from, target: request.to });
  if (!result.ok) {
    console.warn(`translation failed: ${result.reason} (${request.from} → ${request.to}, ${characters} characters)`);
    return result;
  }
  const text = normalizeText(result.text);
  if (text === "" || hasUnstorableCharacters(text) || [...text].length > 4 * characters + 200)
    return { ok: false, reason: "unsafe" };
  return { ...result, text };
}

/**
 * Takes `characters` out of the day's budget and the writer's share, or nothing when either would be overspent. The
 * writer's share first: a writer at their limit never touches the shared budget.
 */
async function spend(
  db: Database,
  budget: TranslationBudget,
  writerAccountId: string,
  characters: number,
  now: number,
): Promise<boolean> {
  const day = new Date(now).toISOString().slice(0, 10);
  const take = (scope: string, limit: number) =>
    db.$client
      .prepare(
        `INSERT INTO translation_usage (day, scope, characters) SELECT ?1, ?2, ?3 WHERE ?3 <= ?4
         ON CONFLICT (day, scope) DO UPDATE SET characters = characters + excluded.characters
           WHERE characters + excluded.characters <= ?4
         RETURNING characters`,
      )
      .bind(day, scope, characters, limit)
      .first();
  if (!(await take(`writer:${writerAccountId}`, budget.writerDailyCharacters))) return false;
  if (await take("all", budget.dailyCharacters)) return true;
  await db.run(
    sql`UPDATE translation_usage SET characters = characters - ${characters} WHERE day = ${day} AND scope = ${`writer:${writerAccountId}`}`,
  );
  return false;
}

/** A service reading as the page receives it: the text and its source language, never the provider's details. */
export function textReadingOf(reading: Reading): TextReading {
  if (reading.kind === "translated") return { kind: "translated", text: reading.text, from: reading.from };
  if (reading.kind === "unavailable") return { kind: "unavailable", from: reading.from };
  return READ_AS_WRITTEN;
}

/** D1 binds at most 100 parameters a statement; one is the target language. */
const HASHES_PER_QUERY = 90;

/**
 * How `reader` reads each of `texts` from what is stored, asking no translator: the loader's side of "nothing waits
 * for a translator". A text needing a translation that has none yet is `pending`, for the page to ask for (or for a
 * translation made in the background to fill). Answers in the order of `texts`.
 */
export async function storedReadings(db: Database, texts: readonly string[], reader: Locale): Promise<TextReading[]> {
  const needs = await Promise.all(
    texts.map(async (raw) => {
      const text = normalizeText(raw);
      const from = detectTextLanguage(text);
      if (from === null || from === reader) return null;
      return { from, hash: await sha256Hex(`${from}\n${text}`) };
    }),
  );
  const hashes = [...new Set(needs.flatMap((need) => (need ? [need.hash] : [])))];
  const found = new Map<string, string>();
  for (let start = 0; start < hashes.length; start += HASHES_PER_QUERY) {
    const chunk = hashes.slice(start, start + HASHES_PER_QUERY);
    const { results } = await db.$client
      .prepare(
        `SELECT source_hash, translated_text FROM machine_translations
         WHERE target_language = ? AND source_hash IN (${chunk.map(() => "?").join(", ")})`,
      )
      .bind(reader, ...chunk)
      .all<{ source_hash: string; translated_text: string }>();
    for (const row of results) found.set(row.source_hash, row.translated_text);
  }
  return needs.map((need): TextReading => {
    if (!need) return READ_AS_WRITTEN;
    const text = found.get(need.hash);
    return text === undefined ? { kind: "pending", from: need.from } : { kind: "translated", text, from: need.from };
  });
}

/**
 * Translates what a writer just wrote into every other interface language, so that the other party's page finds it
 * stored. Meant for `waitUntil` after the write: it never throws, and a text the translator could not take is left for
 * the reader's page to ask for again.
 */
export async function translateForOtherReaders(
  db: Database,
  translator: Translator | null,
  budget: TranslationBudget,
  written: { texts: readonly string[]; writerAccountId: string; now: number },
): Promise<void> {
  for (const text of new Set(written.texts)) {
    const from = detectTextLanguage(normalizeText(text));
    if (from === null) continue;
    for (const reader of LOCALES)
      if (reader !== from)
        await readingFor(db, translator, budget, {
          text,
          reader,
          writerAccountId: written.writerAccountId,
          now: written.now,
        }).catch((error: unknown) => console.warn("translation in the background failed", error));
  }
}
