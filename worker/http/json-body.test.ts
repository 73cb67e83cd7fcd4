import { Hono } from "hono";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { MAX_JSON_BODY_BYTES, type SchemaRefusal, jsonBody } from "./json-body";

const LIMIT = 64;

/** One route behind jsonBody that echoes what its handler got, and counts how often the handler ran. */
function echoApp(schema: v.GenericSchema = v.object({ name: v.string() }), limit = LIMIT) {
  let handled = 0;
  const app = new Hono();
  app.post("/", jsonBody(schema, { maxBytes: limit }), (c) => {
    handled++;
    return c.json({ got: c.req.valid("json") });
  });
  return { app, handled: () => handled };
}

const post = (
  app: Hono,
  body: BodyInit,
  contentType: string | null = "application/json",
  headers: Record<string, string> = {},
) =>
  app.request("/", {
    method: "POST",
    body,
    headers: { ...(contentType ? { "content-type": contentType } : {}), ...headers },
  });

/** A body sent in `chunks` chunks of `size` bytes without a Content-Length; `pulled()` says how many were read. */
function chunkedBody(chunks: number, size: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= chunks) return controller.close();
        pulled++;
        controller.enqueue(new TextEncoder().encode(" ".repeat(size)));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

describe("jsonBody", () => {
  it("hands the handler the schema's output only: unknown keys, toString and __proto__ stay out", async () => {
    const { app } = echoApp();
    const response = await post(app, '{"name":"a","toString":1,"__proto__":{"polluted":true}}');
    expect(response.status).toBe(200);
    const { got } = await response.json<{ got: Record<string, unknown> }>();
    expect(got).toEqual({ name: "a" });
    expect(Object.keys(got)).toEqual(["name"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("takes application/json with parameters and +json types", async () => {
    const { app } = echoApp();
    for (const type of ["application/json", "Application/JSON; charset=utf-8", "application/merge-patch+json"]) {
      expect([type, (await post(app, '{"name":"a"}', type)).status]).toEqual([type, 200]);
    }
  });

  it("refuses any other content type, or none, with 415 before reading the body", async () => {
    const { app, handled } = echoApp();
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonx",
      null,
    ]) {
      const response = await post(app, '{"name":"a"}', type);
      expect([type, response.status, await response.json()]).toEqual([type, 415, { error: "unsupported_media_type" }]);
    }
    expect(handled()).toBe(0);
  });

  it("refuses a body over the limit with 413, declared or streamed, and stops reading it", async () => {
    const { app, handled } = echoApp();
    const declaredBody = chunkedBody(1000, 16);
    const declared = await post(app, declaredBody.stream, "application/json", { "content-length": "16000" });
    expect([declared.status, await declared.json()]).toEqual([413, { error: "payload_too_large" }]);
    expect(declaredBody.pulled()).toBe(0);

    const streamedBody = chunkedBody(1000, 16);
    const streamed = await post(app, streamedBody.stream);
    expect([streamed.status, await streamed.json()]).toEqual([413, { error: "payload_too_large" }]);
    expect(streamedBody.pulled()).toBeLessThanOrEqual(LIMIT / 16 + 2);
    expect(handled()).toBe(0);
  });

  it("refuses what is not UTF-8 JSON, or not what the schema takes, with 400 invalid_request", async () => {
    const { app, handled } = echoApp();
    const bodies: BodyInit[] = [
      "",
      "{",
      "{'name':'a'}",
      new Uint8Array([0x7b, 0xff, 0x7d]),
      "null",
      '"x"',
      "1",
      "[]",
      "true",
      '{"toString":1}',
      '{"name":{"toString":1}}',
      '{"name":["a"]}',
    ];
    for (const body of bodies) {
      const response = await post(app, body);
      expect([String(body), response.status, await response.json()]).toEqual([
        String(body),
        400,
        { error: "invalid_request" },
      ]);
    }
    expect(handled()).toBe(0);
  });

  it("refuses deep nesting within the default limit without a crash", async () => {
    const { app } = echoApp(v.object({ name: v.string() }), MAX_JSON_BODY_BYTES);
    for (const depth of [5_000, 30_000]) {
      for (const body of [
        "[".repeat(depth) + "]".repeat(depth),
        `{"name":${"[".repeat(depth)}${"]".repeat(depth)}}`,
        `${'{"a":'.repeat(depth / 5)}1${"}".repeat(depth / 5)}`,
      ]) {
        expect((await post(app, body)).status).toBe(400);
      }
    }
  });

  it("refuses malformed JSON even when the schema would take no value", async () => {
    const { app } = echoApp(v.optional(v.string()));
    expect((await post(app, "{")).status).toBe(400);
    expect((await post(app, '"a"')).status).toBe(200);
  });

  it("answers JSON the schema refuses with the door's own refusal, given the issues; everything else as before", async () => {
    let handled = 0;
    const refused: unknown[] = [];
    const app = new Hono();
    const refuse: SchemaRefusal = (c, issues) => {
      refused.push(issues.map((issue) => v.getDotPath(issue)));
      return c.json({ error: "door_refusal" }, 422);
    };
    app.post("/", jsonBody(v.object({ name: v.string() }), { maxBytes: LIMIT, refuse }), (c) => {
      handled++;
      return c.json({ got: c.req.valid("json") });
    });
    expect([(await post(app, '{"name":1}')).status, refused]).toEqual([422, [["name"]]]);
    expect(await (await post(app, "null")).json()).toEqual({ error: "door_refusal" });
    // Not JSON, not JSON's type, too large: jsonBody's own answers, and the door's refusal is not asked.
    expect((await post(app, "{")).status).toBe(400);
    expect((await post(app, '{"name":"a"}', "text/plain")).status).toBe(415);
    expect((await post(app, `{"name":"${"a".repeat(LIMIT)}"}`)).status).toBe(413);
    expect(refused).toHaveLength(2);
    expect(handled).toBe(0);
    expect((await post(app, '{"name":"a"}')).status).toBe(200);
    expect(handled).toBe(1);
  });

  it("reads a lazy schema for each body: one that depends on the moment, or on the body's shape", async () => {
    let now = 1_000;
    const { app } = echoApp(v.lazy(() => v.object({ at: v.pipe(v.number(), v.maxValue(now)) })));
    expect((await post(app, '{"at":1000}')).status).toBe(200);
    now = 999;
    expect((await post(app, '{"at":1000}')).status).toBe(400);
  });
});
