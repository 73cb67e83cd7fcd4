/**
 * The one deep check of a stored work file (issue 60, decision 096), run where an object's bytes never passed the
 * Worker whole: at a multipart upload's completion, and when a record attaches an object. It reads what it needs with
 * Range reads (the head; a ZIP's central directory; a PSD's header and layer count; a glTF's JSON chunk), confirms the
 * bytes are the kind the key names and the rule takes, and returns what both parties are shown before taking it.
 * It deletes nothing: the caller decides (a refused multipart upload is aborted, a refused attachment deleted).
 */
import type { FileDetails } from "../domain/file-details";
import { readGltfHeader } from "../domain/gltf-header";
import type { MediaErrorCode } from "../domain/media-limits";
import { parseMediaKey } from "../domain/media-keys";
import { SNIFF_BYTES, type SniffedType } from "../domain/media-sniff";
import { readPsdHeader } from "../domain/psd-header";
import { checkStoredObject, type UploadRule } from "../domain/upload-rules";
import { readZipDirectory, type ZipDirectoryError } from "../domain/zip-directory";

export type InspectionResult =
  | { ok: true; size: number; sniffed: SniffedType; details: FileDetails | null }
  | { ok: false; error: MediaErrorCode | "not_found" };

/** The object went away between two reads (deleted, replaced by a shorter one): as if it had never been there. */
class ObjectGone extends Error {}

const ZIP_ERRORS: Record<ZipDirectoryError["code"], MediaErrorCode> = {
  not_a_zip: "media_error_zip_directory",
  inconsistent: "media_error_zip_directory",
  too_many_entries: "media_error_zip_too_many",
  directory_too_large: "media_error_zip_too_many",
  // One part of a split archive is not a file anyone can open alone.
  split_archive: "media_error_unsupported_type",
};

export async function inspectStoredFile(bucket: R2Bucket, key: string, rule?: UploadRule): Promise<InspectionResult> {
  const parsed = parseMediaKey(key);
  if (!parsed) return { ok: false, error: "not_found" };
  const object = await bucket.get(parsed.key, { range: { offset: 0, length: SNIFF_BYTES } });
  if (!object) return { ok: false, error: "not_found" };
  const head = new Uint8Array(await object.arrayBuffer());
  const size = object.size;
  const checked = checkStoredObject({ size, head, file: parsed.file }, rule ?? parsed.rule);
  if (!checked.ok) return checked;
  const sniffed = checked.value;

  // A Range read of the same object, checked to be whole (a shorter answer means the object changed under us).
  const read = async (offset: number, length: number): Promise<Uint8Array> => {
    if (length === 0) return new Uint8Array();
    const part = await bucket.get(parsed.key, { range: { offset, length } });
    if (!part || part.etag !== object.etag || part.size !== size) throw new ObjectGone();
    return new Uint8Array(await part.arrayBuffer());
  };
  try {
    const details = await inspectKind(sniffed, read, size);
    if ("error" in details) return { ok: false, error: details.error };
    return { ok: true, size, sniffed, details: details.details };
  } catch (error) {
    if (error instanceof ObjectGone) return { ok: false, error: "not_found" };
    throw error;
  }
}

type Read = (offset: number, length: number) => Promise<Uint8Array>;

async function inspectKind(
  sniffed: SniffedType,
  read: Read,
  size: number,
): Promise<{ details: FileDetails | null } | { error: MediaErrorCode }> {
  switch (sniffed.kind) {
    case "zip": {
      const result = await readZipDirectory(read, size);
      return result.ok ? { details: { zip: result.listing } } : { error: ZIP_ERRORS[result.error.code] };
    }
    case "psd":
    case "psb": {
      const result = await readPsdHeader(read, size);
      if (!result.ok) return { error: "media_error_damaged" };
      // The version in the header is what the sniffer read too; a disagreement would be a file changed under us.
      if (result.summary.format !== sniffed.kind) return { error: "media_error_unsupported_type" };
      return { details: { psd: result.summary } };
    }
    case "glb":
    case "vrm": {
      const result = await readGltfHeader(read, size);
      if (!result.ok) return { error: "media_error_damaged" };
      // A key declared .vrm must hold a VRM; a .glb that turns out to be one is a GLB the viewer shows as an avatar.
      if (sniffed.kind === "vrm" && !result.summary.vrm) return { error: "media_error_unsupported_type" };
      return { details: { model: result.summary } };
    }
    default:
      return { details: null };
  }
}
