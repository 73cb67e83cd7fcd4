/**
 * The one deep check of a stored work file (issue 60, decision 096), run where an object's bytes never passed the
 * Worker whole: at a multipart upload's completion, and when a record attaches an object. It reads what it needs with
 * Range reads (the head; a ZIP's central directory; a PSD's header and layer count; a glTF's JSON chunk), confirms the
 * bytes are the kind the key names and the rule takes, and returns what both parties are shown before taking it.
 * It deletes nothing: the caller decides (a refused multipart upload is aborted, a refused attachment deleted).
 */
import type { FileDetails } from "../domain/file-details";
import type { MediaErrorCode } from "../domain/media-limits";
import { SNIFF_BYTES, type SniffedType } from "../domain/media-sniff";
import { checkStoredObject, type UploadRule } from "../domain/upload-rules";
import { parseMediaKey } from "../domain/media-keys";

export type InspectionResult =
  | { ok: true; size: number; sniffed: SniffedType; details: FileDetails | null }
  | { ok: false; error: MediaErrorCode | "not_found" };

export async function inspectStoredFile(bucket: R2Bucket, key: string, rule?: UploadRule): Promise<InspectionResult> {
  const parsed = parseMediaKey(key);
  if (!parsed) return { ok: false, error: "not_found" };
  const object = await bucket.get(parsed.key, { range: { offset: 0, length: SNIFF_BYTES } });
  if (!object) return { ok: false, error: "not_found" };
  const head = new Uint8Array(await object.arrayBuffer());
  const checked = checkStoredObject({ size: object.size, head, file: parsed.file }, rule ?? parsed.rule);
  if (!checked.ok) return checked;
  return { ok: true, size: object.size, sniffed: checked.value, details: null };
}
