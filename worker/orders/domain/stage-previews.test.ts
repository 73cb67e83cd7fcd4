import { describe, expect, it } from "vitest";
import { mediaAccess, type MediaItem } from "../../media/domain/media-access";
import { MB } from "../../media/domain/media-limits";
import { findUploadRule } from "../../media/domain/upload-rules";
import {
  blendWatermark,
  checkPreviewFile,
  checkPreviewPixels,
  checkPreviewPosting,
  imageDimensions,
  previewFileName,
  previewKeyFor,
  PREVIEW_POSTING_PIXELS_MAX,
  previewSize,
  stampMask,
  watermarkLayout,
  watermarkText,
  watermarkTile,
} from "./stage-previews";

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
const png = (width: number, height: number) =>
  new Uint8Array([
    ...PNG_HEAD,
    ...[24, 16, 8, 0].map((s) => (width >>> s) & 255),
    ...[24, 16, 8, 0].map((s) => (height >>> s) & 255),
    8,
    6,
    0,
    0,
    0,
  ]);
const gif = (width: number, height: number) =>
  new Uint8Array([...new TextEncoder().encode("GIF89a"), width & 255, width >> 8, height & 255, height >> 8, 0, 0, 0]);
/** A JPEG with an APP1 segment before its frame header (as a camera's EXIF puts it), then SOF2 (progressive). */
const jpeg = (width: number, height: number) =>
  new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe1,
    0,
    6,
    1,
    2,
    3,
    4,
    0xff,
    0xc2,
    0,
    11,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    3,
    0,
    0,
  ]);
const le16 = (n: number) => [n & 255, n >> 8];
/** A GIF of `screen` (its logical screen) holding `frames`, each an image descriptor and a little LZW data. */
const gifOf = (
  screen: [number, number],
  frames: [number, number][],
  { tables = false, extensions = false, trailer = true } = {},
) =>
  new Uint8Array([
    ...new TextEncoder().encode("GIF89a"),
    ...le16(screen[0]),
    ...le16(screen[1]),
    // A global colour table of 2 entries when asked (flag 0x80, size 0: 2 × 3 bytes).
    tables ? 0x80 : 0,
    0,
    0,
    ...(tables ? [0, 0, 0, 255, 255, 255] : []),
    // The looping application extension and a comment, as editors write them.
    ...(extensions
      ? [0x21, 0xff, 11, ...new TextEncoder().encode("NETSCAPE2.0"), 3, 1, 0, 0, 0, 0x21, 0xfe, 3, 97, 98, 99, 0]
      : []),
    ...frames.flatMap(([width, height]) => [
      ...(extensions ? [0x21, 0xf9, 4, 0, 10, 0, 0, 0] : []),
      0x2c,
      ...le16(0),
      ...le16(0),
      ...le16(width),
      ...le16(height),
      tables ? 0x80 : 0,
      ...(tables ? [0, 0, 0, 255, 255, 255] : []),
      2,
      2,
      0x4c,
      0x01,
      0,
    ]),
    ...(trailer ? [0x3b] : []),
  ]);
const mp4 = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom"), 0, 0, 2, 0]);
const wav = new Uint8Array([...new TextEncoder().encode("RIFF"), 0, 0, 0, 0, ...new TextEncoder().encode("WAVE")]);

describe("a posting's files", () => {
  it("takes 1 to 10 files, 32 MB in all", () => {
    // None is not "too many" (issue 45): its own message.
    expect(checkPreviewPosting([])).toEqual({ ok: false, error: "media_error_no_files" });
    expect(checkPreviewPosting(Array(10).fill(1))).toEqual({ ok: true, value: 10 });
    expect(checkPreviewPosting(Array(11).fill(1))).toEqual({ ok: false, error: "media_error_too_many" });
    expect(checkPreviewPosting([20 * MB, 13 * MB])).toEqual({ ok: false, error: "media_error_too_large" });
  });

  it("a picture by its bytes, up to 10 MB and 12 megapixels, its size from its header", () => {
    expect(checkPreviewFile(1000, png(4000, 3000))).toMatchObject({
      ok: true,
      value: { mediaType: "image", dimensions: { width: 4000, height: 3000 } },
    });
    expect(checkPreviewFile(1000, png(4000, 3001))).toEqual({ ok: false, error: "media_error_too_large" });
    expect(checkPreviewFile(10 * MB + 1, png(10, 10))).toEqual({ ok: false, error: "media_error_too_large" });
    expect(checkPreviewFile(1000, png(0, 10))).toEqual({ ok: false, error: "media_error_unsupported_type" });
    expect(checkPreviewFile(0, png(10, 10))).toEqual({ ok: false, error: "media_error_unsupported_type" });
  });

  it("a clip (mp4, webm, mp3, m4a, wav) up to 20 MB, as video or audio; anything else is refused", () => {
    expect(checkPreviewFile(20 * MB, mp4)).toMatchObject({ ok: true, value: { mediaType: "video", dimensions: null } });
    expect(checkPreviewFile(1000, wav)).toMatchObject({ ok: true, value: { mediaType: "audio" } });
    expect(checkPreviewFile(20 * MB + 1, mp4)).toEqual({ ok: false, error: "media_error_too_large" });
    const text = new TextEncoder().encode("<!doctype html><title>x.png</title>");
    expect(checkPreviewFile(1000, text)).toEqual({ ok: false, error: "media_error_unsupported_type" });
    const pdf = new TextEncoder().encode("%PDF-1.7 and more");
    expect(checkPreviewFile(1000, pdf)).toEqual({ ok: false, error: "media_error_unsupported_type" });
  });

  it("checks every frame of a GIF, not only its screen, before anything is decoded (issue 45)", () => {
    // A 10 × 10 screen holding a 5000 × 5000 frame: the decoder would draw the frame's 25 megapixels.
    expect(checkPreviewFile(1000, gifOf([10, 10], [[5000, 5000]]))).toEqual({
      ok: false,
      error: "media_error_too_large",
    });
    // The huge frame second, after a small one, behind tables and extensions.
    expect(
      checkPreviewFile(
        1000,
        gifOf(
          [10, 10],
          [
            [10, 10],
            [4000, 3001],
          ],
          { tables: true, extensions: true },
        ),
      ),
    ).toEqual({ ok: false, error: "media_error_too_large" });
    // Frames within the limit: the picture counts its largest (screen or frame) toward the posting's pixels.
    const animated = checkPreviewFile(
      1000,
      gifOf(
        [320, 200],
        [
          [320, 200],
          [400, 300],
        ],
        { tables: true, extensions: true },
      ),
    );
    expect(animated).toMatchObject({ ok: true, value: { dimensions: { width: 320, height: 200 }, pixels: 120_000 } });
    // A file cut short after a whole frame still decodes that frame: taken, the frame checked.
    expect(checkPreviewFile(1000, gifOf([8, 8], [[8, 8]], { trailer: false })).ok).toBe(true);
    expect(checkPreviewFile(1000, gifOf([8, 8], [[5000, 5000]], { trailer: false })).ok).toBe(false);
    // No frame at all, or a block of no kind GIF has: nothing the decoder could be trusted with.
    expect(checkPreviewFile(1000, gifOf([8, 8], []))).toEqual({ ok: false, error: "media_error_unsupported_type" });
    const unknownBlock = gifOf([8, 8], [[8, 8]]);
    unknownBlock[13] = 0x99;
    expect(checkPreviewFile(1000, unknownBlock)).toEqual({ ok: false, error: "media_error_unsupported_type" });
  });

  it("a posting's pictures share one budget of decoded pixels, read from their headers (issue 45)", () => {
    const picture = (width: number, height: number) => {
      const checked = checkPreviewFile(1000, png(width, height));
      if (!checked.ok) throw new Error(checked.error);
      return checked.value;
    };
    const clip = checkPreviewFile(1000, mp4);
    if (!clip.ok) throw new Error(clip.error);
    expect(picture(4000, 3000).pixels).toBe(12_000_000);
    expect(clip.value.pixels).toBe(0);
    expect(checkPreviewPixels([picture(4000, 3000), picture(4000, 3000), clip.value])).toEqual({
      ok: true,
      value: 24_000_000,
    });
    expect(PREVIEW_POSTING_PIXELS_MAX).toBe(24_000_000);
    expect(checkPreviewPixels([picture(4000, 3000), picture(4000, 3000), picture(1, 1)])).toEqual({
      ok: false,
      error: "media_error_preview_pixels",
    });
    // Ten pictures of a phone's 12 megapixels: refused whole, not decoded one by one until the CPU runs out.
    expect(checkPreviewPixels(Array.from({ length: 10 }, () => picture(4000, 3000))).ok).toBe(false);
  });

  it("reads a picture's size from a PNG, a GIF and a JPEG with metadata before its frame", () => {
    expect(imageDimensions(png(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageDimensions(gif(320, 200))).toEqual({ width: 320, height: 200 });
    expect(imageDimensions(jpeg(3000, 2000))).toEqual({ width: 3000, height: 2000 });
    expect(imageDimensions(jpeg(3000, 2000).subarray(0, 12))).toBeNull();
  });

  it("keeps a sent name clean, else names the file by its id", () => {
    expect(previewFileName("  sketch\u0000 v2.png ", "id.png")).toBe("sketch v2.png");
    expect(previewFileName(" \u0007 ", "id.png")).toBe("id.png");
    expect(previewFileName("あ".repeat(300), "id.png")).toHaveLength(255);
  });
});

describe("the client's copy", () => {
  it("is at most 1280 px on its long side, never enlarged", () => {
    expect(previewSize(4000, 3000)).toEqual({ width: 1280, height: 960 });
    expect(previewSize(1000, 5000)).toEqual({ width: 256, height: 1280 });
    expect(previewSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it("names the client's handle and the order's code, in characters the font has", () => {
    expect(watermarkText("mika_draws", "K7Q2M9XA")).toBe("@mika_draws  #K7Q2M9XA");
    expect(watermarkText(null, "K7Q2M9XA")).toBe("#K7Q2M9XA");
    expect(watermarkText("みか", "K7Q2M9XA")).toBe("#K7Q2M9XA");
  });

  it("tiles the words over the whole picture, rows shifted, in a legible size", () => {
    const text = watermarkText("mika_draws", "K7Q2M9XA");
    const { fontSize, positions } = watermarkLayout(1280, 960, text);
    expect(fontSize).toBe(40);
    const rows = [...new Set(positions.map((p) => p.y))];
    expect(rows[0]).toBeLessThan(fontSize);
    expect(rows.at(-1)! + 3 * fontSize).toBeGreaterThanOrEqual(960);
    // Each row starts at or before the left edge and reaches the right one; every other row is shifted.
    for (const y of rows) {
      const xs = positions.filter((p) => p.y === y).map((p) => p.x);
      expect(Math.min(...xs)).toBeLessThanOrEqual(0);
      expect(Math.max(...xs) + text.length * fontSize * 0.5 + 2 * fontSize).toBeGreaterThanOrEqual(1280);
    }
    expect(positions.find((p) => p.y === rows[1])!.x).toBeLessThan(0);
    expect(watermarkLayout(120, 90, text).fontSize).toBe(12);
  });
});

describe("laying the watermark over the copy", () => {
  it("whitens under the letters, darkens under their outline, leaves the rest and the alpha alone", () => {
    const pixel = [100, 50, 200, 255];
    const pixels = new Uint8Array([...pixel, ...pixel, ...pixel]);
    const letters = new Uint8Array([0, 255, 0]);
    const outline = new Uint8Array([0, 255, 255]);
    expect([...blendWatermark(pixels, letters, outline)]).toEqual([
      ...pixel,
      // Letters: darkened by half, then three quarters white.
      Math.round(50 * 0.25 + 191.25),
      Math.round(25 * 0.25 + 191.25),
      Math.round(100 * 0.25 + 191.25),
      255,
      // Outline only: darkened by half.
      50,
      25,
      100,
      255,
    ]);
  });
});

describe("the watermark's masks", () => {
  it("lay the words' tile at each position, clipped to the picture, combined as white over white where two meet", () => {
    // A 3 × 2 tile with a pad of 1: its words' corner is (1, 1); red channel 10 to 60 (the other channels ignored).
    const tile = {
      width: 3,
      height: 2,
      pad: 1,
      pixels: new Uint8Array([
        10, 0, 0, 255, 20, 0, 0, 255, 30, 0, 0, 255, 40, 0, 0, 255, 50, 9, 9, 255, 60, 0, 0, 255,
      ]),
    };
    // Inside; off the left and top edges (only the tile's lower right corner shows); two overlapping at (3, 1).
    expect([...stampMask(5, 3, tile, [{ x: 2, y: 1 }])]).toEqual([0, 10, 20, 30, 0, 0, 40, 50, 60, 0, 0, 0, 0, 0, 0]);
    expect([...stampMask(3, 2, tile, [{ x: 0, y: 0 }])]).toEqual([50, 60, 0, 0, 0, 0]);
    expect([
      ...stampMask(5, 2, tile, [
        { x: 1, y: 1 },
        { x: 3, y: 1 },
      ]),
    ]).toEqual([
      10,
      20,
      Math.round(30 + 10 - (30 * 10) / 255),
      20,
      30,
      40,
      50,
      Math.round(60 + 40 - (60 * 40) / 255),
      50,
      60,
    ]);
    // Past the right and bottom edges: nothing drawn outside, nothing thrown.
    expect([...stampMask(2, 1, tile, [{ x: 2, y: 1 }])]).toEqual([0, 10]);
  });

  it("the tile holds any printable ASCII the layout steps over, its outline too", () => {
    const text = watermarkText("mika_draws", "K7Q2M9XA");
    expect(watermarkTile(text, 40)).toEqual({ width: text.length * 40 + 20, height: 100, pad: 10 });
    expect(watermarkTile(text, 12).pad).toBe(3);
  });
});

describe("which copy a party sees", () => {
  const stored = { originalKey: "original", previewKey: "copy" };
  it("the client the watermarked copy until completion, then the original; the seller always the original", () => {
    expect(previewKeyFor({ side: "buyer", orderProgress: "APPROVED" }, stored)).toEqual({
      key: "copy",
      watermarked: true,
    });
    expect(previewKeyFor({ side: "buyer", orderProgress: "DELIVERED" }, stored)).toEqual({
      key: "copy",
      watermarked: true,
    });
    expect(previewKeyFor({ side: "buyer", orderProgress: "CANCELED" }, stored)).toEqual({
      key: "copy",
      watermarked: true,
    });
    expect(previewKeyFor({ side: "buyer", orderProgress: "COMPLETED" }, stored)).toEqual({
      key: "original",
      watermarked: false,
    });
    expect(previewKeyFor({ side: "seller", orderProgress: "APPROVED" }, stored)).toEqual({
      key: "original",
      watermarked: false,
    });
  });
  it("a clip, which has no copy, as posted", () => {
    const clip = { originalKey: "clip", previewKey: null };
    expect(previewKeyFor({ side: "buyer", orderProgress: "APPROVED" }, clip)).toEqual({
      key: "clip",
      watermarked: false,
    });
  });
});

describe("the access rule of a preview's folders", () => {
  const order = (completed: boolean): MediaItem => ({
    domain: "commission-order",
    ownerProfileId: "seller",
    buyerProfileId: "buyer",
    completed,
  });
  const originals = findUploadRule("commission-order", "stage_previews")!;
  const copies = findUploadRule("commission-order", "stage_preview_copies")!;
  const reader = (profileId: string) => ({ profileId });

  it("holds an original from the client until the order is completed; the seller reads it always", () => {
    expect(mediaAccess(order(false), reader("buyer"), originals)).toBe("denied");
    expect(mediaAccess(order(false), reader("seller"), originals)).toBe("owner");
    expect(mediaAccess(order(true), reader("buyer"), originals)).toBe("owner");
    expect(mediaAccess(order(true), reader("stranger"), originals)).toBe("denied");
    expect(mediaAccess(order(true), null, originals)).toBe("denied");
  });

  it("lets both parties read the copies, nobody else, never publicly", () => {
    expect(mediaAccess(order(false), reader("buyer"), copies)).toBe("owner");
    expect(mediaAccess(order(false), reader("seller"), copies)).toBe("owner");
    expect(mediaAccess(order(false), reader("stranger"), copies)).toBe("denied");
    expect(mediaAccess(order(false), null, copies)).toBe("denied");
  });
});
