import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Machine translations, made once and kept beside the original they translate (issue 46, decision 078): keyed by the
 * original's content (a SHA-256 of its language and text) and the target language, so the same text is never sent
 * twice and an edited text (a new hash) is translated anew. The original stays where it is written; this table only
 * ever adds a reading of it, marked with the provider and model that made it.
 */
export const machineTranslations = sqliteTable(
  "machine_translations",
  {
    sourceHash: text("source_hash").notNull(),
    targetLanguage: text("target_language").notNull(),
    sourceLanguage: text("source_language").notNull(),
    translatedText: text("translated_text").notNull(),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sourceHash, t.targetLanguage] }),
    index("machine_translations_created").on(t.createdAt),
  ],
);

/**
 * Characters sent to the translator per day, overall (`scope` "all") and per writer (`scope` their account id): the
 * day's budget, and each writer's share of it, so one writer's flood cannot spend everyone's.
 */
export const translationUsage = sqliteTable(
  "translation_usage",
  {
    day: text("day").notNull(),
    scope: text("scope").notNull(),
    characters: integer("characters").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.scope] })],
);
