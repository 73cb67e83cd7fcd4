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

/**
 * A redirect's target (a path on this site, with or without a query) carrying the request's `?lang=` when it had one:
 * a language alternate's page that sends the visitor on (a dashboard's first page, a sign-in, a canonical address)
 * answers in the language it was asked in, not the cookie's (issue 75). A target naming its own language keeps it.
 */
export function keepingLanguage(target: string, from: URL): string {
  const asked = from.searchParams.get(LANGUAGE_PARAM);
  if (!isLocale(asked) || !target.startsWith("/") || target.startsWith("//")) return target;
  const hashAt = target.indexOf("#");
  const path = hashAt === -1 ? target : target.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : target.slice(hashAt);
  const queryAt = path.indexOf("?");
  if (queryAt !== -1 && new URLSearchParams(path.slice(queryAt + 1)).has(LANGUAGE_PARAM)) return target;
  // Appended, not set through URLSearchParams: the target's own query stays as written (`?saved` is not `?saved=`).
  const separator = queryAt === -1 ? "?" : path.endsWith("?") || path.endsWith("&") ? "" : "&";
  return `${path}${separator}${LANGUAGE_PARAM}=${asked}${hash}`;
}
