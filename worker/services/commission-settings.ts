import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db/client";
import { commissionAccounts, currencies, localizedTexts, userProfiles } from "../db/schema";
import { LOCALIZED } from "../db/schema/localized-entities";
import type { CommissionSettings } from "../domain/commission-settings";
import { FALLBACK_CURRENCY, asCurrencyCode, type CurrencyCode } from "../domain/currency";
import type { Locale } from "../domain/locales";
import { pickText } from "../domain/localized-text";
import { loadTexts, translateSavedTexts } from "./localized-texts";
import { purgeAccountPages } from "./public-pages";
import { saveCreatorCapacity } from "./waitlist";
import { watchCreator } from "./follows";

const ACCOUNT = LOCALIZED.commissionAccount.type;
const TERMS = "default_terms";

/** The default terms in the viewer's language, else the original, else any (the owner sees what they last wrote). */
async function defaultTermsOf(db: Database, commissionAccountId: string, locale: Locale): Promise<string> {
  const texts = await loadTexts(db, ACCOUNT, [commissionAccountId], TERMS);
  return pickText(texts.get(commissionAccountId), locale) ?? "";
}

/** The currency a new form or service of this commission account starts in (null column: JPY). */
export async function defaultCurrencyOf(db: Database, commissionAccountId: string): Promise<CurrencyCode> {
  const row = await db
    .select({ code: currencies.code })
    .from(commissionAccounts)
    .innerJoin(currencies, eq(currencies.id, commissionAccounts.defaultCurrencyId))
    .where(eq(commissionAccounts.id, commissionAccountId))
    .get();
  return asCurrencyCode(row?.code);
}

async function accountRow(db: Database, userAccountId: string) {
  return db
    .select({ id: commissionAccounts.id, isOpenCommission: userProfiles.isOpenCommission, currency: currencies.code })
    .from(commissionAccounts)
    .innerJoin(userProfiles, eq(userProfiles.accountId, commissionAccounts.userAccountId))
    .leftJoin(currencies, eq(currencies.id, commissionAccounts.defaultCurrencyId))
    .where(eq(commissionAccounts.userAccountId, userAccountId))
    .get();
}

/** The creator's general settings; null without a commission account (the page answers 404). */
export async function getCommissionSettings(
  db: Database,
  userAccountId: string,
  locale: Locale,
): Promise<CommissionSettings | null> {
  const row = await accountRow(db, userAccountId);
  if (!row) return null;
  return {
    isOpenCommission: row.isOpenCommission,
    defaultCurrency: asCurrencyCode(row.currency),
    defaultTerms: await defaultTermsOf(db, row.id, locale),
  };
}

/** What the "new service" editor starts with: the default currency and terms. */
export async function newServiceDefaults(
  db: Database,
  userAccountId: string,
  locale: Locale,
): Promise<{ currency: CurrencyCode; terms: string }> {
  const settings = await getCommissionSettings(db, userAccountId, locale);
  return { currency: settings?.defaultCurrency ?? FALLBACK_CURRENCY, terms: settings?.defaultTerms ?? "" };
}

export type SettingsWriteResult =
  | { ok: true }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "invalid"; errors: Record<string, string> };

/**
 * Saves the settings of `userAccountId`'s own commission account, in one batch. The currency must be active.
 * Terms that changed are saved in the writer's language as the original, dropping the other languages' rows
 * (decision 006); unchanged terms keep their rows, so saving the toggle from another language relabels nothing.
 * The capacity, when given, is saved after them by saveCreatorCapacity (decision 091: free slots go to the line at
 * `cometTime`, Comet's time: cometNow), only once everything else was accepted.
 */
export async function saveCommissionSettings(
  db: Database,
  userAccountId: string,
  input: CommissionSettings,
  locale: Locale,
  cometTime = Date.now(),
): Promise<SettingsWriteResult> {
  const row = await accountRow(db, userAccountId);
  if (!row) return { ok: false, reason: "not_found" };
  const currency = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(and(eq(currencies.code, input.defaultCurrency), eq(currencies.isActive, true)))
    .get();
  if (!currency)
    return { ok: false, reason: "invalid", errors: { defaultCurrency: "commission_settings_currency_invalid" } };
  const now = new Date();
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(userProfiles)
      .set({ isOpenCommission: input.isOpenCommission, updatedAt: now })
      .where(eq(userProfiles.accountId, userAccountId)),
    db
      .update(commissionAccounts)
      .set({ defaultCurrencyId: currency.id, updatedAt: now })
      .where(eq(commissionAccounts.id, row.id)),
  ];
  const termsChanged = input.defaultTerms !== (await defaultTermsOf(db, row.id, locale));
  if (termsChanged) {
    statements.push(
      db
        .delete(localizedTexts)
        .where(
          and(
            eq(localizedTexts.entityType, ACCOUNT),
            eq(localizedTexts.entityId, row.id),
            eq(localizedTexts.field, TERMS),
          ),
        ),
    );
    if (input.defaultTerms) {
      statements.push(
        db.insert(localizedTexts).values({
          id: crypto.randomUUID(),
          entityType: ACCOUNT,
          entityId: row.id,
          field: TERMS,
          languageCode: locale,
          isOriginal: true,
          text: input.defaultTerms,
        }),
      );
    }
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  // It purges the creator's pages itself; without it, this does.
  if (input.capacity) await saveCreatorCapacity(db, { sellerAccountId: row.id, ...input.capacity, now: cometTime });
  else await purgeAccountPages(db, userAccountId);
  // Opened, or a slot freed: the creator's followers are told (decision 107).
  await watchCreator(db.$client, userAccountId, cometTime);
  // New terms are translated in the background for clients of the other language (issue 62), charged to the creator.
  if (termsChanged && input.defaultTerms) translateSavedTexts(ACCOUNT, [row.id], [TERMS], userAccountId);
  return { ok: true };
}
