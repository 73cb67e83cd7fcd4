/**
 * Serving a stored R2 object as a response: shared by public /media/ (worker/api/media.ts), signed reads
 * (worker/api/storage.ts) and the admin console's audited door to a disputed order's files (app/routes/admin).
 *
 * Downloads behave as browsers and download managers expect (issue 60): the file's own name in Content-Disposition
 * (worker/media/domain/content-disposition.ts), `Accept-Ranges: bytes`, a Range answered 206 with its Content-Range, an
 * If-Range honoured by the ETag (a changed file is sent whole, so a resumed download never splices two versions), and
 * a range past the end 416 with a Content-Range naming only the size (`bytes *` then `/size`).
 */
import { contentDisposition } from "../media/domain/content-disposition";

/** One byte range as RFC 9110 writes it: `first-last`, `first-` or `-suffix`. */
export type ByteRange = { offset: number; last?: number } | { suffix: number };

/**
 * The single range a Range header asks for; null when there is none to honour (no header, another unit, several
 * ranges, a malformed or reversed one): the whole object is then the answer, as RFC 9110 allows. Several ranges would
 * need a multipart/byteranges body, which no player or download manager needs from us.
 */
function parseRange(header: string | null): ByteRange | null {
  const match = header ? /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header) : null;
  if (!match) return null;
  const [, first, last] = match;
  if (first === "" && last === "") return null;
  if (first === "") return { suffix: Number(last) };
  const offset = Number(first);
  if (last === "") return { offset };
  return Number(last) < offset ? null : { offset, last: Number(last) };
}

/** Is the range inside an object of `size` bytes (RFC 9110 14.1.1: a first byte before the end, a suffix above 0)? */
function satisfiable(range: ByteRange, size: number): boolean {
  return "suffix" in range ? range.suffix > 0 && size > 0 : range.offset < size;
}

/** The first and last byte a satisfiable range covers in an object of `size` bytes. */
function bounds(range: ByteRange, size: number): { first: number; last: number } {
  if ("suffix" in range) return { first: Math.max(0, size - range.suffix), last: size - 1 };
  return { first: range.offset, last: Math.min(size - 1, range.last ?? size - 1) };
}

/** R2's form of a range (explicit, so R2 refuses one past the end instead of quietly sending everything). */
function r2Range(range: ByteRange): R2Range {
  if ("suffix" in range) return { suffix: range.suffix };
  return range.last === undefined
    ? { offset: range.offset }
    : { offset: range.offset, length: range.last - range.offset + 1 };
}

/**
 * An If-Range that may let the range through: a strong ETag. A weak one or a date never does (RFC 9110 13.1.5: a
 * strong comparison; we send no Last-Modified to compare a date with), so the whole object is sent.
 */
const strongEtag = (ifRange: string) => /^"[^"]*"$/.test(ifRange.trim());

/** What a read gives: the object (whole or a range of it), or a range the object does not have. */
export type StoredRead =
  | { found: true; object: R2ObjectBody; range: { first: number; last: number } | null }
  | { found: false; unsatisfiable: number }
  | null;

/**
 * An object, or the part a Range header asks for (a video player seeks by ranges, a download manager resumes;
 * decision 033). Null when there is no such object.
 */
export async function getObject(bucket: R2Bucket, key: string, request: Request): Promise<StoredRead> {
  const range = parseRange(request.headers.get("range"));
  if (!range) return whole(await bucket.get(key));
  const ifRange = request.headers.get("if-range");
  if (ifRange !== null && !strongEtag(ifRange)) return whole(await bucket.get(key));
  let object: R2Object | R2ObjectBody | null;
  try {
    object = await bucket.get(key, {
      range: r2Range(range),
      ...(ifRange !== null ? { onlyIf: new Headers({ "if-match": ifRange }) } : {}),
    });
  } catch {
    // R2 refuses a range past the end; what is there to say how big the object is?
    const head = await bucket.head(key);
    if (!head) return null;
    return satisfiable(range, head.size) ? whole(await bucket.get(key)) : { found: false, unsatisfiable: head.size };
  }
  if (!object) return null;
  // The If-Range's ETag is not this object's (it changed since the first part was fetched): all of it, from byte 0.
  if (!("body" in object)) return whole(await bucket.get(key));
  return { found: true, object, range: bounds(range, object.size) };
}

const whole = (object: R2ObjectBody | null): StoredRead => (object ? { found: true, object, range: null } : null);

/** The stored file name of a key (`…/uuid.ext`): the name a file with no other is saved under. */
const keyFileName = (key: string) => key.slice(key.lastIndexOf("/") + 1);

/**
 * A read served inert: its stored Content-Type with nosniff, shown inline only when a browser renders it safely and
 * saved otherwise, under `name` (the media row's, carried by a signed read) or the key's file name; SVG sandboxed; a
 * ranged read as 206 with its Content-Range and length; a range the object does not have as 416.
 */
export function serveObject(read: Exclude<StoredRead, null>, cacheControl: string, name?: string | null): Response {
  if (!read.found)
    return new Response(null, {
      status: 416,
      headers: {
        "content-range": `bytes */${read.unsatisfiable}`,
        "accept-ranges": "bytes",
        "cache-control": cacheControl,
      },
    });
  const { object, range } = read;
  const contentType = object.httpMetadata?.contentType ?? "application/octet-stream";
  const headers = new Headers({
    "content-type": contentType,
    "x-content-type-options": "nosniff",
    "cache-control": cacheControl,
    "accept-ranges": "bytes",
    etag: object.httpEtag,
    "content-disposition": contentDisposition({ contentType, name, fileName: keyFileName(object.key) }),
    "content-length": String(range ? range.last - range.first + 1 : object.size),
  });
  // An SVG opened directly could run script; this policy keeps it an inert picture.
  if (contentType === "image/svg+xml")
    headers.set("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (range) headers.set("content-range", `bytes ${range.first}-${range.last}/${object.size}`);
  return new Response(object.body, { status: range ? 206 : 200, headers });
}
