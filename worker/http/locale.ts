import { LANGUAGE_COOKIE } from "../domain/cookie-names";
import { LANGUAGE_PARAM, isLocale, type Locale, localeOfAcceptLanguage } from "../domain/locales";
import { readCookie } from "./cookies";

/**
 * The language of a request: a `?lang=` of a language alternate, else the app-language cookie, else the browser's
 * preference (`localeOfAcceptLanguage`: zh-TW reads Traditional Chinese), else English.
 */
export function requestLocale(request: Request, url: URL): Locale {
  const asked = url.searchParams.get(LANGUAGE_PARAM);
  if (isLocale(asked)) return asked;
  const cookie = readCookie(request, LANGUAGE_COOKIE);
  if (isLocale(cookie)) return cookie;
  return localeOfAcceptLanguage(request.headers.get("accept-language") ?? "") ?? "en";
}
