// How a language is named in the language menu and the account settings' selects: in the viewer's language, with the
// language's own name beside it when that differs ("Japanese (日本語)"); the names come from the languages'
// translations (spec section 3, migrations 0014 and 0038), which the account settings' loader reads.
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
