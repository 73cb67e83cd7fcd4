import { and, eq } from "drizzle-orm";
import { type CurrencyCode, FALLBACK_CURRENCY, isCurrencyCode } from "../domain/currency";
import { type Locale } from "../domain/constants";
import type { Database } from "../db/client";
import { currencies, userAccounts } from "../db/schema";

export async function getAccountLanguage(db: Database, accountId: string): Promise<string> {
  const row = await db.select({ code: userAccounts.displayLanguageCode }).from(userAccounts).where(eq(userAccounts.id, accountId)).get();
  return row?.code ?? "en";
}

export async function setAccountLanguage(db: Database, accountId: string, languageCode: Locale): Promise<void> {
  await db.update(userAccounts).set({ displayLanguageCode: languageCode, updatedAt: new Date() }).where(eq(userAccounts.id, accountId));
}

/** Set the display currency; only active currencies can be chosen. Returns false for an unknown or inactive code. */
export async function setAccountCurrency(db: Database, accountId: string, code: CurrencyCode): Promise<boolean> {
  const currency = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(and(eq(currencies.code, code), eq(currencies.isActive, true)))
    .get();
  if (!currency) return false;
  await db.update(userAccounts).set({ displayCurrencyId: currency.id, updatedAt: new Date() }).where(eq(userAccounts.id, accountId));
  return true;
}

export async function getCurrencyCode(db: Database, currencyId: string | null): Promise<CurrencyCode> {
  if (!currencyId) return FALLBACK_CURRENCY;
  const row = await db.select({ code: currencies.code }).from(currencies).where(eq(currencies.id, currencyId)).get();
  return isCurrencyCode(row?.code) ? row.code : FALLBACK_CURRENCY;
}
