/**
 * The edge cache of what visitors see signed out (docs/decisions/069-edge-cache.md): which requests it answers, the
 * key of a page, the tags a write purges it by, and how old a stored page may be. Pure: worker/http/page-cache.ts
 * applies it with the Workers Cache API.
 */
import { FALLBACK_CURRENCY } from "./currency";
import { LANGUAGE_COOKIE, THEME_COOKIE } from "./cookie-names";
import type { Locale } from "./locales";
import { isReservedHandle } from "./reserved-handles";
import { PROFILE_SERVICE_PARAM } from "./service-links";
import { parseExploreQuery, serializeExploreQuery } from "./search";

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
  | { kind: "catalog"; list: "home" | "explore" }
  | { kind: "profile"; handle: string }
  | { kind: "work"; handle: string; workId: string }
  | { kind: "form"; code: string };

/** React Router's client navigation loads `/x.data` for `/x`, and `/_root.data` for `/`. */
const ROOT_DATA = "/_root.data";
const DATA_SUFFIX = ".data";

/** The signed-out page a path names, or null for everything else (dashboard, APIs, legal pages, files…). */
export function publicPageAt(path: string): PublicPage | null {
  const pagePath = path === ROOT_DATA ? "/" : path.endsWith(DATA_SUFFIX) ? path.slice(0, -DATA_SUFFIX.length) : path;
  if (pagePath === "/") return { kind: "catalog", list: "home" };
  if (pagePath === "/explore/creators") return { kind: "catalog", list: "explore" };
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
  /** An API client's D1 bookmark header (decision 070): its own read position, like the bookmark cookie. */
  hasBookmarkHeader: boolean;
  searchParams: URLSearchParams;
}): boolean {
  if (request.method !== "GET" || request.hasAuthorization || request.hasBookmarkHeader) return false;
  if (ONE_VISITOR_PARAMS.some((name) => request.searchParams.has(name))) return false;
  return cookieNames(request.cookieHeader).every((name) => KEYED_COOKIES.has(name));
}

/**
 * Stripe.js's query on a page it sends a browser back to after 3-D Secure (card-return.server.ts reads it): one
 * visitor's redirect, answered for them alone.
 */
const ONE_VISITOR_PARAMS = ["setup_intent", "payment_intent", "redirect_status"] as const;

/** React Router's `.data` requests name the routes whose loaders to run (its single fetch reads the first). */
const ROUTES_PARAM = "_routes";

/**
 * The query of a page's key: only the parameters the page reads on the server, each as it reads it (the first of a
 * repeated one), so an address the page renders alike is one key, and one it renders differently is another. Explore
 * reads its search through parseExploreQuery, so its key is that search written back (serializeExploreQuery): a
 * parameter it ignores, or a value it would replace by the default, makes no key of its own. Parameters read only in
 * the browser (`auth`, `next`, `signup`, a tracker's) are not in the key: the server's render does not depend on them.
 */
function keyedQuery(page: PublicPage, url: URL): URLSearchParams {
  const read = new URLSearchParams(
    page.kind === "catalog" && page.list === "explore"
      ? serializeExploreQuery(parseExploreQuery(url.searchParams))
      : "",
  );
  const service = page.kind === "profile" ? url.searchParams.get(PROFILE_SERVICE_PARAM) : null;
  if (service !== null) read.set(PROFILE_SERVICE_PARAM, service);
  const routes = url.pathname.endsWith(DATA_SUFFIX) ? url.searchParams.get(ROUTES_PARAM) : null;
  if (routes !== null) read.set(ROUTES_PARAM, routes);
  read.sort();
  return read;
}

/** The theme the page is rendered with (root.tsx sets `dark` from the cookie), normalised as root.tsx reads it. */
const keyedTheme = (theme: string | undefined) => (theme === "light" || theme === "dark" ? theme : "system");

/**
 * The cache key of a signed-out page: origin, path and the query the page reads (keyedQuery, sorted), the language,
 * the display currency (signed-out visitors always see the fallback) and the theme. Under a path of its own, so no
 * address a browser asks for is ever a key.
 */
export function pageCacheKey(request: {
  url: URL;
  page: PublicPage;
  locale: Locale;
  theme: string | undefined;
}): string {
  const query = keyedQuery(request.page, request.url).toString();
  const variant = `${request.locale}/${FALLBACK_CURRENCY}/${keyedTheme(request.theme)}`;
  return `${request.url.origin}/__page-cache/${variant}${request.url.pathname}${query ? `?${query}` : ""}`;
}

/** Whether a key holds a query (a search, a service's modal, a subset of loaders). */
export const isQueriedKey = (key: string) => key.includes("?");

/**
 * How many stored pages a tag may hold (the cron prunes keys older than PAGE_STALE_S): a purge deletes at most this
 * many per tag, so a write waits on a bounded purge however many addresses were asked for. Pages past it are served
 * rendered, not stored. A creator's own pages (profile, works, forms, in 2 languages × 3 themes × document and data)
 * rarely reach it.
 */
export const PAGE_KEYS_PER_TAG = 200;
/**
 * Of those, how many may hold a query: searches and service modals are endless, so they may not crowd out the pages
 * without one (the home page, a profile) that most visitors ask for.
 */
export const QUERIED_PAGE_KEYS_PER_TAG = 50;

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
