/**
 * Loading translatable text with Drizzle, as the rows `pickText` (worker/domain/localized-text.ts) reads: the same
 * compact rows the read models' SQL builds as JSON (json-columns.ts `textsOf`).
 */
import { env, waitUntil } from "cloudflare:workers";
import { and, eq, inArray, type SQLWrapper } from "drizzle-orm";
import { createDb, type Database } from "../db/client";
import { localizedTexts } from "../db/schema";
import { LOCALIZED } from "../db/schema/localized-entities";
import { LOCALES, type Locale } from "../domain/locales";
import { pickText, typedIn, type TextRow } from "../domain/localized-text";
import { normalizeText } from "../domain/text";
import type { TextReading } from "../domain/text-reading";
import { translatorFor } from "../translation/translator";
import { refreshTranslatedSearch } from "./creator-search-translated";
import { sha256Hex } from "./crypto";
import { purgeAccountPages } from "./public-pages";
import { consumeRateLimit } from "./rate-limit";
import { readingFor, storedReadings, translationBudgetOf } from "./translations";

/** The texts of many entities of one type (one field of them, when given), by entity id: `pickText(texts.get(id), …)`. */
export async function loadTexts(
  db: Database,
  entityType: string,
  ids: SQLWrapper | readonly string[],
  field?: string,
): Promise<Map<string, TextRow[]>> {
  const byEntity = new Map<string, TextRow[]>();
  if (Array.isArray(ids) && ids.length === 0) return byEntity;
  const rows = await db
    .select({
      entityId: localizedTexts.entityId,
      f: localizedTexts.field,
      l: localizedTexts.languageCode,
      o: localizedTexts.isOriginal,
      t: localizedTexts.text,
    })
    .from(localizedTexts)
    .where(
      and(
        eq(localizedTexts.entityType, entityType),
        inArray(localizedTexts.entityId, ids as SQLWrapper | string[]),
        field === undefined ? undefined : eq(localizedTexts.field, field),
      ),
    );
  for (const { entityId, ...text } of rows) {
    const texts = byEntity.get(entityId);
    if (texts) texts.push(text);
    else byEntity.set(entityId, [text]);
  }
  return byEntity;
}

// ---------------------------------------------------------------------------------------------------------------
// Public texts read across the language wall (issue 46, decision 078): a creator's bio, services, forms and works as
// a reader of the other interface language reads them, where the creator typed no translation (decision 034).

/** A text a public page picked for its reader, and whose it is (their share of the budget pays for a translation). */
export interface PublicText {
  text: string;
  /** The writer typed it in the reader's language (decision 034): read as written, never machine-translated. */
  typed: boolean;
  writerAccountId: string;
}

/** The public text of `field` in `rows` as the reader gets it, for readPublicTexts. */
export const publicText = (
  rows: readonly TextRow[] | null | undefined,
  locale: Locale,
  field: string | undefined,
  writerAccountId: string,
): PublicText => ({
  text: pickText(rows, locale, field) ?? "",
  typed: typedIn(rows, locale, field),
  writerAccountId,
});

/**
 * A text as a page's `<title>` and share card give it (issue 62): its stored translation for the page's reader, else
 * as written. Never waited for: the page's own readings say what is stored.
 */
export function titleText(text: string, readings: Readonly<Record<string, TextReading>>): string {
  const reading = readings[text];
  return reading?.kind === "translated" ? reading.text : text;
}

/** A text a page showed in its original for want of a stored translation: made after the answer (makeReadings). */
export interface UntranslatedText {
  text: string;
  writerAccountId: string;
}

export interface PageReadings {
  /**
   * By the text as the page shows it, the readings other than "as written": a translation is keyed by its
   * original's content (decision 078), so the same text reads the same wherever the page shows it.
   */
  readings: Record<string, TextReading>;
  untranslated: UntranslatedText[];
}

/**
 * How the page's reader reads its public texts, from what is stored (one query, none when every text is typed or in
 * the reader's language). Nothing waits for a translator: what is missing is `pending`, and listed to be made.
 */
export async function readPublicTexts(
  db: Database,
  reader: Locale,
  texts: readonly PublicText[],
): Promise<PageReadings> {
  const asked = texts.filter((text) => !text.typed && text.text !== "");
  const found = await storedReadings(
    db,
    asked.map((text) => text.text),
    reader,
  );
  const readings: Record<string, TextReading> = {};
  const untranslated = new Map<string, UntranslatedText>();
  asked.forEach((text, index) => {
    const reading = found[index];
    if (reading.kind === "original") return;
    readings[text.text] = reading;
    if (reading.kind === "pending" && !untranslated.has(text.text))
      untranslated.set(text.text, { text: text.text, writerAccountId: text.writerAccountId });
  });
  return { readings, untranslated: [...untranslated.values()] };
}

/**
 * Makes, after the answer (`waitUntil`), the translations a page had to show in the original, each charged to its
 * writer, then purges the writers' pages so the next visitor's render (and the edge cache's copy) has them.
 */
export function translateAfterAnswer(
  executionCtx: { waitUntil(promise: Promise<unknown>): void },
  reader: Locale,
  untranslated: readonly UntranslatedText[],
): void {
  if (untranslated.length > 0) executionCtx.waitUntil(makeReadings(untranslated.map((text) => ({ ...text, reader }))));
}

/**
 * After a creator saved a public entity's texts: each field they typed in one language only is translated, in the
 * background, into the other interface languages (charged to them), and their pages purged when one lands. So the
 * first visitor from the other side already reads it translated.
 */
export function translateSavedTexts(
  entityType: string,
  ids: readonly string[],
  fields: readonly string[],
  writerAccountId: string,
): void {
  translateSavedEntities(async () => [{ entityType, ids, fields }], writerAccountId);
}

/**
 * Fields of entities of one type whose saved texts are translated (translateSavedEntities), or texts kept outside
 * localized_texts (a work's tags), each translated into every interface language it is not written in.
 */
export type SavedTexts =
  | {
      entityType: string;
      ids: readonly string[];
      fields: readonly string[];
    }
  | { texts: readonly string[] };

/**
 * `translateSavedTexts` for texts of several entity types at once (a form's own, its questions' and choices'), the
 * entities found in the background (`which`, given the database): one making, so one purge when any lands.
 */
export function translateSavedEntities(
  which: (db: Database) => Promise<readonly SavedTexts[]>,
  writerAccountId: string,
): void {
  waitUntil(
    (async () => {
      const db = createDb(env.DB);
      const wanted: Wanted[] = [];
      const saved = await which(db);
      for (const entities of saved) {
        if ("texts" in entities) {
          for (const text of entities.texts)
            for (const reader of LOCALES) wanted.push({ text, reader, writerAccountId });
          continue;
        }
        const { entityType, ids, fields } = entities;
        const texts = await loadTexts(db, entityType, ids);
        for (const rows of texts.values())
          for (const field of fields)
            for (const reader of LOCALES.filter((locale) => !typedIn(rows, locale, field)))
              wanted.push({ text: pickText(rows, reader, field) ?? "", reader, writerAccountId });
      }
      // A saved profile's searched texts are found by their translations too (issue 62): its rows are rebuilt now from
      // what is stored (an edit dropped them, migration 0034), and again when a missing translation lands.
      const searched = saved.some((entities) => "entityType" in entities && entities.entityType === SEARCHED_ENTITY);
      await makeReadings(
        wanted.filter((want) => want.text !== ""),
        searched ? [writerAccountId] : [],
      );
    })().catch((error: unknown) => console.warn("translating saved texts failed", error)),
  );
}

/** The entity whose texts the explore search reads (creator_search: a profile's name and bio). */
const SEARCHED_ENTITY = LOCALIZED.userProfile.type;

/**
 * How long one making of a text's translation holds it against another (a few translator calls of at most 8 s each):
 * the visitors who find it missing meanwhile send nothing. A making that failed is tried again by a visit after this.
 * `readingFor` claims each text too (issue 62) but lets go when its making fails, so that a Retry can succeed; this
 * hold stays because it is the visits' back-off: during an outage a page's visitors try a text once a minute, not
 * once each.
 */
const MAKING_HOLD_MS = 60_000;
/** Translations made at once for one page: a page of new texts does not queue behind one slow call, nor flood. */
const MAKING_AT_ONCE = 4;

type Wanted = UntranslatedText & { reader: Locale };

/**
 * Each wanted translation made once, never throwing. A flood of first visits to an untranslated page races here, so
 * each text is claimed first with one conditional UPSERT (rate_limits, one event a window: D1 runs it alone, so one
 * request wins it in every data centre); the others leave it to the winner. The store being keyed by content does
 * the rest: a text made already is found, not sent. The writers whose translation landed (and `searchedBy`, whose
 * texts were just saved) get their translated search rows rebuilt before their pages and the lists are purged, so
 * the explore page's next render finds them by the translation (decisions 069, 075).
 */
async function makeReadings(wanted: readonly Wanted[], searchedBy: readonly string[] = []): Promise<void> {
  const translator = translatorFor(env);
  const db = createDb(env.DB);
  const landed = new Set<string>();
  if (translator && wanted.length > 0) {
    const budget = translationBudgetOf(env);
    const queue = await stillMissing([
      ...new Map(wanted.map((want) => [`${want.reader}\n${want.text}`, want])).values(),
    ]);
    const next = async (): Promise<void> => {
      for (let want = queue.shift(); want; want = queue.shift()) {
        try {
          const key = `translating:${want.reader}:${await sha256Hex(normalizeText(want.text))}`;
          if (!(await consumeRateLimit(db, key, 1, MAKING_HOLD_MS))) continue;
          const reading = await readingFor(db, translator, budget, { ...want, now: Date.now() });
          if (reading.kind === "translated") landed.add(want.writerAccountId);
        } catch (error) {
          console.warn("translation in the background failed", error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(MAKING_AT_ONCE, queue.length) }, next));
  }
  const searchChanged = await refreshTranslatedSearch(db, [...landed, ...searchedBy]).catch((error: unknown) => {
    console.warn("rebuilding the translated search failed", error);
    return [];
  });
  const purged = new Set([...landed, ...searchChanged]);
  if (purged.size > 0)
    await purgeAccountPages(db, ...purged).catch((error: unknown) =>
      console.warn("purge after translation failed", error),
    );
}

/** Of the wanted translations, those not stored yet: a save that left a text as it was purges nothing again. */
async function stillMissing(wanted: Wanted[]): Promise<Wanted[]> {
  const db = createDb(env.DB);
  const missing = await Promise.all(
    LOCALES.map(async (reader) => {
      const mine = wanted.filter((want) => want.reader === reader);
      const readings = await storedReadings(
        db,
        mine.map((want) => want.text),
        reader,
      );
      return mine.filter((_, index) => readings[index].kind === "pending");
    }),
  );
  return missing.flat();
}
