import { AwsClient } from "aws4fetch";
import { and, eq, inArray, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  commissionAccounts,
  commissionForms,
  commissionOrders,
  commissionServices,
  fileFacts,
  media,
  pendingUploads,
  portfolioWorks,
  userProfiles,
} from "../../db/schema";
import {
  OBJECT_ROUTE,
  buildMediaKey,
  canWriteUnder,
  isValidDomainId,
  mediaUrlForKey,
  objectKeysOfFile,
  parseMediaKey,
  posterKeyFor,
  type MediaKey,
} from "../domain/media-keys";
import { SNIFF_BYTES, kindForMimeType, type SniffedType } from "../domain/media-sniff";
import { checkFile, checkFileCount, findUploadRule, type UploadRule } from "../domain/upload-rules";
import { orderFolderTakesFiles } from "../domain/order-folders";
import { inspectStoredFile } from "./file-inspection";
import type { MediaErrorCode } from "../domain/media-limits";
import { orderPartyProfiles, signReadUrl } from "./media-access";
import { isTokenSpent, issueToken, spendToken, verifyToken } from "../../services/signed-tokens";
import { editableWork } from "./work-access";
import { purgeProfilePages } from "../../services/public-pages";

// Reads live in media-access.ts; re-exported for callers that think of them as storage calls.
export { signReadUrl } from "./media-access";

/** Signed writes live 15 minutes (a large file on a slow line). */
const WRITE_URL_TTL_MS = 15 * 60 * 1000;
/** A stored object no record has attached for this long is deleted by the cron. */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export type StorageFailure =
  | { ok: false; status: 400; error: MediaErrorCode }
  | { ok: false; status: 401 | 403 | 404; error: "unauthorized" | "forbidden" | "not_found" }
  | { ok: false; status: 409; error: "upload_error_order_closed" };
export type StorageResult<T> = ({ ok: true } & T) | StorageFailure;

const forbidden = { ok: false, status: 403, error: "forbidden" } as const;
const orderClosed = { ok: false, status: 409, error: "upload_error_order_closed" } as const;
const badRequest = (error: MediaErrorCode) => ({ ok: false, status: 400, error }) as const;

interface Owner {
  profileId: string;
  /** The uploader's account, when the caller has it (a session user); else looked up from the profile when needed. */
  accountId?: string;
}

/** Optional secrets and settings, read loosely: `wrangler types` only knows the ones set in wrangler.toml. */
function setting(env: Env, name: string): string | undefined {
  const value = (env as unknown as Record<string, unknown>)[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

// ───────────────────────── ownership ─────────────────────────

async function ownerProfileOf(
  db: Database,
  rule: UploadRule,
  domainId: string,
): Promise<string | (string | null)[] | null> {
  if (rule.ownership === "profile") return domainId;
  if (rule.ownership === "commission-order-party") {
    // Either party writes into the order's chat folder (decision 027).
    const [order] = await orderPartyProfiles(db, [domainId]);
    return order ? [order.sellerProfileId, order.buyerProfileId] : null;
  }
  if (rule.ownership === "commission-form") {
    const form = await db
      .select({ profileId: userProfiles.id })
      .from(commissionForms)
      .innerJoin(commissionAccounts, eq(commissionAccounts.id, commissionForms.commissionAccountId))
      .innerJoin(userProfiles, eq(userProfiles.accountId, commissionAccounts.userAccountId))
      .where(eq(commissionForms.id, domainId))
      .get();
    return form?.profileId ?? null;
  }
  if (rule.ownership === "commission-order") {
    // Only the order's seller writes its deliverables (decision 024).
    const [order] = await orderPartyProfiles(db, [domainId]);
    return order?.sellerProfileId ?? null;
  }
  if (rule.ownership === "commission-service") {
    const service = await db
      .select({ profileId: userProfiles.id })
      .from(commissionServices)
      .innerJoin(commissionAccounts, eq(commissionAccounts.id, commissionServices.commissionAccountId))
      .innerJoin(userProfiles, eq(userProfiles.accountId, commissionAccounts.userAccountId))
      .where(eq(commissionServices.id, domainId))
      .get();
    return service?.profileId ?? null;
  }
  // A portfolio work's folder is its owner's and, since anyone who may edit the work saves into it, that of each
  // edit or admin grantee, by user or by role (canEditItem; 032-work-editor-grants.md).
  // A work's folder is checked by the visibility rule instead (mayWrite); this answers "who owns it" only.
  const work = await db
    .select({ profileId: portfolioWorks.profileId })
    .from(portfolioWorks)
    .where(eq(portfolioWorks.id, domainId))
    .get();
  return work?.profileId ?? null;
}

async function mayWrite(db: Database, user: Owner, rule: UploadRule, domainId: string): Promise<boolean> {
  // A work's folder: whoever may edit the work (its owner, an edit or admin grantee by user or role; decision 032),
  // asked of the one rule in worker/domain/visibility.ts for this uploader.
  if (rule.ownership === "portfolio-work") {
    const accountId =
      user.accountId ??
      (
        await db
          .select({ id: userProfiles.accountId })
          .from(userProfiles)
          .where(eq(userProfiles.id, user.profileId))
          .get()
      )?.id;
    return accountId !== undefined && (await editableWork(db, accountId, domainId)) !== null;
  }
  return canWriteUnder(user.profileId, rule.ownership, domainId, await ownerProfileOf(db, rule, domainId));
}

/**
 * Whether the order's folder `rule` names takes files now (media/domain/order-folders.ts): every door that writes
 * under commission-order/{orderId}/ asks it, after the caller's right to write there (a stranger learns nothing of
 * the order's state), and before a byte lands. Other domains always do.
 */
export async function folderTakesFiles(
  db: Database,
  rule: Pick<UploadRule, "domain" | "disputeEvidence">,
  domainId: string,
): Promise<boolean> {
  if (rule.domain !== "commission-order") return true;
  const order = await db
    .select({
      progress: commissionOrders.orderProgressStatus,
      disputedSince: commissionOrders.disputedSince,
      payoutHeldUntil: commissionOrders.payoutHeldUntil,
    })
    .from(commissionOrders)
    .where(eq(commissionOrders.id, domainId))
    .get();
  if (!order) return false;
  return orderFolderTakesFiles(rule, {
    progress: order.progress,
    disputeOpen: order.disputedSince !== null,
    payoutHeld: order.payoutHeldUntil !== null,
  });
}

/** The rule, ownership and open-folder check for a write under domain/id/field, shared by every write path. */
export async function authorizeWrite(
  db: Database,
  user: Owner,
  target: { domain: string; id: string; field: string },
): Promise<StorageResult<{ rule: UploadRule }>> {
  const rule = findUploadRule(target.domain, target.field);
  if (!rule || !isValidDomainId(target.id)) return badRequest("media_error_unsupported_type");
  // A door-only field (a stage preview) is written by its own door, which makes the client's copy as it stores; the
  // caller is told where such files go (issue 45), not that their type is unsupported.
  if (rule.doorOnly) return badRequest("media_error_door_only");
  if (!(await mayWrite(db, user, rule, target.id))) return forbidden;
  if (!(await folderTakesFiles(db, rule, target.id))) return orderClosed;
  return { ok: true, rule };
}

// ───────────────────────── writes ─────────────────────────

async function headOf(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
}

/**
 * Stores a checked file. `attach`: the POST /upload door makes a profile picture the profile's at once (replaceSingle
 * sets the column and retires the previous one). A signed PUT never does, locally as in production (where it goes
 * straight to R2): its picture waits pending for userProfile.update, so an upload the page cancelled or never
 * attached changes nothing, whenever its last byte lands. Returns the stored URL.
 */
async function storeObject(
  db: Database,
  bucket: R2Bucket,
  user: Owner,
  rule: UploadRule,
  key: string,
  body: ReadableStream | ArrayBuffer | Blob,
  sniffed: SniffedType,
  attach: boolean,
): Promise<string> {
  const attachedAsStored = attach && rule.single;
  // Pending before the bytes land (a crash in between leaves a row, not an object nobody would ever delete); anything
  // not attached as it is stored waits for a record to attach it.
  if (!attachedAsStored) await recordPendingUpload(db, key, user.profileId);
  await bucket.put(key, body instanceof Blob ? await body.arrayBuffer() : body, {
    httpMetadata: { contentType: sniffed.mimeType },
    customMetadata: { ownerProfileId: user.profileId },
  });
  const url = mediaUrlForKey(key);
  if (attachedAsStored) await replaceSingle(db, bucket, user, rule, key, url);
  return url;
}

/** Single-file fields: the new object becomes the profile's avatar/cover, and the old object under it goes. */
async function replaceSingle(db: Database, bucket: R2Bucket, user: Owner, rule: UploadRule, key: string, url: string) {
  if (rule.profileColumn) {
    const column = rule.profileColumn;
    const profile = await db
      .select({ url: userProfiles[column] })
      .from(userProfiles)
      .where(eq(userProfiles.id, user.profileId))
      .get();
    await db
      .update(userProfiles)
      .set({ [column]: url, updatedAt: new Date() })
      .where(eq(userProfiles.id, user.profileId));
    await purgeProfilePages(db, user.profileId);
    const old = profile?.url ? parseMediaKey(profile.url) : null;
    if (old && old.key !== key && old.domain === rule.domain && old.id === user.profileId && old.field === rule.field)
      await bucket.delete(old.key);
  }
  // Anything else left under the same field (an earlier upload that never became the column's value) goes too.
  const prefix = key.slice(0, key.lastIndexOf("/") + 1);
  const listed = await bucket.list({ prefix });
  const stale = listed.objects.map((o) => o.key).filter((k) => k !== key);
  if (stale.length > 0) await bucket.delete(stale);
}

export interface UploadInput {
  domain: string;
  id: string;
  field: string;
  files: File[];
}

/** POST /upload: every file is checked (count, size, magic bytes) before any is stored. */
export async function uploadFiles(
  db: Database,
  bucket: R2Bucket,
  user: Owner,
  input: UploadInput,
): Promise<StorageResult<{ urls: string[] }>> {
  const authorized = await authorizeWrite(db, user, input);
  if (!authorized.ok) return authorized;
  const { rule } = authorized;
  const count = checkFileCount(input.files.length, rule);
  if (!count.ok) return badRequest(count.error);
  const checked: { file: File; sniffed: SniffedType }[] = [];
  for (const file of input.files) {
    const result = checkFile({ size: file.size, head: await headOf(file) }, rule);
    if (!result.ok) return badRequest(result.error);
    checked.push({ file, sniffed: result.value! });
  }
  const urls: string[] = [];
  for (const { file, sniffed } of checked) {
    const key = buildMediaKey(rule.domain, input.id, rule.field, crypto.randomUUID(), sniffed.ext);
    urls.push(await storeObject(db, bucket, user, rule, key, file, sniffed, true));
  }
  return { ok: true, urls };
}

export interface SignWriteInput {
  path: string;
  contentType: string;
  size: number;
  /** The stored URL or key of a video in the same folder: this write is its poster frame (a JPEG at posterKeyFor). */
  posterOf?: string;
}

/** The key a signed write gets: a new one named after the declared type, or a video's poster key (decision 033). */
function keyForWrite(rule: UploadRule, id: string, kind: SniffedType, posterOf: string | undefined): string | null {
  if (!posterOf) return buildMediaKey(rule.domain, id, rule.field, crypto.randomUUID(), kind.ext);
  const video = parseMediaKey(posterOf);
  if (!video || video.domain !== rule.domain || video.id !== id || video.field !== rule.field || kind.kind !== "jpg")
    return null;
  return posterKeyFor(video);
}

/**
 * POST /sign/write. `path` is `v1/{domain}/{id}/{field}` (or with a file name, whose extension is ignored): the
 * key is always ours, named after the declared type. Production returns a presigned PUT to R2's S3 API; without
 * R2 credentials the URL is the Worker's own PUT endpoint, whose single-use token binds key, size, type and owner.
 * `readUrl` lets the uploader's page show the file before a record attaches it (its item may not be public).
 */
export async function signWrite(
  db: Database,
  env: Env,
  user: Owner,
  input: SignWriteInput,
  origin: string,
  now = Date.now(),
): Promise<
  StorageResult<{
    url: string;
    storedUrl: string;
    readUrl: string;
    key: string;
    method: "PUT";
    headers: Record<string, string>;
    expiresAt: number;
  }>
> {
  const parts = input.path.replace(/^\/+/, "").split("/");
  if (parts[0] !== "v1" || parts.length < 4) return badRequest("media_error_unsupported_type");
  const [, domain, id, field] = parts;
  const authorized = await authorizeWrite(db, user, { domain, id, field });
  if (!authorized.ok) return authorized;
  const { rule } = authorized;
  const sized = checkFile({ size: Number(input.size) }, rule);
  if (!sized.ok) return badRequest(sized.error);
  const kind = kindForMimeType(String(input.contentType ?? ""), rule);
  if (!kind) return badRequest("media_error_unsupported_type");
  const key = keyForWrite(rule, id, kind, input.posterOf);
  if (!key) return badRequest("media_error_unsupported_type");
  const headers = { "content-type": kind.mimeType };
  const readUrl = (await signReadUrl(env, key, user.profileId, { now, shownIn: "page" })).url;
  const presigned = await presignR2Put(env, key, kind.mimeType, Number(input.size), WRITE_URL_TTL_MS / 1000);
  if (presigned) {
    // The Worker never sees a presigned PUT: the object counts as pending from now (the cron deletes it if never attached).
    await recordPendingUpload(db, key, user.profileId, now);
    return {
      ok: true,
      url: presigned,
      storedUrl: mediaUrlForKey(key),
      readUrl,
      key,
      method: "PUT",
      headers,
      expiresAt: now + WRITE_URL_TTL_MS,
    };
  }
  const scope = { key, size: Number(input.size), type: kind.mimeType, sub: user.profileId };
  const { token, expiresAt } = await issueToken(env, "media-write", scope, WRITE_URL_TTL_MS, now);
  return {
    ok: true,
    url: `${origin}${OBJECT_ROUTE}${key}?token=${token}`,
    storedUrl: mediaUrlForKey(key),
    readUrl,
    key,
    method: "PUT",
    headers,
    expiresAt,
  };
}

async function presignR2Put(
  env: Env,
  key: string,
  contentType: string,
  size: number,
  ttlSeconds: number,
): Promise<string | null> {
  const accountId = setting(env, "R2_ACCOUNT_ID");
  const accessKeyId = setting(env, "R2_ACCESS_KEY_ID");
  const secretAccessKey = setting(env, "R2_SECRET_ACCESS_KEY");
  if (!accountId || !accessKeyId || !secretAccessKey) return null;
  const bucket = setting(env, "R2_BUCKET_NAME") ?? "comet-media";
  const client = new AwsClient({ accessKeyId, secretAccessKey, service: "s3", region: "auto" });
  const url = new URL(`https://${accountId}.r2.cloudflarestorage.com/${bucket}/${key}`);
  url.searchParams.set("X-Amz-Expires", String(ttlSeconds));
  // Content-Type and Content-Length are signed: R2 refuses a PUT of any other type or size.
  const signed = await client.sign(
    new Request(url, { method: "PUT", headers: { "content-type": contentType, "content-length": String(size) } }),
    {
      aws: { signQuery: true, allHeaders: true },
    },
  );
  return signed.url;
}

export interface SignedPutBody {
  /** The request's Content-Length; null for a chunked body. */
  declaredLength: number | null;
  /** Reads the body, stopping past `limit` bytes (null then): the door's reader, called only once the token holds. */
  readUpTo(limit: number): Promise<Uint8Array | null>;
}

/**
 * PUT /object/{key}?token=… (local writes). Refused before a byte is read when the token is not a write token for
 * this key, was already spent, or the declared length is not the signed size; the body is then read with a counter
 * that stops past the signed size. It must sniff as the signed type. The token is spent by a conditional insert
 * just before storing, so of two concurrent PUTs with one token only one stores; a failed attempt leaves it unspent.
 */
export async function putSignedObject(
  db: Database,
  env: Env,
  key: string,
  token: string,
  body: SignedPutBody,
  now = Date.now(),
): Promise<StorageResult<{ url: string }>> {
  const claims = await verifyToken(env, "media-write", token, now);
  if (!claims || claims.key !== key) return forbidden;
  const parsed = parseMediaKey(key);
  if (!parsed) return forbidden;
  const sizeError = (length: number) =>
    badRequest(length > claims.size ? "media_error_too_large" : "media_error_unsupported_type");
  if (body.declaredLength !== null && body.declaredLength !== claims.size) return sizeError(body.declaredLength);
  const user = { profileId: claims.sub };
  if (!(await mayWrite(db, user, parsed.rule, parsed.id))) return forbidden;
  // Signed while the order was open, sent after it closed: refused before the body is read, as a new signature is.
  if (!(await folderTakesFiles(db, parsed.rule, parsed.id))) return orderClosed;
  if (await isTokenSpent(db, claims.jti)) return forbidden;
  const bytes = await body.readUpTo(claims.size);
  if (!bytes) return badRequest("media_error_too_large");
  if (bytes.byteLength !== claims.size) return sizeError(bytes.byteLength);
  const checked = checkFile({ size: bytes.byteLength, head: bytes.subarray(0, SNIFF_BYTES) }, parsed.rule);
  if (!checked.ok) return badRequest(checked.error);
  if (checked.value!.mimeType !== claims.type) return badRequest("media_error_unsupported_type");
  if (!(await spendToken(db, claims))) return forbidden;
  const stored = bytes.buffer as ArrayBuffer;
  const url = await storeObject(db, env.MEDIA, user, parsed.rule, key, stored, checked.value!, false);
  return { ok: true, url };
}

// ───────────────────────── attaching stored objects ─────────────────────────

type InspectResult =
  | { ok: true; size: number; sniffed: SniffedType }
  | { ok: false; error: MediaErrorCode | "not_found" };

/**
 * Re-checks an object when a record attaches it: a presigned PUT goes straight to R2, so its bytes were never
 * sniffed. The one deep check of a stored file (`inspectStoredFile`: the upload's own rule on its first bytes, then a
 * ZIP's directory, a PSD's header, a glTF's JSON chunk, by Range reads). A refused object is deleted; a missing one is
 * `not_found`.
 * Callers check first that the key is the user's own (their folder), since a refusal deletes it.
 */
async function inspectUploadedObject(
  bucket: R2Bucket,
  key: MediaKey | string,
  rule?: UploadRule,
): Promise<InspectResult> {
  const parsed = typeof key === "string" ? parseMediaKey(key) : key;
  if (!parsed) return { ok: false, error: "not_found" };
  const inspected = await inspectStoredFile(bucket, parsed.key, rule ?? parsed.rule);
  if (!inspected.ok) {
    if (inspected.error !== "not_found") await bucket.delete(parsed.key);
    return inspected;
  }
  return { ok: true, size: inspected.size, sniffed: inspected.sniffed };
}

export type AttachCheck =
  | { ok: true; size: number; mimeType: string }
  | { ok: false; error: "forbidden" | "not_found" | MediaErrorCode };

/**
 * The one check before a record (a work, a form, a service, a profile picture) attaches a stored object:
 * 1. the key is in a place this record may attach from (`isAllowedPlace`: the item's own folder, or a folder the user
 *    owns), else `forbidden` and nothing is touched;
 * 2. its bytes pass the upload rule again (`inspectUploadedObject`: a presigned PUT never passed the Worker).
 * The bucket is a required argument, so no caller can skip the re-sniff.
 */
export async function checkAttachment(
  bucket: R2Bucket,
  key: MediaKey,
  isAllowedPlace: (key: MediaKey) => boolean | Promise<boolean>,
): Promise<AttachCheck> {
  if (!(await isAllowedPlace(key))) return { ok: false, error: "forbidden" };
  const inspected = await inspectUploadedObject(bucket, key);
  return inspected.ok ? { ok: true, size: inspected.size, mimeType: inspected.sniffed.mimeType } : inspected;
}

/** May the user (by profile) write under the key's folder? The ownership check of an attach, as for an upload. */
export async function ownsObject(db: Database, user: Owner, key: MediaKey): Promise<boolean> {
  return mayWrite(db, user, key.rule, key.id);
}

// ───────────────────────── reads and deletes ─────────────────────────

/**
 * POST /delete (an upload the page will not attach): only the owner, and never a file a media row refers to; a
 * single-file field's profile column is cleared when it pointed at the object.
 */
export async function deleteMedia(
  db: Database,
  bucket: R2Bucket,
  user: Owner,
  pathOrUrl: string,
): Promise<StorageResult<{ deleted: boolean }>> {
  const parsed = parseMediaKey(pathOrUrl);
  if (!parsed) return { ok: false, status: 404, error: "not_found" };
  if (!(await mayWrite(db, user, parsed.rule, parsed.id))) return forbidden;
  // A folder both parties write (the order's chat): each deletes only their own upload, and only until a message has
  // sent it (decision 027): a sent message's files are the other party's to keep.
  if (parsed.rule.ownership === "commission-order-party") {
    const pending = await db
      .select({ owner: pendingUploads.ownerProfileId })
      .from(pendingUploads)
      .where(eq(pendingUploads.key, parsed.key))
      .get();
    if (pending?.owner !== user.profileId) return forbidden;
  }
  // An attached file is its record's to drop (by saving the record without it), else the record would show nothing.
  if ((await referencedFileUrls(db, [parsed])).size > 0) return forbidden;
  const existed = (await bucket.head(parsed.key)) !== null;
  // A video's poster frame goes with it (decision 033).
  const keys = [parsed.key, posterKeyFor(parsed)].filter((k): k is string => k !== null);
  await bucket.delete(keys);
  await db.batch([
    db.delete(pendingUploads).where(inArray(pendingUploads.key, keys)),
    db.delete(fileFacts).where(inArray(fileFacts.objectKey, keys)),
  ]);
  const column = parsed.rule.profileColumn;
  if (column) {
    const profile = await db
      .select({ url: userProfiles[column] })
      .from(userProfiles)
      .where(eq(userProfiles.id, user.profileId))
      .get();
    if (profile?.url && parseMediaKey(profile.url)?.key === parsed.key) {
      await db
        .update(userProfiles)
        .set({ [column]: null, updatedAt: new Date() })
        .where(eq(userProfiles.id, user.profileId));
      await purgeProfilePages(db, user.profileId);
    }
  }
  return { ok: true, deleted: existed };
}

/** D1 binds at most 100 parameters per query. */
const FILE_URLS_PER_QUERY = 90;

/** The /media/ URLs of these files that a media row still refers to (its file_url), whatever record attaches it. */
async function referencedFileUrls(db: Database, files: readonly MediaKey[]): Promise<Set<string>> {
  const urls = [...new Set(files.map((file) => mediaUrlForKey(file.key)))];
  const referenced = new Set<string>();
  for (let start = 0; start < urls.length; start += FILE_URLS_PER_QUERY) {
    const rows = await db
      .selectDistinct({ fileUrl: media.fileUrl })
      .from(media)
      .where(inArray(media.fileUrl, urls.slice(start, start + FILE_URLS_PER_QUERY)));
    for (const row of rows) if (row.fileUrl) referenced.add(row.fileUrl);
  }
  return referenced;
}

/**
 * Deletes the stored objects of files whose media rows a record has just dropped (call it after that batch), but
 * only of files no media row refers to any more: one upload can be attached twice (twice in one gallery, or in the
 * copy of the row an order's snapshot keeps), and dropping one must not take the file from the other. A video's
 * poster frame goes with its video (decision 033).
 */
export async function deleteUnreferencedFiles(
  db: Database,
  bucket: R2Bucket,
  files: readonly MediaKey[],
): Promise<void> {
  if (files.length === 0) return;
  const referenced = await referencedFileUrls(db, files);
  const keys = files.filter((file) => !referenced.has(mediaUrlForKey(file.key))).flatMap(objectKeysOfFile);
  if (keys.length === 0) return;
  await bucket.delete([...new Set(keys)]);
  await forgetFileFacts(db, keys);
}

/** The facts kept beside deleted objects (a checksum, a listing; issue 60), in rounds D1's parameter limit allows. */
async function forgetFileFacts(db: Database, keys: readonly string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += FILE_URLS_PER_QUERY)
    await db.delete(fileFacts).where(inArray(fileFacts.objectKey, keys.slice(start, start + FILE_URLS_PER_QUERY)));
}

// ───────────────────────── objects no record attached ─────────────────────────

/** An object was stored (or, for a presigned PUT, signed) and no record points at it yet. */
export async function recordPendingUpload(
  db: Database,
  key: string,
  ownerProfileId: string,
  now = Date.now(),
): Promise<void> {
  await db
    .insert(pendingUploads)
    .values({ key, ownerProfileId, createdAt: new Date(now) })
    .onConflictDoNothing();
}

/**
 * The statement that marks objects attached: a record saving these keys puts it in its own batch, so the object
 * stops being pending exactly when the record that points at it is written. Null when there is nothing to mark.
 */
export function markUploadsAttached(db: Database, keys: (string | MediaKey | null | undefined)[]) {
  // A video's poster frame is attached with the video (decision 033): it has no record of its own.
  const parsed = keys.flatMap((k) => (!k ? [] : [typeof k === "string" ? (parseMediaKey(k) ?? k) : k]));
  const plain = [
    ...new Set(parsed.flatMap((k) => (typeof k === "string" ? [k] : [k.key, posterKeyFor(k) ?? []].flat()))),
  ];
  return plain.length ? db.delete(pendingUploads).where(inArray(pendingUploads.key, plain)) : null;
}

/** D1 binds at most 100 parameters per query; R2 deletes at most 1000 keys per call. */
const UNATTACHED_PER_ROUND = 90;
const UNATTACHED_MAX_ROUNDS = 20;

/**
 * Cron: deletes objects that stayed unattached for a day (abandoned uploads). Each round claims its rows first
 * (delete … returning, still older than the cutoff) and only then deletes those objects, so an object whose record
 * attached it in the meantime (its row gone) is kept. Idempotent; returns how many were deleted.
 */
export async function deleteUnattachedUploads(db: Database, bucket: R2Bucket, now: number): Promise<number> {
  const cutoff = new Date(now - UNATTACHED_UPLOAD_TTL_MS);
  let deleted = 0;
  for (let round = 0; round < UNATTACHED_MAX_ROUNDS; round++) {
    const stale = await db
      .select({ key: pendingUploads.key })
      .from(pendingUploads)
      .where(lt(pendingUploads.createdAt, cutoff))
      .limit(UNATTACHED_PER_ROUND);
    if (stale.length === 0) break;
    const claimed = await db
      .delete(pendingUploads)
      .where(
        and(
          inArray(
            pendingUploads.key,
            stale.map((r) => r.key),
          ),
          lt(pendingUploads.createdAt, cutoff),
        ),
      )
      .returning({ key: pendingUploads.key });
    if (claimed.length) {
      await bucket.delete(claimed.map((r) => r.key));
      await forgetFileFacts(
        db,
        claimed.map((r) => r.key),
      );
    }
    deleted += claimed.length;
    if (stale.length < UNATTACHED_PER_ROUND) break;
  }
  return deleted;
}

/** The profile's current pictures, for the settings page. */
export async function getProfilePictures(
  db: Database,
  profileId: string,
): Promise<{ avatarUrl: string | null; coverUrl: string | null }> {
  const row = await db
    .select({ avatarUrl: userProfiles.avatarUrl, coverUrl: userProfiles.coverUrl })
    .from(userProfiles)
    .where(eq(userProfiles.id, profileId))
    .get();
  return { avatarUrl: row?.avatarUrl ?? null, coverUrl: row?.coverUrl ?? null };
}
