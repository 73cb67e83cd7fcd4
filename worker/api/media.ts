import { Hono } from "hono";
import { PRIVATE_MEDIA_CACHE_CONTROL, publicMediaCacheControl } from "../domain/media-access";
import { parseMediaKey } from "../domain/media-keys";
import type { AppEnv } from "../http/context";
import { objectAccess } from "../services/media-access";

export const mediaRoutes = new Hono<AppEnv>();

const INLINE_TYPES = /^(image|audio|video)\//;

/**
 * An object, or the part a Range header asks for (a video player seeks by ranges; decision 033). A range R2 cannot
 * satisfy falls back to the whole object, as a server that ignores Range would.
 */
export async function getObject(bucket: R2Bucket, key: string, request: Request): Promise<R2ObjectBody | null> {
  if (!request.headers.has("range")) return bucket.get(key);
  try {
    return await bucket.get(key, { range: request.headers });
  } catch {
    return bucket.get(key);
  }
}

/** The Content-Range of a ranged read: `bytes first-last/size`; null for a whole object. */
function contentRange(object: R2ObjectBody): string | null {
  const range = object.range;
  if (!range) return null;
  // R2 reports every field of the union, the unused ones undefined.
  const { offset, length: asked, suffix } = range as { offset?: number; length?: number; suffix?: number };
  const start = typeof suffix === "number" ? Math.max(0, object.size - suffix) : (offset ?? 0);
  const length = Math.min(
    typeof suffix === "number" ? object.size - start : (asked ?? object.size - start),
    object.size - start,
  );
  if (start === 0 && length >= object.size) return null;
  return `bytes ${start}-${start + length - 1}/${object.size}`;
}

/**
 * An R2 object served inert: its stored Content-Type with nosniff, anything not an image, audio or video as a
 * download, and SVG sandboxed; a ranged read as 206 with its Content-Range. Shared by public /media/ and signed reads.
 */
export function serveObject(object: R2ObjectBody, cacheControl: string): Response {
  const contentType = object.httpMetadata?.contentType ?? "application/octet-stream";
  const headers = new Headers({
    "content-type": contentType,
    "x-content-type-options": "nosniff",
    "cache-control": cacheControl,
    "accept-ranges": "bytes",
    etag: object.httpEtag,
  });
  if (!INLINE_TYPES.test(contentType)) headers.set("content-disposition", "attachment");
  // An SVG opened directly could run script; this policy keeps it an inert picture.
  if (contentType === "image/svg+xml")
    headers.set("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  const range = contentRange(object);
  if (range) headers.set("content-range", range);
  return new Response(object.body, { status: range ? 206 : 200, headers });
}

/**
 * /media/{key}: served only when the object's item is visible to everyone (worker/domain/media-access.ts), so the
 * response may be cached publicly (for how long: `publicMediaCacheControl`, decision 059). Anything else (a private or
 * draft item, a missing item, a key that is not one of ours) is a 404 here, whoever asks: owners read those through
 * signed URLs. The 404 is kept by no cache, so a work made public again is served at once.
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
  const object = await getObject(c.env.MEDIA, key.key, c.req.raw);
  if (!object) return notFound();
  return serveObject(object, cacheControl);
});

/** If-None-Match against an ETag, by the weak comparison a GET uses (`*`, a list, W/ prefixes). */
function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}
