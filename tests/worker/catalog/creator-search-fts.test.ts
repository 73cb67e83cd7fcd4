import { cometNow } from "#worker/services/clock";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "#worker/db/client";
import { DEFAULT_EXPLORE_QUERY, trigramQuery, type ExploreQuery } from "#worker/domain/search";
import { searchCreators, type Viewer } from "#worker/services/catalog";
import { seedCreator, uniqueTag, type SeededCreator } from "../support/catalog-fixtures";

/**
 * The trigram index over creator_search (migrations/0009_creator_search_fts.sql, docs/decisions/022): queries of 3
 * characters or more go through it, shorter ones keep the LIKE scan, and either way the results and their order are
 * those of the LIKE definition (decision 005), checked here against that definition run directly on the table.
 */
const db = () => createDb(env.DB);
const en: Viewer = { locale: "en", accountId: null, displayCurrencyId: null };
const ja: Viewer = { locale: "ja", accountId: null, displayCurrencyId: null };
const PAGE = 50;

async function search(query: Partial<ExploreQuery>, viewer = en) {
  const result = await searchCreators(
    db(),
    { ...DEFAULT_EXPLORE_QUERY, sort: "name", order: "asc", ...query },
    viewer,
    await cometNow(env),
    PAGE,
  );
  return result.creators.map((c) => c.id);
}

/** What the page showed before the index: LIKE over creator_search, in the name order of the viewer's language. */
async function likeDefinition(q: string, viewer = en) {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const column = viewer.locale === "ja" ? "name_ja" : "name_en";
  const rows = await env.DB.prepare(
    `SELECT profile_id FROM creator_search WHERE search_text LIKE ? ESCAPE '\\' ORDER BY ${column} ASC, profile_id ASC LIMIT ?`,
  )
    .bind(pattern, PAGE)
    .all<{ profile_id: string }>();
  return rows.results.map((r) => r.profile_id);
}

/** FTS5's own check of an external-content index against its table: throws when they disagree. */
const integrityCheck = () =>
  env.DB.prepare("INSERT INTO creator_search_fts (creator_search_fts, rank) VALUES ('integrity-check', 1)").run();

let tag: string;
let sakura: SeededCreator;
let emile: SeededCreator;
let under: SeededCreator;

beforeEach(async () => {
  tag = uniqueTag();
  sakura = await seedCreator({
    handle: `sakura${tag}`,
    name: { ja: `さくらもち${tag}`, en: `Sakura Mochi ${tag}`, original: "ja" },
    bio: { ja: `水彩のイラストレーター ${tag}` },
  });
  emile = await seedCreator({
    handle: `emile${tag}`,
    name: { en: `Émile Zola ${tag}`, original: "en" },
    bio: { en: `Prints "quoted" ${tag}` },
  });
  under = await seedCreator({
    handle: `under${tag}`,
    name: { en: `Under Score ${tag}`, original: "en" },
    bio: { en: `file_name 100% ${tag}` },
  });
});

describe("which queries the index serves", () => {
  it("takes 3 characters or more, counted as characters, and quotes the query as one phrase up to 6", () => {
    expect(trigramQuery("ab")).toBeNull();
    expect(trigramQuery("もち")).toBeNull();
    expect(trigramQuery("abc")).toBe('"abc"');
    expect(trigramQuery("さくら")).toBe('"さくら"');
    // Two UTF-16 units, one character: still too short.
    expect(trigramQuery("😀")).toBeNull();
    expect(trigramQuery('a"b OR')).toBe('"a""b OR"');
  });

  it("asks for a longer query's first and last trigram as far apart as in the query", () => {
    expect(trigramQuery("illustrator")).toBe('NEAR("ill" "tor", 7)');
    expect(trigramQuery("イラストレーター")).toBe('NEAR("イラス" "ーター", 4)');
    expect(trigramQuery('a"b OR c')).toBe('NEAR("a""b" "R c", 4)');
  });

  it("answers a 3-character query from the index and a 2-character one by scanning", async () => {
    const row = await env.DB.prepare("SELECT rowid, search_text FROM creator_search WHERE profile_id = ?")
      .bind(sakura.profileId)
      .first<{ rowid: number; search_text: string }>();
    // Take the creator out of the index only: the index path no longer finds them, the scan still does.
    await env.DB.prepare(
      "INSERT INTO creator_search_fts (creator_search_fts, rowid, search_text) VALUES ('delete', ?, ?)",
    )
      .bind(row!.rowid, row!.search_text)
      .run();
    try {
      expect(await search({ q: `ち${tag}` })).toEqual([]);
      expect(await search({ q: "もち" })).toContain(sakura.profileId);
    } finally {
      await env.DB.prepare("INSERT INTO creator_search_fts (rowid, search_text) VALUES (?, ?)")
        .bind(row!.rowid, row!.search_text)
        .run();
    }
    expect(await search({ q: `ち${tag}` })).toEqual([sakura.profileId]);
  });
});

describe("the same results and order as LIKE", () => {
  it("Japanese: names and bios of 2, 3 and more characters, from either interface language", async () => {
    for (const q of [
      "もち",
      "さくら",
      "くらもち",
      `さくらもち${tag}`,
      "イラストレーター",
      "水彩の",
      "存在しない文字列",
    ]) {
      for (const viewer of [en, ja])
        expect(await search({ q }, viewer), `${q} (${viewer.locale})`).toEqual(await likeDefinition(q, viewer));
    }
    expect(await search({ q: `水彩のイラストレーター ${tag}` }, ja)).toEqual([sakura.profileId]);
    expect(await search({ q: `もち${tag}` }, ja)).toEqual([sakura.profileId]);
  });

  it("edge cases at 3 characters: ASCII case, non-ASCII case, wildcards, quotes and FTS syntax taken literally", async () => {
    const last3 = tag.slice(-3);
    const queries = [
      last3,
      last3.toUpperCase(),
      tag.slice(-2),
      // LIKE folds ASCII case only: the index folds É to é and offers Émile for "émi", LIKE then turns it down.
      "émi",
      "Émi",
      "ÉMI",
      // % and _ are literal in both paths.
      "e_n",
      "_na",
      "0% ",
      "100%",
      "%%%",
      // A double quote, and words FTS5 would otherwise read as operators.
      '"qu',
      'ts "quoted"',
      "OR ",
      "NEAR(",
      "*",
      // Spanning two fields never matches (they are joined with char(31)).
      `${tag}${tag}`,
    ];
    for (const q of queries) expect(await search({ q }), q).toEqual(await likeDefinition(q));
    expect(await search({ q: `Émile Zola ${tag}` })).toEqual([emile.profileId]);
    expect(await search({ q: `émile zola ${tag}` })).toEqual([]);
    expect(await search({ q: `file_name 100% ${tag}` })).toEqual([under.profileId]);
    expect(await search({ q: `"quoted" ${tag}` })).toEqual([emile.profileId]);
    // The index offers Émile for this one (its ends stand as far apart in the bio), LIKE turns him down.
    expect(await search({ q: `Prints _quoted" ${tag}` })).toEqual([]);
    expect(await search({ q: `Prints "quoted" ${tag}` })).toEqual([emile.profileId]);
  });

  it("keeps the name order and the pages of a query many creators match", async () => {
    const more = [];
    for (const name of ["Bravo", "alpha", "Charlie"])
      more.push(
        await seedCreator({ handle: `${name.toLowerCase()}${tag}`, name: { en: `${name} ${tag}`, original: "en" } }),
      );
    const first = await searchCreators(
      db(),
      { ...DEFAULT_EXPLORE_QUERY, q: tag, sort: "name", order: "asc" },
      en,
      await cometNow(env),
      2,
    );
    expect(first.creators.map((c) => c.handle)).toEqual([`alpha${tag}`, `bravo${tag}`]);
    const second = await searchCreators(
      db(),
      { ...DEFAULT_EXPLORE_QUERY, q: tag, sort: "name", order: "asc", cursor: first.nextCursor },
      en,
      await cometNow(env),
      2,
    );
    // Then by the lower-cased name as SQLite sorts it: "sakura mochi" before "under score", and "Émile" (not folded) last.
    expect(second.creators.map((c) => c.handle)).toEqual([`charlie${tag}`, `sakura${tag}`]);
    expect([...first.creators, ...second.creators].map((c) => c.id)).toEqual((await likeDefinition(tag)).slice(0, 4));
    expect(await search({ q: tag, order: "desc" })).toEqual((await likeDefinition(tag)).reverse());
    expect(more).toHaveLength(3);
  });
});

describe("the index follows creator_search", () => {
  it("after renames, a lost creator role and a deleted account", async () => {
    await env.DB.prepare(
      "UPDATE localized_texts SET text = ? WHERE entity_type = 'user_profile' AND entity_id = ? AND field = 'name' AND language_code = 'ja'",
    )
      .bind(`かしわもち${tag}`, sakura.profileId)
      .run();
    expect(await search({ q: `かしわもち${tag}` })).toEqual([sakura.profileId]);
    expect(await search({ q: `さくらもち${tag}` })).toEqual([]);
    await env.DB.prepare("DELETE FROM user_account_roles WHERE user_account_id = ? AND role_code = 'creator'")
      .bind(emile.accountId)
      .run();
    expect(await search({ q: `Zola ${tag}` })).toEqual([]);
    await env.DB.prepare("DELETE FROM user_accounts WHERE id = ?").bind(under.accountId).run();
    expect(await search({ q: `Score ${tag}` })).toEqual([]);
    await integrityCheck();
  });
});
