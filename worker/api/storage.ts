import { Hono } from "hono";
import * as v from "valibot";
import { PRIVATE_MEDIA_CACHE_CONTROL } from "../media/domain/media-access";
import { MEDIA_ERROR_TEXTS, MB, type MediaErrorCode } from "../media/domain/media-limits";
import { UPLOAD_RULES } from "../media/domain/upload-rules";
import { readBodyUpTo, readLimitedForm } from "../http/body-limit";
import type { AppContext, AppEnv } from "../http/context";
import { getObject, serveObject } from "../http/stored-object";
import { jsonBody } from "../http/json-body";
import { openSignedRead, signRead } from "../media/services/media-access";
import { SigningSecretMissingError } from "../services/signed-tokens";
import { orderClosedBody } from "../messages/uploads";
import { deleteMedia, putSignedObject, signWrite, uploadFiles, type StorageFailure } from "../media/services/storage";

/**
 * The storage calls of spec section 7, at their spec paths (/api/google/storage/*), backed by R2.
 * 400 bodies carry the spec's exact English text in `error` and the message key in `code` (the UI translates it).
 */
export const storageApi = new Hono<AppEnv>();

// No configured signing secret: every signed call is a 500 (signed-tokens.ts has logged why), never a fallback key.
storageApi.onError((error, c) => {
  if (error instanceof SigningSecretMissingError) return c.json({ error: "signing_unavailable" }, 500);
  throw error;
});

function fail(c: AppContext, failure: StorageFailure) {
  if (failure.status === 400) {
    const code = failure.error as MediaErrorCode;
    return c.json({ error: MEDIA_ERROR_TEXTS[code], code }, 400);
  }
  if (failure.status === 409) return c.json(orderClosedBody(c.get("request").locale), 409);
  return c.json({ error: failure.error }, failure.status);
}

const unauthorized = (c: AppContext) => c.json({ error: "unauthorized" }, 401);

/**
 * Cloudflare refuses request bodies above this on most plans: a field whose files may add up to more (an order's
 * deliverables: 10 × 100 MB) takes them by signed write, one file a PUT (decision 024).
 */
const PLATFORM_BODY_MAX_BYTES = 200 * MB;

/**
 * No field takes more than this in one request (files plus multipart overhead): a larger Content-Length is refused
 * before the body is read, and any body (chunked ones too) stops being read past it.
 */
const MAX_UPLOAD_REQUEST_BYTES =
  Math.min(Math.max(...UPLOAD_RULES.map((rule) => rule.maxBytes * rule.maxFiles)), PLATFORM_BODY_MAX_BYTES) + MB;

/** A byte count as JSON sends it: 10.5, "10", true or [10] are refused, never coerced to a number. */
const byteSize = v.pipe(v.number(), v.safeInteger(), v.minValue(1));

const signWriteBody = v.object({
  path: v.string(),
  contentType: v.string(),
  size: byteSize,
  posterOf: v.optional(v.string()),
});

/** {path} or {url}: the stored object's key or URL (path first when both are sent). */
const objectReferenceBody = v.pipe(
  v.object({ path: v.optional(v.string()), url: v.optional(v.string()) }),
  v.check(({ path, url }) => path !== undefined || url !== undefined),
  v.transform(({ path, url }) => path ?? url ?? ""),
);

storageApi.post("/upload", async (c) => {
  const { db, env, user } = c.get("request");
  if (!user) return unauthorized(c);
  const form = await readLimitedForm(c.req.raw, MAX_UPLOAD_REQUEST_BYTES);
  if (typeof form === "string")
    return fail(c, {
      ok: false,
      status: 400,
      error: form === "too_large" ? "media_error_too_large" : "media_error_unsupported_type",
    });
  const files = form.getAll("files").filter((f): f is File => typeof f !== "string");
  const result = await uploadFiles(db, env.MEDIA, user, {
    domain: String(form.get("domainPath") ?? ""),
    id: String(form.get("domainIdPath") ?? ""),
    field: String(form.get("fieldPath") ?? ""),
    files,
  });
  if (!result.ok) return fail(c, result);
  return c.json({ urls: result.urls });
});

storageApi.post("/sign/write", jsonBody(signWriteBody), async (c) => {
  const { db, env, user } = c.get("request");
  if (!user) return unauthorized(c);
  const result = await signWrite(db, env, user, c.req.valid("json"), new URL(c.req.url).origin);
  if (!result.ok) return fail(c, result);
  const { ok: _, ...signed } = result;
  return c.json(signed);
});

storageApi.post("/sign/read", jsonBody(objectReferenceBody), async (c) => {
  const { db, env, user } = c.get("request");
  if (!user) return unauthorized(c);
  const result = await signRead(db, env, user, c.req.valid("json"), new URL(c.req.url).origin);
  if (!result.ok) return fail(c, result);
  return c.json({ url: result.url, expiresAt: result.expiresAt });
});

storageApi.post("/delete", jsonBody(objectReferenceBody), async (c) => {
  const { db, env, user } = c.get("request");
  if (!user) return unauthorized(c);
  const result = await deleteMedia(db, env.MEDIA, user, c.req.valid("json"));
  if (!result.ok) return fail(c, result);
  return c.json({ deleted: result.deleted });
});

const objectKey = (c: AppContext) => {
  try {
    return decodeURIComponent(c.req.path.replace(/^.*?\/object\//, ""));
  } catch {
    return "";
  }
};

/**
 * Local signed writes: the token, not the session, authorizes (issued to the owner, single-use, binds key, size and
 * type). The body is handed over unread: the service refuses a bad token or length before reading it.
 */
storageApi.put("/object/*", async (c) => {
  const { db, env } = c.get("request");
  const length = c.req.header("content-length");
  const body = {
    declaredLength: length === undefined ? null : Number(length),
    readUpTo: (limit: number) => readBodyUpTo(c.req.raw.body, limit),
  };
  const result = await putSignedObject(db, env, objectKey(c), c.req.query("token") ?? "", body);
  if (!result.ok) return fail(c, result);
  return c.json({ url: result.url });
});

/**
 * Signed reads: a valid, unexpired token for this key, opened by the reader it names who may still read the object
 * now (decision 059), else 403; served with the same inert headers as /media/, and kept by no cache, saved under the
 * name the token signs (issue 60), and resumable by Range (stored-object.ts).
 */
storageApi.get("/object/*", async (c) => {
  const { db, env, user } = c.get("request");
  const parsed = await openSignedRead(db, env, objectKey(c), c.req.query("token") ?? "", user);
  const refuse = (error: string, status: 403 | 404) =>
    c.json({ error }, status, { "cache-control": PRIVATE_MEDIA_CACHE_CONTROL });
  if (!parsed) return refuse("forbidden", 403);
  const read = await getObject(env.MEDIA, parsed.key, c.req.raw);
  if (!read) return refuse("not_found", 404);
  return serveObject(read, PRIVATE_MEDIA_CACHE_CONTROL, parsed.name);
});
