/**
 * The work's file kinds by their bytes (issue 60, decision 096): each signature, the files that resemble one but are
 * not, and the way from a sniffed kind to a declared MIME type, a key's extension and back (kindForMimeType,
 * checkStoredObject), which must not send any kind's file to another kind's key.
 */
import { describe, expect, it } from "vitest";
import {
  aiffFile,
  blendFile,
  clipFile,
  emptyZip,
  fbxFile,
  glbModel,
  live2dPackage,
  moc3File,
  pdfFile,
  psdFile,
  sevenZipFile,
  utf8,
  vrmFile,
  wavFile,
  zstdFrame,
} from "../../../tests/fixtures/work-files";
import {
  FILE_KINDS,
  type FileKind,
  SNIFF_BYTES,
  kindForMimeType,
  mimeTypeForKeyFile,
  sniffMediaType,
} from "./media-sniff";
import { checkStoredObject, findUploadRule, UPLOAD_RULES, WORK_FILE_KINDS } from "./upload-rules";

const head = (bytes: Uint8Array) => bytes.subarray(0, SNIFF_BYTES);
const KEY = "123e4567-e89b-12d3-a456-426614174000";

describe("the work's kinds by their first bytes", () => {
  const cases: [string, Uint8Array, FileKind][] = [
    ["a ZIP (local file header)", live2dPackage(), "zip"],
    ["the empty ZIP (end record alone)", emptyZip(), "zip"],
    ["7z", sevenZipFile(), "7z"],
    ["PSD (8BPS version 1)", psdFile(), "psd"],
    ["PSB (8BPS version 2)", psdFile({ format: "psb" }), "psb"],
    ["Clip Studio", clipFile(), "clip"],
    ["Blender, 64-bit little-endian", blendFile(), "blend"],
    [
      "Blender, 32-bit big-endian",
      blendFile({ pointer: "_", version: "279" }).map((b, i) => (i === 8 ? 0x56 : b)),
      "blend",
    ],
    ["Blender 5's header", blendFile({ header: "v5", version: "500" }), "blend"],
    ["binary FBX", fbxFile(), "fbx"],
    ["GLB", glbModel(), "glb"],
    // The first 64 bytes of a VRM are a GLB's: only the deep inspection says vrm.
    ["VRM 1.0, shallowly", vrmFile("1.0"), "glb"],
    ["VRM 0.x, shallowly", vrmFile("0.x"), "glb"],
    ["Live2D moc3", moc3File(), "moc3"],
    ["AIFF", aiffFile(), "aiff"],
    ["AIFF-C", aiffFile({ compressed: true }), "aiff"],
    ["WAV", wavFile(), "wav"],
    ["RF64", wavFile({ rf64: true }), "rf64"],
    ["PDF", pdfFile(), "pdf"],
  ];
  it.each(cases)("%s", (_, bytes, kind) => {
    expect(sniffMediaType(head(bytes))?.kind).toBe(kind);
  });

  it("refuses what only resembles a work file", () => {
    const refused: Uint8Array[] = [
      // A spanned archive's marker, and a ZIP signature cut short.
      utf8("PK\x07\x08PK\x03\x04"),
      utf8("PK\x01\x02"),
      // A PSD of version 3, and one whose reserved bytes are not zero.
      psdFile().map((b, i) => (i === 5 ? 3 : b)),
      psdFile().map((b, i) => (i === 7 ? 1 : b)),
      // Blender's compressed files say only "zstd" (or "gzip") in their first bytes.
      zstdFrame(),
      new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0, 3]),
      utf8("BLENDER-x300"),
      // ASCII FBX, and the binary header without its 0x1A.
      utf8("; FBX 7.4.0 project file\n"),
      fbxFile().map((b, i) => (i === 21 ? 0 : b)),
      // A moc3 of version 0, an IFF that is not AIFF (an ILBM picture), a RIFF/RF64 that is not WAVE.
      moc3File(0),
      utf8("FORM\0\0\0\x10ILBMBMHD"),
      utf8("RF64\xff\xff\xff\xffAVI "),
      // 7z with a major version that is not 0.
      sevenZipFile().map((b, i) => (i === 6 ? 1 : b)),
      utf8("CSFCHUNX"),
    ];
    for (const bytes of refused) expect(sniffMediaType(head(bytes)), String(bytes.subarray(0, 12))).toBeNull();
  });

  it("needs no more than SNIFF_BYTES for any of them", () => {
    expect(SNIFF_BYTES).toBe(64);
    expect(sniffMediaType(fbxFile().subarray(0, 27))?.kind).toBe("fbx");
  });
});

describe("MIME types and key extensions stay unambiguous", () => {
  it("gives every kind its own MIME type, but RF64, which is a .wav as WAV is", () => {
    const byMime = new Map<string, FileKind[]>();
    for (const kind of Object.keys(FILE_KINDS) as FileKind[])
      byMime.set(FILE_KINDS[kind].mimeType, [...(byMime.get(FILE_KINDS[kind].mimeType) ?? []), kind]);
    const shared = [...byMime.values()].filter((kinds) => kinds.length > 1);
    expect(shared).toEqual([["wav", "rf64"]]);
    expect(FILE_KINDS.rf64.ext).toBe(FILE_KINDS.wav.ext);
  });

  it("agrees with the MIME type's top level, which Comet's other readers go by", () => {
    for (const kind of Object.keys(FILE_KINDS) as FileKind[]) {
      const { mimeType, mediaType } = FILE_KINDS[kind];
      const top = mimeType.split("/")[0];
      const expected =
        top === "image"
          ? "IMAGE"
          : top === "video"
            ? "VIDEO"
            : top === "audio"
              ? "AUDIO"
              : top === "model"
                ? "MODEL"
                : null;
      expect([kind, mediaType]).toEqual([kind, expected ?? (mimeType === "application/pdf" ? "DOCUMENT" : "OTHER")]);
    }
  });

  // The signed write's path: the browser sniffs, declares the sniffed MIME type, the key is named after
  // kindForMimeType's kind, and the stored bytes must then pass checkStoredObject under that key.
  it.each([
    ["zip", live2dPackage()],
    ["7z", sevenZipFile()],
    ["psd", psdFile()],
    ["psb", psdFile({ format: "psb" })],
    ["clip", clipFile()],
    ["blend", blendFile()],
    ["fbx", fbxFile()],
    ["glb", vrmFile("1.0")],
    ["moc3", moc3File()],
    ["aiff", aiffFile()],
    ["rf64", wavFile({ rf64: true })],
  ] as const)("a %s goes from the browser's sniff to a key its bytes pass", (kind, bytes) => {
    const rule = findUploadRule("commission-order", "deliverables")!;
    const sniffed = sniffMediaType(head(bytes))!;
    expect(sniffed.kind).toBe(kind);
    const declared = kindForMimeType(sniffed.mimeType, rule)!;
    const file = `${KEY}.${declared.ext}`;
    expect(mimeTypeForKeyFile(file)).toBe(sniffed.mimeType);
    const stored = checkStoredObject({ size: bytes.length, head: head(bytes), file }, rule);
    expect(stored).toEqual({ ok: true, value: sniffed });
  });

  it("names a key declared VRM .vrm, and lets a GLB's bytes into it only provisionally (the deep inspection decides)", () => {
    const rule = findUploadRule("commission-order", "deliverables")!;
    expect(kindForMimeType("model/vrm", rule)?.ext).toBe("vrm");
    expect(kindForMimeType("model/gltf-binary", rule)?.ext).toBe("glb");
    const bytes = vrmFile("0.x");
    expect(checkStoredObject({ size: bytes.length, head: head(bytes), file: `${KEY}.vrm` }, rule)).toMatchObject({
      ok: true,
      value: { kind: "vrm", ext: "vrm", mimeType: "model/vrm", mediaType: "MODEL" },
    });
    // Any other kind's bytes under a .vrm key are refused at once.
    expect(checkStoredObject({ size: 100, head: head(live2dPackage()), file: `${KEY}.vrm` }, rule)).toEqual({
      ok: false,
      error: "media_error_unsupported_type",
    });
    // A field that does not take VRM does not let a GLB under a .vrm key either.
    expect(
      checkStoredObject(
        { size: bytes.length, head: head(bytes), file: `${KEY}.vrm` },
        { maxBytes: 1e9, kinds: ["glb"] },
      ),
    ).toEqual({ ok: false, error: "media_error_unsupported_type" });
  });
});

describe("which fields take the work's kinds", () => {
  const kindsOf = (domain: string, field: string) => findUploadRule(domain, field)!.kinds;
  it("deliverables, held sources, request references and dispute evidence take them all", () => {
    for (const [domain, field] of [
      ["commission-order", "deliverables"],
      ["commission-order", "deliverable_sources"],
      ["commission-request", "answer_medias"],
      ["commission-order", "dispute_files"],
    ])
      expect(kindsOf(domain, field)).toEqual(WORK_FILE_KINDS);
    for (const kind of ["zip", "7z", "psd", "psb", "clip", "blend", "fbx", "glb", "vrm", "moc3", "aiff", "rf64", "pdf"])
      expect(WORK_FILE_KINDS).toContain(kind);
  });

  it("the chat takes what its players show and PDF, not the work itself", () => {
    const chat = kindsOf("commission-order", "chat_medias");
    expect(chat).toContain("pdf");
    for (const kind of ["zip", "7z", "psd", "psb", "clip", "blend", "fbx", "vrm", "moc3", "rf64"])
      expect(chat).not.toContain(kind);
  });

  it("a work's and a service's gallery take GLB and VRM for the 3D viewer, and nothing a page cannot show", () => {
    for (const [domain, field] of [
      ["portfolio-work", "medias"],
      ["commission-service", "medias"],
    ]) {
      const kinds = kindsOf(domain, field);
      expect(kinds).toContain("glb");
      expect(kinds).toContain("vrm");
      for (const kind of ["zip", "psd", "fbx", "aiff", "rf64", "blend"]) expect(kinds).not.toContain(kind);
    }
  });

  it("no public field takes a kind whose MIME type reads as something a player shows and is not", () => {
    for (const rule of UPLOAD_RULES.filter((r) => !r.private))
      for (const kind of rule.kinds) expect(["aiff", "rf64", "psd", "psb"]).not.toContain(kind);
  });
});
