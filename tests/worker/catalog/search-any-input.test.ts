// Issue 31, "bad input never breaks anything", for the two search boxes: creator search (/explore/creators?q=) and
// the tag input's suggestions (/dashboard/portfolio/tags?q=). D1 refuses a LIKE pattern over 50 bytes, so a long
// query that matched used to answer 500. Whatever a visitor types, each loader answers (no throw means no 500) with
// what the query means: the same match as a short query's, ASCII case ignored and every character literal.
import { env } from "cloudflare:workers";
import { cometNow } from "#worker/services/clock";
import { describe, expect, it } from "vitest";
import * as exploreRoute from "#app/routes/explore-creators";
import * as tagsRoute from "#app/routes/dashboard/portfolio-tags";
import { portfolioWorkTags } from "#worker/db/schema";
import { parseExploreQuery } from "#worker/domain/search";
import { searchCreators, type Viewer } from "#worker/services/catalog";
import { searchTags } from "#worker/services/portfolio";
import { seedCreator, uniqueTag } from "../support/catalog-fixtures";
import { db } from "../support/helpers";
import { newMember, newWork } from "../support/media-fixtures";
import { pageContext, type Member } from "../support/visibility-fixtures";

const en: Viewer = { locale: "en", accountId: null, displayCurrencyId: null };

/** The explore page's loader for `?q=` (URL-encoded as a browser sends it). */
async function explore(q: string) {
  const path = `/explore/creators?${new URLSearchParams({ q })}`;
  return exploreRoute.loader({
    params: {},
    request: new Request(`http://localhost${path}`),
    context: await pageContext(null, path),
  } as never);
}

/** The handles of the explore page's first page for `?q=`. */
const exploreHandles = async (q: string) => (await explore(q)).handles;

/** The tag input's suggestions for `?q=`, as `member` sees them. */
async function suggestedTags(member: Member, q: string): Promise<string[]> {
  const path = `/dashboard/portfolio/tags?${new URLSearchParams({ q })}`;
  const loaded = await tagsRoute.loader({
    params: {},
    request: new Request(`http://localhost${path}`),
    context: await pageContext(member, path),
  } as never);
  return loaded.tags;
}

describe("creator search answers any query", () => {
  it("a 49-character search that matches answers 200 with the creator", async () => {
    const tag = uniqueTag();
    const phrase = `Watercolour portraits of cats and dogs ${tag}.`.padEnd(49, "!");
    const creator = await seedCreator({
      handle: `long${tag}`,
      name: { en: `Long ${tag}` },
      bio: { en: `I paint ${phrase} Ask me.` },
    });
    expect(phrase).toHaveLength(49);
    expect(await exploreHandles(phrase)).toEqual([creator.handle]);
  });

  it("a 17-character Japanese search that matches answers 200 with the creator", async () => {
    const tag = uniqueTag();
    const phrase = `水彩で猫と犬の肖像画を描いています${tag}`;
    const creator = await seedCreator({
      handle: `mizu${tag}`,
      name: { ja: `水彩 ${tag}`, original: "ja" },
      bio: { ja: `こんにちは。${phrase}。` },
    });
    expect(await exploreHandles(phrase.slice(0, 17))).toEqual(expect.arrayContaining([creator.handle]));
    expect(await exploreHandles(phrase)).toEqual([creator.handle]);
  });

  it("a long search means what a short one means: ASCII case ignored, % _ and \\ literal, É not é", async () => {
    const tag = uniqueTag();
    const bio = `Émile paints 100%_real C:\\paths and long sentences for you ${tag}`;
    const creator = await seedCreator({ handle: `meta${tag}`, name: { en: `Meta ${tag}` }, bio: { en: bio } });
    expect(await exploreHandles(bio)).toEqual([creator.handle]);
    expect(await exploreHandles(bio.toUpperCase().replace("ÉMILE", "Émile"))).toEqual([creator.handle]);
    expect(await exploreHandles(bio.replace("%_", "%x"))).toEqual([]);
    expect(await exploreHandles(bio.replace("\\", "/"))).toEqual([]);
    expect(await exploreHandles(bio.replace("Émile", "émile"))).toEqual([]);
  });

  it("a 10,000-character search answers, cut to its first 100 characters", async () => {
    const tag = uniqueTag();
    const bio = `${tag} ${"storyboards, ".repeat(10)}`;
    const creator = await seedCreator({ handle: `cut${tag}`, name: { en: `Cut ${tag}` }, bio: { en: bio } });
    expect(await exploreHandles(`${bio.slice(0, 100)}${"z".repeat(9_900)}`)).toEqual([creator.handle]);
    expect(parseExploreQuery(new URLSearchParams({ q: "😀".repeat(10_000) })).q).toBe("😀".repeat(100));
  });

  it("emoji, whitespace-only, LIKE wildcards and control characters answer", async () => {
    const tag = uniqueTag();
    const creator = await seedCreator({ handle: `emoji${tag}`, name: { en: `🎨✨ Emoji ${tag}` } });
    expect(await exploreHandles(`🎨✨ Emoji ${tag}`)).toEqual([creator.handle]);
    expect(await exploreHandles("😀".repeat(5_000))).toEqual([]);
    expect((await explore(" \t\n ")).query.q).toBe("");
    for (const q of [
      "%",
      "_",
      "\\",
      "%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%",
      `a\u0000b${tag}`,
      `\u0007${tag}\u001f`,
    ]) {
      await expect(exploreHandles(q), JSON.stringify(q)).resolves.toBeInstanceOf(Array);
    }
  });

  it("a long search that many creators match keeps the name order and pages by cursor", async () => {
    const tag = uniqueTag();
    const phrase = `member of the ${tag} studio for background art and props`;
    for (const name of ["Bravo", "alpha", "Charlie"])
      await seedCreator({
        handle: `${name.toLowerCase()}${tag}`,
        name: { en: `${name} ${tag}` },
        bio: { en: `${name}: ${phrase}` },
      });
    const query = {
      ...parseExploreQuery(new URLSearchParams({ q: phrase.toUpperCase() })),
      sort: "name" as const,
      order: "asc" as const,
    };
    const first = await searchCreators(db(), query, en, await cometNow(env), 2);
    const second = await searchCreators(db(), { ...query, cursor: first.nextCursor }, en, await cometNow(env), 2);
    expect([...first.creators, ...second.creators].map((c) => c.handle)).toEqual([
      `alpha${tag}`,
      `bravo${tag}`,
      `charlie${tag}`,
    ]);
    expect(second.nextCursor).toBeNull();
  });
});

describe("tag suggestions answer any query", () => {
  async function memberWithTags(tags: string[]) {
    const member = await newMember("Tgin");
    const workId = await newWork(member.profileId);
    await db()
      .insert(portfolioWorkTags)
      .values(tags.map((tag) => ({ workId, tag })));
    return member;
  }

  it("a 50-character tag query that matches answers 200 with the tag", async () => {
    const tag = `${uniqueTag()}-background-art-for-visual-novels`.padEnd(50, "x");
    const member = await memberWithTags([tag]);
    expect(await suggestedTags(member, tag)).toEqual([tag]);
    expect(await suggestedTags(member, tag.toUpperCase())).toEqual([tag]);
  });

  it("a 17-character Japanese tag query that matches answers 200 with the tag", async () => {
    const tag = `ビジュアルノベルの背景美術と小物デザイン${uniqueTag()}`;
    const member = await memberWithTags([tag]);
    expect(await suggestedTags(member, tag.slice(0, 17))).toContain(tag);
    expect(await suggestedTags(member, tag)).toEqual([tag]);
  });

  it("a 10,000-character, emoji, whitespace-only or wildcard query answers, and a wildcard is literal", async () => {
    const prefix = uniqueTag();
    const member = await memberWithTags([`${prefix}-100%_real`, `${prefix}-100xxreal`, `🎨${prefix}`]);
    expect(await suggestedTags(member, `${prefix}-100%_`)).toEqual([`${prefix}-100%_real`]);
    expect(await suggestedTags(member, `🎨${prefix}`)).toEqual([`🎨${prefix}`]);
    expect(await suggestedTags(member, " \t ")).toEqual([]);
    // The route cuts at 50 UTF-16 units, which splits the 25th emoji here.
    for (const q of ["x".repeat(10_000), `a${"😀".repeat(5_000)}`, "%".repeat(50), "\\", `${prefix}\u0000`]) {
      await expect(suggestedTags(member, q), JSON.stringify(q.slice(0, 20))).resolves.toBeInstanceOf(Array);
    }
    for (const tag of await suggestedTags(member, "%")) expect(tag.startsWith("%")).toBe(true);
  });

  it("a capital beyond ASCII suggests the tag as it is written", async () => {
    const tag = `Émile-${uniqueTag()}`;
    const member = await memberWithTags([tag]);
    expect(await searchTags(db(), member.accountId, tag)).toEqual([tag]);
  });
});
