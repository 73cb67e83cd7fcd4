import { m } from "~/paraglide/messages.js";
import { SNIFF_BYTES, checkFile, checkFileCount, type MediaErrorCode, type UploadRule } from "../../../worker/domain/media";

export const UPLOAD_PATH = "/api/google/storage/upload";

/** The spec's upload errors in the reader's language; listed explicitly so the bundle carries only these. */
const ERROR_MESSAGES: Record<MediaErrorCode | "unauthorized" | "forbidden" | "failed", () => string> = {
  media_error_too_large: m.media_error_too_large,
  media_error_unsupported_type: m.media_error_unsupported_type,
  media_error_too_many: m.media_error_too_many,
  media_limit_exceeded: m.media_limit_exceeded,
  unauthorized: m.media_error_sign_in,
  forbidden: m.media_error_forbidden,
  failed: m.media_error_failed,
};

export function uploadErrorMessage(code: string): string {
  return (ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES] ?? ERROR_MESSAGES.failed)();
}

/** The same checks as the server (count, size, magic bytes), run first so a wrong file fails without a round trip. */
export async function precheckFiles(files: File[], rule: Pick<UploadRule, "maxBytes" | "maxFiles" | "kinds">): Promise<MediaErrorCode | null> {
  const count = checkFileCount(files.length, rule);
  if (!count.ok) return count.error;
  for (const file of files) {
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    const result = checkFile({ size: file.size, head }, rule);
    if (!result.ok) return result.error;
  }
  return null;
}

export type UploadOutcome = { ok: true; urls: string[] } | { ok: false; code: string };

/** POST /api/google/storage/upload (multipart: files, domainPath, domainIdPath, fieldPath). */
export async function uploadFiles(target: { domain: string; id: string; field: string }, files: File[]): Promise<UploadOutcome> {
  const form = new FormData();
  for (const file of files) form.append("files", file);
  form.set("domainPath", target.domain);
  form.set("domainIdPath", target.id);
  form.set("fieldPath", target.field);
  try {
    const response = await fetch(UPLOAD_PATH, { method: "POST", body: form, credentials: "same-origin" });
    const body = (await response.json().catch(() => ({}))) as { urls?: string[]; code?: string; error?: string };
    if (response.ok && body.urls) return { ok: true, urls: body.urls };
    if (response.status === 401) return { ok: false, code: "unauthorized" };
    if (response.status === 403) return { ok: false, code: "forbidden" };
    return { ok: false, code: body.code ?? "failed" };
  } catch {
    return { ok: false, code: "failed" };
  }
}
