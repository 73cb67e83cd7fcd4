/**
 * A Photoshop file's size and layer count from its header (issue 60, decision 096), read with a few small Range reads:
 * never the pixels. Pure: it takes the file's size and a `read(offset, length)` function and returns the summary or a
 * typed refusal; it never throws on hostile input.
 *
 * The layout (Adobe's "Photoshop File Formats Specification"), big-endian throughout:
 *   0  "8BPS", version (1 PSD, 2 PSB), 6 reserved bytes, channels (1–56), height, width, depth (1, 8, 16, 32), mode
 *   26 color mode data: u32 length, then that many bytes
 *      image resources: u32 length, then that many bytes
 *      layer and mask information: length (u32 in PSD, u64 in PSB), then
 *        layer info: length (u32 / u64), then the layer count (int16; negative: the first alpha channel holds the
 *        merged result's transparency, and the count is its absolute value), the layer records…
 *        global layer mask info: u32 length, then that many bytes
 *        tagged blocks ("8BIM" or "8B64", a key, a length): a 16- or 32-bit document keeps its layers in "Lr16" or
 *        "Lr32" here, with an empty layer info above.
 */
import type { PsdSummary } from "./file-details";

export type PsdRead = (offset: number, length: number) => Promise<Uint8Array>;

export type PsdHeaderError = { code: "not_psd" | "truncated" | "inconsistent"; detail: string };
export type PsdHeaderResult = { ok: true; summary: PsdSummary } | { ok: false; error: PsdHeaderError };

const HEADER = 26;
/** The most a document may be wide or high (Adobe's limits). */
const MAX_SIDE = { psd: 30_000, psb: 300_000 } as const;
/** The least one layer record takes: bounds (16), channel count (2), one channel's entry, blend fields (12), extra length (4). */
const MIN_LAYER_RECORD = 16 + 2 + 6 + 12 + 4;
/** Tagged blocks looked at for Lr16/Lr32 before giving up (a real file has a handful). */
const MAX_TAGGED_BLOCKS = 64;
/** The keys whose length is 8 bytes in a PSB. */
const PSB_LONG_KEYS = new Set([
  "LMsk",
  "Lr16",
  "Lr32",
  "Layr",
  "Mt16",
  "Mt32",
  "Mtrn",
  "Alph",
  "FMsk",
  "lnk2",
  "FEid",
  "FXid",
  "PxSD",
]);

const fail = (code: PsdHeaderError["code"], detail: string): PsdHeaderResult => ({
  ok: false,
  error: { code, detail },
});

export async function readPsdHeader(read: PsdRead, size: number): Promise<PsdHeaderResult> {
  if (!Number.isSafeInteger(size) || size < HEADER + 4) return fail("truncated", "shorter than a header");
  /** `length` bytes at `offset`, or null when the file ends first. */
  const bytes = async (offset: number, length: number): Promise<DataView | null> => {
    if (offset < 0 || offset + length > size) return null;
    const b = await read(offset, length);
    return b.length === length ? new DataView(b.buffer, b.byteOffset, b.byteLength) : null;
  };

  const head = await bytes(0, HEADER + 4);
  if (!head) return fail("truncated", "shorter than a header");
  if (head.getUint32(0) !== 0x38425053) return fail("not_psd", "no 8BPS signature");
  const version = head.getUint16(4);
  if (version !== 1 && version !== 2) return fail("not_psd", `version ${version}`);
  const format = version === 1 ? "psd" : "psb";
  const long = format === "psb";
  const channels = head.getUint16(12);
  const height = head.getUint32(14);
  const width = head.getUint32(18);
  const depth = head.getUint16(22);
  const mode = head.getUint16(24);
  if (channels < 1 || channels > 56) return fail("inconsistent", `${channels} channels`);
  if (width < 1 || height < 1 || width > MAX_SIDE[format] || height > MAX_SIDE[format])
    return fail("inconsistent", `${width}×${height} pixels`);
  if (![1, 8, 16, 32].includes(depth)) return fail("inconsistent", `depth ${depth}`);
  if (![0, 1, 2, 3, 4, 7, 8, 9].includes(mode)) return fail("inconsistent", `color mode ${mode}`);

  // Color mode data, then image resources: each a u32 length and its bytes.
  let p = HEADER + 4 + head.getUint32(HEADER);
  const resources = await bytes(p, 4);
  if (!resources) return fail("truncated", "the image resources' length is past the end");
  p += 4 + resources.getUint32(0);

  const lengthBytes = long ? 8 : 4;
  const readLength = (view: DataView, at: number) => (long ? Number(view.getBigUint64(at)) : view.getUint32(at));
  // The layer and mask section's length, the layer info's length and the layer count, in one read.
  const section = await bytes(p, lengthBytes * 2 + 2);
  if (!section) {
    // A file may end right after its resources' lengths only if it is cut short: the section's length is required.
    return fail("truncated", "the layer and mask section is past the end");
  }
  const sectionLength = readLength(section, 0);
  const sectionStart = p + lengthBytes;
  const sectionEnd = sectionStart + sectionLength;
  if (!Number.isSafeInteger(sectionLength) || sectionEnd > size)
    return fail("inconsistent", "the layer and mask section runs past the end");
  const summary = (layers: number | null): PsdHeaderResult => ({
    ok: true,
    summary: { format, width, height, layers },
  });
  if (sectionLength === 0) return summary(null);
  if (sectionLength < lengthBytes) return fail("inconsistent", "the layer and mask section is shorter than its length");

  const layerInfoLength = readLength(section, lengthBytes);
  const layerInfoEnd = sectionStart + lengthBytes + layerInfoLength;
  if (!Number.isSafeInteger(layerInfoLength) || layerInfoEnd > sectionEnd)
    return fail("inconsistent", "the layer info runs past its section");
  if (layerInfoLength > 0) {
    if (layerInfoLength < 2) return fail("inconsistent", "the layer info is shorter than its count");
    return layerCount(section.getInt16(lengthBytes * 2), layerInfoLength, summary);
  }

  // No layer info: a flattened image, or a 16/32-bit document whose layers are in an Lr16/Lr32 tagged block.
  const mask = await bytes(layerInfoEnd, 4);
  if (!mask) return fail("inconsistent", "the global layer mask info runs past its section");
  let q = layerInfoEnd + 4 + mask.getUint32(0);
  if (q > sectionEnd) return fail("inconsistent", "the global layer mask info runs past its section");
  for (let n = 0; n < MAX_TAGGED_BLOCKS && q + 12 <= sectionEnd; n++) {
    const block = await bytes(q, 16);
    if (!block) break;
    const signature = block.getUint32(0);
    if (signature !== 0x3842494d && signature !== 0x38423634) break; // "8BIM", "8B64"
    const key = String.fromCharCode(block.getUint8(4), block.getUint8(5), block.getUint8(6), block.getUint8(7));
    const wide = long && PSB_LONG_KEYS.has(key);
    const length = wide ? Number(block.getBigUint64(8)) : block.getUint32(8);
    const dataStart = q + 8 + (wide ? 8 : 4);
    if (!Number.isSafeInteger(length) || dataStart + length > sectionEnd)
      return fail("inconsistent", `the ${key} block runs past its section`);
    if (key === "Lr16" || key === "Lr32" || key === "Layr") {
      if (length === 0) return summary(0);
      const count = await bytes(dataStart, 2);
      if (!count) return fail("truncated", `the ${key} block is past the end`);
      return layerCount(count.getInt16(0), length, summary);
    }
    // Blocks are padded to an even length (4 in some writers; the length then counts the padding).
    q = dataStart + length + (length % 2);
  }
  return summary(null);
}

function layerCount(raw: number, infoLength: number, summary: (layers: number | null) => PsdHeaderResult) {
  const layers = Math.abs(raw);
  if (layers * MIN_LAYER_RECORD > infoLength) return fail("inconsistent", `${layers} layers in ${infoLength} bytes`);
  return summary(layers);
}
