import { and, eq } from "drizzle-orm";
import { type CurrencyCode, FALLBACK_CURRENCY, isCurrencyCode } from "../domain/currency";
import type { Locale } from "../domain/locales";
import { pickLocalizedText } from "../domain/localized-text";
import type { Database } from "../db/client";
import { currencies, languages, localizedTexts, userAccounts } from "../db/schema";
import { LOCALIZED } from "../db/schema/localized-entities";

export async function setAccountLanguage(db: Database, accountId: string, languageCode: Locale): Promise<void> {
  await db
    .update(userAccounts)
    .set({ displayLanguageCode: languageCode, updatedAt: new Date() })
    .where(eq(userAccounts.id, accountId));
}

/** The id of an active currency, or null for an unknown or inactive code. */
export async function activeCurrencyId(db: Database, code: CurrencyCode): Promise<string | null> {
  const currency = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(and(eq(currencies.code, code), eq(currencies.isActive, true)))
    .get();
  return currency?.id ?? null;
}

/** Set the display currency; only active currencies can be chosen. Returns false for an unknown or inactive code. */
export async function setAccountCurrency(db: Database, accountId: string, code: CurrencyCode): Promise<boolean> {
  const currencyId = await activeCurrencyId(db, code);
  if (!currencyId) return false;
  await db
    .update(userAccounts)
    .set({ displayCurrencyId: currencyId, updatedAt: new Date() })
    .where(eq(userAccounts.id, accountId));
  return true;
}

export async function getCurrencyCode(db: Database, currencyId: string | null): Promise<CurrencyCode> {
  if (!currencyId) return FALLBACK_CURRENCY;
  const row = await db.select({ code: currencies.code }).from(currencies).where(eq(currencies.id, currencyId)).get();
  return isCurrencyCode(row?.code) ? row.code : FALLBACK_CURRENCY;
}

/**
 * Whether a language may be chosen as the one a user writes in: the languages table lists exactly the languages the
 * platform offers (a row is the language being active; decision 034).
 */
export async function isLanguageOffered(db: Database, code: string): Promise<boolean> {
  return (
    (await db.select({ code: languages.code }).from(languages).where(eq(languages.code, code)).get()) !== undefined
  );
}

export interface LanguageOption {
  code: string;
  /** The language's name in the viewer's language (its translations, spec section 3), else its stored name. */
  name: string;
  /** The language's name in itself. */
  nativeName: string;
}

/** The languages offered, named for the viewer: one query, the names' translations joined in. */
export async function listLanguages(db: Database, viewerLocale: Locale): Promise<LanguageOption[]> {
  const rows = await db
    .select({
      code: languages.code,
      name: languages.name,
      nativeName: languages.nativeName,
      languageCode: localizedTexts.languageCode,
      isOriginal: localizedTexts.isOriginal,
      text: localizedTexts.text,
    })
    .from(languages)
    .leftJoin(
      localizedTexts,
      and(
        eq(localizedTexts.entityType, LOCALIZED.language.type),
        eq(localizedTexts.entityId, languages.id),
        eq(localizedTexts.field, "name"),
      ),
    )
    .orderBy(languages.code);
  const byCode = new Map<
    string,
    { name: string; nativeName: string; texts: { languageCode: string; isOriginal: boolean; text: string }[] }
  >();
  for (const row of rows) {
    const entry = byCode.get(row.code) ?? { name: row.name, nativeName: row.nativeName, texts: [] };
    if (row.languageCode !== null && row.text !== null)
      entry.texts.push({ languageCode: row.languageCode, isOriginal: row.isOriginal ?? false, text: row.text });
    byCode.set(row.code, entry);
  }
  return [...byCode].map(([code, entry]) => ({
    code,
    name: pickLocalizedText(entry.texts, viewerLocale) ?? entry.name,
    nativeName: entry.nativeName,
  }));
}
