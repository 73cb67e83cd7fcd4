import { LANGUAGE_COOKIE } from "../domain/cookie-names";
import { isLocale, type Locale, localeOfAcceptLanguage } from "../domain/locales";
import { readCookie } from "./cookies";

/** The query parameter a page's language alternates carry (`<link rel="alternate" hreflang>`, decision 105). */
export const LANGUAGE_PARAM = "lang";

/**
 * The language of a request: a `?lang=` of a language alternate, else the app-language cookie, else the browser's
 * preference (`localeOfAcceptLanguage`: zh-TW reads Traditional Chinese), else English.
 */
export function requestLocale(request: Request): Locale {
  const asked = new URL(request.url).searchParams.get(LANGUAGE_PARAM);
  if (isLocale(asked)) return asked;
  const cookie = readCookie(request, LANGUAGE_COOKIE);
  if (isLocale(cookie)) return cookie;
  return localeOfAcceptLanguage(request.headers.get("accept-language") ?? "") ?? "en";
}
