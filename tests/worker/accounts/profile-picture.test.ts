import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userProfiles } from "#worker/db/schema";
import { parseMediaKey } from "#worker/media/domain/media-keys";
import { call, db, signUp } from "../support/helpers";

/**
 * The browser's upload path (app/components/media/upload-client.ts): sign/write, PUT the bytes to the signed URL,
 * then POST /api/account/picture so the object becomes the avatar or cover. In production the PUT goes straight to
 * R2 and nothing sniffs it on the way in, so the attach step must re-check the stored bytes.
 */
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
]);

let serial = 0;
async function newUser() {
  const handle = `Pic${Date.now() % 100000}${serial++}`;
  const cookie = await signUp(handle, `${handle.toLowerCase()}@example.com`);
  const profile = await db().select().from(userProfiles).where(eq(userProfiles.originalHandle, handle)).get();
  return { cookie, profileId: profile!.id };
}

const profileOf = (profileId: string) => db().select().from(userProfiles).where(eq(userProfiles.id, profileId)).get();

/** A signed write and the PUT of `bytes` to the URL it returns, as the browser does. */
async function signedPut(cookie: string, profileId: string, field: "avatar" | "cover", bytes: Uint8Array) {
  const signed = await call("/api/google/storage/sign/write", {
    method: "POST",
    cookie,
    json: { path: `v1/user-profile/${profileId}/${field}`, contentType: "image/png", size: bytes.length },
  });
  expect(signed.status).toBe(200);
  const { url, storedUrl, headers } = await signed.json<{
    url: string;
    storedUrl: string;
    headers: Record<string, string>;
  }>();
  const target = new URL(url);
  const put = await call(`${target.pathname}${target.search}`, {
    method: "PUT",
    headers,
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
  });
  return { put, storedUrl };
}

const attach = (cookie: string | undefined, field: string, url: string) =>
  call("/api/account/picture", { method: "POST", cookie, json: { field, url } });

describe("POST /api/account/picture", () => {
  it("makes a signed-write PNG the avatar (the same URL as the signed write returned)", async () => {
    const { cookie, profileId } = await newUser();
    const { put, storedUrl } = await signedPut(cookie, profileId, "avatar", PNG);
    expect(put.status).toBe(200);
    const response = await attach(cookie, "avatar", storedUrl);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: storedUrl });
    expect((await profileOf(profileId))?.avatarUrl).toBe(storedUrl);
  });

  it("a signed PUT the page never attaches (an upload cancelled as its last byte landed) leaves the avatar as it was", async () => {
    const { cookie, profileId } = await newUser();
    const { storedUrl: first } = await signedPut(cookie, profileId, "avatar", PNG);
    expect((await profileOf(profileId))?.avatarUrl).toBeNull();
    await attach(cookie, "avatar", first);
    const { put, storedUrl: cancelled } = await signedPut(cookie, profileId, "avatar", PNG);
    expect(put.status).toBe(200);
    expect((await profileOf(profileId))?.avatarUrl).toBe(first);
    expect(await env.MEDIA.head(parseMediaKey(first)!.key)).not.toBeNull();
    // Waiting for the day's sweep of unattached uploads, as any other field's upload does.
    expect(await env.MEDIA.head(parseMediaKey(cancelled)!.key)).not.toBeNull();
  });

  it("refuses an object whose bytes are not an image (as a presigned PUT could store), deletes it and keeps the old avatar", async () => {
    const { cookie, profileId } = await newUser();
    const { storedUrl: first } = await signedPut(cookie, profileId, "avatar", PNG);
    await attach(cookie, "avatar", first);
    // What a presigned PUT to R2 could leave behind: HTML under a .png key of the user's own folder.
    const forged = `v1/user-profile/${profileId}/avatar/${crypto.randomUUID()}.png`;
    await env.MEDIA.put(forged, new TextEncoder().encode("<html><script>alert(1)</script></html>"));

    const response = await attach(cookie, "avatar", `/media/${forged}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Error: file type is not supported.",
      code: "media_error_unsupported_type",
    });
    expect(await env.MEDIA.head(forged)).toBeNull();
    expect((await profileOf(profileId))?.avatarUrl).toBe(first);
    expect(await env.MEDIA.head(parseMediaKey(first)!.key)).not.toBeNull();
  });

  it("refuses someone else's object and a missing session; nothing changes", async () => {
    const owner = await newUser();
    const other = await newUser();
    const { storedUrl } = await signedPut(owner.cookie, owner.profileId, "cover", PNG);
    await attach(owner.cookie, "cover", storedUrl);

    expect((await attach(other.cookie, "cover", storedUrl)).status).toBe(403);
    expect((await attach(undefined, "cover", storedUrl)).status).toBe(401);
    expect((await attach(owner.cookie, "banner", storedUrl)).status).toBe(400);
    expect((await profileOf(other.profileId))?.coverUrl).toBeNull();
    expect((await profileOf(owner.profileId))?.coverUrl).toBe(storedUrl);
    expect(await env.MEDIA.head(parseMediaKey(storedUrl)!.key)).not.toBeNull();
  });
});
