import { Hono } from "hono";
import { PRIVATE_MEDIA_CACHE_CONTROL, publicMediaCacheControl } from "../media/domain/media-access";
import { parseMediaKey } from "../media/domain/media-keys";
import type { AppEnv } from "../http/context";
import { getObject, serveObject } from "../http/stored-object";
import { objectAccess } from "../media/services/media-access";

export const mediaRoutes = new Hono<AppEnv>();

/**
 * /media/{key}: served only when the object's item is visible to everyone (worker/media/domain/media-access.ts), so the
 * response may be cached publicly (for how long: `publicMediaCacheControl`, decision 059). Anything else (a private or
 * draft item, one behind the adult gate (an R-18 work or service, decision 110), a missing item, a key that is not one
 * of ours) is a 404 here, whoever asks: those it lets read them get signed URLs. The 404 is kept by no cache, so a work
 * made public again is served at once.
 */
mediaRoutes.get("/*", async (c) => {
  const notFound = () => c.text("Not Found", 404, { "cache-control": PRIVATE_MEDIA_CACHE_CONTROL });
  let path: string;
  try {
    path = decodeURIComponent(c.req.path.replace(/^\/media\//, ""));
  } catch {
    return notFound();
  }
  const key = parseMediaKey(path);
  if (!key || key.key !== path) return notFound();
  if ((await objectAccess(c.get("request").db, key, null)) !== "public") return notFound();
  const cacheControl = publicMediaCacheControl(key.domain);
  // A shared cache asks again every minute (decision 059): while the item stays public, "not modified" costs no body.
  const cached = c.req.header("if-none-match");
  if (cached) {
    const head = await c.env.MEDIA.head(key.key);
    if (!head) return notFound();
    if (etagMatches(cached, head.httpEtag))
      return c.body(null, 304, { etag: head.httpEtag, "cache-control": cacheControl });
  }
  const read = await getObject(c.env.MEDIA, key.key, c.req.raw);
  if (!read) return notFound();
  return serveObject(read, cacheControl);
});

/** If-None-Match against an ETag, by the weak comparison a GET uses (`*`, a list, W/ prefixes). */
function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}
