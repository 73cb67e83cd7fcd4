/**
 * A ZIP's table of contents from its central directory (issue 60, decision 096): read with a few Range reads, ZIP64
 * included, and every way a directory can lie refused. The archives are the tests' own (tests/fixtures/work-files.ts).
 */
import { describe, expect, it } from "vitest";
import {
  emptyZip,
  live2dPackage,
  lyingZip,
  type LyingZipKind,
  memoryReader,
  SHIFT_JIS_NAME,
  sparseZip64,
  utf8,
  zipArchive,
  zipWithManyEntries,
} from "../../../tests/fixtures/work-files";
import { isUnsafeName, readZipDirectory, ZIP_LISTING_SHOWN_MAX, ZIP_MAX_ENTRIES } from "./zip-directory";

const list = (bytes: Uint8Array, options?: Parameters<typeof readZipDirectory>[2]) => {
  const reader = memoryReader(bytes);
  return readZipDirectory(reader.read, bytes.length, options);
};

describe("readZipDirectory", () => {
  it("lists a Live2D package's entries with their sizes, folders and UTF-8 names", async () => {
    const result = await list(live2dPackage());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.listing.totalEntries).toBe(6);
    expect(result.listing.entries.map((e) => e.name)).toEqual([
      "hiyori/",
      "hiyori/hiyori.moc3",
      "hiyori/hiyori.model3.json",
      "hiyori/textures/texture_00.png",
      "hiyori/motions/idle.motion3.json",
      "hiyori/説明書.txt",
    ]);
    expect(result.listing.entries[0]).toEqual({ name: "hiyori/", size: 0, compressedSize: 0, directory: true });
    expect(result.listing.entries[1]).toEqual({
      name: "hiyori/hiyori.moc3",
      size: 128,
      compressedSize: 128,
      directory: false,
    });
    expect(result.listing.totalSize).toBe(result.listing.entries.reduce((n, e) => n + e.size, 0));
  });

  it("lists the empty archive", async () => {
    expect(await list(emptyZip())).toEqual({ ok: true, listing: { entries: [], totalEntries: 0, totalSize: 0 } });
  });

  it("finds the end record behind a comment, and refuses bytes appended after it", async () => {
    const commented = zipArchive([{ name: "a.txt", data: "a" }], {
      comment: "PK\x05\x06 not the end record ".repeat(100),
    });
    expect((await list(commented)).ok).toBe(true);
    const appended = new Uint8Array([...zipArchive([{ name: "a.txt", data: "a" }]), 0x00]);
    expect(await list(appended)).toMatchObject({ ok: false, error: { code: "not_a_zip" } });
    expect(await list(utf8("PK\x03\x04 and nothing else, no directory at all"))).toMatchObject({
      ok: false,
      error: { code: "not_a_zip" },
    });
  });

  it("reads a ZIP64 archive's records and extra fields", async () => {
    const bytes = zipArchive(
      [
        { name: "a.txt", data: "hello" },
        { name: "sub", directory: true },
      ],
      { zip64: true },
    );
    const result = await list(bytes);
    expect(result).toMatchObject({ ok: true, listing: { totalEntries: 2, totalSize: 5 } });
    if (result.ok)
      expect(result.listing.entries[0]).toEqual({ name: "a.txt", size: 5, compressedSize: 5, directory: false });
  });

  it("lists a 5 GiB ZIP64 archive from its tail, in one Range read", async () => {
    const zip = sparseZip64(5 * 1024 ** 3);
    let reads = 0;
    const result = await readZipDirectory((offset, length) => {
      reads++;
      return zip.read(offset, length);
    }, zip.size);
    expect(result).toEqual({
      ok: true,
      listing: {
        entries: [{ name: "master.mov", size: 5 * 1024 ** 3, compressedSize: 5 * 1024 ** 3, directory: false }],
        totalEntries: 1,
        totalSize: 5 * 1024 ** 3,
      },
    });
    expect(reads).toBe(1);
  });

  it("reads a directory larger than the tail with one more read", async () => {
    const entries = Array.from({ length: 3000 }, (_, i) => ({
      name: `textures/${"long-name-".repeat(8)}${i}.png`,
      data: "x",
    }));
    const bytes = zipArchive(entries);
    const reader = memoryReader(bytes);
    const result = await readZipDirectory(reader.read, bytes.length);
    expect(result).toMatchObject({ ok: true, listing: { totalEntries: 3000, totalSize: 3000 } });
    expect(reader.reads).toBe(2);
    // The listing keeps the first entries; the total tells the truth.
    if (result.ok) expect(result.listing.entries).toHaveLength(ZIP_LISTING_SHOWN_MAX);
  });

  it("refuses 100,000 entries from the end record's count, before reading the directory", async () => {
    const bytes = zipWithManyEntries(100_000);
    const reader = memoryReader(bytes);
    const result = await readZipDirectory(reader.read, bytes.length);
    expect(result).toEqual({ ok: false, error: { code: "too_many_entries", entries: 100_000, max: ZIP_MAX_ENTRIES } });
    expect(reader.reads).toBe(1);
  });

  it("takes exactly the maximum, and refuses one more", async () => {
    const bytes = zipWithManyEntries(50);
    expect((await list(bytes, { maxEntries: 50 })).ok).toBe(true);
    expect(await list(bytes, { maxEntries: 49 })).toMatchObject({ ok: false, error: { code: "too_many_entries" } });
  });

  it("refuses a central directory over its cap", async () => {
    const bytes = zipWithManyEntries(100);
    expect(await list(bytes, { maxDirectoryBytes: 1000 })).toMatchObject({
      ok: false,
      error: { code: "directory_too_large" },
    });
  });

  it.each<[LyingZipKind, RegExp]>([
    ["size", /deflate|runs into|overlap/],
    ["stored-sizes", /stored entry 1 claims two different sizes/],
    ["overlap", /overlap/],
    ["count", /too small|runs past/],
    ["directory-outside", /does not end where/],
    ["offset-in-directory", /runs into the central directory/],
  ])("refuses a directory that lies: %s", async (kind, detail) => {
    const result = await list(lyingZip(kind));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe("inconsistent");
      if (result.error.code === "inconsistent") expect(result.error.detail).toMatch(detail);
    }
  });

  it("refuses a directory that holds more than its count says", async () => {
    // Three entries, an end record counting two (the directory's size still counts all three).
    const bytes = zipArchive(
      [
        { name: "a", data: "1" },
        { name: "b", data: "2" },
        { name: "c", data: "3" },
      ],
      { claimedEntries: 2 },
    );
    expect(await list(bytes)).toMatchObject({
      ok: false,
      error: { code: "inconsistent", detail: expect.stringMatching(/more than its entries/) },
    });
  });

  it("refuses a deflated entry claiming more than deflate expands to, and takes one just inside it", async () => {
    const lie = zipArchive([{ name: "bomb.bin", data: "0123456789", claim: { method: 8, size: 10 * 1032 + 1025 } }]);
    expect(await list(lie)).toMatchObject({ ok: false, error: { code: "inconsistent" } });
    const fine = zipArchive([{ name: "ok.bin", data: "0123456789", claim: { method: 8, size: 10 * 1032 } }]);
    expect((await list(fine)).ok).toBe(true);
  });

  it("lists names with path parts or hidden characters as they are, flagged", async () => {
    const names = [
      "../../etc/passwd",
      "/abs.txt",
      "C:\\win.ini",
      "a\u0000b.txt",
      "invoice\u202Egnp.exe",
      "ok/fine..txt",
    ];
    const result = await list(zipArchive(names.map((name) => ({ name, data: "x" }))));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.listing.entries.map((e) => [e.name, e.unsafeName ?? false])).toEqual([
      ["../../etc/passwd", true],
      ["/abs.txt", true],
      ["C:\\win.ini", true],
      ["a\u0000b.txt", true],
      ["invoice\u202Egnp.exe", true],
      ["ok/fine..txt", false],
    ]);
    expect(isUnsafeName("a/b/../c")).toBe(true);
    expect(isUnsafeName("a/b/c")).toBe(false);
  });

  it("decodes unflagged names: UTF-8 as macOS writes it, Shift_JIS as a Japanese Windows does", async () => {
    const result = await list(zipArchive([{ name: "", rawName: SHIFT_JIS_NAME, data: "x" }]));
    expect(result.ok && result.listing.entries[0].name).toBe("説明書.txt");
    const mac = await list(zipArchive([{ name: "説明書.txt", data: "x", utf8Flag: false }]));
    expect(mac.ok && mac.listing.entries[0].name).toBe("説明書.txt");
  });

  it("never throws on hostile bytes", async () => {
    const base = live2dPackage();
    let seed = 60;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (let round = 0; round < 300; round++) {
      const bytes = base.slice();
      for (let k = 0; k < 4; k++) bytes[bytes.length - 1 - (random() % 500)] = random() & 0xff;
      const result = await list(bytes);
      expect(typeof result.ok).toBe("boolean");
    }
    expect((await list(new Uint8Array(10))).ok).toBe(false);
  });
});
