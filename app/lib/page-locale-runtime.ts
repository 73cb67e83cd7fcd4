// Paraglide's runtime as the browser gets it (scripts/page-locale-runtime.mjs swaps it in for
// app/paraglide/runtime.js in the client build): the messages' language is the one the server rendered the page in,
// `<html lang>` (root.tsx, from worker/http/locale.ts). Paraglide's own runtime decided again in the browser, from
// the cookie, localStorage, then navigator.languages, which could differ from the server's Accept-Language and
// mismatch the markup; it also wrote a language cookie on every first page, as if the visitor had chosen one.
// A language change reloads the page (menu-panels.tsx), so the language never changes under a rendered page.
import type { Locale } from "#app/paraglide/runtime.js";

/** Paraglide's compile-time locale for single-language builds: none here, the messages branch on getLocale(). */
export const experimentalStaticLocale: Locale | undefined = undefined;

/** The page's language, as the server rendered it. */
export function getLocale(): Locale {
  return document.documentElement.lang as Locale;
}
