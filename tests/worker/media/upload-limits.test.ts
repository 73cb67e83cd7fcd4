import { describe, expect, it } from "vitest";
import { UNREAD_BODY_DRAIN_BYTES } from "#worker/http/body-limit";
import { call } from "../support/helpers";
import { PNG, countingBody, newMember, newWork, objectExists, putTo, signWriteAs } from "../support/media-fixtures";

/**
 * Refusing early: a bad token or size is refused before the body is read, and no body is read past its limit. What the
 * door left unread is then drained, 1 MiB at most, before the answer goes (worker/http/body-limit.ts
 * `drainUnreadBody`, issue 59): never the whole of a large body.
 */

const CHUNK = 64 * 1024;
/** What the drain reads of a refused body, in chunks, with one in flight. */
const DRAINED_CHUNKS = UNREAD_BODY_DRAIN_BYTES / CHUNK + 1;
const pngOfSize = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return bytes;
};

describe("upload limits: the signed PUT", () => {
  it("refuses a bad token before reading any of a large body", async () => {
    const member = await newMember("Uplm");
    const key = `v1/user-profile/${member.profileId}/avatar/${crypto.randomUUID()}.png`;
    const body = countingBody(64, new Uint8Array(CHUNK));
    const response = await putTo(`/api/google/storage/object/${key}?token=not-a-token`, body.stream, {
      "content-type": "image/png",
    });
    expect(response.status).toBe(403);
    expect(body.pulled()).toBeLessThanOrEqual(1 + DRAINED_CHUNKS);
    expect(await objectExists(key)).toBe(false);
  });

  it("refuses a Content-Length that is not the signed size before reading the body", async () => {
    const member = await newMember("Uplm");
    const signed = await signWriteAs(member.cookie, `v1/user-profile/${member.profileId}/avatar`, PNG.length);
    const body = countingBody(64, new Uint8Array(CHUNK));
    const response = await putTo(signed.url, body.stream, { ...signed.headers, "content-length": String(64 * CHUNK) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "Error: file size is too large." });
    expect(body.pulled()).toBeLessThanOrEqual(1);
    expect(await objectExists(signed.key)).toBe(false);
  });

  it("stops reading a chunked body past the signed size; the unspent token still takes the right file", async () => {
    const member = await newMember("Uplm");
    const size = CHUNK + 100;
    const signed = await signWriteAs(member.cookie, `v1/user-profile/${member.profileId}/avatar`, size);
    const body = countingBody(64, pngOfSize(CHUNK));
    const response = await putTo(signed.url, body.stream, signed.headers);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "Error: file size is too large." });
    expect(body.pulled()).toBeLessThanOrEqual(2 + DRAINED_CHUNKS);
    expect(await objectExists(signed.key)).toBe(false);
    // Nothing was stored, so the single-use token was not spent.
    expect((await putTo(signed.url, pngOfSize(size), signed.headers)).status).toBe(200);
    expect(await objectExists(signed.key)).toBe(true);
  });
});

describe("upload limits: the multipart /upload", () => {
  it("refuses a chunked body over the request limit with 'Error: file size is too large.' and stops reading it", async () => {
    const member = await newMember("Uplm");
    const workId = await newWork(member.profileId);
    const boundary = "----comet-upload-limit";
    const head = new TextEncoder().encode(
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="domainPath"',
        "",
        "portfolio-work",
        `--${boundary}`,
        'Content-Disposition: form-data; name="domainIdPath"',
        "",
        workId,
        `--${boundary}`,
        'Content-Disposition: form-data; name="fieldPath"',
        "",
        "medias",
        `--${boundary}`,
        'Content-Disposition: form-data; name="files"; filename="huge.png"',
        "Content-Type: image/png",
        "",
        "",
      ].join("\r\n"),
    );
    // 1 MB chunks, 260 of them (past the 201 MB every field together may take); the first carries the part headers.
    const MB = 1024 * 1024;
    let pulled = 0;
    const total = 260;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= total) return controller.close();
          pulled++;
          controller.enqueue(pulled === 1 ? head : new Uint8Array(MB));
        },
      },
      { highWaterMark: 0 },
    );
    const response = await call("/api/google/storage/upload", {
      method: "POST",
      cookie: member.cookie,
      body: stream,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Error: file size is too large.", code: "media_error_too_large" });
    expect(pulled).toBeLessThan(210);
    // Parsing 200 MB in workerd takes a few seconds on a small machine.
  }, 60_000);
});
