/** A PSD's or PSB's size and layer count from its header (issue 60, decision 096), never its pixels. */
import { describe, expect, it } from "vitest";
import { memoryReader, psdFile } from "../../../tests/fixtures/work-files";
import { readPsdHeader } from "./psd-header";

const summarize = (bytes: Uint8Array) => readPsdHeader(memoryReader(bytes).read, bytes.length);

describe("readPsdHeader", () => {
  it("reads a PSD's size and its layers", async () => {
    expect(await summarize(psdFile({ width: 40, height: 30, layers: 7 }))).toEqual({
      ok: true,
      summary: { format: "psd", width: 40, height: 30, layers: 7 },
    });
  });

  it("reads a PSB's (8-byte lengths), past a PSD's 30,000-pixel limit, without reading its pixels", async () => {
    const bytes = psdFile({ format: "psb", width: 120_000, height: 80_000, layers: 3 });
    const reader = memoryReader(bytes);
    expect(await readPsdHeader(reader.read, bytes.length)).toEqual({
      ok: true,
      summary: { format: "psb", width: 120_000, height: 80_000, layers: 3 },
    });
    expect(reader.reads).toBeLessThanOrEqual(3);
  });

  it("counts layers stored negative (merged transparency in the first alpha channel) by their absolute value", async () => {
    expect(await summarize(psdFile({ layers: 5, mergedAlpha: true }))).toMatchObject({
      ok: true,
      summary: { layers: 5 },
    });
  });

  it("says null for a flattened image with no layer section", async () => {
    expect(await summarize(psdFile({ layers: 0 }))).toMatchObject({ ok: true, summary: { layers: null } });
  });

  it("refuses a header cut short", async () => {
    const bytes = psdFile({ layers: 2 });
    expect(await summarize(bytes.subarray(0, 20))).toMatchObject({ ok: false, error: { code: "truncated" } });
    // Cut inside the layer section: its length then runs past the end.
    expect(await summarize(bytes.subarray(0, 120))).toMatchObject({ ok: false, error: { code: "inconsistent" } });
  });

  it("refuses a layer count its section cannot hold", async () => {
    const bytes = psdFile({ layers: 1 });
    // The count sits after header (26), color mode (4), resources (4 + 28), section length (4), layer info length (4).
    const countAt = 26 + 4 + 4 + 28 + 4 + 4;
    expect(new DataView(bytes.buffer).getInt16(countAt)).toBe(1);
    const lying = bytes.slice();
    new DataView(lying.buffer).setInt16(countAt, 8000);
    expect(await summarize(lying)).toMatchObject({ ok: false, error: { code: "inconsistent" } });
  });

  it("refuses a layer section longer than the file, and impossible headers", async () => {
    const bytes = psdFile({ layers: 1 });
    const sectionAt = 26 + 4 + 4 + 28;
    const long = bytes.slice();
    new DataView(long.buffer).setUint32(sectionAt, 10_000_000);
    expect(await summarize(long)).toMatchObject({ ok: false, error: { code: "inconsistent" } });
    const wide = bytes.slice();
    new DataView(wide.buffer).setUint32(18, 30_001); // a PSD is at most 30,000 pixels wide
    expect(await summarize(wide)).toMatchObject({ ok: false, error: { code: "inconsistent" } });
    const depth = bytes.slice();
    new DataView(depth.buffer).setUint16(22, 7);
    expect(await summarize(depth)).toMatchObject({ ok: false, error: { code: "inconsistent" } });
    const notPsd = bytes.slice();
    notPsd[0] = 0x39;
    expect(await summarize(notPsd)).toMatchObject({ ok: false, error: { code: "not_psd" } });
  });

  it("never throws on hostile bytes", async () => {
    const base = psdFile({ layers: 3 });
    let seed = 96;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (let round = 0; round < 300; round++) {
      const bytes = base.slice();
      for (let k = 0; k < 3; k++) bytes[26 + (random() % 120)] = random() & 0xff;
      expect(typeof (await summarize(bytes)).ok).toBe("boolean");
    }
  });
});
