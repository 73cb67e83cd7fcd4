/**
 * A stage's preview (issue 36, decision 073 "Previews"): what a posting may hold, how the client's copy of a picture is
 * made (reduced to 1280 px on its long side, the client's handle and the order code tiled across it) and which copy each
 * party is shown. Pure: the Worker decodes, draws and stores (worker/orders/services/stage-previews.ts).
 */
import { fileNameOf } from "../../media/domain/file-names";
import {
  STAGE_PREVIEW_CLIP_MAX_BYTES,
  STAGE_PREVIEW_IMAGE_MAX_BYTES,
  STAGE_PREVIEW_MAX_FILES,
  STAGE_PREVIEW_POSTING_MAX_BYTES,
  type MediaErrorCode,
} from "../../media/domain/media-limits";
import { sniffMediaType, type SniffedType } from "../../media/domain/media-sniff";
import { STAGE_PREVIEW_CLIP_KINDS, STAGE_PREVIEW_IMAGE_KINDS } from "../../media/domain/upload-rules";

/** The client's copy of a picture is at most this long on its long side. */
const PREVIEW_LONG_SIDE_MAX = 1280;
/** A picture larger than this (a 4000 × 3000 photograph) is refused: decoded, it would not fit the Worker's memory. */
const PREVIEW_SOURCE_PIXELS_MAX = 12_000_000;
/**
 * What one posting's pictures may add up to, in decoded pixels (two pictures of the limit above), read from their
 * headers before any is decoded: decoding and reducing costs CPU by the pixel, and one request has 30 s of it on the
 * Paid plan. Decision 076 has the measurements behind the figure.
 */
export const PREVIEW_POSTING_PIXELS_MAX = 2 * PREVIEW_SOURCE_PIXELS_MAX;
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
  /**
   * What decoding it draws, in pixels (0 for a clip): a picture's size, a GIF's largest of its screen and its frames.
   * The posting's budget (`checkPreviewPixels`) adds these up.
   */
  pixels: number;
}

type Check<T> = { ok: true; value: T } | { ok: false; error: MediaErrorCode };

/** The posting's count and total first (known before a byte is sniffed), with the upload messages' keys. */
export function checkPreviewPosting(sizes: readonly number[]): Check<number> {
  if (sizes.length < 1) return { ok: false, error: "media_error_no_files" };
  if (sizes.length > STAGE_PREVIEW_MAX_FILES) return { ok: false, error: "media_error_too_many" };
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
 * whose header must give its size (a GIF: every frame's own size too, since a small screen may hold a huge frame); a
 * clip (mp4, webm, mp3, m4a, wav) up to 20 MB. `bytes`: the whole file for a picture (a JPEG's size may sit after its
 * metadata, a GIF's frames follow one another), at least its first bytes for a clip.
 */
export function checkPreviewFile(size: number, bytes: Uint8Array): Check<CheckedPreviewFile> {
  if (!Number.isFinite(size) || size <= 0) return { ok: false, error: "media_error_unsupported_type" };
  const sniffed = sniffMediaType(bytes);
  if (sniffed && isKindOf(STAGE_PREVIEW_IMAGE_KINDS, sniffed)) {
    if (size > STAGE_PREVIEW_IMAGE_MAX_BYTES) return { ok: false, error: "media_error_too_large" };
    const dimensions = imageDimensions(bytes);
    if (!dimensions) return { ok: false, error: "media_error_unsupported_type" };
    const frames = sniffed.kind === "gif" ? gifFrameSizes(bytes) : [];
    if (!frames) return { ok: false, error: "media_error_unsupported_type" };
    const pixels = Math.max(...[dimensions, ...frames].map((f) => f.width * f.height));
    if (pixels > PREVIEW_SOURCE_PIXELS_MAX) return { ok: false, error: "media_error_too_large" };
    return { ok: true, value: { sniffed, mediaType: "image", size, dimensions, pixels } };
  }
  if (sniffed && isKindOf(STAGE_PREVIEW_CLIP_KINDS, sniffed)) {
    if (size > STAGE_PREVIEW_CLIP_MAX_BYTES) return { ok: false, error: "media_error_too_large" };
    const mediaType = sniffed.mediaType === "AUDIO" ? "audio" : "video";
    return { ok: true, value: { sniffed, mediaType, size, dimensions: null, pixels: 0 } };
  }
  return { ok: false, error: "media_error_unsupported_type" };
}

/**
 * The posting's pictures together, after each file's own check and before any is decoded: at most
 * PREVIEW_POSTING_PIXELS_MAX decoded pixels in all (`media_error_preview_pixels`), so one request's decoding stays
 * well within the Worker's CPU limit. The value: the posting's pixels.
 */
export function checkPreviewPixels(files: readonly Pick<CheckedPreviewFile, "pixels">[]): Check<number> {
  const pixels = files.reduce((sum, file) => sum + file.pixels, 0);
  return pixels > PREVIEW_POSTING_PIXELS_MAX
    ? { ok: false, error: "media_error_preview_pixels" }
    : { ok: true, value: pixels };
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

/** The bytes of a GIF colour table a packed field announces (its flag 0x80, its size 2^(n+1) entries of 3 bytes). */
const gifTableBytes = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);

/**
 * Every frame's own size in a GIF (each image descriptor's width and height), found by walking its blocks without
 * decoding any: after the screen descriptor and its colour table come extensions (0x21, skipped by their sub-blocks),
 * frames (0x2C: descriptor, colour table, LZW data in sub-blocks) and the trailer (0x3B). A file cut short ends the
 * walk: a decoder draws at most the frames before the cut, each found here. Null when there is no frame, or a block
 * of no kind GIF has (nothing a decoder can be trusted with).
 */
function gifFrameSizes(b: Uint8Array): { width: number; height: number }[] | null {
  if (b.length < 13) return null;
  /** The index after a run of sub-blocks (each its length, then its bytes) ended by a block of length 0. */
  const afterSubBlocks = (start: number) => {
    let i = start;
    while (i < b.length && b[i] !== 0) i += b[i]! + 1;
    return i + 1;
  };
  const frames: { width: number; height: number }[] = [];
  let i = 13 + gifTableBytes(b[10]!);
  while (i < b.length && b[i] !== 0x3b) {
    if (b[i] === 0x21) i = afterSubBlocks(i + 2);
    else if (b[i] !== 0x2c) return null;
    else if (i + 10 > b.length) break;
    else {
      frames.push({ width: u16le(b, i + 5), height: u16le(b, i + 7) });
      // The descriptor (10 bytes), its colour table, the LZW minimum code size (1 byte), then the data.
      i = afterSubBlocks(i + 10 + gifTableBytes(b[i + 9]!) + 1);
    }
  }
  return frames.length > 0 ? frames : null;
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

/**
 * The picture the words are drawn into once (RGBA, black, the words white with their top-left corner at (pad, pad)),
 * to be laid at every position of the layout (`stampMask`): drawing them into the whole copy at each position cost
 * Photon two copies of the whole picture per repetition, about 1 s of CPU a picture (decision 076). Wide enough for
 * any printable ASCII at one font size a character, tall enough for ascenders and descenders, with room for the
 * outline.
 */
export function watermarkTile(text: string, fontSize: number): { width: number; height: number; pad: number } {
  const pad = Math.ceil(fontSize / 4);
  return { width: text.length * fontSize + 2 * pad, height: 2 * fontSize + 2 * pad, pad };
}

/**
 * A coverage mask of `width` × `height` (one byte a pixel, 0 to 255): the tile (`watermarkTile`, RGBA, only its red
 * channel read) laid with its words' corner at each position, clipped to the picture; where two reach a pixel, their
 * coverages combine as white drawn over white does. The same pixels as drawing the words at each position (to the
 * rounding, where repetitions overlap), at a fraction of the cost.
 */
export function stampMask(
  width: number,
  height: number,
  tile: { pixels: Uint8Array; width: number; height: number; pad: number },
  positions: readonly { x: number; y: number }[],
): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (const { x, y } of positions) {
    const left = x - tile.pad;
    const top = y - tile.pad;
    const fromX = Math.max(0, -left);
    const toX = Math.min(tile.width, width - left);
    for (let ty = Math.max(0, -top); ty < Math.min(tile.height, height - top); ty++) {
      const row = (top + ty) * width + left;
      const tileRow = ty * tile.width;
      for (let tx = fromX; tx < toX; tx++) {
        const value = tile.pixels[(tileRow + tx) * 4]!;
        const under = mask[row + tx]!;
        // White drawn over what is there, as drawing the words again would: the coverages combine (screen).
        if (value > 0) mask[row + tx] = under === 0 ? value : Math.round(under + value - (under * value) / 255);
      }
    }
  }
  return mask;
}

/** How much the letters whiten the picture, and how much their outline darkens it (0: not at all, 1: entirely). */
const LETTER_OPACITY = 0.75;
const OUTLINE_OPACITY = 0.5;

/**
 * Lays the watermark over the copy's RGBA pixels, in place: each pixel darkened by the outline's coverage, then
 * whitened by the letters' (both masks one byte a pixel, `stampMask`). Translucent, so the work still shows through,
 * and outlined, so the words read on light and dark alike.
 */
export function blendWatermark(pixels: Uint8Array, letters: Uint8Array, outline: Uint8Array): Uint8Array {
  for (let i = 0, p = 0; i < pixels.length; i += 4, p++) {
    const shade = 1 - (OUTLINE_OPACITY * outline[p]!) / 255;
    const white = (LETTER_OPACITY * letters[p]!) / 255;
    for (let c = i; c < i + 3; c++) pixels[c] = Math.round(pixels[c]! * shade * (1 - white) + 255 * white);
  }
  return pixels;
}

/** A file's name as shown on the timeline: the sender's as every file's is kept (`fileNameOf`); else `fallback`. */
export function previewFileName(name: string, fallback: string): string {
  return fileNameOf(name, fallback);
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
