/**
 * The edge cache of what visitors see signed out (docs/decisions/069-edge-cache.md): which requests it answers, the
 * key of a page, the tags a write purges it by, and how old a stored page may be. Pure: worker/http/page-cache.ts
 * applies it with the Workers Cache API.
 */
import { FALLBACK_CURRENCY } from "./currency";
import { LANGUAGE_COOKIE, type Locale, THEME_COOKIE } from "./constants";
import { isReservedHandle } from "./reserved-handles";

/** Served as it is for this long after it was rendered. */
export const PAGE_FRESH_S = 60;
/**
 * Up to this age a stored page is still served while a new one is rendered behind it (stale-while-revalidate);
 * older, the visitor waits for a new render. Writes purge what they change at once, so these bound only what no write
 * announces.
 */
export const PAGE_STALE_S = 600;

/** The pages that list creators: the home page and explore. Every creator's public change purges them. */
export const CATALOG_TAG = "catalog";
/** A creator's (or a work's client's or credited user's) public pages, by user account id. */
export const accountTag = (accountId: string) => `account:${accountId}`;

export type PublicPage =
  | { kind: "catalog" }
  | { kind: "profile"; handle: string }
  | { kind: "work"; handle: string; workId: string }
  | { kind: "form"; code: string };

/** React Router's client navigation loads `/x.data` for `/x`, and `/_root.data` for `/`. */
const ROOT_DATA = "/_root.data";
const DATA_SUFFIX = ".data";

/** The signed-out page a path names, or null for everything else (dashboard, APIs, legal pages, files…). */
export function publicPageAt(path: string): PublicPage | null {
  const pagePath = path === ROOT_DATA ? "/" : path.endsWith(DATA_SUFFIX) ? path.slice(0, -DATA_SUFFIX.length) : path;
  if (pagePath === "/" || pagePath === "/explore/creators") return { kind: "catalog" };
  const segments = pagePath.slice(1).split("/");
  if (segments.some((segment) => segment === "")) return null;
  let decoded: string[];
  try {
    decoded = segments.map(decodeURIComponent);
  } catch {
    return null;
  }
  const [first, second, third] = decoded;
  if (decoded.length === 2 && first === "cf") return { kind: "form", code: second };
  if (isReservedHandle(first)) return null;
  if (decoded.length === 1) return { kind: "profile", handle: first };
  if (decoded.length === 3 && second === "works") return { kind: "work", handle: first, workId: third };
  return null;
}

/** The cookies a signed-out page may be cached with: each is part of the key (the language through the locale). */
const KEYED_COOKIES: ReadonlySet<string> = new Set([LANGUAGE_COOKIE, THEME_COOKIE]);

/** The names of a Cookie header's cookies. */
function cookieNames(cookieHeader: string | null): string[] {
  if (!cookieHeader) return [];
  return cookieHeader
    .split(";")
    .map((part) => part.split("=")[0].trim())
    .filter((name) => name !== "");
}

/**
 * Whether a request may be answered from the cache, and its render stored: a GET of a public page whose cookies are
 * only those in the key. Any other cookie (the session, an invite, D1's bookmark, one we do not know) may change what
 * the page shows, so it passes by the cache both ways.
 */
export function isCacheableRequest(request: {
  method: string;
  cookieHeader: string | null;
  hasAuthorization: boolean;
}): boolean {
  if (request.method !== "GET" || request.hasAuthorization) return false;
  return cookieNames(request.cookieHeader).every((name) => KEYED_COOKIES.has(name));
}

/** The theme the page is rendered with (root.tsx sets `dark` from the cookie), normalised as root.tsx reads it. */
const keyedTheme = (theme: string | undefined) => (theme === "light" || theme === "dark" ? theme : "system");

/**
 * The cache key of a signed-out page: origin, path and query (parameters sorted, so their order makes no second
 * copy), the language, the display currency (signed-out visitors always see the fallback) and the theme. Under a path
 * of its own, so no address a browser asks for is ever a key.
 */
export function pageCacheKey(page: { url: URL; locale: Locale; theme: string | undefined }): string {
  const query = [...page.url.searchParams.entries()].sort(([a, x], [b, y]) =>
    a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1,
  );
  const search = query.length ? `?${new URLSearchParams(query).toString()}` : "";
  const variant = `${page.locale}/${FALLBACK_CURRENCY}/${keyedTheme(page.theme)}`;
  return `${page.url.origin}/__page-cache/${variant}${page.url.pathname}${search}`;
}

export type PageAge = "fresh" | "stale" | "expired";

/** Fresh, stale (serve and re-render behind it) or expired (render now), from when it was stored. */
export function pageAge(storedAtMs: number, nowMs: number): PageAge {
  const ageS = (nowMs - storedAtMs) / 1000;
  if (!Number.isFinite(ageS) || ageS < 0) return "expired";
  if (ageS < PAGE_FRESH_S) return "fresh";
  return ageS < PAGE_STALE_S ? "stale" : "expired";
}

/** A render the cache may keep: a 200 with no cookie to set and nothing saying it is one visitor's. */
export function isStorableResponse(response: {
  status: number;
  hasSetCookie: boolean;
  cacheControl: string | null;
}): boolean {
  if (response.status !== 200 || response.hasSetCookie) return false;
  const directives = (response.cacheControl ?? "").toLowerCase().split(",");
  return !directives.some((directive) => ["private", "no-store", "no-cache"].includes(directive.trim().split("=")[0]));
}
