/**
 * Serving a stored R2 object as a response: shared by public /media/ (worker/api/media.ts), signed reads
 * (worker/api/storage.ts) and the admin console's audited door to a disputed order's files (app/routes/admin).
 */

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
