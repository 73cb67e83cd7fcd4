import type { Locale } from "./locales";

/**
 * The guideline and legal pages the footer links to (spec section 1; issue 33, decision 052): one list, read by the
 * route table (app/routes.ts), the footer, the Worker's ban rule (a banned user may still read them) and the tests.
 * Each page is a route of the app in the reader's language; its text lives in app/content/legal/{locale}/.
 *
 * Every first segment here is a reserved handle (reserved-handles.ts), so no profile can take one of these paths.
 */
export const LEGAL_PAGES = [
  { slug: "about", path: "about", group: "guides" },
  { slug: "creator-guidelines", path: "guidelines/creators", group: "guides" },
  { slug: "client-guidelines", path: "guidelines/clients", group: "guides" },
  { slug: "creator-terms", path: "terms/creators", group: "legal" },
  { slug: "client-terms", path: "terms/clients", group: "legal" },
  { slug: "privacy", path: "privacy", group: "legal" },
  // 特定商取引法に基づく表記: one for what clients buy, one for the service creators pay a fee for.
  { slug: "creator-commercial-transactions", path: "legal/commercial-transactions/creators", group: "legal" },
  { slug: "client-commercial-transactions", path: "legal/commercial-transactions/clients", group: "legal" },
] as const;

export type LegalPage = (typeof LEGAL_PAGES)[number];
export type LegalSlug = LegalPage["slug"];

const BY_PATH: ReadonlyMap<string, LegalPage> = new Map(LEGAL_PAGES.map((page) => [`/${page.path}`, page]));

/**
 * The legal page at a URL path, or undefined. Matched as React Router matches it: without case and with a trailing
 * slash allowed; a `.data` request (a client navigation's loader call) is the page it loads.
 */
export function legalPageAt(pathname: string): LegalPage | undefined {
  const path = pathname
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/\/+$/, "");
  return BY_PATH.get(path);
}

/**
 * The languages the legal texts were written in (Japanese governs, as the terms say; English is its twin). In any
 * other language a page is a translation, and says so above its text (decision 105).
 */
const LEGAL_ORIGINAL_LOCALES: readonly Locale[] = ["ja", "en"];

export const isLegalTranslation = (locale: Locale): boolean => !LEGAL_ORIGINAL_LOCALES.includes(locale);
