// A text as a reader of another language reads it (issues 46 and 62, decisions 078 and 098): translated once, whoever
// asks, through the pipeline (translation-pipeline.ts: any length, spans kept, a fallback model), stored beside the
// original by its content (machine_translations), paid for out of the day's budget by the spender's scopes
// (translation-budget.ts, counted in translation_usage) and given back when it fails. Every way it can fail leaves the
// original readable: the answer says why there is no translation, never throws.
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { machineTranslations } from "../db/schema";
import { LOCALES, type Locale } from "../domain/locales";
import { READ_AS_WRITTEN, type TextReading } from "../domain/text-reading";
import { normalizeText } from "../domain/text";
import { type ForeignLanguage, detectWrittenLanguage, isForeignLanguage } from "../domain/text-language";
import { type BudgetScope, type TranslationBudget, budgetDay, scopesToSpend } from "../domain/translation-budget";
import type { Translator } from "../translation/translator";
import { sha256Hex } from "./crypto";
import { consumeRateLimit, releaseRateLimits } from "./rate-limit";
import { type NoTranslation, type TranslationSpend, translateText } from "./translation-pipeline";
import { issueTranslationTicket } from "./translation-tickets";

export type { NoTranslation } from "./translation-pipeline";
export type { TranslationBudget } from "../domain/translation-budget";

/**
 * Longer texts are shown as written. Comet's longest text (a service's terms) is 10,000 characters; the pipeline cuts
 * any text into pieces a model takes.
 */
export const MAX_TRANSLATED_CHARACTERS = 20_000;

/**
 * How long one making of a translation holds its text against another, whoever asks (a long text is a few calls of
 * at most 8 s each): the others are told it is on its way. A making that fails lets go at once, so a retry can succeed.
 */
const MAKING_HOLD_MS = 120_000;

/** Characters a day, overall and per writer, unless the environment says otherwise (decision 098 has the cost). */
export const DEFAULT_TRANSLATION_BUDGET: TranslationBudget = {
  dailyCharacters: 2_000_000,
  writerDailyCharacters: 20_000,
};

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

/**
 * How a reader reads a text: as written (it is in their language, or has nothing to translate), in a language Comet
 * does not translate, translated, being made by another request right now, or not for now.
 */
export type Reading =
  | { kind: "original" }
  | { kind: "foreign"; language: ForeignLanguage }
  | { kind: "translated"; text: string; from: Locale; provider: string; model: string }
  | { kind: "making"; from: Locale }
  | { kind: "unavailable"; from: Locale; reason: NoTranslation };

export interface ReadingRequest {
  text: string;
  reader: Locale;
  /** Who pays: the writer of the text, or whoever asked for it (their share of the day's budget). */
  writerAccountId: string;
  now: number;
  /** The writer's own preview of what they are typing: paid from their small preview share. */
  preview?: boolean;
}

/** The language of a text and its key in machine_translations (the source language and the text), or how it reads. */
async function keyOf(
  raw: string,
  reader: Locale,
): Promise<{ text: string; from: Locale; sourceHash: string } | { reading: Reading }> {
  const text = normalizeText(raw);
  const written = detectWrittenLanguage(text);
  if (written === null || written === reader) return { reading: { kind: "original" } };
  if (isForeignLanguage(written)) return { reading: { kind: "foreign", language: written } };
  return { text, from: written, sourceHash: await sha256Hex(`${written}\n${text}`) };
}

/**
 * The reading of a text for a reader; a translation is made (and kept) only when none is stored yet, and only by one
 * request at a time, whoever asks: the others read `making`.
 */
export async function readingFor(
  db: Database,
  translator: Translator | null,
  budget: TranslationBudget,
  request: ReadingRequest,
): Promise<Reading> {
  const key = await keyOf(request.text, request.reader);
  if ("reading" in key) return key.reading;
  const { text, from, sourceHash } = key;
  const unavailable = (reason: NoTranslation): Reading => ({ kind: "unavailable", from, reason });
  if ([...text].length > MAX_TRANSLATED_CHARACTERS) return unavailable("too_long");

  const stored = await storedTranslation(db, sourceHash, request.reader);
  if (stored) return { kind: "translated", from, ...stored };
  if (!translator) return unavailable("not_configured");

  const claim = `translating:${sourceHash}:${request.reader}`;
  if (!(await consumeRateLimit(db, claim, 1, MAKING_HOLD_MS, request.now))) return { kind: "making", from };
  const spend = budgetSpend(db, budget, request);
  const made = await translateText(translator, { text, from, to: request.reader }, spend);
  if (!made.ok) {
    await releaseRateLimits(db, [claim], MAKING_HOLD_MS, request.now);
    console.warn(`translation failed: ${made.reason} (${from} → ${request.reader}, ${[...text].length} characters)`);
    return unavailable(made.reason);
  }
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

function storedTranslation(db: Database, sourceHash: string, target: Locale) {
  return db.$client
    .prepare(
      "SELECT translated_text AS text, provider, model FROM machine_translations WHERE source_hash = ? AND target_language = ?",
    )
    .bind(sourceHash, target)
    .first<{ text: string; provider: string; model: string }>();
}

/**
 * The budget as the pipeline spends it: each of the spender's scopes (translation-budget.ts) must have room for the
 * text, or nothing is taken; a making that fails gives back what it took.
 */
function budgetSpend(db: Database, budget: TranslationBudget, request: ReadingRequest): TranslationSpend {
  const day = budgetDay(request.now);
  let taken: BudgetScope[] = [];
  const giveBack = async (characters: number) => {
    if (taken.length === 0) return;
    const scopes = taken.map((scope) => scope.scope);
    taken = [];
    await db.run(
      sql`UPDATE translation_usage SET characters = max(0, characters - ${characters})
          WHERE day = ${day} AND scope IN (${sql.join(scopes, sql`, `)})`,
    );
  };
  return {
    async take(characters) {
      const paidOrders = request.preview ? 0 : await paidOrdersOf(db, request.writerAccountId);
      const scopes = scopesToSpend(budget, {
        accountId: request.writerAccountId,
        paidOrders,
        preview: request.preview,
      });
      for (const scope of scopes) {
        if (await takeFrom(db, day, scope, characters)) taken.push(scope);
        else {
          await giveBack(characters);
          return false;
        }
      }
      return true;
    },
    giveBack,
  };
}

/** Adds `characters` to one scope's count for the day when it stays within the scope's limit (one statement). */
async function takeFrom(db: Database, day: string, { scope, limit }: BudgetScope, characters: number) {
  const row = await db.$client
    .prepare(
      `INSERT INTO translation_usage (day, scope, characters) SELECT ?1, ?2, ?3 WHERE ?3 <= ?4
       ON CONFLICT (day, scope) DO UPDATE SET characters = characters + excluded.characters
         WHERE characters + excluded.characters <= ?4
       RETURNING characters`,
    )
    .bind(day, scope, characters, limit)
    .first();
  return row !== null;
}

/** The paid orders an account took part in, as client or creator: what makes its share grow. */
async function paidOrdersOf(db: Database, userAccountId: string): Promise<number> {
  const row = await db.$client
    .prepare(
      `SELECT (SELECT count(*) FROM commission_orders WHERE seller_id = c.id AND paid_at IS NOT NULL)
            + (SELECT count(*) FROM commission_orders WHERE buyer_id = c.id AND paid_at IS NOT NULL) AS paid
       FROM commission_accounts c WHERE c.user_account_id = ?`,
    )
    .bind(userAccountId)
    .first<{ paid: number }>();
  return row?.paid ?? 0;
}

/** Failures a retry may mend: the provider's bad moment. The others (a refusal, the day's budget) stay until tomorrow or an edit. */
const RETRYABLE: ReadonlySet<NoTranslation> = new Set<NoTranslation>([
  "unavailable",
  "rate_limited",
  "timeout",
  "capacity",
  "truncated",
]);

/**
 * A service reading as the page receives it: the text and its source language, never the provider's details. `ticket`:
 * the one the page asked with, handed back where asking again can succeed.
 */
export function textReadingOf(reading: Reading, ticket?: string): TextReading {
  switch (reading.kind) {
    case "translated":
      return { kind: "translated", text: reading.text, from: reading.from };
    case "making":
      return { kind: "pending", from: reading.from, ...(ticket ? { ticket } : {}) };
    case "unavailable":
      return {
        kind: "unavailable",
        from: reading.from,
        ...(ticket && RETRYABLE.has(reading.reason) ? { ticket } : {}),
      };
    case "foreign":
      return { kind: "foreign", language: reading.language };
    default:
      return READ_AS_WRITTEN;
  }
}

/** The key a ticket for `text` into `reader` must name (null: it needs no translation). */
export async function translationKeyOf(text: string, reader: Locale): Promise<string | null> {
  const key = await keyOf(text, reader);
  return "reading" in key ? null : key.sourceHash;
}

/** D1 binds at most 100 parameters a statement; one is the target language. */
const HASHES_PER_QUERY = 90;

/**
 * How `reader` reads each of `texts` from what is stored, asking no translator: the loader's side of "nothing waits
 * for a translator". A text needing a translation that has none yet is `pending`, for the page to ask for (or for a
 * translation made in the background to fill), with the ticket the translation door asks for (translation-tickets.ts).
 * Answers in the order of `texts`.
 */
export async function storedReadings(
  db: Database,
  texts: readonly string[],
  reader: Locale,
  now = Date.now(),
): Promise<TextReading[]> {
  const keys = await Promise.all(texts.map((text) => keyOf(text, reader)));
  const hashes = [...new Set(keys.flatMap((key) => ("reading" in key ? [] : [key.sourceHash])))];
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
  return Promise.all(
    keys.map(async (key): Promise<TextReading> => {
      if ("reading" in key) return textReadingOf(key.reading);
      const text = found.get(key.sourceHash);
      if (text !== undefined) return { kind: "translated", text, from: key.from };
      const ticket = await issueTranslationTicket(key.sourceHash, reader, now);
      return { kind: "pending", from: key.from, ...(ticket ? { ticket } : {}) };
    }),
  );
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
    const from = detectWrittenLanguage(normalizeText(text));
    if (from === null || isForeignLanguage(from)) continue;
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
