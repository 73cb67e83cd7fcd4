// The work page's loader (app/routes/work.tsx) with real D1 rows: what it shows, in the viewer's language; signed media
// URLs for a granted viewer of a private work; the owner's handle in the address; og meta; Edit for editors only.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as workRoute from "#app/routes/work";
import {
  localizedTexts,
  media,
  mediaAttachments,
  portfolioWorkCategories,
  portfolioWorkTags,
  portfolioWorkUserCategories,
  portfolioWorks,
} from "#worker/db/schema";
import type { Locale } from "#worker/domain/locales";
import { eq } from "drizzle-orm";
import { call, db } from "../support/helpers";
import { PNG, newMember, newWork, pathOf } from "../support/media-fixtures";
import { grant, grantedWork, newCast, pageContext, type Member } from "../support/visibility-fixtures";

type Loaded = Awaited<ReturnType<typeof workRoute.loader>>;

async function load(member: Member | null, handle: string, workId: string, locale: Locale = "en"): Promise<Loaded> {
  const path = `/${handle}/works/${workId}`;
  return workRoute.loader({
    params: { handle, workId },
    request: new Request(`http://localhost${path}`),
    context: await pageContext(member, path, locale),
  } as never);
}

async function attach(
  workId: string,
  field: "medias" | "og_images",
  position: number,
  row: Partial<typeof media.$inferInsert> & Pick<typeof media.$inferInsert, "formatType" | "mediaType">,
) {
  const mediaId = crypto.randomUUID();
  await db()
    .insert(media)
    .values({ id: mediaId, ...row });
  await db()
    .insert(mediaAttachments)
    .values({ id: crypto.randomUUID(), mediaId, ownerType: "portfolio_work", ownerId: workId, field, position });
}

async function storedPng(workId: string, field: string) {
  const key = `v1/portfolio-work/${workId}/${field}/${crypto.randomUUID()}.png`;
  await env.MEDIA.put(key, PNG, { httpMetadata: { contentType: "image/png" } });
  return `/media/${key}`;
}

async function texts(workId: string, field: "title" | "description", en: string, ja: string) {
  for (const [languageCode, text] of [
    ["en", en],
    ["ja", ja],
  ] as const) {
    await db()
      .insert(localizedTexts)
      .values({
        id: crypto.randomUUID(),
        entityType: "portfolio_work",
        entityId: workId,
        field,
        languageCode,
        isOriginal: languageCode === "en",
        text,
      });
  }
}

describe("the work page", () => {
  it("shows title, description, tags, categories, client, credits and media in the viewer's language", async () => {
    const owner = await newMember("Wpag");
    const client = await newMember("Wpag");
    const credited = await newMember("Wpag");
    const workId = await newWork(owner.profileId);
    await db().update(portfolioWorks).set({ clientAccountId: client.accountId }).where(eq(portfolioWorks.id, workId));
    await texts(workId, "title", "Harbour at dawn", "夜明けの港");
    await texts(workId, "description", "Painted over three mornings.", "三日の朝に描いた。");
    await db()
      .insert(portfolioWorkTags)
      .values([
        { workId, tag: "harbour" },
        { workId, tag: "dawn" },
      ]);
    await db().insert(portfolioWorkCategories).values({ workId, categoryCode: "character-illustration" });
    await db()
      .insert(portfolioWorkUserCategories)
      .values([
        { workId, name: "Seascapes", position: 1 },
        { workId, name: "Mornings", position: 0 },
      ]);
    await grant(workId, "credit", { userAccountId: credited.accountId });
    const picture = await storedPng(workId, "medias");
    await attach(workId, "medias", 0, { formatType: "FILE", mediaType: "IMAGE", fileUrl: picture });
    await attach(workId, "medias", 1, {
      formatType: "LINK",
      mediaType: "VIDEO",
      linkUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      linkSite: "youtube",
    });

    const { work, gallery } = await load(null, owner.handle, workId);
    expect(work).toMatchObject({
      id: workId,
      handle: owner.handle,
      title: "Harbour at dawn",
      description: "Painted over three mornings.",
      categories: [{ code: "character-illustration", name: "Character illustration" }],
      userCategories: ["Mornings", "Seascapes"],
      creator: { handle: owner.handle },
      client: { handle: client.handle },
      credits: [{ handle: credited.handle }],
      reachable: true,
      canEdit: false,
    });
    expect([...work.tags].sort()).toEqual(["dawn", "harbour"]);
    // A public work's file keeps its cacheable /media/ URL; no og image set, so the first picture stands in. The
    // loader decides each player (the page's JS does not parse media URLs): the picture itself, YouTube's iframe.
    expect(gallery.map(({ mediaType, view }) => [mediaType, view.kind, view.href])).toEqual([
      ["IMAGE", "image", picture],
      ["VIDEO", "embed", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ]);
    expect(gallery[1].view.embed?.src).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
    expect(work.ogImageUrl).toBe(picture);

    const ja = (await load(null, owner.handle, workId, "ja")).work;
    expect([ja.title, ja.description, ja.categories[0].name]).toEqual([
      "夜明けの港",
      "三日の朝に描いた。",
      "キャラクターイラスト",
    ]);

    // A client who removed themselves from the work is no longer named on it.
    await db().update(portfolioWorks).set({ clientRemovedAt: new Date() }).where(eq(portfolioWorks.id, workId));
    expect((await load(null, owner.handle, workId)).work.client).toBeNull();
  });

  it("a picture's stored size reaches its player, so the page reserves its box before it loads (no layout shift)", async () => {
    const owner = await newMember("Wpsz");
    const workId = await newWork(owner.profileId);
    await attach(workId, "medias", 0, {
      formatType: "FILE",
      mediaType: "IMAGE",
      fileUrl: await storedPng(workId, "medias"),
      fileWidth: 1200,
      fileHeight: 1600,
    });
    await attach(workId, "medias", 1, {
      formatType: "FILE",
      mediaType: "IMAGE",
      fileUrl: await storedPng(workId, "medias"),
    });

    const { gallery } = await load(null, owner.handle, workId);
    expect(gallery.map(({ view }) => [view.kind, view.width, view.height])).toEqual([
      ["image", 1200, 1600],
      // A picture whose size was never stored keeps the 16:9 frame while it loads.
      ["image", null, null],
    ]);
  });

  it("og meta: the og image first, absolute URLs, a large-image card", async () => {
    const owner = await newMember("Wpag");
    const workId = await newWork(owner.profileId, "UNLISTED");
    await texts(workId, "title", "Lighthouse", "灯台");
    await attach(workId, "medias", 0, {
      formatType: "FILE",
      mediaType: "IMAGE",
      fileUrl: await storedPng(workId, "medias"),
    });
    const og = await storedPng(workId, "og_images");
    await attach(workId, "og_images", 0, { formatType: "FILE", mediaType: "IMAGE", fileUrl: og });

    const { work, meta } = await load(null, owner.handle, workId);
    expect(work.ogImageUrl).toBe(og);
    const tags = meta as unknown as Record<string, string>[];
    const content = (key: string) => tags.find((tag) => tag.property === key || tag.name === key)?.content;
    expect(content("og:title")).toBe("Lighthouse");
    expect(content("og:image")).toBe(`http://localhost${og}`);
    expect(content("twitter:image")).toBe(`http://localhost${og}`);
    expect(content("twitter:card")).toBe("summary_large_image");
    expect(content("og:url")).toBe(`http://localhost/${owner.handle}/works/${workId}`);
  });

  it("a private work's media: signed URLs that load for a view grantee; the owner and editors get Edit, viewers do not", async () => {
    const cast = await newCast("Wpag");
    const workId = await grantedWork(cast, "PRIVATE", "PUBLISHED");
    const picture = await storedPng(workId, "medias");
    await attach(workId, "medias", 0, { formatType: "FILE", mediaType: "IMAGE", fileUrl: picture });

    const { work, gallery } = await load(cast.viewUser, cast.owner.handle, workId);
    expect(work.reachable).toBe(false);
    expect(work.canEdit).toBe(false);
    const shown = gallery[0].view.href ?? "";
    expect(shown).toMatch(/^\/api\/google\/storage\/object\/v1\/portfolio-work\/.+\?token=/);
    expect((await call(pathOf(shown))).status).toBe(200);
    // The same file at its /media/ address stays closed to everyone.
    expect((await call(picture, { cookie: cast.viewUser.cookie })).status).toBe(404);

    for (const name of ["owner", "edit", "admin"] as const)
      expect([name, (await load(cast[name], cast.owner.handle, workId)).work.canEdit]).toEqual([name, true]);
    for (const name of ["viewRole", "credit"] as const) {
      const canEdit = await load(cast[name], cast.owner.handle, workId).then(
        (page) => page.work.canEdit,
        () => "404",
      );
      expect([name, canEdit]).toEqual([name, name === "credit" ? "404" : false]);
    }
  });

  it("another handle redirects to the owner's for a reader; answers 404 to anyone else; an unknown id is 404", async () => {
    const cast = await newCast("Wpag");
    const privateWork = await grantedWork(cast, "PRIVATE", "PUBLISHED");
    const redirected = await load(cast.viewUser, cast.stranger.handle, privateWork).catch((thrown: unknown) => thrown);
    expect(redirected).toBeInstanceOf(Response);
    expect((redirected as Response).status).toBe(302);
    expect((redirected as Response).headers.get("location")).toBe(`/${cast.owner.handle}/works/${privateWork}`);
    // Handles ignore case, as on /{handle}: no redirect.
    await expect(load(cast.viewUser, cast.owner.handle.toUpperCase(), privateWork)).resolves.toBeTruthy();

    const notFound = (member: Member | null, handle: string, id: string) =>
      load(member, handle, id).catch((thrown: { init?: ResponseInit }) => thrown.init?.status);
    expect(await notFound(cast.stranger, cast.stranger.handle, privateWork)).toBe(404);
    expect(await notFound(null, cast.owner.handle, privateWork)).toBe(404);
    expect(await notFound(cast.owner, cast.owner.handle, crypto.randomUUID())).toBe(404);
  });
});
