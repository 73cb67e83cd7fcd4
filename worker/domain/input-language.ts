/**
 * The language a user writes in (spec sections 3 and 7: userAccount.inputLanguageCode). Whatever they write (profile
 * name and bio, forms, services, terms, works, requests, chat messages) is stored as the original text in this
 * language, whatever language the interface is shown in. The one place that says so: every writer asks here
 * (docs/decisions/034).
 */
import { isLocale, type Locale } from "./locales";

export interface WritingUser {
  inputLanguageCode: string;
  displayLanguageCode: string;
}

/**
 * The code a user's own text is stored under, as the original. Texts are read back by the viewer's interface language
 * (localized-text.ts, the search table's name_en/name_ja), so it is one of LOCALES: the account's input language,
 * else (a code no longer offered) its display language, else English.
 */
export function inputLanguageOf(user: WritingUser): Locale {
  if (isLocale(user.inputLanguageCode)) return user.inputLanguageCode;
  return isLocale(user.displayLanguageCode) ? user.displayLanguageCode : "en";
}
