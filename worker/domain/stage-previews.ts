/**
 * A stage's preview (issue 36, decision 073 "Previews"): what a posting may hold, how the client's copy of a picture is
 * made (reduced to 1280 px on its long side, the client's handle and the order code tiled across it) and which copy each
 * party is shown. Pure: the Worker decodes, draws and stores (worker/services/stage-previews.ts).
 */
import {
  MEDIA_FILE_NAME_MAX,
  STAGE_PREVIEW_CLIP_MAX_BYTES,
  STAGE_PREVIEW_IMAGE_MAX_BYTES,
  STAGE_PREVIEW_MAX_FILES,
  STAGE_PREVIEW_POSTING_MAX_BYTES,
  type MediaErrorCode,
} from "./media-limits";
import { sniffMediaType, type SniffedType } from "./media-sniff";
import { STAGE_PREVIEW_CLIP_KINDS, STAGE_PREVIEW_IMAGE_KINDS } from "./upload-rules";

/** The client's copy of a picture is at most this long on its long side. */
const PREVIEW_LONG_SIDE_MAX = 1280;
/** A picture larger than this (a 4000 × 3000 photograph) is refused: decoded, it would not fit the Worker's memory. */
const PREVIEW_SOURCE_PIXELS_MAX = 12_000_000;
/** The JPEG quality of the client's copy. */
export const PREVIEW_JPEG_QUALITY = 82;

export type PreviewMediaType = "image" | "video" | "audio";

/** One file of a posting, checked: its real type, and for a picture its size in pixels. */
export interface CheckedPreviewFile {
  sniffed: SniffedType;
  mediaType: PreviewMediaType;
  size: number;
  /** Pictures only: read from the header before anything is decoded. */
  dimensions: { width: number; height: number } | null;
}

type Check<T> = { ok: true; value: T } | { ok: false; error: MediaErrorCode };

/** The posting's count and total first (known before a byte is sniffed), with the upload messages' keys. */
export function checkPreviewPosting(sizes: readonly number[]): Check<number> {
  if (sizes.length < 1 || sizes.length > STAGE_PREVIEW_MAX_FILES) return { ok: false, error: "media_error_too_many" };
  if (sizes.reduce((sum, size) => sum + size, 0) > STAGE_PREVIEW_POSTING_MAX_BYTES)
    return { ok: false, error: "media_error_too_large" };
  return { ok: true, value: sizes.length };
}

const isKindOf = (kinds: readonly string[], sniffed: SniffedType) => kinds.includes(sniffed.kind);

/** Whether a file's first bytes are a picture a preview takes (read whole then, to find its size and decode it). */
export function isPreviewPicture(head: Uint8Array): boolean {
  const sniffed = sniffMediaType(head);
  return sniffed !== null && isKindOf(STAGE_PREVIEW_IMAGE_KINDS, sniffed);
}

/**
 * One file by its bytes (never its name or declared type): a picture (jpg, png, gif) up to 10 MB and 12 megapixels,
 * whose header must give its size; a clip (mp4, webm, mp3, m4a, wav) up to 20 MB. `bytes`: the whole file for a
 * picture (a JPEG's size may sit after its metadata), at least its first bytes for a clip.
 */
export function checkPreviewFile(size: number, bytes: Uint8Array): Check<CheckedPreviewFile> {
  if (!Number.isFinite(size) || size <= 0) return { ok: false, error: "media_error_unsupported_type" };
  const sniffed = sniffMediaType(bytes);
  if (sniffed && isKindOf(STAGE_PREVIEW_IMAGE_KINDS, sniffed)) {
    if (size > STAGE_PREVIEW_IMAGE_MAX_BYTES) return { ok: false, error: "media_error_too_large" };
    const dimensions = imageDimensions(bytes);
    if (!dimensions) return { ok: false, error: "media_error_unsupported_type" };
    if (dimensions.width * dimensions.height > PREVIEW_SOURCE_PIXELS_MAX)
      return { ok: false, error: "media_error_too_large" };
    return { ok: true, value: { sniffed, mediaType: "image", size, dimensions } };
  }
  if (sniffed && isKindOf(STAGE_PREVIEW_CLIP_KINDS, sniffed)) {
    if (size > STAGE_PREVIEW_CLIP_MAX_BYTES) return { ok: false, error: "media_error_too_large" };
    const mediaType = sniffed.mediaType === "AUDIO" ? "audio" : "video";
    return { ok: true, value: { sniffed, mediaType, size, dimensions: null } };
  }
  return { ok: false, error: "media_error_unsupported_type" };
}

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);

/** JPEG start-of-frame markers (C0–CF but C4 DHT, C8 JPG and CC DAC), which carry the picture's size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegDimensions(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    // Fill bytes, and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (isStartOfFrame(marker)) return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    if (marker === 0xd9 || marker === 0xda) return null;
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

/** A picture's size from its header (png, gif, jpg); null when the header does not give a sane one. */
export function imageDimensions(b: Uint8Array): { width: number; height: number } | null {
  const kind = sniffMediaType(b)?.kind;
  const size =
    kind === "png" && b.length >= 24
      ? { width: u32be(b, 16), height: u32be(b, 20) }
      : kind === "gif" && b.length >= 10
        ? { width: u16le(b, 6), height: u16le(b, 8) }
        : kind === "jpg"
          ? jpegDimensions(b)
          : null;
  return size && size.width > 0 && size.height > 0 ? size : null;
}

/** The client's copy's size: the picture's, scaled down (never up) so its long side is at most 1280 px. */
export function previewSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PREVIEW_LONG_SIDE_MAX / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The watermark's words: the client's handle and the order's code, so a leaked copy names whose order it came from.
 * Printable ASCII only (handles and codes are; the drawing font has nothing else); no handle: the code alone.
 */
export function watermarkText(clientHandle: string | null, orderCode: string): string {
  const ascii = (text: string) => text.replace(/[^\x21-\x7e]/g, "");
  const handle = clientHandle ? ascii(clientHandle) : "";
  return handle ? `@${handle}  #${ascii(orderCode)}` : `#${ascii(orderCode)}`;
}

/** A drawing font's advance per character, as a share of its size (the Worker's font averages 0.46). */
const CHARACTER_WIDTH = 0.5;

/**
 * Where the watermark is drawn on a copy of `width` × `height`: its font size (a twentieth of the short side, 12 to 40
 * px: legible, never the picture's subject) and the top-left corner of each repetition, in rows three font sizes apart,
 * every other row shifted by half a step (a brick pattern), from outside the left edge to past the right one, so no
 * strip of the picture is free of it.
 */
export function watermarkLayout(
  width: number,
  height: number,
  text: string,
): { fontSize: number; positions: { x: number; y: number }[] } {
  const fontSize = Math.min(40, Math.max(12, Math.round(Math.min(width, height) / 20)));
  const stepX = Math.ceil(text.length * fontSize * CHARACTER_WIDTH) + 2 * fontSize;
  const stepY = 3 * fontSize;
  const positions: { x: number; y: number }[] = [];
  for (let row = 0, y = Math.round(fontSize / 2); y < height; row++, y += stepY) {
    for (let x = row % 2 === 0 ? 0 : -Math.round(stepX / 2); x < width; x += stepX) positions.push({ x, y });
  }
  return { fontSize, positions };
}

/** How much the letters whiten the picture, and how much their outline darkens it (0: not at all, 1: entirely). */
const LETTER_OPACITY = 0.75;
const OUTLINE_OPACITY = 0.5;

/**
 * Lays the watermark over the copy's RGBA pixels, in place: each pixel darkened by the outline's coverage, then
 * whitened by the letters' (both masks RGBA, white where drawn; only their red channel is read). Translucent, so the
 * work still shows through, and outlined, so the words read on light and dark alike.
 */
export function blendWatermark(pixels: Uint8Array, letters: Uint8Array, outline: Uint8Array): Uint8Array {
  for (let i = 0; i < pixels.length; i += 4) {
    const shade = 1 - (OUTLINE_OPACITY * outline[i]!) / 255;
    const white = (LETTER_OPACITY * letters[i]!) / 255;
    for (let c = i; c < i + 3; c++) pixels[c] = Math.round(pixels[c]! * shade * (1 - white) + 255 * white);
  }
  return pixels;
}

/** A file's name as shown on the timeline: trimmed, without control characters, at most 255; else `fallback`. */
export function previewFileName(name: string, fallback: string): string {
  const clean = name
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
  return clean ? Array.from(clean).slice(0, MEDIA_FILE_NAME_MAX).join("") : fallback;
}

/** Which stored copy a party is shown: the client the watermarked one until the order is completed, else the original. */
export function previewKeyFor(
  viewer: { side: "seller" | "buyer"; orderProgress: string },
  stored: { originalKey: string; previewKey: string | null },
): { key: string; watermarked: boolean } {
  if (viewer.side === "seller" || viewer.orderProgress === "COMPLETED" || !stored.previewKey)
    return { key: stored.originalKey, watermarked: false };
  return { key: stored.previewKey, watermarked: true };
}
