// How a language is named in the language menu and the account settings' selects: in the viewer's language, with the
// language's own name beside it when that differs ("Japanese (日本語)"); the names come from the languages'
// translations (spec section 3, migration 0014), served by GET /api/account/languages.
import { m } from "#app/paraglide/messages.js";

export interface LanguageName {
  code: string;
  name: string;
  nativeName: string;
}

export function languageLabel(language: LanguageName): string {
  return language.name === language.nativeName
    ? language.name
    : m.account_settings_language_option({ name: language.name, nativeName: language.nativeName });
}

/** The languages named for `locale`, or null when the request fails (the caller keeps its own labels). */
export async function fetchLanguageNames(locale: string): Promise<LanguageName[] | null> {
  try {
    const response = await fetch(`/api/account/languages?locale=${encodeURIComponent(locale)}`, {
      credentials: "same-origin",
    });
    return response.ok ? ((await response.json()) as { languages: LanguageName[] }).languages : null;
  } catch {
    return null;
  }
}
