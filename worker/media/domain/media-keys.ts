/** Where an object lives in the bucket, and who may write under it: `v1/{domain}/{id}/{field}/{uuid.ext}`. */
import { FILE_KINDS, type FileKind } from "./media-sniff";
import { findUploadRule, type MediaDomain, type OwnershipKind, type UploadRule } from "./upload-rules";

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const FILE_PATTERN = /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export interface MediaKey {
  domain: MediaDomain;
  id: string;
  field: string;
  file: string;
  key: string;
  rule: UploadRule;
}

export function isValidDomainId(id: string): boolean {
  return ID_PATTERN.test(id);
}

/** `v1/{domain}/{id}/{field}/{uuid.ext}`. */
export function buildMediaKey(domain: string, id: string, field: string, uuid: string, ext: string): string {
  return `v1/${domain}/${id}/${field}/${uuid}.${ext}`;
}

/**
 * A video's poster frame (decision 033): the browser takes a frame after the upload and stores it as a JPEG under the
 * video's own key with `.jpg`, so the poster is found from the video alone (no second id to carry or trust), lives in
 * the same folder under the same access rule, and is attached (or cleaned up) with it. Null for anything not a video.
 */
export function posterKeyFor(key: MediaKey): string | null {
  const ext = key.file.split(".").pop() ?? "";
  const kind = (Object.keys(FILE_KINDS) as FileKind[]).find((k) => FILE_KINDS[k].ext === ext);
  if (!kind || FILE_KINDS[kind].mediaType !== "VIDEO" || !key.rule.kinds.includes("jpg")) return null;
  return buildMediaKey(key.domain, key.id, key.field, key.file.slice(0, key.file.lastIndexOf(".")), "jpg");
}

/** The objects a stored file consists of: itself and, for a video, its poster frame. Deleting the file deletes both. */
export function objectKeysOfFile(key: MediaKey): string[] {
  const poster = posterKeyFor(key);
  return poster ? [key.key, poster] : [key.key];
}

/** The URL stored for a public object: the path of /media/{key}, no host and no query. */
export function mediaUrlForKey(key: string): string {
  return `/media/${key}`;
}

/** The Worker's signed object route (local signed PUTs, signed GETs): `${OBJECT_ROUTE}{key}?token=…`. */
export const OBJECT_ROUTE = "/api/google/storage/object/";

/** A key from a key, a stored URL (/media/…), or a full or signed URL; null unless it is one of our object keys. */
export function parseMediaKey(pathOrUrl: string): MediaKey | null {
  let path = pathOrUrl.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  path = path.split(/[?#]/)[0];
  try {
    path = decodeURIComponent(path);
  } catch {
    return null;
  }
  path = path
    .replace(/^\/+/, "")
    .replace(/^media\//, "")
    .replace(/^api\/google\/storage\/object\//, "");
  const parts = path.split("/");
  if (parts.length !== 5 || parts[0] !== "v1") return null;
  const [, domain, id, field, file] = parts;
  const rule = findUploadRule(domain, field);
  if (!rule || !ID_PATTERN.test(id) || !FILE_PATTERN.test(file)) return null;
  return { domain: rule.domain, id, field, file, key: path, rule };
}

/** The ownership rule: may this user write or delete objects under this domain id? `targetOwnerProfileId` is the
 *  profile that owns the id (the profile itself, or the portfolio work's profile), null when the id is unknown; for
 *  an order's party-written folder (the chat), the profiles of both parties. */
export function canWriteUnder(
  userProfileId: string,
  ownership: OwnershipKind,
  domainId: string,
  targetOwnerProfileId: string | readonly (string | null)[] | null,
): boolean {
  if (ownership === "profile") return domainId === userProfileId;
  if (Array.isArray(targetOwnerProfileId)) return targetOwnerProfileId.includes(userProfileId);
  return targetOwnerProfileId !== null && targetOwnerProfileId === userProfileId;
}
