import { Hono } from "hono";
import { parseMediaKey } from "../domain/media";
import type { AppEnv } from "../http/context";
import { objectAccess } from "../services/media-access";

export const mediaRoutes = new Hono<AppEnv>();

const INLINE_TYPES = /^(image|audio|video)\//;

/**
 * An R2 object served inert: its stored Content-Type with nosniff, anything not an image, audio or video as a
 * download, and SVG sandboxed. Shared by public /media/ and signed reads.
 */
export function serveObject(object: R2ObjectBody, cacheControl: string): Response {
  const contentType = object.httpMetadata?.contentType ?? "application/octet-stream";
  const headers = new Headers({
    "content-type": contentType,
    "x-content-type-options": "nosniff",
    "cache-control": cacheControl,
    etag: object.httpEtag,
  });
  if (!INLINE_TYPES.test(contentType)) headers.set("content-disposition", "attachment");
  // An SVG opened directly could run script; this policy keeps it an inert picture.
  if (contentType === "image/svg+xml") headers.set("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  return new Response(object.body, { headers });
}

/**
 * /media/{key}: served only when the object's item is visible to everyone (worker/domain/media-access.ts), so the
 * response may be cached publicly. Anything else (a private or draft item, a missing item, a key that is not one of
 * ours) is a 404 here, whoever asks: owners read those through signed URLs.
 */
mediaRoutes.get("/*", async (c) => {
  let path: string;
  try {
    path = decodeURIComponent(c.req.path.replace(/^\/media\//, ""));
  } catch {
    return c.notFound();
  }
  const key = parseMediaKey(path);
  if (!key || key.key !== path) return c.notFound();
  if ((await objectAccess(c.get("request").db, key, null)) !== "public") return c.notFound();
  const object = await c.env.MEDIA.get(key.key);
  if (!object) return c.notFound();
  return serveObject(object, "public, max-age=31536000, immutable");
});
