import type { Env as HonoEnv, MiddlewareHandler } from "hono";
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

/**
 * Hono validator middleware for a route's JSON body: the handler after it reads the schema's output with
 * `c.req.valid("json")` and never touches the raw body. Refusals, each before the handler runs:
 * - 415 `unsupported_media_type`: the Content-Type is not JSON (a JSON text sent as text/plain is not read);
 * - 413 `payload_too_large`: a Content-Length over `maxBytes`, or more than `maxBytes` sent (reading stops there);
 * - 400 `invalid_request`: not UTF-8 JSON, or not what the schema takes.
 * Only the schema's output gets through, and `v.object` builds a fresh object of its own keys: a `toString` or
 * `__proto__` key, or nesting deeper than the schema's, never reaches a handler. JSON.parse takes any nesting that fits
 * in `maxBytes` without exhausting the stack (json-body.test.ts sends 30,000 levels), and a schema without `v.lazy`
 * stops at its own depth.
 */
export function jsonBody<S extends v.GenericSchema, E extends HonoEnv = HonoEnv, P extends string = string>(
  schema: S,
  maxBytes = MAX_JSON_BODY_BYTES,
): MiddlewareHandler<E, P, { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }> {
  return async (c, next) => {
    if (!isJsonContentType(c.req.header("content-type"))) return c.json({ error: "unsupported_media_type" }, 415);
    if (Number(c.req.header("content-length") ?? 0) > maxBytes) return c.json({ error: "payload_too_large" }, 413);
    const bytes = await readBodyUpTo(c.req.raw.body, maxBytes);
    if (!bytes) return c.json({ error: "payload_too_large" }, 413);
    const json = parseJson(bytes);
    const parsed = json && v.safeParse(schema, json.value);
    if (!parsed?.success) return c.json({ error: "invalid_request" }, 400);
    c.req.addValidatedData("json", parsed.output as object);
    await next();
  };
}

/**
 * The JSON door of a route that parses its fields itself, to answer each field's own message (account settings,
 * sign-up, chat): the content type, the size and the JSON are checked here; `c.req.valid("json")` is the value.
 */
export const jsonInput = <E extends HonoEnv = HonoEnv, P extends string = string>(maxBytes = MAX_JSON_BODY_BYTES) =>
  jsonBody<v.UnknownSchema, E, P>(v.unknown(), maxBytes);
