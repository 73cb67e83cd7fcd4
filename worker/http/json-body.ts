import type { Context, Env as HonoEnv, MiddlewareHandler } from "hono";
import * as v from "valibot";
import { readBodyUpTo } from "./body-limit";

/** Far above any JSON body the API takes (a few short fields); a larger one is refused unparsed. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** application/json, or a JSON-based type such as application/merge-patch+json; parameters (charset) aside. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

const isJsonContentType = (contentType: string | undefined) =>
  JSON_MEDIA_TYPE.test(contentType?.split(";")[0].trim() ?? "");

/** The JSON value the bytes hold; null when they are not UTF-8 text holding one JSON value. */
function parseJson(bytes: Uint8Array): { value: unknown } | null {
  try {
    return { value: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) };
  } catch {
    return null;
  }
}

/** The issues valibot gives for a value the schema refuses (never empty). */
export type SchemaIssues = readonly v.BaseIssue<unknown>[];

/**
 * A door's own answer to JSON its schema refuses, in place of 400 `invalid_request`: the field messages of a form
 * (`fieldRefusal`), a chat send's reason, or a signed-out caller's 401 where that is the door's first answer.
 */
export type SchemaRefusal<E extends HonoEnv = HonoEnv, P extends string = string> = (
  c: Context<E, P>,
  issues: SchemaIssues,
) => Response | Promise<Response>;

export interface JsonBodyOptions<E extends HonoEnv = HonoEnv, P extends string = string> {
  /** The largest body read (MAX_JSON_BODY_BYTES unless the door needs more room). */
  maxBytes?: number;
  /** The answer to JSON the schema refuses; 400 `invalid_request` without it. */
  refuse?: SchemaRefusal<E, P>;
}

/**
 * Hono validator middleware for a route's JSON body, the one way a route reads one: the handler after it reads the
 * schema's output with `c.req.valid("json")` and never touches the raw body. Refusals, each before the handler runs:
 * - 415 `unsupported_media_type`: the Content-Type is not JSON (a JSON text sent as text/plain is not read);
 * - 413 `payload_too_large`: a Content-Length over `maxBytes`, or more than `maxBytes` sent (reading stops there);
 * - 400 `invalid_request`: not UTF-8 JSON;
 * - JSON the schema does not take: the door's `refuse` answer, or 400 `invalid_request`.
 * Only the schema's output gets through, and `v.object` builds a fresh object of its own keys: a `toString` or
 * `__proto__` key, or nesting deeper than the schema's, never reaches a handler. JSON.parse takes any nesting that fits
 * in `maxBytes` without exhausting the stack (json-body.test.ts sends 30,000 levels), and a schema without a recursive
 * `v.lazy` stops at its own depth. A schema that depends on the moment or on the body's shape is a `v.lazy` whose
 * getter builds it for each body (`v.lazy(() => settingsSchema(Date.now()))`).
 */
export function jsonBody<S extends v.GenericSchema, E extends HonoEnv = HonoEnv, P extends string = string>(
  schema: S,
  { maxBytes = MAX_JSON_BODY_BYTES, refuse }: JsonBodyOptions<E, P> = {},
): MiddlewareHandler<E, P, { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }> {
  return async (c, next) => {
    if (!isJsonContentType(c.req.header("content-type"))) return c.json({ error: "unsupported_media_type" }, 415);
    if (Number(c.req.header("content-length") ?? 0) > maxBytes) return c.json({ error: "payload_too_large" }, 413);
    const bytes = await readBodyUpTo(c.req.raw.body, maxBytes);
    if (!bytes) return c.json({ error: "payload_too_large" }, 413);
    const json = parseJson(bytes);
    if (!json) return c.json({ error: "invalid_request" }, 400);
    const parsed = v.safeParse(schema, json.value);
    if (!parsed.success) return refuse ? refuse(c, parsed.issues) : c.json({ error: "invalid_request" }, 400);
    c.req.addValidatedData("json", parsed.output as object);
    await next();
  };
}
