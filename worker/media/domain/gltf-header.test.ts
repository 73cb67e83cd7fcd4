/** A glTF binary's header and JSON chunk (issue 60, decision 096): whole or not, VRM or plain GLB. */
import { describe, expect, it } from "vitest";
import { glbFile, glbModel, memoryReader, vrmFile } from "../../../tests/fixtures/work-files";
import { readGltfHeader } from "./gltf-header";

const summarize = (bytes: Uint8Array, max?: number) => readGltfHeader(memoryReader(bytes).read, bytes.length, max);

describe("readGltfHeader", () => {
  it("tells a VRM 1.0, a VRM 0.x and a plain GLB apart by extensionsUsed", async () => {
    expect(await summarize(vrmFile("1.0"))).toEqual({ ok: true, summary: { vrm: true, vrmVersion: "1.0" } });
    expect(await summarize(vrmFile("0.x"))).toEqual({ ok: true, summary: { vrm: true, vrmVersion: "0.x" } });
    expect(await summarize(glbModel())).toEqual({ ok: true, summary: { vrm: false } });
  });

  it("is not fooled by VRM's name elsewhere than extensionsUsed", async () => {
    const bytes = glbFile({
      asset: { version: "2.0", generator: "VRMC_vrm" },
      extensionsUsed: ["KHR_materials_unlit"],
    });
    expect(await summarize(bytes)).toEqual({ ok: true, summary: { vrm: false } });
  });

  it("refuses a header whose length is not the file's", async () => {
    const bytes = glbModel();
    expect(await summarize(bytes.subarray(0, bytes.length - 4))).toMatchObject({
      ok: false,
      error: { code: "inconsistent" },
    });
    const longer = new Uint8Array(bytes.length + 4);
    longer.set(bytes);
    expect(await summarize(longer)).toMatchObject({ ok: false, error: { code: "inconsistent" } });
  });

  it("refuses a first chunk that is not JSON, runs past the end, or is not a glTF object", async () => {
    const bytes = glbModel();
    const binFirst = bytes.slice();
    binFirst.set([0x42, 0x49, 0x4e, 0x00], 16);
    expect(await summarize(binFirst)).toMatchObject({ ok: false, error: { code: "inconsistent" } });
    const past = bytes.slice();
    new DataView(past.buffer).setUint32(12, bytes.length);
    expect(await summarize(past)).toMatchObject({ ok: false, error: { code: "inconsistent" } });
    expect(await summarize(glbFile("{not json"))).toMatchObject({ ok: false, error: { code: "bad_json" } });
    expect(await summarize(glbFile("[1, 2]"))).toMatchObject({ ok: false, error: { code: "bad_json" } });
    expect(await summarize(glbFile({ extensionsUsed: ["VRM"] }))).toMatchObject({
      ok: false,
      error: { code: "bad_json" },
    });
    const version1 = bytes.slice();
    new DataView(version1.buffer).setUint32(4, 1, true);
    expect(await summarize(version1)).toMatchObject({ ok: false, error: { code: "not_gltf" } });
  });

  it("refuses a JSON chunk over the cap before reading it", async () => {
    const bytes = vrmFile("1.0");
    const reader = memoryReader(bytes);
    expect(await readGltfHeader(reader.read, bytes.length, 1024)).toMatchObject({
      ok: false,
      error: { code: "json_too_large" },
    });
    expect(reader.reads).toBe(1);
  });
});
