import { m } from "#app/paraglide/messages.js";

/** The two languages the header's language menu offers. */
export type LanguageCode = "en" | "ja";

/**
 * "English" / "日本語" in the viewer's language: the language menu's button (language-menu.tsx) and its choices
 * (menu-panels.tsx, loaded on first use) both name a language with it, so it sits below both.
 */
export const languageName = (code: LanguageCode) => (code === "ja" ? m.header_language_ja() : m.header_language_en());
