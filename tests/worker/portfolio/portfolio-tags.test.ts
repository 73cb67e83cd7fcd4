import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "#worker/db/client";
import { portfolioWorks } from "#worker/db/schema";
import type { VisibilityStatus } from "#worker/db/schema/enums";
import { parseWorkDraft } from "#worker/domain/portfolio";
import { createAccount } from "#worker/services/accounts";
import { saveWork, searchTags } from "#worker/services/portfolio";

// Tag suggestions (/dashboard/portfolio/tags) show the user's own tags and tags of public works only: another
// user's private, unlisted or draft work must not leak its tags (docs/decisions/012).

const db = () => createDb(env.DB);
const run = Math.random().toString(36).slice(2, 8);
let serial = 0;

async function newUser() {
  const handle = `Tg${run}${serial++}`;
  return createAccount(db(), { email: `${handle.toLowerCase()}@example.com`, handle, languageCode: "en" });
}

async function workWithTag(
  accountId: string,
  tag: string,
  visibility: VisibilityStatus,
  status: "PUBLISHED" | "DRAFT" = "PUBLISHED",
) {
  // With a media: a work without any is saved as a draft (decision 060); `status` makes the drafts here.
  const parsed = parseWorkDraft(
    {
      title: "Tagged work",
      description: "A work with a tag.",
      medias: [{ url: "https://example.com/tagged.png" }],
      contentRatingCode: "all-ages",
      categoryCodes: [],
      tags: [tag],
      visibility,
      credits: "",
    },
    "none",
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const saved = await saveWork(db(), accountId, null, parsed.data, "en", env.MEDIA);
  if (!saved.ok) throw new Error("not saved");
  if (status !== "PUBLISHED")
    await db().update(portfolioWorks).set({ workStatus: status }).where(eq(portfolioWorks.id, saved.workId));
  return saved.workId;
}

describe("tag suggestions", () => {
  it("suggest my own tags of any visibility and other users' public tags, never their private, unlisted or draft ones", async () => {
    const me = await newUser();
    const other = await newUser();
    const prefix = `tg${run}`;
    await workWithTag(me, `${prefix}mine-private`, "PRIVATE");
    await workWithTag(me, `${prefix}mine-draft`, "PUBLIC", "DRAFT");
    await workWithTag(other, `${prefix}public`, "PUBLIC");
    await workWithTag(other, `${prefix}private`, "PRIVATE");
    await workWithTag(other, `${prefix}unlisted`, "UNLISTED");
    await workWithTag(other, `${prefix}draft`, "PUBLIC", "DRAFT");

    const suggested = await searchTags(db(), me, prefix.toUpperCase());
    expect(suggested.sort()).toEqual([`${prefix}mine-draft`, `${prefix}mine-private`, `${prefix}public`].sort());
    // The other user sees their own tags, and none of mine (private or draft).
    expect((await searchTags(db(), other, prefix)).sort()).toEqual(
      [`${prefix}draft`, `${prefix}private`, `${prefix}public`, `${prefix}unlisted`].sort(),
    );
  });

  it("count only the uses the user may see when ranking", async () => {
    const me = await newUser();
    const other = await newUser();
    const prefix = `tr${run}`;
    // Three hidden uses of "b" must not rank it above "a", which has two public uses.
    await workWithTag(other, `${prefix}a`, "PUBLIC");
    await workWithTag(other, `${prefix}a`, "PUBLIC");
    for (let i = 0; i < 3; i++) await workWithTag(other, `${prefix}b`, "PRIVATE");
    await workWithTag(other, `${prefix}b`, "PUBLIC");
    expect(await searchTags(db(), me, prefix)).toEqual([`${prefix}a`, `${prefix}b`]);
    expect(await searchTags(db(), me, "")).toEqual([]);
  });
});
