import { env } from "cloudflare:workers";
import { SignJWT, decodeJwt, decodeProtectedHeader } from "jose";
import { describe, expect, it, vi } from "vitest";
import { createApp } from "#worker/app";
import { createDb } from "#worker/db/client";
import { signReadUrl, signWrite } from "#worker/media/services/storage";
import { BASE, call } from "../support/helpers";
import { PNG, newMember, objectExists, pathOf, putTo, signWriteAs } from "../support/media-fixtures";

/** The fixed key signed URLs fell back to outside production before issue 7; it is public, so it must open nothing. */
const RETIRED_KEY = "comet-local-media-signing-secret";

const avatarPath = (profileId: string) => `v1/user-profile/${profileId}/avatar`;
const tokenOf = (url: string) => new URL(url, BASE).searchParams.get("token")!;

describe("signed tokens: JWTs with a kind, an expiry, an id and an exact scope", () => {
  it("signs write and read URLs as HS256 JWTs whose audience names the kind; one kind never passes as the other", async () => {
    const member = await newMember("Sgtk");
    const signed = await signWriteAs(member.cookie, avatarPath(member.profileId), PNG.length);
    const write = tokenOf(signed.url);
    expect(decodeProtectedHeader(write)).toMatchObject({ alg: "HS256", typ: "JWT" });
    const claims = decodeJwt(write);
    expect(claims).toMatchObject({
      iss: "comet",
      aud: "comet:media-write",
      key: signed.key,
      size: PNG.length,
      type: "image/png",
      sub: member.profileId,
    });
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp! - claims.iat!).toBe(15 * 60);

    const read = tokenOf(signed.readUrl);
    expect(decodeJwt(read)).toMatchObject({ iss: "comet", aud: "comet:media-read", key: signed.key });
    expect(decodeJwt(read).jti).toMatch(/^[0-9a-f-]{36}$/);
    // A read token does not open a write of the same key, and a write token does not open a read.
    const objectPath = pathOf(signed.url).split("?")[0];
    expect((await putTo(`${objectPath}?token=${read}`, PNG, signed.headers)).status).toBe(403);
    expect(await objectExists(signed.key)).toBe(false);
    expect((await putTo(signed.url, PNG, signed.headers)).status).toBe(200);
    expect((await call(`${objectPath}?token=${write}`)).status).toBe(403);
    expect((await call(pathOf(signed.readUrl))).status).toBe(200);
  });

  it("a write token is single-use: a second PUT with it is refused with 403 and changes nothing", async () => {
    const member = await newMember("Sgtk");
    const signed = await signWriteAs(member.cookie, `${avatarPath(member.profileId)}`, PNG.length);
    expect((await putTo(signed.url, PNG, signed.headers)).status).toBe(200);
    const first = await env.MEDIA.head(signed.key);
    const again = await putTo(signed.url, PNG, signed.headers);
    expect(again.status).toBe(403);
    expect((await env.MEDIA.head(signed.key))?.uploaded).toEqual(first?.uploaded);
  });

  it("of two concurrent PUTs with one token, only one stores", async () => {
    const member = await newMember("Sgtk");
    const signed = await signWriteAs(member.cookie, `${avatarPath(member.profileId)}`, PNG.length);
    const statuses = (
      await Promise.all([putTo(signed.url, PNG, signed.headers), putTo(signed.url, PNG, signed.headers)])
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 403]);
  });
});

describe("signed tokens: no key, no signature", () => {
  it("refuses to sign without a configured secret, or with the retired development key (no fallback)", async () => {
    const member = await newMember("Sgtk");
    const input = { path: avatarPath(member.profileId), contentType: "image/png", size: PNG.length };
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const secret of [undefined, "", RETIRED_KEY, "too-short"]) {
      const bare = { ...env, APP_ENV: "development", MEDIA_SIGNING_SECRET: secret } as unknown as Env;
      await expect(signWrite(createDb(env.DB), bare, member, input, BASE)).rejects.toThrow(/MEDIA_SIGNING_SECRET/);
      await expect(
        signReadUrl(
          bare,
          `${avatarPath(member.profileId)}/123e4567-e89b-12d3-a456-426614174000.png`,
          member.profileId,
          { origin: BASE },
        ),
      ).rejects.toThrow(/MEDIA_SIGNING_SECRET/);
    }
    // Through the API: a 500 that says signing is unavailable, not a URL signed with some other key.
    const bare = { ...env, APP_ENV: "development", MEDIA_SIGNING_SECRET: undefined } as unknown as Env;
    const request = new Request(`${BASE}/api/google/storage/sign/write`, {
      method: "POST",
      headers: { cookie: member.cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify(input),
    });
    const response = await createApp().fetch(request, bare, {
      waitUntil() {},
      passThroughOnException() {},
      props: {},
    } as unknown as ExecutionContext);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "signing_unavailable" });
    // Each refusal says why in the log.
    expect(log).toHaveBeenCalledWith(expect.stringContaining("MEDIA_SIGNING_SECRET is missing"));
    log.mockRestore();
  });

  it("refuses tokens signed with the old fixed development key, in the old format or as a JWT", async () => {
    const member = await newMember("Sgtk");
    const key = `${avatarPath(member.profileId)}/${crypto.randomUUID()}.png`;
    const expires = Date.now() + 10 * 60 * 1000;
    // The hand-written format of before: base64url(JSON payload) "." base64url(HMAC-SHA256(key, payload part)).
    const b64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    const body = b64url(
      new TextEncoder().encode(
        JSON.stringify({ op: "w", k: key, s: PNG.length, t: "image/png", p: member.profileId, e: expires }),
      ),
    );
    const hmac = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(RETIRED_KEY),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const legacy = `${body}.${b64url(new Uint8Array(await crypto.subtle.sign("HMAC", hmac, new TextEncoder().encode(body))))}`;
    const jwt = await new SignJWT({ key, size: PNG.length, type: "image/png", sub: member.profileId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer("comet")
      .setAudience("comet:media-write")
      .setIssuedAt()
      .setExpirationTime(Math.floor(expires / 1000))
      .setJti(crypto.randomUUID())
      .sign(new TextEncoder().encode(RETIRED_KEY));
    for (const token of [legacy, jwt]) {
      const response = await putTo(`/api/google/storage/object/${key}?token=${token}`, PNG, {
        "content-type": "image/png",
      });
      expect(response.status).toBe(403);
    }
    expect(await objectExists(key)).toBe(false);
  });
});
