import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { commissionForms } from "../../worker/db/schema";
import { createFormFromTemplate } from "../../worker/services/commission-forms";
import { call, db } from "./helpers";
import { PNG, newMember, newWork, pathOf } from "./media-fixtures";

/** Files are served at /media/ only while their item is visible to everyone; otherwise by signed URL to its owner. */

async function stored(prefix: string) {
  const key = `${prefix}/${crypto.randomUUID()}.png`;
  await env.MEDIA.put(key, PNG, { httpMetadata: { contentType: "image/png" } });
  return key;
}

async function formOf(accountId: string, status: "DRAFT" | "PUBLISHED") {
  const formId = (await createFormFromTemplate(db(), accountId, "en", { title: "Media access" }))!;
  await db().update(commissionForms).set({ formStatus: status }).where(eq(commissionForms.id, formId));
  return formId;
}

const signRead = (cookie: string, url: string) => call("/api/google/storage/sign/read", { method: "POST", cookie, json: { url } });

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
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    for (const [name, key] of Object.entries(hidden)) {
      // The owner's session changes nothing here: /media/ is for everyone, so it answers the same to everyone.
      const response = await call(`/media/${key}`, { cookie: owner.cookie });
      expect([name, response.status]).toEqual([name, 404]);
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
    expect(read.headers.get("cache-control")).toBe("private, max-age=300");
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(PNG);
    // A read token is not single-use: the browser may ask again (a reload, a range request) until it expires.
    expect((await call(pathOf(url))).status).toBe(200);
  });

  it("pages get signed URLs for the owner's non-public files, /media/ URLs for public ones, and nothing for strangers", async () => {
    const { mediaUrlsForViewer } = await import("../../worker/services/media-access");
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
