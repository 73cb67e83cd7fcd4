import { AwsClient } from "aws4fetch";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { commissionAccounts, commissionForms, portfolioWorks, userProfiles } from "../db/schema";
import {
  SNIFF_BYTES,
  buildMediaKey,
  canWriteUnder,
  checkFile,
  checkFileCount,
  checkStoredObject,
  findUploadRule,
  isValidDomainId,
  kindForMimeType,
  mediaUrlForKey,
  parseMediaKey,
  type MediaErrorCode,
  type MediaKey,
  type SniffedType,
  type UploadRule,
} from "../domain/media";

/** Signed read URLs live 5 minutes; signed writes 15 (a large file on a slow line). */
export const READ_URL_TTL_MS = 5 * 60 * 1000;
export const WRITE_URL_TTL_MS = 15 * 60 * 1000;
export const OBJECT_ROUTE = "/api/google/storage/object/";

export type StorageFailure =
  | { ok: false; status: 400; error: MediaErrorCode }
  | { ok: false; status: 401 | 403 | 404; error: "unauthorized" | "forbidden" | "not_found" };
export type StorageResult<T> = ({ ok: true } & T) | StorageFailure;

const forbidden = { ok: false, status: 403, error: "forbidden" } as const;
const badRequest = (error: MediaErrorCode) => ({ ok: false, status: 400, error }) as const;

interface Owner {
  profileId: string;
}

/** Optional secrets and settings, read loosely: `wrangler types` only knows the ones set in wrangler.toml. */
function setting(env: Env, name: string): string | undefined {
  const value = (env as unknown as Record<string, unknown>)[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The HMAC key for signed URLs. Production must set MEDIA_SIGNING_SECRET (or have the R2 secret key). */
export function signingSecret(env: Env): string {
  const secret = setting(env, "MEDIA_SIGNING_SECRET") ?? setting(env, "R2_SECRET_ACCESS_KEY");
  if (secret) return secret;
  if (env.APP_ENV === "production") throw new Error("MEDIA_SIGNING_SECRET is not set");
  return "comet-local-media-signing-secret";
}

// ───────────────────────── ownership ─────────────────────────

async function ownerProfileOf(db: Database, rule: UploadRule, domainId: string): Promise<string | null> {
  if (rule.ownership === "profile") return domainId;
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
  const work = await db.select({ profileId: portfolioWorks.profileId }).from(portfolioWorks).where(eq(portfolioWorks.id, domainId)).get();
  return work?.profileId ?? null;
}

async function mayWrite(db: Database, user: Owner, rule: UploadRule, domainId: string): Promise<boolean> {
  return canWriteUnder(user.profileId, rule.ownership, domainId, await ownerProfileOf(db, rule, domainId));
}

/** The rule and ownership check for a write under domain/id/field, shared by every write path. */
export async function authorizeWrite(
  db: Database,
  user: Owner,
  target: { domain: string; id: string; field: string },
): Promise<StorageResult<{ rule: UploadRule }>> {
  const rule = findUploadRule(target.domain, target.field);
  if (!rule || !isValidDomainId(target.id)) return badRequest("media_error_unsupported_type");
  if (!(await mayWrite(db, user, rule, target.id))) return forbidden;
  return { ok: true, rule };
}

// ───────────────────────── writes ─────────────────────────

async function headOf(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
}

/** Stores a checked file and, for single-file fields, retires the previous one. Returns the stored URL. */
async function storeObject(
  db: Database,
  bucket: R2Bucket,
  user: Owner,
  rule: UploadRule,
  key: string,
  body: ReadableStream | ArrayBuffer | Blob,
  sniffed: SniffedType,
): Promise<string> {
  await bucket.put(key, body instanceof Blob ? await body.arrayBuffer() : body, {
    httpMetadata: { contentType: sniffed.mimeType },
    customMetadata: { ownerProfileId: user.profileId },
  });
  const url = mediaUrlForKey(key);
  if (rule.single) await replaceSingle(db, bucket, user, rule, key, url);
  return url;
}

/** Single-file fields: the new object becomes the profile's avatar/cover, and the old object under it goes. */
async function replaceSingle(db: Database, bucket: R2Bucket, user: Owner, rule: UploadRule, key: string, url: string) {
  if (rule.profileColumn) {
    const column = rule.profileColumn;
    const profile = await db.select({ url: userProfiles[column] }).from(userProfiles).where(eq(userProfiles.id, user.profileId)).get();
    await db.update(userProfiles).set({ [column]: url, updatedAt: new Date() }).where(eq(userProfiles.id, user.profileId));
    const old = profile?.url ? parseMediaKey(profile.url) : null;
    if (old && old.key !== key && old.domain === rule.domain && old.id === user.profileId && old.field === rule.field) await bucket.delete(old.key);
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
export async function uploadFiles(db: Database, bucket: R2Bucket, user: Owner, input: UploadInput): Promise<StorageResult<{ urls: string[] }>> {
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
    urls.push(await storeObject(db, bucket, user, rule, key, file, sniffed));
  }
  return { ok: true, urls };
}

export interface SignWriteInput {
  path: string;
  contentType: string;
  size: number;
}

/**
 * POST /sign/write. `path` is `v1/{domain}/{id}/{field}` (or with a file name, whose extension is ignored): the
 * key is always ours, named after the declared type. Production returns a presigned PUT to R2's S3 API; without
 * R2 credentials the URL is the Worker's own PUT endpoint, whose token binds key, size and type.
 */
export async function signWrite(
  db: Database,
  env: Env,
  user: Owner,
  input: SignWriteInput,
  origin: string,
  now = Date.now(),
): Promise<StorageResult<{ url: string; storedUrl: string; key: string; method: "PUT"; headers: Record<string, string>; expiresAt: number }>> {
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
  const key = buildMediaKey(rule.domain, id, rule.field, crypto.randomUUID(), kind.ext);
  const expiresAt = now + WRITE_URL_TTL_MS;
  const headers = { "content-type": kind.mimeType };
  const presigned = await presignR2Put(env, key, kind.mimeType, Number(input.size), WRITE_URL_TTL_MS / 1000);
  const url =
    presigned ??
    `${origin}${OBJECT_ROUTE}${key}?token=${await signToken(signingSecret(env), { op: "w", k: key, s: Number(input.size), t: kind.mimeType, p: user.profileId, e: expiresAt })}`;
  return { ok: true, url, storedUrl: mediaUrlForKey(key), key, method: "PUT", headers, expiresAt };
}

async function presignR2Put(env: Env, key: string, contentType: string, size: number, ttlSeconds: number): Promise<string | null> {
  const accountId = setting(env, "R2_ACCOUNT_ID");
  const accessKeyId = setting(env, "R2_ACCESS_KEY_ID");
  const secretAccessKey = setting(env, "R2_SECRET_ACCESS_KEY");
  if (!accountId || !accessKeyId || !secretAccessKey) return null;
  const bucket = setting(env, "R2_BUCKET_NAME") ?? "comet-media";
  const client = new AwsClient({ accessKeyId, secretAccessKey, service: "s3", region: "auto" });
  const url = new URL(`https://${accountId}.r2.cloudflarestorage.com/${bucket}/${key}`);
  url.searchParams.set("X-Amz-Expires", String(ttlSeconds));
  // Content-Type and Content-Length are signed: R2 refuses a PUT of any other type or size.
  const signed = await client.sign(new Request(url, { method: "PUT", headers: { "content-type": contentType, "content-length": String(size) } }), {
    aws: { signQuery: true, allHeaders: true },
  });
  return signed.url;
}

/** PUT /object/{key}?token=… (local writes): the body must be exactly the signed size and sniff as the signed type. */
export async function putSignedObject(
  db: Database,
  env: Env,
  key: string,
  token: string,
  body: ArrayBuffer,
  now = Date.now(),
): Promise<StorageResult<{ url: string }>> {
  const payload = await verifyToken(signingSecret(env), token, now);
  if (!payload || payload.op !== "w" || payload.k !== key) return forbidden;
  const parsed = parseMediaKey(key);
  if (!parsed) return forbidden;
  const user = { profileId: String(payload.p) };
  if (!(await mayWrite(db, user, parsed.rule, parsed.id))) return forbidden;
  if (body.byteLength !== payload.s) return badRequest(body.byteLength > Number(payload.s) ? "media_error_too_large" : "media_error_unsupported_type");
  const checked = checkFile({ size: body.byteLength, head: new Uint8Array(body.slice(0, SNIFF_BYTES)) }, parsed.rule);
  if (!checked.ok) return badRequest(checked.error);
  if (checked.value!.mimeType !== payload.t) return badRequest("media_error_unsupported_type");
  const url = await storeObject(db, env.MEDIA, user, parsed.rule, key, body, checked.value!);
  return { ok: true, url };
}

// ───────────────────────── attaching stored objects ─────────────────────────

export type InspectResult = { ok: true; size: number; sniffed: SniffedType } | { ok: false; error: MediaErrorCode | "not_found" };

/**
 * Re-checks an object when a record attaches it: a presigned PUT goes straight to R2, so its bytes were never
 * sniffed. Reads the first SNIFF_BYTES with a ranged get and applies the upload's own rule (size, sniffed kind,
 * kind matching the key's extension; `checkStoredObject`). A refused object is deleted; a missing one is `not_found`.
 * Callers check first that the key is the user's own (their folder), since a refusal deletes it.
 */
export async function inspectUploadedObject(bucket: R2Bucket, key: MediaKey | string, rule?: UploadRule): Promise<InspectResult> {
  const parsed = typeof key === "string" ? parseMediaKey(key) : key;
  if (!parsed) return { ok: false, error: "not_found" };
  const object = await bucket.get(parsed.key, { range: { offset: 0, length: SNIFF_BYTES } });
  if (!object) return { ok: false, error: "not_found" };
  const head = new Uint8Array(await object.arrayBuffer());
  const checked = checkStoredObject({ size: object.size, head, file: parsed.file }, rule ?? parsed.rule);
  if (!checked.ok) {
    await bucket.delete(parsed.key);
    return { ok: false, error: checked.error };
  }
  return { ok: true, size: object.size, sniffed: checked.value };
}

/** May the user (by profile) write under the key's folder? The ownership check of an attach, as for an upload. */
export async function ownsObject(db: Database, user: Owner, key: MediaKey): Promise<boolean> {
  return mayWrite(db, user, key.rule, key.id);
}

// ───────────────────────── reads and deletes ─────────────────────────

/** A signed read URL for one object (private files are served only this way). */
export async function signReadUrl(env: Env, key: string, origin: string, now = Date.now(), ttl = READ_URL_TTL_MS): Promise<{ url: string; expiresAt: number }> {
  const expiresAt = now + ttl;
  const token = await signToken(signingSecret(env), { op: "r", k: key, e: expiresAt });
  return { url: `${origin}${OBJECT_ROUTE}${key}?token=${token}`, expiresAt };
}

/** POST /sign/read: public objects to anyone signed in, private ones to their owner only. */
export async function signRead(
  db: Database,
  env: Env,
  user: Owner,
  pathOrUrl: string,
  origin: string,
  now = Date.now(),
): Promise<StorageResult<{ url: string; expiresAt: number }>> {
  const parsed = parseMediaKey(pathOrUrl);
  if (!parsed) return { ok: false, status: 404, error: "not_found" };
  if (parsed.rule.private && !(await mayWrite(db, user, parsed.rule, parsed.id))) return forbidden;
  if (!(await env.MEDIA.head(parsed.key))) return { ok: false, status: 404, error: "not_found" };
  return { ok: true, ...(await signReadUrl(env, parsed.key, origin, now)) };
}

/** GET /object/{key}?token=…: the key when the token is a valid, unexpired read token for it. */
export async function verifyReadToken(env: Env, key: string, token: string, now = Date.now()): Promise<MediaKey | null> {
  const payload = await verifyToken(signingSecret(env), token, now);
  if (!payload || payload.op !== "r" || payload.k !== key) return null;
  return parseMediaKey(key);
}

/** POST /delete: only the owner; a single-file field's profile column is cleared when it pointed at the object. */
export async function deleteMedia(db: Database, bucket: R2Bucket, user: Owner, pathOrUrl: string): Promise<StorageResult<{ deleted: boolean }>> {
  const parsed = parseMediaKey(pathOrUrl);
  if (!parsed) return { ok: false, status: 404, error: "not_found" };
  if (!(await mayWrite(db, user, parsed.rule, parsed.id))) return forbidden;
  const existed = (await bucket.head(parsed.key)) !== null;
  await bucket.delete(parsed.key);
  const column = parsed.rule.profileColumn;
  if (column) {
    const profile = await db.select({ url: userProfiles[column] }).from(userProfiles).where(eq(userProfiles.id, user.profileId)).get();
    if (profile?.url && parseMediaKey(profile.url)?.key === parsed.key) {
      await db.update(userProfiles).set({ [column]: null, updatedAt: new Date() }).where(eq(userProfiles.id, user.profileId));
    }
  }
  return { ok: true, deleted: existed };
}

// ───────────────────────── tokens ─────────────────────────

type TokenPayload = Record<string, string | number> & { e: number };

const encoder = new TextEncoder();
const toBase64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

async function hmacKey(secret: string) {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

export async function signToken(secret: string, payload: TokenPayload): Promise<string> {
  const body = toBase64Url(encoder.encode(JSON.stringify(payload)));
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(body)));
  return `${body}.${toBase64Url(signature)}`;
}

/** The payload of a token signed with `secret` and not yet expired; null otherwise (constant-time check). */
export async function verifyToken(secret: string, token: string, now = Date.now()): Promise<TokenPayload | null> {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return null;
  try {
    const valid = await crypto.subtle.verify("HMAC", await hmacKey(secret), fromBase64Url(signature), encoder.encode(body));
    if (!valid) return null;
    const payload = JSON.parse(new TextDecoder().decode(fromBase64Url(body))) as TokenPayload;
    return typeof payload.e === "number" && payload.e > now ? payload : null;
  } catch {
    return null;
  }
}

/** The profile's current pictures, for the settings page. */
export async function getProfilePictures(db: Database, profileId: string): Promise<{ avatarUrl: string | null; coverUrl: string | null }> {
  const row = await db.select({ avatarUrl: userProfiles.avatarUrl, coverUrl: userProfiles.coverUrl }).from(userProfiles).where(eq(userProfiles.id, profileId)).get();
  return { avatarUrl: row?.avatarUrl ?? null, coverUrl: row?.coverUrl ?? null };
}
