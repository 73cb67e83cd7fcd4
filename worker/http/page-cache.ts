// The edge cache of signed-out pages (docs/decisions/069-edge-cache.md), through the Workers Cache API. Placed before
// the request context, so a hit reads no session and opens no database: what a request may be answered with, and
// the key, come from worker/domain/page-cache.ts; what a stored page shows (its tags) from services/public-pages.ts.
import { Buffer } from "node:buffer";
import type { MiddlewareHandler } from "hono";
import { createDb } from "../db/client";
import { THEME_COOKIE } from "../domain/cookie-names";
import { D1_BOOKMARK_HEADER } from "../domain/d1-sessions";
import {
  PAGE_STALE_S,
  type PublicPage,
  isCacheableRequest,
  isStorableResponse,
  pageAge,
  pageCacheKey,
  publicPageAt,
} from "../domain/page-cache";
import { edgeCache, recordStoredPage, tagsOfPage } from "../services/public-pages";
import { type AppEnv, requestUrl } from "./context";
import { readCookie } from "./cookies";
import { requestLocale } from "./locale";

/** HIT (fresh), STALE (served while a new render is made), MISS (rendered now), BYPASS (never from the cache). */
const CACHE_STATUS_HEADER = "X-Cache";
/** When the stored copy was rendered (ms): the Cache API keeps no such date we could read back. */
const STORED_AT_HEADER = "X-Page-Cache-Stored-At";
/** The page's own Cache-Control, kept aside while the stored copy carries the cache's. */
const PAGE_CACHE_CONTROL_HEADER = "X-Page-Cache-Control";
/** The stored copy's tags, for Cloudflare's purge by tag; not shown to visitors (they name accounts). */
const CACHE_TAG_HEADER = "Cache-Tag";
const ROUND_TRIPS_HEADER = "X-D1-Round-Trips";
/** The nonce the stored page was rendered with, which a hit replaces with its own. */
const STORED_NONCE_HEADER = "X-Page-Cache-Nonce";

/** Keys being rendered anew by this isolate: one stale page asked for by many visitors is rendered once. */
const revalidating = new Set<string>();
/**
 * The requests the Worker sends itself to render a stale page anew: rendered and stored, never answered from the
 * cache. Known by the object itself, not by a header, so no visitor can ask for it (a header sent from outside was
 * obeyed: anyone could overwrite a fresh page at will).
 */
const revalidations = new WeakSet<Request>();

/**
 * What a stored page keeps of its render's headers: what describes the page. The rest is per request (the D1
 * bookmark and round trips, the cache's status, a date) and is never handed to the next visitor.
 */
const STORED_RESPONSE_HEADERS = ["content-type", "content-language", "cache-control", "link", "vary"] as const;

/**
 * The cache middleware. `refetch` runs a request through the whole app again (a stale page's new render, made after
 * the visitor has their answer).
 */
export function pageCache(
  refetch: (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const page = publicPageAt(c.req.path);
    if (!page) return next();
    const request = c.req.raw;
    const url = requestUrl(c);
    const cacheable = isCacheableRequest({
      method: request.method,
      cookieHeader: request.headers.get("cookie"),
      hasAuthorization: request.headers.has("authorization"),
      hasBookmarkHeader: request.headers.has(D1_BOOKMARK_HEADER),
      searchParams: url.searchParams,
    });
    if (!cacheable) {
      await next();
      c.res.headers.set(CACHE_STATUS_HEADER, "BYPASS");
      return;
    }
    const ctx = c.executionCtx as unknown as ExecutionContext;
    const key = pageCacheKey({
      url,
      page,
      locale: requestLocale(request, url),
      theme: readCookie(request, THEME_COOKIE),
    });
    if (!revalidations.has(request)) {
      const stored = await edgeCache().match(key);
      const age = stored ? pageAge(Number(stored.headers.get(STORED_AT_HEADER)), Date.now()) : "expired";
      if (stored && age !== "expired") {
        if (age === "stale" && !revalidating.has(key)) {
          revalidating.add(key);
          ctx.waitUntil(refetch(revalidationRequest(request), c.env, ctx).finally(() => revalidating.delete(key)));
        }
        return servedFromCache(stored, c.get("cspNonce"), age === "fresh" ? "HIT" : "STALE", c.env);
      }
    }
    const renderStartedAt = Date.now();
    await next();
    c.res.headers.set(CACHE_STATUS_HEADER, "MISS");
    const response = c.res;
    if (
      isStorableResponse({
        status: response.status,
        hasSetCookie: response.headers.has("set-cookie"),
        cacheControl: response.headers.get("cache-control"),
      })
    )
      ctx.waitUntil(store(c.env, key, page, response.clone(), renderStartedAt, c.get("cspNonce")));
  };
}

/** The stale page's request again, marked to be rendered; it carries only what the key is made of. */
function revalidationRequest(request: Request): Request {
  const headers = new Headers();
  for (const name of ["cookie", "accept-language"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const revalidation = new Request(request.url, { headers });
  revalidations.add(revalidation);
  return revalidation;
}

/**
 * Stores a render under its key with the tags of what it shows, then notes the key under those tags (a purge finds
 * it there). A page no account owns any more, or one a write purged while it rendered, is not kept.
 */
async function store(
  env: Env,
  key: string,
  page: PublicPage,
  response: Response,
  renderStartedAt: number,
  nonce: string,
) {
  const db = createDb(env.DB);
  const tags = await tagsOfPage(db, page);
  if (!tags) {
    await response.body?.cancel();
    return;
  }
  const headers = new Headers();
  for (const name of STORED_RESPONSE_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const own = headers.get("cache-control");
  if (own) headers.set(PAGE_CACHE_CONTROL_HEADER, own);
  // The Cache API honours Cache-Control on put: kept as long as it may be served stale, then dropped by itself.
  headers.set("cache-control", `public, max-age=${PAGE_STALE_S}`);
  headers.set(STORED_AT_HEADER, String(Date.now()));
  headers.set(CACHE_TAG_HEADER, tags.join(","));
  headers.set(STORED_NONCE_HEADER, nonce);
  const cache = edgeCache();
  await cache.put(key, new Response(response.body, { status: response.status, headers }));
  if (!(await recordStoredPage(db, key, tags, renderStartedAt))) await cache.delete(key);
}

/**
 * A stored page as a visitor gets it: with this response's own nonce on every nonced script (the security headers
 * middleware puts the same nonce in the CSP), and the cache's own headers taken off.
 */
async function servedFromCache(stored: Response, nonce: string, status: "HIT" | "STALE", env: Env): Promise<Response> {
  const headers = new Headers(stored.headers);
  for (const name of [STORED_AT_HEADER, CACHE_TAG_HEADER, "cache-control", "cf-cache-status"]) headers.delete(name);
  const own = headers.get(PAGE_CACHE_CONTROL_HEADER);
  if (own) headers.set("cache-control", own);
  headers.delete(PAGE_CACHE_CONTROL_HEADER);
  headers.set(CACHE_STATUS_HEADER, status);
  // A hit asks D1 nothing (the bench reads this header outside production).
  if (env.APP_ENV !== "production") headers.set(ROUND_TRIPS_HEADER, "0");
  const storedNonce = headers.get(STORED_NONCE_HEADER);
  headers.delete(STORED_NONCE_HEADER);
  if (!storedNonce || !headers.get("content-type")?.startsWith("text/html"))
    return new Response(stored.body, { status: stored.status, headers });
  // The render's nonce appears only as its scripts' `nonce="…"` (React and root.tsx write it there and nowhere else):
  // an exact replacement, which costs a fraction of what an HTML parse of the page (HTMLRewriter) did per hit.
  const page = Buffer.from(await stored.arrayBuffer());
  if (replaceNonceInPlace(page, storedNonce, nonce)) return new Response(page, { status: stored.status, headers });
  const body = page.toString("utf8").replaceAll(nonceAttribute(storedNonce), nonceAttribute(nonce));
  return new Response(body, { status: stored.status, headers });
}

const nonceAttribute = (nonce: string) => `nonce="${nonce}"`;

/**
 * Writes `nonce` over each `nonce="<stored>"` of the page's bytes, in place; false (nothing written) when the two differ
 * in length. Every nonce is 16 random bytes in base64 (createCspNonce), so no byte moves and the page is never decoded:
 * a UTF-8 decode, replace and encode of a 155 KB page took 0.3-0.6 ms a hit, this 0.02 (decision 113).
 */
export function replaceNonceInPlace(page: Buffer, stored: string, nonce: string): boolean {
  const from = Buffer.from(nonceAttribute(stored));
  const to = Buffer.from(nonceAttribute(nonce));
  if (from.length !== to.length) return false;
  for (let at = page.indexOf(from); at !== -1; at = page.indexOf(from, at + from.length)) to.copy(page, at);
  return true;
}
