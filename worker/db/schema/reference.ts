import { integer, real, sqliteTable, text, uniqueIndex, index } from "drizzle-orm/sqlite-core";

/** Currencies of spec section 3; names are localized_texts (entity "currency", field "name"). */
export const currencies = sqliteTable("currencies", {
  id: text("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  namePlural: text("name_plural").notNull(),
  symbol: text("symbol").notNull(),
  symbolNative: text("symbol_native").notNull(),
  decimalDigits: integer("decimal_digits").notNull(),
  rounding: real("rounding").notNull().default(0),
  /** Units of this currency per 1 USD, the base record (usd to jpy 151). */
  baseExchange: real("base_exchange").notNull(),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(false),
  isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
});

/** Dated pairwise rates (usd->jpy 144.91, jpy->usd 0.0069 on 2024-08-02). */
export const exchangeRates = sqliteTable(
  "exchange_rates",
  {
    id: text("id").primaryKey(),
    fromCurrencyCode: text("from_currency_code").notNull(),
    toCurrencyCode: text("to_currency_code").notNull(),
    rate: real("rate").notNull(),
    /** ISO date the rate was observed. */
    ratedOn: text("rated_on").notNull(),
  },
  (t) => [uniqueIndex("exchange_rates_pair_day").on(t.fromCurrencyCode, t.toCurrencyCode, t.ratedOn)],
);

export const languages = sqliteTable("languages", {
  id: text("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  nativeName: text("native_name").notNull(),
  nativeCode: text("native_code").notNull(),
  country: text("country").notNull(),
});

/**
 * Every user- or admin-written translatable text (names, titles, descriptions, bios, messages) is a row here,
 * one per language, instead of a column per language. entityType + entityId + field say what it belongs to.
 */
export const localizedTexts = sqliteTable(
  "localized_texts",
  {
    id: text("id").primaryKey(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    field: text("field").notNull(),
    languageCode: text("language_code").notNull(),
    isOriginal: integer("is_original", { mode: "boolean" }).notNull().default(false),
    text: text("text").notNull(),
  },
  (t) => [
    uniqueIndex("localized_texts_owner").on(t.entityType, t.entityId, t.field, t.languageCode),
    index("localized_texts_search").on(t.entityType, t.field, t.languageCode),
  ],
);
