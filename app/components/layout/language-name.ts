import { type Locale, NATIVE_LANGUAGE_NAMES } from "#worker/domain/locales";

/**
 * A language by its own name ("English", "日本語", "简体中文", "繁體中文", "한국어"), whatever the page's language: the
 * language menu's button (language-menu.tsx) and its choices (menu-panels.tsx, loaded on first use) both name a
 * language with it, so it sits below both.
 */
export const languageName = (code: Locale) => NATIVE_LANGUAGE_NAMES[code];
