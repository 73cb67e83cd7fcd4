import { type LANGUAGE_COOKIE, SECURE_SESSION_COOKIE, SESSION_COOKIE, type THEME_COOKIE } from "../domain/cookie-names";
import {
  D1_BOOKMARK_COOKIE,
  D1_BOOKMARK_HEADER,
  D1_BOOKMARK_MAX_AGE_S,
  SECURE_D1_BOOKMARK_COOKIE,
  parseBookmark,
} from "../domain/d1-sessions";
import { INVITE_COOKIE, INVITE_COOKIE_MAX_AGE_S } from "../domain/invitations";

/** A cookie's value, or undefined when absent or not valid percent-encoding (a visitor's bad cookie is no 500). */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Secure everywhere except plain-http localhost, where browsers would drop a Secure cookie. */
function isPlainLocalhost(url: URL): boolean {
  return url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "127.0.0.1");
}

/**
 * The session cookie's name for this scheme. Over https it is `__Host-` prefixed: browsers accept such a cookie
 * only Secure, Path=/ and without Domain, so a sibling subdomain or a plain-http response cannot plant one.
 * Only the name for the request's scheme is ever read.
 */
function sessionCookieName(url: URL | Request): string {
  return isHttps(url) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** Whether a URL, or a request's, is https: a request's URL is absolute with its scheme in lower case, so no parse. */
function isHttps(url: URL | Request): boolean {
  return url instanceof Request ? url.url.startsWith("https:") : url.protocol === "https:";
}

export function readSessionCookie(request: Request): string | undefined {
  return readCookie(request, sessionCookieName(request));
}

export function sessionCookie(url: URL, token: string, expiresAt: Date): string {
  const secure = isPlainLocalhost(url) ? "" : "; Secure";
  return `${sessionCookieName(url)}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expiresAt.toUTCString()}${secure}`;
}

export function clearedSessionCookie(url: URL): string {
  const secure = isPlainLocalhost(url) ? "" : "; Secure";
  return `${sessionCookieName(url)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

/** Preference cookies are readable by the page (the theme script and Paraglide read them). */
export function preferenceCookie(url: URL, name: typeof LANGUAGE_COOKIE | typeof THEME_COOKIE, value: string): string {
  const secure = isPlainLocalhost(url) ? "" : "; Secure";
  return `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax; Max-Age=31536000${secure}`;
}

/**
 * The invite link's memory until sign-up (decision 053): the code only, HttpOnly (no script needs it), SameSite=Lax
 * (set by the link's own top-level navigation and sent with the sign-up's same-origin call), for a bounded time.
 */
export function inviteCookie(url: URL, code: string): string {
  const secure = isPlainLocalhost(url) ? "" : "; Secure";
  return `${INVITE_COOKIE}=${encodeURIComponent(code)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${INVITE_COOKIE_MAX_AGE_S}${secure}`;
}

export function clearedInviteCookie(url: URL): string {
  const secure = isPlainLocalhost(url) ? "" : "; Secure";
  return `${INVITE_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

/** Like the session cookie's: `__Host-` over https, so no sibling subdomain or plain-http answer can plant one. */
function bookmarkCookieName(url: URL | Request): string {
  return isHttps(url) ? SECURE_D1_BOOKMARK_COOKIE : D1_BOOKMARK_COOKIE;
}

/**
 * The D1 bookmark the client carries (decision 070): an API client's `X-D1-Bookmark` header, else the browser's
 * cookie; null when neither holds a bookmark of D1's shape, so a bad one falls back to the default start.
 */
export function readD1Bookmark(request: Request): string | null {
  return (
    parseBookmark(request.headers.get(D1_BOOKMARK_HEADER)) ??
    parseBookmark(readCookie(request, bookmarkCookieName(request)))
  );
}

/** HttpOnly (no script reads it), SameSite=Lax like the session cookie, and short-lived (D1_BOOKMARK_MAX_AGE_S). */
export function d1BookmarkCookie(url: URL, bookmark: string): string {
  const secure = isPlainLocalhost(url) ? "" : "; Secure";
  return `${bookmarkCookieName(url)}=${bookmark}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${D1_BOOKMARK_MAX_AGE_S}${secure}`;
}
