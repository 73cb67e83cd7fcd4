import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseMediaKey } from "#worker/media/domain/media-keys";
import { findUploadRule } from "#worker/media/domain/upload-rules";
import { ZIP_LISTING_SHOWN_MAX } from "#worker/media/domain/zip-directory";
import { inspectStoredFile } from "#worker/media/services/file-inspection";
import { checkAttachment } from "#worker/media/services/storage";
import {
  aiffFile,
  blendFile,
  clipFile,
  fbxFile,
  glbFile,
  glbModel,
  live2dPackage,
  lyingZip,
  type LyingZipKind,
  moc3File,
  pdfFile,
  psdFile,
  sevenZipFile,
  SHIFT_JIS_NAME,
  vrmFile,
  wavFile,
  zipArchive,
  zipWithManyEntries,
} from "../../fixtures/work-files";

/**
 * The deep inspection of a stored work file (issue 60, decision 096) against miniflare's R2: each kind's details read
 * by Range reads only, every refusal of a ZIP whose directory lies or holds too much, the VRM rule, and the attach
 * path (checkAttachment) running the same inspection and deleting what it refuses.
 */

let serial = 0;
const uuid = () => {
  const n = String(++serial).padStart(12, "0");
  return `5f0e8a60-0000-4000-8000-${n}`;
};
/** A deliverable's key in an order's folder (the rule's ownership plays no part here: the bucket is used directly). */
const keyOf = (ext: string, field = "deliverables") => `v1/commission-order/ord_inspect/${field}/${uuid()}.${ext}`;

async function stored(bytes: Uint8Array, ext: string, field?: string) {
  const key = keyOf(ext, field);
  await env.MEDIA.put(key, bytes);
  return key;
}

/** The bucket, with every get's options recorded (the inspection must never read an object whole). */
function watchedBucket() {
  const gets: { offset: number; length: number }[] = [];
  const bucket = new Proxy(env.MEDIA, {
    get(target, prop) {
      if (prop === "get")
        return async (key: string, options?: R2GetOptions) => {
          const range = options?.range as { offset: number; length: number } | undefined;
          if (!range || range.offset === undefined || range.length === undefined)
            throw new Error("a get without a range");
          gets.push(range);
          return target.get(key, options);
        };
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { bucket, gets };
}

describe("inspectStoredFile", () => {
  it("lists a stored ZIP's entries from its central directory", async () => {
    const bytes = live2dPackage();
    const key = await stored(bytes, "zip");
    const result = await inspectStoredFile(env.MEDIA, key);
    expect(result).toMatchObject({
      ok: true,
      size: bytes.length,
      sniffed: { kind: "zip", mimeType: "application/zip" },
    });
    if (!result.ok) return;
    expect(result.details?.zip?.totalEntries).toBe(6);
    expect(result.details?.zip?.entries.map((e) => e.name)).toContain("hiyori/説明書.txt");
    expect(result.details?.zip?.entries[1]).toEqual({
      name: "hiyori/hiyori.moc3",
      size: 128,
      compressedSize: 128,
      directory: false,
    });
  });

  it("decodes an unflagged Shift_JIS name in workerd, as a Japanese Windows writes it", async () => {
    const key = await stored(zipArchive([{ name: "", rawName: SHIFT_JIS_NAME, data: "使い方" }]), "zip");
    expect(await inspectStoredFile(env.MEDIA, key)).toMatchObject({
      ok: true,
      details: { zip: { entries: [{ name: "説明書.txt" }] } },
    });
  });

  it("reads a large ZIP by a few small Range reads, never whole", async () => {
    // 6 MiB of one stored entry, then a directory of 1,500 entries (larger than the tail read).
    const big = new Uint8Array(6 * 1024 * 1024).fill(7);
    const entries = [
      { name: "master.mov", data: big },
      ...Array.from({ length: 1500 }, (_, i) => ({
        name: `motions/${"motion-".repeat(10)}${i}.motion3.json`,
        data: "{}",
      })),
    ];
    const bytes = zipArchive(entries);
    const key = await stored(bytes, "zip");
    const { bucket, gets } = watchedBucket();
    const result = await inspectStoredFile(bucket, key);
    expect(result).toMatchObject({ ok: true, details: { zip: { totalEntries: 1501, totalSize: big.length + 3000 } } });
    if (result.ok) expect(result.details?.zip?.entries).toHaveLength(ZIP_LISTING_SHOWN_MAX);
    expect(gets.length).toBeLessThanOrEqual(3);
    expect(gets.reduce((n, g) => n + g.length, 0)).toBeLessThan(bytes.length / 10);
  });

  it("lists a ZIP64 archive", async () => {
    const key = await stored(zipArchive([{ name: "a.txt", data: "hello" }], { zip64: true }), "zip");
    expect(await inspectStoredFile(env.MEDIA, key)).toMatchObject({
      ok: true,
      details: { zip: { totalEntries: 1, totalSize: 5, entries: [{ name: "a.txt", size: 5 }] } },
    });
  });

  it.each<LyingZipKind>(["size", "stored-sizes", "overlap", "count", "directory-outside", "offset-in-directory"])(
    "refuses a ZIP whose directory lies (%s)",
    async (kind) => {
      const key = await stored(lyingZip(kind), "zip");
      expect(await inspectStoredFile(env.MEDIA, key)).toEqual({ ok: false, error: "media_error_zip_directory" });
    },
  );

  it("refuses a ZIP of 100,000 entries, reading only its tail", async () => {
    const bytes = zipWithManyEntries(100_000);
    const key = await stored(bytes, "zip");
    const { bucket, gets } = watchedBucket();
    expect(await inspectStoredFile(bucket, key)).toEqual({ ok: false, error: "media_error_zip_too_many" });
    // The head, then the tail: the directory itself (some 6 MB) is never read.
    expect(gets.length).toBe(2);
    expect(gets.reduce((n, g) => n + g.length, 0)).toBeLessThan(256 * 1024);
  });

  it("summarizes a PSD and a PSB from their headers", async () => {
    const psd = await stored(psdFile({ width: 64, height: 48, layers: 12 }), "psd");
    expect(await inspectStoredFile(env.MEDIA, psd)).toMatchObject({
      ok: true,
      sniffed: { kind: "psd", ext: "psd" },
      details: { psd: { format: "psd", width: 64, height: 48, layers: 12 } },
    });
    const psb = await stored(psdFile({ format: "psb", width: 50_000, height: 40_000, layers: 2 }), "psb");
    expect(await inspectStoredFile(env.MEDIA, psb)).toMatchObject({
      ok: true,
      sniffed: { kind: "psb" },
      details: { psd: { format: "psb", width: 50_000, height: 40_000, layers: 2 } },
    });
  });

  it("refuses a PSD whose header contradicts the file", async () => {
    const bytes = psdFile({ layers: 3 });
    new DataView(bytes.buffer).setUint32(26 + 4 + 4 + 28, 50_000_000); // the layer section's length
    const key = await stored(bytes, "psd");
    expect(await inspectStoredFile(env.MEDIA, key)).toEqual({ ok: false, error: "media_error_damaged" });
  });

  it("says which GLB is a VRM, and takes a .vrm key only when its JSON names VRM's extension", async () => {
    const vrmAsGlb = await stored(vrmFile("1.0"), "glb");
    expect(await inspectStoredFile(env.MEDIA, vrmAsGlb)).toMatchObject({
      ok: true,
      sniffed: { kind: "glb" },
      details: { model: { vrm: true, vrmVersion: "1.0" } },
    });
    const vrm0 = await stored(vrmFile("0.x"), "vrm");
    expect(await inspectStoredFile(env.MEDIA, vrm0)).toMatchObject({
      ok: true,
      sniffed: { kind: "vrm", ext: "vrm", mimeType: "model/vrm", mediaType: "MODEL" },
      details: { model: { vrm: true, vrmVersion: "0.x" } },
    });
    const plain = await stored(glbModel(), "glb");
    expect(await inspectStoredFile(env.MEDIA, plain)).toMatchObject({ ok: true, details: { model: { vrm: false } } });
    const glbAsVrm = await stored(glbModel(), "vrm");
    expect(await inspectStoredFile(env.MEDIA, glbAsVrm)).toEqual({ ok: false, error: "media_error_unsupported_type" });
  });

  it("refuses a glTF whose header or JSON chunk is broken", async () => {
    const cut = glbModel().subarray(0, 200);
    expect(await inspectStoredFile(env.MEDIA, await stored(cut, "glb"))).toEqual({
      ok: false,
      error: "media_error_damaged",
    });
    const notJson = glbFile("{ this is not JSON");
    expect(await inspectStoredFile(env.MEDIA, await stored(notJson, "glb"))).toEqual({
      ok: false,
      error: "media_error_damaged",
    });
  });

  it.each([
    ["7z", sevenZipFile()],
    ["clip", clipFile()],
    ["blend", blendFile()],
    ["fbx", fbxFile()],
    ["moc3", moc3File()],
    ["aiff", aiffFile()],
    ["wav", wavFile({ rf64: true })],
    ["pdf", pdfFile()],
  ] as const)("takes a .%s by its first bytes, with no details", async (ext, bytes) => {
    const result = await inspectStoredFile(env.MEDIA, await stored(bytes, ext));
    expect(result).toMatchObject({ ok: true, size: bytes.length, details: null });
    if (result.ok) expect(result.sniffed.ext).toBe(ext);
  });

  it("keeps the first-bytes checks: the key's extension, the rule's kinds, a missing object", async () => {
    expect(await inspectStoredFile(env.MEDIA, await stored(live2dPackage(), "psd"))).toEqual({
      ok: false,
      error: "media_error_unsupported_type",
    });
    // The chat does not take the work itself.
    const chatZip = await stored(live2dPackage(), "zip", "chat_medias");
    expect(await inspectStoredFile(env.MEDIA, chatZip)).toEqual({ ok: false, error: "media_error_unsupported_type" });
    const rule = findUploadRule("commission-order", "chat_medias")!;
    expect(await inspectStoredFile(env.MEDIA, await stored(live2dPackage(), "zip"), rule)).toEqual({
      ok: false,
      error: "media_error_unsupported_type",
    });
    expect(await inspectStoredFile(env.MEDIA, keyOf("zip"))).toEqual({ ok: false, error: "not_found" });
  });
});

describe("checkAttachment runs the same inspection", () => {
  it("deletes an attached ZIP whose directory lies, and keeps an honest one", async () => {
    const lying = await stored(lyingZip("overlap"), "zip");
    expect(await checkAttachment(env.MEDIA, parseMediaKey(lying)!, () => true)).toEqual({
      ok: false,
      error: "media_error_zip_directory",
    });
    expect(await env.MEDIA.head(lying)).toBeNull();
    const honest = await stored(live2dPackage(), "zip");
    expect(await checkAttachment(env.MEDIA, parseMediaKey(honest)!, () => true)).toMatchObject({
      ok: true,
      mimeType: "application/zip",
    });
    expect(await env.MEDIA.head(honest)).not.toBeNull();
  });
});
