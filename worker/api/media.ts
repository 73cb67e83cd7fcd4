import { Hono } from "hono";
import type { AppEnv } from "../http/context";

export const mediaRoutes = new Hono<AppEnv>();

const INLINE_TYPES = /^(image|audio|video)\//;

/** Public media from R2 at /media/{key}. Anything not an image, audio or video downloads instead of rendering. */
mediaRoutes.get("/*", async (c) => {
  const key = decodeURIComponent(c.req.path.replace(/^\/media\//, ""));
  if (!key.startsWith("v1/") || key.includes("..")) return c.notFound();
  const object = await c.env.MEDIA.get(key);
  if (!object) return c.notFound();
  const contentType = object.httpMetadata?.contentType ?? "application/octet-stream";
  const headers = new Headers({
    "content-type": contentType,
    "x-content-type-options": "nosniff",
    "cache-control": "public, max-age=31536000, immutable",
    etag: object.httpEtag,
  });
  if (!INLINE_TYPES.test(contentType)) headers.set("content-disposition", "attachment");
  // An SVG opened directly could run script; this policy keeps it an inert picture.
  if (contentType === "image/svg+xml") headers.set("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  return new Response(object.body, { headers });
});
