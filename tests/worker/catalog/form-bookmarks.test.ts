import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "#worker/db/client";
import { setBookmark } from "#worker/services/bookmarks";
import { getCreatorProfile, type Viewer } from "#worker/services/catalog";
import { seedCreator, uniqueTag, type SeededCreator } from "../support/catalog-fixtures";

const db = () => createDb(env.DB);
const as = (accountId: string | null): Viewer => ({ locale: "en", accountId, displayCurrencyId: null });
let creator: SeededCreator;
let other: SeededCreator;
let client: SeededCreator;

// Fresh creators and client per test: a test leaves bookmarks behind, and in a shuffled order (docs/decisions/015)
// "no bookmark yet" must hold whichever test ran before.
beforeEach(async () => {
  const tag = uniqueTag();
  creator = await seedCreator({
    handle: `fbm${tag}`,
    forms: [
      { title: { en: "Cheap" }, price: 1000 },
      { title: { en: "Dear" }, price: 9000 },
    ],
    services: [{ title: "Service", price: 1000, formIndex: 0 }],
  });
  other = await seedCreator({ handle: `fbo${tag}`, forms: [{ title: { en: "Elsewhere" }, price: 1000 }] });
  client = await seedCreator({ handle: `fbc${tag}`, creator: false });
});

/** The profile's forms as {id: isActive}. */
async function formFlags(handle: string, viewer: Viewer) {
  const profile = await getCreatorProfile(db(), handle, viewer);
  return Object.fromEntries(profile!.forms.map((f) => [f.id, f.bookmark.isActive]));
}

describe("form card bookmark flag on the profile", () => {
  it("is off for every form for a visitor and for a client with no bookmark", async () => {
    const [cheap, dear] = creator.forms;
    expect(await formFlags(creator.handle, as(null))).toEqual({ [cheap.id]: false, [dear.id]: false });
    expect(await formFlags(creator.handle, as(client.accountId))).toEqual({ [cheap.id]: false, [dear.id]: false });
  });

  it("follows the viewer's own bookmark, on and off, form by form", async () => {
    const [cheap, dear] = creator.forms;
    expect(await setBookmark(db(), client.accountId, { kind: "form", id: dear.id }, true)).toBe(true);
    expect(await formFlags(creator.handle, as(client.accountId))).toEqual({ [cheap.id]: false, [dear.id]: true });
    // Another viewer does not see it.
    expect(await formFlags(creator.handle, as(other.accountId))).toEqual({ [cheap.id]: false, [dear.id]: false });
    expect(await formFlags(creator.handle, as(null))).toEqual({ [cheap.id]: false, [dear.id]: false });

    expect(await setBookmark(db(), client.accountId, { kind: "form", id: dear.id }, false)).toBe(true);
    expect(await formFlags(creator.handle, as(client.accountId))).toEqual({ [cheap.id]: false, [dear.id]: false });
  });

  it("keeps forms and services apart, and other creators' forms out", async () => {
    const [cheap] = creator.forms;
    await setBookmark(db(), client.accountId, { kind: "form", id: other.forms[0].id }, true);
    await setBookmark(db(), client.accountId, { kind: "service", id: creator.services[0] }, true);
    const profile = await getCreatorProfile(db(), creator.handle, as(client.accountId));
    expect(profile!.services[0].bookmark).toEqual({ isActive: true });
    expect(profile!.forms.every((f) => !f.bookmark.isActive)).toBe(true);

    await setBookmark(db(), client.accountId, { kind: "form", id: cheap.id }, true);
    const mine = await getCreatorProfile(db(), creator.handle, as(client.accountId));
    expect(mine!.forms.map((f) => [f.title, f.bookmark.isActive])).toEqual([
      ["Cheap", true],
      ["Dear", false],
    ]);
    expect((await getCreatorProfile(db(), other.handle, as(client.accountId)))!.forms[0].bookmark).toEqual({
      isActive: true,
    });
  });
});
