/**
 * The one upload client every file input uses (pictures, work, service and form media, request answers, order
 * deliverables, chat files): the spec's checks before sending, then each file by signed write with its progress and
 * its own Cancel (XMLHttpRequest, since fetch reports no upload progress). See decision 033.
 */
import { m } from "#app/paraglide/messages.js";
import { SNIFF_BYTES, sniffMediaType } from "#worker/media/domain/media-sniff";
import { checkFile, checkFileCount, type UploadRule } from "#worker/media/domain/upload-rules";
import type { MediaErrorCode } from "#worker/media/domain/media-limits";

/** For callers that import this module on first use (picture-upload): the rule their files are checked against. */
export { findUploadRule } from "#worker/media/domain/upload-rules";

/** The spec's upload errors in the reader's language; listed explicitly so the bundle carries only these. */
const ERROR_MESSAGES: Record<
  MediaErrorCode | "upload_error_order_closed" | "unauthorized" | "forbidden" | "failed",
  () => string
> = {
  media_error_too_large: m.media_error_too_large,
  media_error_unsupported_type: m.media_error_unsupported_type,
  media_error_too_many: m.media_error_too_many,
  media_limit_exceeded: m.media_limit_exceeded,
  media_error_no_files: m.media_error_no_files,
  media_error_preview_pixels: m.media_error_preview_pixels,
  media_error_door_only: m.media_error_door_only,
  media_error_zip_directory: m.media_error_zip_directory,
  media_error_zip_too_many: m.media_error_zip_too_many,
  media_error_damaged: m.media_error_damaged,
  upload_error_order_closed: m.upload_error_order_closed,
  unauthorized: m.media_error_sign_in,
  forbidden: m.media_error_forbidden,
  failed: m.media_error_failed,
};

export function uploadErrorMessage(code: string): string {
  return (ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES] ?? ERROR_MESSAGES.failed)();
}

/** The same checks as the server (count, size, magic bytes), run first so a wrong file fails without a round trip. */
export async function precheckFiles(
  files: File[],
  rule: Pick<UploadRule, "maxBytes" | "maxFiles" | "kinds">,
): Promise<MediaErrorCode | null> {
  const count = checkFileCount(files.length, rule);
  if (!count.ok) return count.error;
  for (const file of files) {
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    const result = checkFile({ size: file.size, head }, rule);
    if (!result.ok) return result.error;
  }
  return null;
}

/** `url`: what the page shows the file by (a signed read URL until its item is public); `storedUrl`: its /media/ URL. */
export type UploadedFile = { index: number; file: File; url: string; storedUrl: string };
/**
 * `uploaded`: the files that made it, in order, with the URL the page shows each by; `urls` the same URLs. A file
 * whose upload was cancelled is simply not there (`cancelled` has its index). A failure of any file cancels the rest
 * and deletes the batch's finished files, so nothing half-done is ever attached.
 */
export type UploadOutcome =
  | { ok: true; urls: string[]; uploaded: UploadedFile[]; cancelled: number[] }
  | { ok: false; code: string };

export interface UploadWatch {
  /** The share of file `index` sent so far, 0 to 1. */
  onProgress?: (index: number, fraction: number) => void;
  /** One signal per file: aborting one cancels that file only. */
  signals?: readonly (AbortSignal | undefined)[];
}

type Target = { domain: string; id: string; field: string };
/** `readUrl`: a signed read URL of the object for the uploader, since /media/ serves only public items' files. */
type SignedWrite = { url: string; storedUrl: string; readUrl?: string; method: "PUT"; headers: Record<string, string> };
type FileOutcome = { ok: true; url: string; storedUrl: string } | { ok: false; code: string; storedUrl?: string };

const SIGN_WRITE_PATH = "/api/google/storage/sign/write";
const DELETE_PATH = "/api/google/storage/delete";
const PROFILE_PICTURE_PATH = "/api/account/picture";
const CANCELLED = "cancelled";

/** Our JSON failures carry `code`; a failure from elsewhere (R2's XML) has none and reads as "failed". */
function failureCode(status: number, text: string): string {
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  try {
    return (JSON.parse(text) as { code?: string }).code ?? "failed";
  } catch {
    return "failed";
  }
}

async function postJson<T>(
  path: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<{ ok: true; value: T } | { ok: false; code: string }> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
    signal,
  });
  if (!response.ok) return { ok: false, code: failureCode(response.status, await response.text()) };
  return { ok: true, value: (await response.json()) as T };
}

/** A PUT by XMLHttpRequest: its upload progress, and abort() when the signal fires. */
function putWithProgress(
  signed: SignedWrite,
  body: Blob,
  signal?: AbortSignal,
  onProgress?: (fraction: number) => void,
): Promise<{ ok: true } | { ok: false; code: string }> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve({ ok: false, code: CANCELLED });
    const xhr = new XMLHttpRequest();
    xhr.open(signed.method, signed.url);
    for (const [name, value] of Object.entries(signed.headers)) xhr.setRequestHeader(name, value);
    const abort = () => xhr.abort();
    signal?.addEventListener("abort", abort, { once: true });
    const done = (result: { ok: true } | { ok: false; code: string }) => {
      signal?.removeEventListener("abort", abort);
      resolve(result);
    };
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () =>
      done(
        xhr.status >= 200 && xhr.status < 300
          ? { ok: true }
          : { ok: false, code: failureCode(xhr.status, xhr.responseText) },
      );
    xhr.onerror = () => done({ ok: false, code: "failed" });
    xhr.onabort = () => done({ ok: false, code: CANCELLED });
    xhr.send(body);
  });
}

/**
 * One file by signed write (spec section 7): the server checks the path, size and type and signs a PUT. In
 * production that is a presigned R2 PUT, so the bytes never pass through the Worker; locally it is the Worker's
 * own signed PUT into local R2. Either way the record that attaches the URL re-checks the stored bytes.
 */
async function putFile(
  target: Target,
  file: File,
  signal?: AbortSignal,
  onProgress?: (fraction: number) => void,
): Promise<FileOutcome> {
  const sniffed = sniffMediaType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  const sign = await postJson<SignedWrite>(
    SIGN_WRITE_PATH,
    {
      path: `v1/${target.domain}/${target.id}/${target.field}`,
      contentType: sniffed?.mimeType ?? file.type,
      size: file.size,
    },
    signal,
  ).catch(
    // The file's own Cancel aborts the sign call too.
    (error: unknown) => (signal?.aborted ? { ok: false as const, code: CANCELLED } : Promise.reject(error)),
  );
  if (!sign.ok) return sign;
  const signed = sign.value;
  const put = await putWithProgress(signed, file, signal, onProgress);
  if (!put.ok) return { ...put, storedUrl: signed.storedUrl };
  // Profile pictures are public (and become the stored URL on attach); anything else may belong to an item that is
  // not public yet (a private work, a draft form), so the editor shows it by its signed read URL. Saving works either
  // way: the server keeps only the key.
  return {
    ok: true,
    storedUrl: signed.storedUrl,
    url: target.domain === "user-profile" ? signed.storedUrl : (signed.readUrl ?? signed.storedUrl),
  };
}

/** A profile picture becomes the avatar or cover only once the account says so (userProfile.update in the spec). */
async function attachProfilePicture(field: string, url: string): Promise<FileOutcome> {
  const attached = await postJson<{ url: string }>(PROFILE_PICTURE_PATH, { field, url });
  return attached.ok ? { ok: true, url: attached.value.url, storedUrl: url } : attached;
}

/**
 * Best effort: an upload that will not be attached goes now rather than with the cron a day later. A PUT is all or
 * nothing (R2 and the Worker's signed PUT store only a whole, checked body), so a cancelled one left no half object;
 * this removes one that finished just as it was cancelled, and its pending row.
 */
function discardUpload(storedUrl: string): void {
  void fetch(DELETE_PATH, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ path: storedUrl }),
    credentials: "same-origin",
  }).catch(() => {});
}

/** Uploads files in order under v1/{domain}/{id}/{field}/ and returns URLs the page can show them by (see putFile). */
export async function uploadFiles(target: Target, files: File[], watch: UploadWatch = {}): Promise<UploadOutcome> {
  const uploaded: UploadedFile[] = [];
  const cancelled: number[] = [];
  const fail = (code: string) => {
    for (const done of uploaded) discardUpload(done.storedUrl);
    return { ok: false as const, code };
  };
  try {
    for (const [index, file] of files.entries()) {
      const signal = watch.signals?.[index];
      let outcome = await putFile(target, file, signal, (fraction) => watch.onProgress?.(index, fraction));
      // A picture cancelled after its bytes landed is not attached either.
      if (outcome.ok && signal?.aborted) outcome = { ok: false, code: CANCELLED, storedUrl: outcome.storedUrl };
      if (outcome.ok && target.domain === "user-profile")
        outcome = await attachProfilePicture(target.field, outcome.url);
      if (!outcome.ok && outcome.code === CANCELLED) {
        if (outcome.storedUrl) discardUpload(outcome.storedUrl);
        cancelled.push(index);
        continue;
      }
      if (!outcome.ok) return fail(outcome.code);
      watch.onProgress?.(index, 1);
      uploaded.push({ index, file, url: outcome.url, storedUrl: outcome.storedUrl });
    }
    return { ok: true, urls: uploaded.map((u) => u.url), uploaded, cancelled };
  } catch {
    return fail("failed");
  }
}

/**
 * A video's poster frame (decision 033): a JPEG written under the video's own key with .jpg (the server derives the
 * key from `videoStoredUrl`). Returns the URL the editor shows it by, or null when it could not be stored.
 */
export async function uploadPoster(target: Target, videoStoredUrl: string, jpeg: Blob): Promise<string | null> {
  try {
    const sign = await postJson<SignedWrite>(SIGN_WRITE_PATH, {
      path: `v1/${target.domain}/${target.id}/${target.field}`,
      contentType: "image/jpeg",
      size: jpeg.size,
      posterOf: videoStoredUrl,
    });
    if (!sign.ok) return null;
    const put = await putWithProgress(sign.value, jpeg);
    return put.ok ? (sign.value.readUrl ?? sign.value.storedUrl) : null;
  } catch {
    return null;
  }
}
