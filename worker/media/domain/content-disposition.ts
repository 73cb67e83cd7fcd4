/**
 * How a stored file is handed to the browser (issue 60): shown in the page or saved, and under which name. Pure, so
 * every door that serves a stored object (public /media/, signed reads, the admin console's dispute files) says the
 * same thing.
 *
 * Inline only for what a browser renders safely and usefully by itself: the picture formats we store (never SVG
 * unsandboxed, never a PSD, which is `image/` but no browser draws), and the sound and video formats a browser plays.
 * Everything else (archives, models, PSD/PSB, Clip Studio, Blender, FBX, Live2D, PDFs, AIFF) is an attachment: saved,
 * never opened by the browser under our origin.
 *
 * The name is RFC 6266's `filename*` in RFC 5987's `UTF-8''…` form (a Japanese name arrives whole), after an ASCII
 * `filename="…"` for the few clients that read only that one (RFC 6266 appendix D: the plain one first).
 */

/** The MIME types shown inline. Anything not listed is a download. */
const INLINE_TYPES = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/avif",
  // Served with a sandboxing CSP by stored-object.ts: a picture, never a page that runs script.
  "image/svg+xml",
  "audio/mpeg",
  "audio/mp4",
  "audio/aac",
  "audio/wav",
  "audio/x-wav",
  "audio/wave",
  "audio/ogg",
  "audio/flac",
  "audio/webm",
  "video/mp4",
  "video/quicktime",
  "video/webm",
  "video/ogg",
]);

/** Is this stored type shown in the page (else saved)? Parameters (`; charset=…`) and case do not count. */
export function isInlineType(contentType: string): boolean {
  return INLINE_TYPES.has(contentType.split(";")[0].trim().toLowerCase());
}

/**
 * Other extensions a name may rightly end in for a stored kind's extension (the key's, named after the sniffed type):
 * `photo.jpeg` is a jpg, `avatar.vrm` is glTF binary whichever kind the sniffer calls it.
 */
const EXTENSION_ALIASES: Record<string, string[]> = {
  jpg: ["jpeg", "jpe", "jfif"],
  mp4: ["m4v"],
  mov: ["qt"],
  glb: ["vrm"],
  vrm: ["glb"],
  aiff: ["aif", "aifc"],
  aif: ["aiff", "aifc"],
  psd: ["psb"],
  psb: ["psd"],
  mp3: ["mpga"],
  ogg: ["oga", "opus"],
  wav: ["wave"],
  // The ZIP-container formats creators save (decision 096): Krita, OpenRaster, Procreate; a Live2D package is a .zip.
  zip: ["kra", "ora", "procreate"],
};

/** Control characters (C0, DEL, C1), bidirectional controls and lone surrogates: never part of a saved name. */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udfff]/gu;

/**
 * The name the file is saved under: the given name cleaned (controls and bidi overrides dropped, path separators made
 * `_`, whitespace runs one space, trimmed of spaces and dots), else `fallback` (the stored key's file name). When the
 * name's extension is not one of the stored kind's (`keyExtension`), the kind's is added: a ZIP uploaded as
 * `notes.html` is saved as `notes.html.zip`, so no saved file opens as something its bytes are not.
 */
export function downloadName(name: string | null | undefined, fallback: string, keyExtension?: string | null): string {
  // Surrogate pairs stay whole (the `u` flag); a lone one is dropped.
  const cleaned = (name ?? "")
    .normalize("NFC")
    .replace(INVISIBLE, "")
    .replace(/[/\\]/g, "_")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  if (!cleaned) return fallback;
  const ext = keyExtension?.toLowerCase();
  if (!ext) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const own = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : "";
  return own === ext || EXTENSION_ALIASES[ext]?.includes(own) ? cleaned : `${cleaned}.${ext}`;
}

/** RFC 5987 attr-char: sent as itself in `filename*`; every other byte of the UTF-8 is %XX. */
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

function encodeExtValue(name: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(name)) {
    const character = String.fromCharCode(byte);
    out +=
      byte < 0x80 && ATTR_CHAR.test(character) ? character : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/**
 * The plain `filename` for clients that ignore `filename*`: printable ASCII only. Each run of other characters is one
 * `_`; quotes, backslashes and `%` (which some clients would decode) are `_` too. A name left with nothing to read
 * keeps its extension after "download".
 */
export function asciiFallbackName(name: string): string {
  const ascii = name
    .replace(/[^\x20-\x7e]+/g, "_")
    .replace(/["\\%]/g, "_")
    .trim();
  const dot = ascii.lastIndexOf(".");
  const stem = dot > 0 ? ascii.slice(0, dot) : ascii;
  if (/[A-Za-z0-9]/.test(stem)) return ascii;
  const ext = dot > 0 ? ascii.slice(dot) : "";
  return `download${/^\.[A-Za-z0-9]+$/.test(ext) ? ext : ""}`;
}

/**
 * The Content-Disposition of a stored object: `inline` or `attachment` by its type, with the name it is saved under.
 * `name`: the name the media row keeps (from the signed token), or null for the key's `fileName` (`uuid.ext`).
 */
export function contentDisposition({
  contentType,
  name,
  fileName,
}: {
  contentType: string;
  name?: string | null;
  /** The stored key's file name, `uuid.ext`: the name when none is given, and whose extension a given one must match. */
  fileName: string;
}): string {
  const dot = fileName.lastIndexOf(".");
  const saved = downloadName(name, fileName, dot > 0 ? fileName.slice(dot + 1) : null);
  const type = isInlineType(contentType) ? "inline" : "attachment";
  return `${type}; filename="${asciiFallbackName(saved)}"; filename*=UTF-8''${encodeExtValue(saved)}`;
}
