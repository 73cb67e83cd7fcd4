import { m } from "~/paraglide/messages.js";
import { SNIFF_BYTES, checkFile, checkFileCount, sniffMediaType, type MediaErrorCode, type UploadRule } from "../../../worker/domain/media";

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

type Target = { domain: string; id: string; field: string };
/** `readUrl`: a signed read URL of the object for the uploader, since /media/ serves only public items' files. */
type SignedWrite = { url: string; storedUrl: string; readUrl?: string; method: "PUT"; headers: Record<string, string> };
type FileOutcome = { ok: true; url: string } | { ok: false; code: string };

const SIGN_WRITE_PATH = "/api/google/storage/sign/write";
const PROFILE_PICTURE_PATH = "/api/account/picture";

/** Our JSON failures carry `code`; a failure from elsewhere (R2's XML) has none and reads as "failed". */
async function failureCode(response: Response): Promise<string> {
  if (response.status === 401) return "unauthorized";
  if (response.status === 403) return "forbidden";
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  return body.code ?? "failed";
}

/**
 * One file by signed write (spec section 7): the server checks the path, size and type and signs a PUT. In
 * production that is a presigned R2 PUT, so the bytes never pass through the Worker; locally it is the Worker's
 * own signed PUT into local R2. Either way the record that attaches the URL re-checks the stored bytes.
 */
async function putFile(target: Target, file: File): Promise<FileOutcome> {
  const sniffed = sniffMediaType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  const signResponse = await fetch(SIGN_WRITE_PATH, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ path: `v1/${target.domain}/${target.id}/${target.field}`, contentType: sniffed?.mimeType ?? file.type, size: file.size }),
    credentials: "same-origin",
  });
  if (!signResponse.ok) return { ok: false, code: await failureCode(signResponse) };
  const signed = (await signResponse.json()) as SignedWrite;
  const put = await fetch(signed.url, { method: signed.method, headers: signed.headers, body: file });
  if (!put.ok) return { ok: false, code: await failureCode(put) };
  // Profile pictures are public (and become the stored URL on attach); anything else may belong to an item that is
  // not public yet (a private work, a draft form), so the editor shows it by its signed read URL. Saving works either
  // way: the server keeps only the key.
  return { ok: true, url: target.domain === "user-profile" ? signed.storedUrl : (signed.readUrl ?? signed.storedUrl) };
}

/** A profile picture becomes the avatar or cover only once the account says so (userProfile.update in the spec). */
async function attachProfilePicture(field: string, url: string): Promise<FileOutcome> {
  const response = await fetch(PROFILE_PICTURE_PATH, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ field, url }),
    credentials: "same-origin",
  });
  if (!response.ok) return { ok: false, code: await failureCode(response) };
  return { ok: true, url: ((await response.json()) as { url: string }).url };
}

/** Uploads files in order under v1/{domain}/{id}/{field}/ and returns URLs the page can show them by (see putFile). */
export async function uploadFiles(target: Target, files: File[]): Promise<UploadOutcome> {
  const urls: string[] = [];
  try {
    for (const file of files) {
      let outcome = await putFile(target, file);
      if (outcome.ok && target.domain === "user-profile") outcome = await attachProfilePicture(target.field, outcome.url);
      if (!outcome.ok) return outcome;
      urls.push(outcome.url);
    }
    return { ok: true, urls };
  } catch {
    return { ok: false, code: "failed" };
  }
}
