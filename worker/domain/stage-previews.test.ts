import { describe, expect, it } from "vitest";
import { mediaAccess, type MediaItem } from "./media-access";
import { MB } from "./media-limits";
import { findUploadRule } from "./upload-rules";
import {
  blendWatermark,
  checkPreviewFile,
  checkPreviewPosting,
  imageDimensions,
  previewFileName,
  previewKeyFor,
  previewSize,
  watermarkLayout,
  watermarkText,
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
const mp4 = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom"), 0, 0, 2, 0]);
const wav = new Uint8Array([...new TextEncoder().encode("RIFF"), 0, 0, 0, 0, ...new TextEncoder().encode("WAVE")]);

describe("a posting's files", () => {
  it("takes 1 to 10 files, 32 MB in all", () => {
    expect(checkPreviewPosting([])).toEqual({ ok: false, error: "media_error_too_many" });
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
    const letters = new Uint8Array([0, 0, 0, 255, 255, 0, 0, 255, 0, 0, 0, 255]);
    const outline = new Uint8Array([0, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255]);
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
