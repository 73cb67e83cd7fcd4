import { and, eq, ne } from "drizzle-orm";
import type { CurrencyCode } from "../domain/currency";
import { pickText } from "../domain/localized-text";
import { loadTexts, translateSavedTexts } from "./localized-texts";
import { isLocale, type Locale } from "../domain/locales";
import type { FieldErrors } from "../domain/validation";
import type { Database } from "../db/client";
import { localizedTexts, userAccounts, userProfiles } from "../db/schema";
import { LOCALIZED } from "../db/schema/localized-entities";
import { parseMediaKey } from "../media/domain/media-keys";
import type { MediaErrorCode } from "../media/domain/media-limits";
import { isHandleTaken, setLocalizedText } from "./accounts";
import { checkAttachment, markUploadsAttached } from "../media/services/storage";
import { activeCurrencyId, getCurrencyCode, isLanguageOffered } from "./preferences";
import { purgeAccountPages } from "./public-pages";

const PROFILE = LOCALIZED.userProfile.type;

export interface ProfileSettings {
  handle: string;
  name: string;
  bio: string;
  avatarUrl: string | null;
}

export interface ProfileSettingsInput {
  name?: string;
  handle: string;
  bio?: string;
}

export interface AccountSettings {
  email: string;
  birthday: string;
  displayLanguageCode: Locale;
  displayCurrencyCode: CurrencyCode;
  /** The language they write in (decision 034). */
  inputLanguageCode: string;
}

export interface AccountSettingsInput {
  birthday?: string;
  displayLanguageCode: Locale;
  displayCurrencyCode: CurrencyCode;
  /** Left as it is when absent. */
  inputLanguageCode?: string;
}

export type SaveResult = { ok: true } | { ok: false; errors: FieldErrors };

export async function getProfileSettings(
  db: Database,
  accountId: string,
  locale: Locale,
): Promise<ProfileSettings | null> {
  const profile = await db
    .select({ id: userProfiles.id, handle: userProfiles.originalHandle, avatarUrl: userProfiles.avatarUrl })
    .from(userProfiles)
    .where(eq(userProfiles.accountId, accountId))
    .get();
  if (!profile) return null;
  const texts = (await loadTexts(db, PROFILE, [profile.id])).get(profile.id);
  // An editor field: empty when nothing is written yet.
  return {
    handle: profile.handle,
    avatarUrl: profile.avatarUrl,
    name: pickText(texts, locale, "name") ?? "",
    bio: pickText(texts, locale, "bio") ?? "",
  };
}

function isUniqueViolation(error: unknown): boolean {
  const message =
    error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
  return /UNIQUE constraint failed/i.test(message);
}

/**
 * Save handle, name and bio. Name and bio are written in the user's current language and become the original;
 * texts kept in other languages stay, as translations. A handle another account holds (ignoring case) is refused.
 */
export async function updateProfileSettings(
  db: Database,
  accountId: string,
  input: ProfileSettingsInput,
  locale: Locale,
): Promise<SaveResult> {
  const profile = await db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(eq(userProfiles.accountId, accountId))
    .get();
  if (!profile) throw new Error(`no profile for account ${accountId}`);
  if (await isHandleTaken(db, input.handle, accountId))
    return { ok: false, errors: { handle: "validation_handle_taken" } };

  const owner = (field: "name" | "bio") => ({ entityType: PROFILE, entityId: profile.id, field });
  const demoteOtherLanguages = (field: "name" | "bio") =>
    db
      .update(localizedTexts)
      .set({ isOriginal: false })
      .where(
        and(
          eq(localizedTexts.entityType, PROFILE),
          eq(localizedTexts.entityId, profile.id),
          eq(localizedTexts.field, field),
          ne(localizedTexts.languageCode, locale),
        ),
      );
  try {
    await db.batch([
      db
        .update(userProfiles)
        .set({ originalHandle: input.handle, updatedAt: new Date() })
        .where(eq(userProfiles.id, profile.id)),
      demoteOtherLanguages("name"),
      setLocalizedText(db, owner("name"), locale, input.name),
      demoteOtherLanguages("bio"),
      setLocalizedText(db, owner("bio"), locale, input.bio),
    ]);
  } catch (error) {
    // Two accounts racing for the same handle: the case-insensitive unique index decides.
    if (isUniqueViolation(error)) return { ok: false, errors: { handle: "validation_handle_taken" } };
    throw error;
  }
  await purgeAccountPages(db, accountId);
  translateSavedTexts(PROFILE, [profile.id], ["bio"], accountId);
  return { ok: true };
}

export type PictureResult =
  | { ok: true; url: string }
  | { ok: false; error: MediaErrorCode | "forbidden" | "not_found" };

/**
 * Set the avatar or cover to an object already in the bucket (after a presigned PUT, which never passed the Worker;
 * `/upload` and the Worker PUT set the column themselves). The key must be under the user's own profile folder for
 * that field; its bytes are sniffed again against the field's rule (a refused object is deleted, the column kept).
 * The previous object of the field goes, as with an upload.
 */
export async function attachProfilePicture(
  db: Database,
  bucket: R2Bucket,
  accountId: string,
  field: "avatar" | "cover",
  url: string,
): Promise<PictureResult> {
  const profile = await db
    .select({ id: userProfiles.id, avatarUrl: userProfiles.avatarUrl, coverUrl: userProfiles.coverUrl })
    .from(userProfiles)
    .where(eq(userProfiles.accountId, accountId))
    .get();
  const key = parseMediaKey(url);
  if (!profile || !key) return { ok: false, error: "forbidden" };
  const checked = await checkAttachment(
    bucket,
    key,
    (k) => k.domain === "user-profile" && k.id === profile.id && k.field === field,
  );
  if (!checked.ok) return { ok: false, error: checked.error };
  const column = key.rule.profileColumn!;
  const stored = `/media/${key.key}`;
  // The column now points at the object: it is attached (no longer pending), in the same batch.
  await db.batch([
    db
      .update(userProfiles)
      .set({ [column]: stored, updatedAt: new Date() })
      .where(eq(userProfiles.id, profile.id)),
    markUploadsAttached(db, [key])!,
  ]);
  const old = parseMediaKey(profile[column] ?? "");
  if (old && old.key !== key.key && old.domain === "user-profile" && old.id === profile.id && old.field === field)
    await bucket.delete(old.key);
  await purgeAccountPages(db, accountId);
  return { ok: true, url: stored };
}

export async function getAccountSettings(db: Database, accountId: string): Promise<AccountSettings | null> {
  const account = await db
    .select({
      email: userAccounts.email,
      birthday: userAccounts.birthday,
      displayLanguageCode: userAccounts.displayLanguageCode,
      displayCurrencyId: userAccounts.displayCurrencyId,
      inputLanguageCode: userAccounts.inputLanguageCode,
    })
    .from(userAccounts)
    .where(eq(userAccounts.id, accountId))
    .get();
  if (!account) return null;
  return {
    email: account.email,
    birthday: account.birthday ?? "",
    // The account's language when it is one of Comet's five; anything else stored reads as English.
    displayLanguageCode: isLocale(account.displayLanguageCode) ? account.displayLanguageCode : "en",
    displayCurrencyCode: await getCurrencyCode(db, account.displayCurrencyId),
    inputLanguageCode: account.inputLanguageCode,
  };
}

/**
 * userAccount.update: birthday, display language, display currency and input language, as one write. The currency
 * must be active and the input language one the platform offers; both are checked before anything is written, so a
 * refused field leaves the whole account as it was.
 */
export async function updateAccountSettings(
  db: Database,
  accountId: string,
  input: AccountSettingsInput,
): Promise<SaveResult> {
  const [currencyId, languageOffered] = await Promise.all([
    activeCurrencyId(db, input.displayCurrencyCode),
    input.inputLanguageCode === undefined ? true : isLanguageOffered(db, input.inputLanguageCode),
  ]);
  const errors: FieldErrors = {};
  if (!currencyId) errors.displayCurrencyCode = "validation_currency";
  if (!languageOffered) errors.inputLanguageCode = "validation_input_language";
  if (!currencyId || !languageOffered) return { ok: false, errors };
  await db
    .update(userAccounts)
    .set({
      birthday: input.birthday ?? null,
      displayLanguageCode: input.displayLanguageCode,
      displayCurrencyId: currencyId,
      ...(input.inputLanguageCode === undefined ? {} : { inputLanguageCode: input.inputLanguageCode }),
      updatedAt: new Date(),
    })
    .where(eq(userAccounts.id, accountId));
  return { ok: true };
}
