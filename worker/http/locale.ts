import { LANGUAGE_COOKIE } from "../domain/cookie-names";
import { isLocale, type Locale } from "../domain/locales";
import { readCookie } from "./cookies";

/** The language of a request: the app-language cookie, else the browser's preference, else English. */
export function requestLocale(request: Request): Locale {
  const cookie = readCookie(request, LANGUAGE_COOKIE);
  if (isLocale(cookie)) return cookie;
  const accepted = request.headers.get("accept-language") ?? "";
  for (const part of accepted.split(",")) {
    const tag = part.split(";")[0].trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return "en";
}
