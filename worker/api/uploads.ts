import { Hono, type MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import * as v from "valibot";
import { MEDIA_ERROR_TEXTS, type MediaErrorCode } from "../media/domain/media-limits";
import { FILE_KINDS, type FileKind } from "../media/domain/media-sniff";
import { MULTIPART_ERROR_TEXTS, SHA256_HEX, type MultipartErrorCode } from "../media/domain/multipart-plan";
import type { AppContext, AppEnv } from "../http/context";
import { jsonBody } from "../http/json-body";
import { abortUpload } from "../media/services/multipart-cleanup";
import { putPart, reportPart, signParts } from "../media/services/multipart-parts";
import type { MultipartDeps, UploadFailure } from "../media/services/multipart-upload-rows";
import { completeUpload, getUpload, listUploads, startUpload } from "../media/services/multipart-uploads";
import { SigningSecretMissingError } from "../services/signed-tokens";
import { createDb } from "../db/client";
import { HASH_AT_COMPLETION_MAX_BYTES } from "../media/domain/file-checksum";
import { checkStoredFileSoon } from "../media/services/file-checksum";
import { orderClosedBody } from "../messages/uploads";

/**
 * The resumable multipart upload of a deliverable (issue 60, decision 096), mounted at /api/uploads. Thin: each door
 * parses its input with a valibot schema, then calls worker/media/services/multipart-uploads.ts. Every failure is
 * `{ error, code }` with a 4xx (503 when R2 could not be reached): `error` the English text, `code` the key the page
 * translates (messages/multipart, and messages/media for the media codes it shares).
 */
export const uploadsApi = new Hono<AppEnv>();

uploadsApi.onError((error, c) => {
  if (error instanceof SigningSecretMissingError) return c.json({ error: "signing_unavailable" }, 500);
  throw error;
});

type Code = MultipartErrorCode | MediaErrorCode;
const textOf = (code: Code) =>
  code in MULTIPART_ERROR_TEXTS
    ? MULTIPART_ERROR_TEXTS[code as MultipartErrorCode]
    : MEDIA_ERROR_TEXTS[code as MediaErrorCode];

function fail(c: AppContext, failure: UploadFailure) {
  if (failure.code === "upload_error_order_closed") return c.json(orderClosedBody(c.get("request").locale), 409);
  const body = {
    error: textOf(failure.code),
    code: failure.code,
    ...(failure.missing ? { missing: failure.missing } : {}),
  };
  return c.json(body, failure.status);
}

const refused = (code: Code, status: UploadFailure["status"] = 400): UploadFailure => ({ ok: false, status, code });
const invalid = (c: AppContext) => fail(c, refused("upload_error_invalid_request"));

const depsOf = (c: AppContext): MultipartDeps => {
  const { db, env } = c.get("request");
  return { db, env, bucket: env.MEDIA };
};

/** Every door but the token-authorized part PUT needs the session. */
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("request").user) return fail(c, refused("upload_error_signed_out", 401));
  await next();
};

const userOf = (c: AppContext) => c.get("request").user!;

// ───────────────────────── schemas ─────────────────────────

/** A tab's own id (the browser makes one per tab): what holds an upload's lease. */
const tabId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/));
const uploadId = v.pipe(v.string(), v.uuid());
/** A part number as the path gives it: digits (a sign allowed, so -1 is "out of range", not a bad request). */
const partNumber = v.pipe(v.string(), v.regex(/^-?\d{1,9}$/), v.transform(Number));
const target = {
  domain: v.pipe(v.string(), v.maxLength(64)),
  id: v.pipe(v.string(), v.maxLength(64)),
  field: v.pipe(v.string(), v.maxLength(64)),
};
const fileKind = v.picklist(Object.keys(FILE_KINDS) as FileKind[]);

const startBody = v.object({
  ...target,
  // Long enough that a name over 255 characters reaches the name rule and its own message.
  name: v.pipe(v.string(), v.maxLength(4096)),
  size: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  kind: fileKind,
  lastModified: v.pipe(v.number(), v.safeInteger()),
  tabId,
});
const partsBody = v.object({
  partNumbers: v.pipe(v.array(v.pipe(v.number(), v.safeInteger())), v.minLength(1), v.maxLength(100)),
  tabId,
});
const reportBody = v.object({ etag: v.pipe(v.string(), v.minLength(1), v.maxLength(200)), tabId });
const completeBody = v.object({ sha256: v.pipe(v.string(), v.regex(SHA256_HEX)), tabId });

const json = <S extends v.GenericSchema>(schema: S) => jsonBody(schema, { refuse: (c) => invalid(c as AppContext) });

/** Path parameters and the query, parsed with their schema before the handler (a refusal is `upload_error_invalid_request`). */
const params = <S extends v.GenericSchema>(schema: S) =>
  validator("param", (value, c) => {
    const parsed = v.safeParse(schema, value);
    return parsed.success ? (parsed.output as v.InferOutput<S>) : invalid(c as AppContext);
  });
const query = <S extends v.GenericSchema>(schema: S) =>
  validator("query", (value, c) => {
    const parsed = v.safeParse(schema, value);
    return parsed.success ? (parsed.output as v.InferOutput<S>) : invalid(c as AppContext);
  });

const uploadParams = v.object({ uploadId });
const partParams = v.object({ uploadId, partNumber });

// ───────────────────────── doors ─────────────────────────

uploadsApi.post("/", signedIn, json(startBody), async (c) => {
  const result = await startUpload(depsOf(c), userOf(c), c.req.valid("json"));
  if (!result.ok) return fail(c, result);
  return c.json({ upload: result.upload });
});

uploadsApi.get("/", signedIn, query(v.object(target)), async (c) => {
  const result = await listUploads(depsOf(c), userOf(c), c.req.valid("query"));
  if (!result.ok) return fail(c, result);
  return c.json({ uploads: result.uploads });
});

uploadsApi.get("/:uploadId", signedIn, params(uploadParams), async (c) => {
  const result = await getUpload(depsOf(c), userOf(c), c.req.valid("param").uploadId);
  if (!result.ok) return fail(c, result);
  return c.json({ upload: result.upload });
});

uploadsApi.post("/:uploadId/parts", signedIn, params(uploadParams), json(partsBody), async (c) => {
  const origin = new URL(c.req.url).origin;
  const result = await signParts(depsOf(c), userOf(c), c.req.valid("param").uploadId, c.req.valid("json"), origin);
  if (!result.ok) return fail(c, result);
  return c.json({ parts: result.parts });
});

/**
 * The local part door: the token (not the session) authorizes, and is checked, with the upload, the part and the
 * Content-Length, before a byte of the body is read; the body streams into R2.
 */
uploadsApi.put(
  "/:uploadId/parts/:partNumber",
  params(partParams),
  query(v.object({ token: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)) })),
  async (c) => {
    const { uploadId: id, partNumber: n } = c.req.valid("param");
    const length = c.req.header("content-length");
    const declaredLength = length !== undefined && /^\d{1,15}$/.test(length) ? Number(length) : null;
    const result = await putPart(depsOf(c), id, n, c.req.valid("query").token, {
      declaredLength,
      stream: c.req.raw.body,
    });
    if (!result.ok) return fail(c, result);
    return c.json({ partNumber: result.partNumber, etag: result.etag });
  },
);

uploadsApi.post("/:uploadId/parts/:partNumber/report", signedIn, params(partParams), json(reportBody), async (c) => {
  const { uploadId: id, partNumber: n } = c.req.valid("param");
  const result = await reportPart(depsOf(c), userOf(c), id, n, c.req.valid("json"));
  if (!result.ok) return fail(c, result);
  return c.json({ partNumber: result.partNumber });
});

uploadsApi.post("/:uploadId/complete", signedIn, params(uploadParams), json(completeBody), async (c) => {
  const result = await completeUpload(depsOf(c), userOf(c), c.req.valid("param").uploadId, c.req.valid("json"));
  if (!result.ok) return fail(c, result);
  // Comet's own SHA-256 of what was stored, after the answer; a larger file (or a lost run) waits for the cron.
  const { env } = c.get("request");
  if (result.size <= HASH_AT_COMPLETION_MAX_BYTES)
    c.executionCtx.waitUntil(checkStoredFileSoon({ db: createDb(env.DB), bucket: env.MEDIA }, result.key));
  const { ok: _, ...completed } = result;
  return c.json(completed);
});

uploadsApi.delete("/:uploadId", signedIn, params(uploadParams), async (c) => {
  const result = await abortUpload(depsOf(c), userOf(c), c.req.valid("param").uploadId);
  if (!result.ok) return fail(c, result);
  return c.json({ upload: result.upload });
});
