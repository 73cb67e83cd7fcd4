/**
 * A glTF binary's header and JSON chunk (issue 60, decision 096): is it whole, and is it a VRM avatar? Pure: it takes
 * the file's size and a `read(offset, length)` function and returns the summary or a typed refusal; it never throws on
 * hostile input.
 *
 * The layout (glTF 2.0, "Binary glTF Layout"), little-endian:
 *   0  magic "glTF", version (2), length (the whole file's)
 *   12 the first chunk: its length, its type "JSON", the JSON text (UTF-8, space-padded to 4 bytes)
 *   then an optional "BIN\0" chunk.
 * A VRM is a glTF binary whose JSON names VRM's extension in `extensionsUsed`: "VRM" (VRM 0.x) or "VRMC_vrm" (1.0).
 */
import type { ModelSummary } from "./file-details";

export type GltfRead = (offset: number, length: number) => Promise<Uint8Array>;

/** The largest JSON chunk read and parsed (a scene's JSON is some kilobytes; a VRM's, hundreds at most). */
const GLTF_MAX_JSON_BYTES = 8 * 1024 * 1024;

export type GltfHeaderError = {
  code: "not_gltf" | "truncated" | "inconsistent" | "json_too_large" | "bad_json";
  detail: string;
};
export type GltfHeaderResult = { ok: true; summary: ModelSummary } | { ok: false; error: GltfHeaderError };

const fail = (code: GltfHeaderError["code"], detail: string): GltfHeaderResult => ({
  ok: false,
  error: { code, detail },
});

export async function readGltfHeader(
  read: GltfRead,
  size: number,
  maxJsonBytes = GLTF_MAX_JSON_BYTES,
): Promise<GltfHeaderResult> {
  if (!Number.isSafeInteger(size) || size < 20) return fail("truncated", "shorter than a header and a chunk header");
  const head = await read(0, 20);
  if (head.length !== 20) return fail("truncated", "shorter than a header and a chunk header");
  const view = new DataView(head.buffer, head.byteOffset, 20);
  if (view.getUint32(0, true) !== 0x46546c67) return fail("not_gltf", "no glTF magic");
  if (view.getUint32(4, true) !== 2) return fail("not_gltf", `version ${view.getUint32(4, true)}`);
  if (view.getUint32(8, true) !== size) return fail("inconsistent", "the header's length is not the file's");
  const jsonLength = view.getUint32(12, true);
  if (view.getUint32(16, true) !== 0x4e4f534a) return fail("inconsistent", "the first chunk is not JSON");
  if (jsonLength === 0 || 20 + jsonLength > size) return fail("inconsistent", "the JSON chunk runs past the end");
  if (jsonLength > maxJsonBytes) return fail("json_too_large", `${jsonLength} bytes of JSON`);

  const jsonBytes = await read(20, jsonLength);
  if (jsonBytes.length !== jsonLength) return fail("truncated", "the JSON chunk is cut short");
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(jsonBytes));
  } catch {
    return fail("bad_json", "the JSON chunk is not JSON");
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) return fail("bad_json", "the JSON is not an object");
  const asset = (json as { asset?: unknown }).asset;
  if (!asset || typeof asset !== "object" || typeof (asset as { version?: unknown }).version !== "string")
    return fail("bad_json", "no asset.version");
  const used = (json as { extensionsUsed?: unknown }).extensionsUsed;
  const names = Array.isArray(used) ? used.filter((n): n is string => typeof n === "string") : [];
  if (names.includes("VRMC_vrm")) return { ok: true, summary: { vrm: true, vrmVersion: "1.0" } };
  if (names.includes("VRM")) return { ok: true, summary: { vrm: true, vrmVersion: "0.x" } };
  return { ok: true, summary: { vrm: false } };
}
