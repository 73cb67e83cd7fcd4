import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { translateAuthoringErrors } from "#worker/messages/authoring";
import { createDb } from "#worker/db/client";
import { localizedTexts, media, portfolioWorks, portfolioWorkTags } from "#worker/db/schema";
import { workMediaLabel } from "#worker/media/domain/work-media-label";
import { addTag, normalizeTags, parseWorkDraft, type WorkDraft } from "#worker/domain/portfolio";
import { createAccount } from "#worker/services/accounts";
import { deleteWork, getWorkForEdit, listWorks, saveWork, searchTags } from "#worker/services/portfolio";

const db = () => createDb(env.DB);
let serial = 0;
async function newUser() {
  const handle = `Work${Date.now() % 100000}${serial++}`;
  const accountId = await createAccount(db(), {
    email: `${handle.toLowerCase()}@example.com`,
    handle,
    languageCode: "en",
  });
  return { accountId, handle };
}

const draft = (patch: Partial<WorkDraft> = {}): WorkDraft => ({
  title: "Sunset cat",
  description: "A cat at sunset.",
  medias: [{ url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }, { url: "https://example.com/cat.png" }],
  contentRatingCode: "all-ages",
  categoryCodes: ["character-illustration"],
  tags: ["  cat ", "Cat", "", "sunset"],
  visibility: "UNLISTED",
  credits: "",
  ...patch,
});

function parsed(d: WorkDraft) {
  const result = parseWorkDraft(d);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

describe("tag normalization", () => {
  it("ignores empty and duplicate trimmed tags", () => {
    expect(normalizeTags(["  a ", "A", "", "   ", "b  c", "b c"])).toEqual(["a", "b c"]);
    expect(addTag(["cat"], " cat ")).toEqual(["cat"]);
    expect(addTag(["cat"], "  ")).toEqual(["cat"]);
    expect(addTag(["cat"], "dog")).toEqual(["cat", "dog"]);
  });
});

describe("work validation", () => {
  it("checks title and description length 4 to 1000", () => {
    const result = parseWorkDraft(draft({ title: "abc", description: "x".repeat(1001) }));
    expect(result).toEqual({
      ok: false,
      errors: { title: "authoring_work_title_min", description: "authoring_work_description_max" },
    });
    expect(parseWorkDraft(draft({ title: "abcd", description: "x".repeat(1000) })).ok).toBe(true);
  });

  it("allows at most 10 media and only web addresses", () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ url: `https://example.com/${i}.png` }));
    expect(parseWorkDraft(draft({ medias: eleven }))).toEqual({
      ok: false,
      errors: { medias: "media_limit_exceeded" },
    });
    expect(parseWorkDraft(draft({ medias: [{ url: "javascript:alert(1)" }] }))).toEqual({
      ok: false,
      errors: { "medias.0": "authoring_media_url" },
    });
  });

  it("derives the media type from the URL", () => {
    const result = parsed(draft());
    expect(result.medias.map((m) => m.entry?.mediaType)).toEqual(["VIDEO", "IMAGE"]);
    expect(workMediaLabel("DOCUMENT")).toBe("OTHER");
    expect(workMediaLabel("MODEL")).toBe("MODEL");
  });
});

describe("portfolio works", () => {
  it("creates, lists, edits and deletes a work", async () => {
    const { accountId } = await newUser();
    const created = await saveWork(db(), accountId, null, parsed(draft()), "en", env.MEDIA);
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const list = await listWorks(db(), accountId, "en");
    expect(list).toEqual([
      expect.objectContaining({
        id: created.workId,
        title: "Sunset cat",
        mediaType: "VIDEO",
        mediaCount: 2,
        visibility: "UNLISTED",
      }),
    ]);
    const edit = await getWorkForEdit(db(), accountId, created.workId, "en");
    expect(edit).toMatchObject({
      tags: expect.arrayContaining(["cat", "sunset"]),
      contentRatingCode: "all-ages",
      visibility: "UNLISTED",
    });
    expect(edit!.tags).toHaveLength(2);

    // Keep the second media only, add a new one, make it public.
    const kept = edit!.medias[1];
    const updated = await saveWork(
      db(),
      accountId,
      created.workId,
      parsed(draft({ medias: [kept, { url: "https://soundcloud.com/a/b" }], visibility: "PUBLIC" })),
      "en",
      env.MEDIA,
    );
    expect(updated.ok).toBe(true);
    const after = await getWorkForEdit(db(), accountId, created.workId, "en");
    expect(after?.medias.map((m) => m.url)).toEqual(["https://example.com/cat.png", "https://soundcloud.com/a/b"]);
    expect(after?.medias[0].id).toBe(kept.id);

    expect(await deleteWork(db(), accountId, created.workId)).toEqual({ ok: true });
    expect(await listWorks(db(), accountId, "en")).toEqual([]);
    expect(await db().select().from(localizedTexts).where(eq(localizedTexts.entityId, created.workId))).toEqual([]);
    expect(await db().select().from(media).where(eq(media.ownerUserAccountId, accountId))).toEqual([]);
  });

  it("refuses someone else's work and leaves it unchanged", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const created = await saveWork(db(), owner.accountId, null, parsed(draft()), "en", env.MEDIA);
    if (!created.ok) throw new Error("not saved");
    expect(await getWorkForEdit(db(), stranger.accountId, created.workId, "en")).toBeNull();
    expect(
      await saveWork(
        db(),
        stranger.accountId,
        created.workId,
        parsed(draft({ title: "Stolen work" })),
        "en",
        env.MEDIA,
      ),
    ).toEqual({ ok: false, reason: "not_found" });
    expect(await deleteWork(db(), stranger.accountId, created.workId)).toEqual({ ok: false });
    expect((await getWorkForEdit(db(), owner.accountId, created.workId, "en"))?.title).toBe("Sunset cat");
    expect(await db().select().from(portfolioWorks).where(eq(portfolioWorks.id, created.workId))).toHaveLength(1);
    // Nor can a stranger attach the owner's media to their own work.
    const ownerMedia = (await getWorkForEdit(db(), owner.accountId, created.workId, "en"))!.medias[0];
    const theft = await saveWork(
      db(),
      stranger.accountId,
      null,
      parsed(draft({ medias: [ownerMedia] })),
      "en",
      env.MEDIA,
    );
    expect(theft).toEqual({ ok: false, reason: "invalid", errors: { "medias.0": "authoring_invalid" } });
  });

  it("credits users by handle and refuses unknown handles", async () => {
    const owner = await newUser();
    const friend = await newUser();
    const bad = await saveWork(
      db(),
      owner.accountId,
      null,
      parsed(draft({ credits: "nosuchhandle999" })),
      "en",
      env.MEDIA,
    );
    expect(bad).toEqual({ ok: false, reason: "invalid", errors: { credits: "authoring_credit_unknown" } });
    const ok = await saveWork(
      db(),
      owner.accountId,
      null,
      parsed(draft({ credits: `@${friend.handle.toLowerCase()}` })),
      "en",
      env.MEDIA,
    );
    if (!ok.ok) throw new Error("not saved");
    expect((await getWorkForEdit(db(), owner.accountId, ok.workId, "en"))?.credits).toBe(friend.handle);
  });

  it("refuses crediting the work's own author (issue 31), and saves nothing", async () => {
    const owner = await newUser();
    const before = await db().select().from(portfolioWorks);
    const self = await saveWork(
      db(),
      owner.accountId,
      null,
      parsed(draft({ credits: owner.handle.toUpperCase() })),
      "en",
      env.MEDIA,
    );
    expect(self).toEqual({ ok: false, reason: "invalid", errors: { credits: "authoring_credit_self" } });
    expect(translateAuthoringErrors({ credits: "authoring_credit_self" }, "ja").credits).toBe(
      "あなたはこの作品の作者です。ここには他のユーザーを入力してください。",
    );
    expect(await db().select().from(portfolioWorks)).toHaveLength(before.length);
  });

  it("suggests existing tags by prefix", async () => {
    const { accountId } = await newUser();
    const unique = `zq${serial++}${Date.now() % 10000}`;
    await saveWork(
      db(),
      accountId,
      null,
      parsed(draft({ tags: [`${unique}Alpha`, `${unique}beta`] })),
      "en",
      env.MEDIA,
    );
    expect(await searchTags(db(), accountId, unique.toUpperCase())).toEqual(
      expect.arrayContaining([`${unique}Alpha`, `${unique}beta`]),
    );
    expect(await searchTags(db(), accountId, "%")).not.toContain(`${unique}Alpha`);
    const stored = await db()
      .select()
      .from(portfolioWorkTags)
      .where(and(eq(portfolioWorkTags.tag, `${unique}Alpha`)));
    expect(stored).toHaveLength(1);
  });
});
