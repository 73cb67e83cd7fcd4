import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "#worker/db/client";
import { portfolioWorks, userProfiles } from "#worker/db/schema";
import { parseMediaKey } from "#worker/media/domain/media-keys";
import { signReadUrl, signWrite } from "#worker/media/services/storage";
import { BASE, signUp } from "../support/helpers";

/** A same-origin request through the real Worker (tests/worker/entry.ts: createApp with all its middleware). */
function send(path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  headers.set("sec-fetch-site", "same-origin");
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  const url = path.startsWith("http") ? path : `${BASE}${path}`;
  return exports.default.fetch(new Request(url, { ...init, headers, body }));
}

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
]);
const GIF = new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;");
const png = (name = "a.png", extra = 0) => new File([PNG, new Uint8Array(extra)], name, { type: "image/png" });

function uploadForm(domainPath: string, domainIdPath: string, fieldPath: string, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append("files", file);
  form.set("domainPath", domainPath);
  form.set("domainIdPath", domainIdPath);
  form.set("fieldPath", fieldPath);
  return form;
}

let serial = 0;
async function newUser() {
  const handle = `Stor${Date.now() % 100000}${serial++}`;
  const cookie = await signUp(handle, `${handle.toLowerCase()}@example.com`);
  const profile = await createDb(env.DB)
    .select()
    .from(userProfiles)
    .where(eq(userProfiles.originalHandle, handle))
    .get();
  return { cookie, profileId: profile!.id };
}

async function upload(cookie: string | undefined, form: FormData) {
  return send("/api/google/storage/upload", { method: "POST", body: form, cookie });
}

async function listUnder(prefix: string) {
  return (await env.MEDIA.list({ prefix })).objects.map((o) => o.key);
}

describe("storage: upload", () => {
  it("refuses every call without a session", async () => {
    const { profileId } = await newUser();
    expect((await upload(undefined, uploadForm("user-profile", profileId, "avatar", [png()]))).status).toBe(401);
    for (const path of ["/sign/write", "/sign/read", "/delete"]) {
      const response = await send(`/api/google/storage${path}`, {
        method: "POST",
        json: { path: `v1/user-profile/${profileId}/avatar`, contentType: "image/png", size: 10 },
      });
      expect(response.status).toBe(401);
    }
    expect(await listUnder(`v1/user-profile/${profileId}/`)).toEqual([]);
  });

  it("stores an avatar under its key with the sniffed type and serves it inert", async () => {
    const { cookie, profileId } = await newUser();
    // The browser's claim (and the name) say JPEG; the bytes are PNG, and PNG is what is stored.
    const response = await upload(
      cookie,
      uploadForm("user-profile", profileId, "avatar", [new File([PNG], "photo.jpg", { type: "image/jpeg" })]),
    );
    expect(response.status).toBe(200);
    const { urls } = await response.json<{ urls: string[] }>();
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(new RegExp(`^/media/v1/user-profile/${profileId}/avatar/[0-9a-f-]{36}\\.png$`));
    const served = await send(urls[0]);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    // Shown in the page, under its stored name should it be saved (issue 60).
    expect(served.headers.get("content-disposition")).toMatch(/^inline; filename="[0-9a-f-]{36}\.png"; /);
    const profile = await createDb(env.DB).select().from(userProfiles).where(eq(userProfiles.id, profileId)).get();
    expect(profile?.avatarUrl).toBe(urls[0]);
  });

  it("replaces the old avatar: the old object is deleted and the profile points at the new one", async () => {
    const { cookie, profileId } = await newUser();
    const first = (
      await (await upload(cookie, uploadForm("user-profile", profileId, "avatar", [png()]))).json<{ urls: string[] }>()
    ).urls[0];
    const second = (
      await (
        await upload(cookie, uploadForm("user-profile", profileId, "avatar", [new File([GIF], "b.gif")]))
      ).json<{ urls: string[] }>()
    ).urls[0];
    expect(second).not.toBe(first);
    expect(await env.MEDIA.head(parseMediaKey(first)!.key)).toBeNull();
    expect(await listUnder(`v1/user-profile/${profileId}/avatar/`)).toEqual([parseMediaKey(second)!.key]);
    const profile = await createDb(env.DB).select().from(userProfiles).where(eq(userProfiles.id, profileId)).get();
    expect(profile?.avatarUrl).toBe(second);
    // The cover is a separate field: an avatar change leaves it alone.
    const cover = (
      await (await upload(cookie, uploadForm("user-profile", profileId, "cover", [png()]))).json<{ urls: string[] }>()
    ).urls[0];
    await upload(cookie, uploadForm("user-profile", profileId, "avatar", [png()]));
    expect(await env.MEDIA.head(parseMediaKey(cover)!.key)).not.toBeNull();
  });

  it("refuses a .png name with text content: 'Error: file type is not supported.'", async () => {
    const { cookie, profileId } = await newUser();
    const fake = new File(["hello, I am text pretending to be a picture"], "cat.png", { type: "image/png" });
    const response = await upload(cookie, uploadForm("user-profile", profileId, "avatar", [fake]));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Error: file type is not supported.",
      code: "media_error_unsupported_type",
    });
    // SVG (script-capable) and video are not avatars either.
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], "x.svg", {
      type: "image/svg+xml",
    });
    expect((await upload(cookie, uploadForm("user-profile", profileId, "avatar", [svg]))).status).toBe(400);
    expect(await listUnder(`v1/user-profile/${profileId}/`)).toEqual([]);
  });

  it("refuses too many files: 'Error: too many files.'", async () => {
    const { cookie, profileId } = await newUser();
    const response = await upload(cookie, uploadForm("user-profile", profileId, "avatar", [png(), png("b.png")]));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Error: too many files.", code: "media_error_too_many" });
    // No file at all is not "too many" (issue 45).
    const none = await upload(cookie, uploadForm("user-profile", profileId, "avatar", []));
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ error: "Error: choose at least one file.", code: "media_error_no_files" });
    const workId = `work_${serial++}_${Date.now()}`;
    await createDb(env.DB).insert(portfolioWorks).values({ id: workId, profileId });
    const eleven = Array.from({ length: 11 }, (_, i) => png(`${i}.png`));
    expect((await upload(cookie, uploadForm("portfolio-work", workId, "medias", eleven))).status).toBe(400);
    const ten = Array.from({ length: 10 }, (_, i) => png(`${i}.png`));
    const stored = await upload(cookie, uploadForm("portfolio-work", workId, "medias", ten));
    expect(stored.status).toBe(200);
    expect((await stored.json<{ urls: string[] }>()).urls).toHaveLength(10);
    expect(await listUnder(`v1/portfolio-work/${workId}/medias/`)).toHaveLength(10);
  });

  it("refuses a portfolio file over 20 MB: 'Error: file size is too large.'", async () => {
    const { cookie, profileId } = await newUser();
    const workId = `work_${serial++}_${Date.now()}`;
    await createDb(env.DB).insert(portfolioWorks).values({ id: workId, profileId });
    const response = await upload(
      cookie,
      uploadForm("portfolio-work", workId, "medias", [png("big.png", 20971521 - PNG.length + 1)]),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Error: file size is too large.", code: "media_error_too_large" });
    expect(await listUnder(`v1/portfolio-work/${workId}/`)).toEqual([]);
    // Exactly 20 MB is allowed.
    expect(
      (await upload(cookie, uploadForm("portfolio-work", workId, "medias", [png("max.png", 20971520 - PNG.length)])))
        .status,
    ).toBe(200);
  });

  it("refuses writing under someone else's profile or work, and changes nothing", async () => {
    const owner = await newUser();
    const other = await newUser();
    const url = (
      await (
        await upload(owner.cookie, uploadForm("user-profile", owner.profileId, "avatar", [png()]))
      ).json<{ urls: string[] }>()
    ).urls[0];
    const key = parseMediaKey(url)!.key;
    const before = await (await env.MEDIA.get(key))!.arrayBuffer();

    expect(
      (await upload(other.cookie, uploadForm("user-profile", owner.profileId, "avatar", [new File([GIF], "x.gif")])))
        .status,
    ).toBe(403);
    const workId = `work_${serial++}_${Date.now()}`;
    await createDb(env.DB).insert(portfolioWorks).values({ id: workId, profileId: owner.profileId });
    expect((await upload(other.cookie, uploadForm("portfolio-work", workId, "medias", [png()]))).status).toBe(403);
    expect((await upload(other.cookie, uploadForm("portfolio-work", "no_such_work", "medias", [png()]))).status).toBe(
      403,
    );
    const signed = await send("/api/google/storage/sign/write", {
      method: "POST",
      cookie: other.cookie,
      json: { path: `v1/user-profile/${owner.profileId}/avatar`, contentType: "image/png", size: PNG.length },
    });
    expect(signed.status).toBe(403);
    const deleted = await send("/api/google/storage/delete", { method: "POST", cookie: other.cookie, json: { url } });
    expect(deleted.status).toBe(403);

    const after = await env.MEDIA.get(key);
    expect(after).not.toBeNull();
    expect(new Uint8Array(await after!.arrayBuffer())).toEqual(new Uint8Array(before));
    expect(await listUnder(`v1/user-profile/${owner.profileId}/`)).toEqual([key]);
    expect(await listUnder(`v1/portfolio-work/${workId}/`)).toEqual([]);
    const profile = await createDb(env.DB)
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.id, owner.profileId))
      .get();
    expect(profile?.avatarUrl).toBe(url);
  });

  it("lets the owner delete: the object goes and the avatar URL is cleared", async () => {
    const { cookie, profileId } = await newUser();
    const url = (
      await (await upload(cookie, uploadForm("user-profile", profileId, "avatar", [png()]))).json<{ urls: string[] }>()
    ).urls[0];
    const response = await send("/api/google/storage/delete", { method: "POST", cookie, json: { url } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true });
    expect(await env.MEDIA.head(parseMediaKey(url)!.key)).toBeNull();
    const profile = await createDb(env.DB).select().from(userProfiles).where(eq(userProfiles.id, profileId)).get();
    expect(profile?.avatarUrl).toBeNull();
  });
});

describe("storage: signed writes (local: through the Worker)", () => {
  it("signs a PUT that accepts exactly the declared key, size and type", async () => {
    const { cookie, profileId } = await newUser();
    const response = await send("/api/google/storage/sign/write", {
      method: "POST",
      cookie,
      json: { path: `v1/user-profile/${profileId}/cover/anything.png`, contentType: "image/png", size: PNG.length },
    });
    expect(response.status).toBe(200);
    const signed = await response.json<{
      url: string;
      storedUrl: string;
      method: string;
      headers: Record<string, string>;
    }>();
    expect(signed.storedUrl).toMatch(new RegExp(`^/media/v1/user-profile/${profileId}/cover/[0-9a-f-]{36}\\.png$`));
    expect(signed.url).toContain("?token=");
    expect(signed.url.split("?")[0]).toBe(
      `${BASE}/api/google/storage/object/${signed.storedUrl.replace("/media/", "")}`,
    );

    // Other bytes of the same size (text), a different size, a tampered token: all refused, nothing stored.
    const text = new TextEncoder().encode("x".repeat(PNG.length));
    expect((await send(signed.url, { method: "PUT", body: text, headers: signed.headers })).status).toBe(400);
    expect(
      (await send(signed.url, { method: "PUT", body: new Uint8Array([...PNG, 0]), headers: signed.headers })).status,
    ).toBe(400);
    expect((await send(`${signed.url}x`, { method: "PUT", body: PNG, headers: signed.headers })).status).toBe(403);
    const otherKey = signed.url.replace(/\/cover\/[0-9a-f-]{36}/, "/cover/00000000-0000-0000-0000-000000000000");
    expect((await send(otherKey, { method: "PUT", body: PNG, headers: signed.headers })).status).toBe(403);
    expect(await listUnder(`v1/user-profile/${profileId}/`)).toEqual([]);

    const put = await send(signed.url, { method: "PUT", body: PNG, headers: signed.headers });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ url: signed.storedUrl });
    const stored = await env.MEDIA.head(signed.storedUrl.replace("/media/", ""));
    expect(stored?.httpMetadata?.contentType).toBe("image/png");
    // Stored, not attached: the cover changes only when the page calls userProfile.update (profile-picture.test.ts).
    const profile = await createDb(env.DB).select().from(userProfiles).where(eq(userProfiles.id, profileId)).get();
    expect(profile?.coverUrl).toBeNull();
  });

  it("refuses a declared size or type the field does not take", async () => {
    const { cookie, profileId } = await newUser();
    const tooLarge = await send("/api/google/storage/sign/write", {
      method: "POST",
      cookie,
      json: { path: `v1/user-profile/${profileId}/avatar`, contentType: "image/png", size: 104857601 },
    });
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.json()).toMatchObject({ error: "Error: file size is too large." });
    const wrongType = await send("/api/google/storage/sign/write", {
      method: "POST",
      cookie,
      json: { path: `v1/user-profile/${profileId}/avatar`, contentType: "text/html", size: 10 },
    });
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toMatchObject({ error: "Error: file type is not supported." });
  });
});

describe("storage: signed writes (production: presigned to R2)", () => {
  it("with R2 credentials, signs an S3 PUT bound to the key, type and size", async () => {
    const { profileId } = await newUser();
    const r2Env = {
      ...env,
      R2_ACCOUNT_ID: "acct123",
      R2_ACCESS_KEY_ID: "AKIDEXAMPLE",
      R2_SECRET_ACCESS_KEY: "secret",
      R2_BUCKET_NAME: "comet-media",
    } as Env;
    const result = await signWrite(
      createDb(env.DB),
      r2Env,
      { profileId },
      { path: `v1/user-profile/${profileId}/avatar`, contentType: "image/gif", size: 1234 },
      BASE,
    );
    if (!result.ok) throw new Error(result.error);
    const url = new URL(result.url);
    expect(url.origin).toBe("https://acct123.r2.cloudflarestorage.com");
    expect(url.pathname).toBe(`/comet-media/${result.key}`);
    expect(result.key).toMatch(new RegExp(`^v1/user-profile/${profileId}/avatar/[0-9a-f-]{36}\\.gif$`));
    expect(result.storedUrl).toBe(`/media/${result.key}`);
    expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host");
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect(result.headers).toEqual({ "content-type": "image/gif" });
  });
});

describe("storage: signed reads and serving", () => {
  it("a signed read URL works, then refuses when tampered or expired", async () => {
    const { cookie, profileId } = await newUser();
    const url = (
      await (await upload(cookie, uploadForm("user-profile", profileId, "avatar", [png()]))).json<{ urls: string[] }>()
    ).urls[0];
    const response = await send("/api/google/storage/sign/read", { method: "POST", cookie, json: { url } });
    expect(response.status).toBe(200);
    const signed = await response.json<{ url: string; expiresAt: number }>();
    expect(signed.expiresAt).toBeGreaterThan(Date.now());
    const read = await send(signed.url);
    expect(read.status).toBe(200);
    expect(read.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(PNG);

    const [base, token] = signed.url.split("?token=");
    const flipped = token.slice(0, -2) + (token.at(-2) === "A" ? "B" : "A") + token.at(-1);
    expect((await send(`${base}?token=${flipped}`)).status).toBe(403);
    expect((await send(base)).status).toBe(403);
    // A valid token for another key does not open this one.
    const otherKey = base.replace(/\/avatar\/[0-9a-f-]{36}/, "/avatar/00000000-0000-0000-0000-000000000000");
    expect((await send(`${otherKey}?token=${token}`)).status).toBe(403);

    const expired = await signReadUrl(env, parseMediaKey(url)!.key, profileId, {
      origin: BASE,
      now: Date.now() - 10 * 60 * 1000,
    });
    expect((await send(expired.url)).status).toBe(403);
  });

  it("serves what is not an image, audio or video as an attachment, with nosniff", async () => {
    const key = `v1/user-profile/p${serial++}/avatar/123e4567-e89b-12d3-a456-426614174000.pdf`;
    await env.MEDIA.put(key, "%PDF-1.7\n", { httpMetadata: { contentType: "application/pdf" } });
    const served = await send(`/media/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-disposition")).toBe(
      `attachment; filename="123e4567-e89b-12d3-a456-426614174000.pdf"; filename*=UTF-8''123e4567-e89b-12d3-a456-426614174000.pdf`,
    );
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const html = `v1/user-profile/p${serial++}/avatar/123e4567-e89b-12d3-a456-426614174001.png`;
    await env.MEDIA.put(html, "<script>alert(1)</script>", { httpMetadata: { contentType: "text/html" } });
    expect((await send(`/media/${html}`)).headers.get("content-disposition")).toMatch(/^attachment; /);
    expect((await send("/media/v1/../secret")).status).toBe(404);
  });
});
