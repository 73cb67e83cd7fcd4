import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { commissionForms, userAccountRoles, visibilitySettings } from "#worker/db/schema";
import { createFormFromTemplate } from "#worker/services/commission-forms";
import { call, db, creatorOf } from "../support/helpers";
import { PNG, newMember, newWork, pathOf } from "../support/media-fixtures";
import { grant, VIEW_ROLE } from "../support/visibility-fixtures";

/** Files are served at /media/ only while their item is visible to everyone; otherwise by signed URL to its owner. */

async function stored(prefix: string) {
  const key = `${prefix}/${crypto.randomUUID()}.png`;
  await env.MEDIA.put(key, PNG, { httpMetadata: { contentType: "image/png" } });
  return key;
}

async function formOf(accountId: string, status: "DRAFT" | "PUBLISHED") {
  const formId = (await createFormFromTemplate(db(), await creatorOf(accountId), "en", { title: "Media access" }))!;
  await db().update(commissionForms).set({ formStatus: status }).where(eq(commissionForms.id, formId));
  return formId;
}

const signRead = (cookie: string, url: string) =>
  call("/api/google/storage/sign/read", { method: "POST", cookie, json: { url } });

describe("media access: /media/ serves files of public items only", () => {
  it("serves public, unlisted, profile and published-form files; 404 for private, draft, unknown items and keys that do not parse", async () => {
    const owner = await newMember("Macc");
    const served = {
      publicWork: await stored(`v1/portfolio-work/${await newWork(owner.profileId)}/medias`),
      explicitPublic: await stored(`v1/portfolio-work/${await newWork(owner.profileId, "PUBLIC")}/medias`),
      unlisted: await stored(`v1/portfolio-work/${await newWork(owner.profileId, "UNLISTED")}/og_images`),
      avatar: await stored(`v1/user-profile/${owner.profileId}/avatar`),
      publishedForm: await stored(`v1/commission-form/${await formOf(owner.accountId, "PUBLISHED")}/question_medias`),
    };
    const hidden = {
      privateWork: await stored(`v1/portfolio-work/${await newWork(owner.profileId, "PRIVATE")}/medias`),
      draftWork: await stored(`v1/portfolio-work/${await newWork(owner.profileId, null, "DRAFT")}/medias`),
      draftForm: await stored(`v1/commission-form/${await formOf(owner.accountId, "DRAFT")}/choice_media`),
      unknownWork: await stored(`v1/portfolio-work/no_such_work/medias`),
      notOurKey: await stored(`v1/portfolio-work/${await newWork(owner.profileId)}/elsewhere`),
    };
    for (const [name, key] of Object.entries(served)) {
      const response = await call(`/media/${key}`);
      expect([name, response.status]).toEqual([name, 200]);
      // A profile picture is public for good; anything else can stop being public, so shared caches ask again soon.
      const cacheControl =
        name === "avatar" ? "public, max-age=31536000, immutable" : "public, max-age=31536000, s-maxage=60, immutable";
      expect([name, response.headers.get("cache-control")]).toEqual([name, cacheControl]);
    }
    for (const [name, key] of Object.entries(hidden)) {
      // The owner's session changes nothing here: /media/ is for everyone, so it answers the same to everyone.
      const response = await call(`/media/${key}`, { cookie: owner.cookie });
      expect([name, response.status]).toEqual([name, 404]);
      expect([name, response.headers.get("cache-control")]).toEqual([name, "private, no-store"]);
    }
  });

  it("a private work's file goes by signed URL to its owner only; strangers get 403 and 404", async () => {
    const owner = await newMember("Macc");
    const stranger = await newMember("Macc");
    const key = await stored(`v1/portfolio-work/${await newWork(owner.profileId, "PRIVATE")}/medias`);
    expect((await signRead(stranger.cookie, `/media/${key}`)).status).toBe(403);
    expect((await call(`/media/${key}`, { cookie: stranger.cookie })).status).toBe(404);

    const signed = await signRead(owner.cookie, `/media/${key}`);
    expect(signed.status).toBe(200);
    const { url } = await signed.json<{ url: string }>();
    const read = await call(pathOf(url));
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(PNG);
    // A read token is not single-use: the browser may ask again (a reload, a range request) until it expires.
    expect((await call(pathOf(url))).status).toBe(200);
  });

  it("pages get signed URLs for the owner's non-public files, /media/ URLs for public ones, and nothing for strangers", async () => {
    const { mediaUrlsForViewer } = await import("#worker/media/services/media-access");
    const owner = await newMember("Macc");
    const stranger = await newMember("Macc");
    const privateUrl = `/media/${await stored(`v1/portfolio-work/${await newWork(owner.profileId, "PRIVATE")}/medias`)}`;
    const draftFormUrl = `/media/${await stored(`v1/commission-form/${await formOf(owner.accountId, "DRAFT")}/question_medias`)}`;
    const publicUrl = `/media/${await stored(`v1/portfolio-work/${await newWork(owner.profileId)}/medias`)}`;
    const link = "https://example.com/picture.png";
    const urls = [privateUrl, draftFormUrl, publicUrl, link, null];

    const forOwner = await mediaUrlsForViewer(db(), env, owner, urls);
    for (const url of [privateUrl, draftFormUrl]) {
      const shown = forOwner(url);
      expect(shown).toMatch(/^\/api\/google\/storage\/object\/v1\/.+\?token=/);
      expect((await call(shown)).status).toBe(200);
    }
    expect(forOwner(publicUrl)).toBe(publicUrl);
    expect(forOwner(link)).toBe(link);
    expect(forOwner(null)).toBeNull();

    const forStranger = await mediaUrlsForViewer(db(), env, stranger, urls);
    expect(urls.map((url) => forStranger(url))).toEqual(urls);
  });
});

describe("stored links shown as links", () => {
  it("a stored URL that is neither ours nor http(s) is shown as no link (a link stored before its door refused it)", async () => {
    const { mediaUrlsForViewer } = await import("#worker/media/services/media-access");
    const view = await mediaUrlsForViewer(db(), env, null, []);
    for (const url of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:x",
    ])
      expect(view(url), url).toBe("");
    for (const url of ["https://soundcloud.com/a/b", "http://example.com/", "/media/v1/x.png"])
      expect(view(url), url).toBe(url);
    expect(view(null)).toBeNull();
  });
});

describe("private media stops at once (decision 059)", () => {
  /** A signed URL from POST /sign/read, as the member's browser would get it. */
  async function signedFor(cookie: string, key: string) {
    const signed = await signRead(cookie, `/media/${key}`);
    expect(signed.status).toBe(200);
    return pathOf((await signed.json<{ url: string }>()).url);
  }
  const revokeUserGrant = (workId: string, accountId: string) =>
    env.DB.prepare(
      "DELETE FROM visibility_grants WHERE user_account_id = ? AND visibility_setting_id IN (SELECT id FROM visibility_settings WHERE item_id = ?)",
    )
      .bind(accountId, workId)
      .run();

  it("a viewer's URL is refused as soon as their grant is revoked, with or without their session; the owner's keeps working", async () => {
    const owner = await newMember("Mrev");
    const viewer = await newMember("Mrev");
    const workId = await newWork(owner.profileId, "PRIVATE");
    await grant(workId, "view", { userAccountId: viewer.accountId });
    const key = await stored(`v1/portfolio-work/${workId}/medias`);
    const viewersUrl = await signedFor(viewer.cookie, key);
    const ownersUrl = await signedFor(owner.cookie, key);

    const before = await call(viewersUrl, { cookie: viewer.cookie });
    expect(before.status).toBe(200);
    expect(before.headers.get("cache-control")).toBe("private, no-store");

    await revokeUserGrant(workId, viewer.accountId);
    // The same unexpired URL, a moment later: refused, whether the browser sends the session cookie or not.
    expect((await call(viewersUrl, { cookie: viewer.cookie })).status).toBe(403);
    expect((await call(viewersUrl)).status).toBe(403);
    expect((await signRead(viewer.cookie, `/media/${key}`)).status).toBe(403);
    expect((await call(ownersUrl, { cookie: owner.cookie })).status).toBe(200);
  });

  it("a grant to a role ends with the role: the holder's URL is refused once the role is taken away", async () => {
    const owner = await newMember("Mrev");
    const holder = await newMember("Mrev");
    await db().insert(userAccountRoles).values({ userAccountId: holder.accountId, roleCode: VIEW_ROLE });
    const workId = await newWork(owner.profileId, "PRIVATE");
    await grant(workId, "view", { roleCode: VIEW_ROLE });
    const key = await stored(`v1/portfolio-work/${workId}/medias`);
    const url = await signedFor(holder.cookie, key);
    expect((await call(url, { cookie: holder.cookie })).status).toBe(200);
    expect((await call(url)).status).toBe(200);

    await db()
      .delete(userAccountRoles)
      .where(and(eq(userAccountRoles.userAccountId, holder.accountId), eq(userAccountRoles.roleCode, VIEW_ROLE)));
    expect((await call(url, { cookie: holder.cookie })).status).toBe(403);
    expect((await call(url)).status).toBe(403);
  });

  it("a signed URL opens only for the person it names: another signed-in member holding it is refused", async () => {
    const owner = await newMember("Mrev");
    const other = await newMember("Mrev");
    const key = await stored(`v1/portfolio-work/${await newWork(owner.profileId, "PRIVATE")}/medias`);
    const ownersUrl = await signedFor(owner.cookie, key);
    expect((await call(ownersUrl, { cookie: other.cookie })).status).toBe(403);
    expect((await call(ownersUrl, { cookie: owner.cookie })).status).toBe(200);
    // A browser that sends no cookie: the named reader is asked about, now (the owner may still read it).
    expect((await call(ownersUrl)).status).toBe(200);
  });

  it("a URL naming no reader (a chat file, sent to both parties) opens only with the session of someone allowed now", async () => {
    const { signReadUrl } = await import("#worker/media/services/media-access");
    const owner = await newMember("Mrev");
    const stranger = await newMember("Mrev");
    const key = await stored(`v1/portfolio-work/${await newWork(owner.profileId, "PRIVATE")}/medias`);
    const { url } = await signReadUrl(env, key, null, { shownIn: "page" });
    expect((await call(url, { cookie: owner.cookie })).status).toBe(200);
    expect((await call(url, { cookie: stranger.cookie })).status).toBe(403);
    expect((await call(url)).status).toBe(403);
  });

  it("a work made private leaves /media/ at once, its refusal kept by no cache; the owner's page moves to a signed, unstored URL", async () => {
    const { mediaUrlsForViewer } = await import("#worker/media/services/media-access");
    const owner = await newMember("Mrev");
    const workId = await newWork(owner.profileId, "PUBLIC");
    const url = `/media/${await stored(`v1/portfolio-work/${workId}/medias`)}`;
    const whilePublic = await call(url);
    expect(whilePublic.status).toBe(200);
    expect(whilePublic.headers.get("cache-control")).toBe("public, max-age=31536000, s-maxage=60, immutable");
    expect((await mediaUrlsForViewer(db(), env, owner, [url]))(url)).toBe(url);
    // A shared cache asking again after its minute: "not modified" while the work stays public.
    const etag = whilePublic.headers.get("etag")!;
    const revalidated = await call(url, { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("cache-control")).toBe("public, max-age=31536000, s-maxage=60, immutable");

    await db()
      .update(visibilitySettings)
      .set({ visibilityStatus: "PRIVATE" })
      .where(eq(visibilitySettings.itemId, workId));
    const afterwards = await call(url);
    expect(afterwards.status).toBe(404);
    expect(afterwards.headers.get("cache-control")).toBe("private, no-store");
    // The same revalidation now: the cache is told the file is gone, not that its copy is still good.
    expect((await call(url, { headers: { "if-none-match": etag } })).status).toBe(404);
    const shown = (await mediaUrlsForViewer(db(), env, owner, [url]))(url);
    expect(shown).not.toBe(url);
    const read = await call(shown, { cookie: owner.cookie });
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("private, no-store");
  });
});
