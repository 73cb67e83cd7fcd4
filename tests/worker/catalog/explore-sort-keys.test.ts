// The list sort keys systemIndex and commissionFormCount on /explore/creators (issue 13, decision 034): the order
// they give, kept current by the search table's triggers as forms are published and ranks set, paged by cursor
// without skipping or repeating, and read through an index rather than a sort of every creator.
import { cometNow } from "#worker/services/clock";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "#worker/db/client";
import {
  DEFAULT_EXPLORE_QUERY,
  SEARCH_PAGE_SIZE,
  parseExploreQuery,
  serializeExploreQuery,
  type ExploreQuery,
} from "#worker/domain/search";
import { buildCreatorSearch, searchCreators, type Viewer } from "#worker/services/catalog";
import { seedCreator, uniqueTag, type SeededCreator } from "../support/catalog-fixtures";

const db = () => createDb(env.DB);
const en: Viewer = { locale: "en", accountId: null, displayCurrencyId: null };
const q = (query: Partial<ExploreQuery>): ExploreQuery => ({ ...DEFAULT_EXPLORE_QUERY, ...query });
const handles = async (query: Partial<ExploreQuery>) =>
  (await searchCreators(db(), q({ q: tag, ...query }), en, await cometNow(env), 50)).creators.map((c) => c.handle);
const setRank = (creator: SeededCreator, rank: number) =>
  env.DB.prepare("UPDATE user_profiles SET system_index = ? WHERE id = ?").bind(rank, creator.profileId).run();

const tag = uniqueTag();
const form = (status: "DRAFT" | "PUBLISHED" = "PUBLISHED") => ({
  title: { en: "A form" },
  price: 1000,
  category: "character-illustration",
  status,
});
let many: SeededCreator;
let one: SeededCreator;
let none: SeededCreator;

beforeAll(async () => {
  // Forms: three published and a draft; one published; none (a draft only).
  many = await seedCreator({
    handle: `many${tag}`,
    name: { en: `Many ${tag}` },
    createdAt: 1_000,
    forms: [form(), form(), form(), form("DRAFT")],
  });
  one = await seedCreator({ handle: `one${tag}`, name: { en: `One ${tag}` }, createdAt: 2_000, forms: [form()] });
  none = await seedCreator({
    handle: `none${tag}`,
    name: { en: `None ${tag}` },
    createdAt: 3_000,
    forms: [form("DRAFT")],
  });
});

describe("sort by commissionFormCount", () => {
  it("orders creators by their published forms, most first by default", async () => {
    expect(await handles({ sort: "commissionFormCount" })).toEqual([many.handle, one.handle, none.handle]);
    expect(await handles({ sort: "commissionFormCount", order: "asc" })).toEqual([
      none.handle,
      one.handle,
      many.handle,
    ]);
  });

  it("follows a form being published or unpublished", async () => {
    const [draft] = none.forms;
    await env.DB.prepare("UPDATE commission_forms SET form_status = 'PUBLISHED' WHERE id = ?").bind(draft.id).run();
    await env.DB.prepare(
      "UPDATE commission_forms SET form_status = 'DRAFT' WHERE commission_account_id = ? AND form_status = 'PUBLISHED'",
    )
      .bind(many.commissionAccountId)
      .run();
    try {
      // many: 0 published now; one and none: 1 each (the tie broken by profile id, in the same direction).
      const order = await handles({ sort: "commissionFormCount" });
      expect(order[2]).toBe(many.handle);
      expect(order.slice(0, 2).sort()).toEqual([none.handle, one.handle].sort());
    } finally {
      await env.DB.prepare("UPDATE commission_forms SET form_status = 'DRAFT' WHERE id = ?").bind(draft.id).run();
      await env.DB.prepare(
        "UPDATE commission_forms SET form_status = 'PUBLISHED' WHERE commission_account_id = ? AND id != ?",
      )
        .bind(many.commissionAccountId, many.forms[3].id)
        .run();
    }
    expect(await handles({ sort: "commissionFormCount" })).toEqual([many.handle, one.handle, none.handle]);
  });
});

describe("sort by systemIndex", () => {
  it("puts the platform's ranked creators first, highest rank first; the unranked (0) after them", async () => {
    await setRank(none, 20);
    await setRank(one, 10);
    try {
      expect(await handles({ sort: "systemIndex" })).toEqual([none.handle, one.handle, many.handle]);
      expect(await handles({ sort: "systemIndex", order: "asc" })).toEqual([many.handle, one.handle, none.handle]);
      // A rank change moves the creator at once.
      await setRank(many, 30);
      expect(await handles({ sort: "systemIndex" })).toEqual([many.handle, none.handle, one.handle]);
    } finally {
      for (const creator of [many, one, none]) await setRank(creator, 0);
    }
  });

  it("keeps the rank and the form count when the creator's search row is rebuilt (a new name)", async () => {
    await setRank(one, 7);
    try {
      await env.DB.prepare(
        "UPDATE localized_texts SET text = ? WHERE entity_type = 'user_profile' AND entity_id = ? AND field = 'name'",
      )
        .bind(`One renamed ${tag}`, one.profileId)
        .run();
      expect((await handles({ sort: "systemIndex" }))[0]).toBe(one.handle);
      expect(await handles({ sort: "commissionFormCount" })).toEqual([many.handle, one.handle, none.handle]);
    } finally {
      await setRank(one, 0);
    }
  });
});

describe("the new sort keys", () => {
  it("page with a cursor without skipping or repeating", async () => {
    await setRank(many, 3);
    try {
      for (const sort of ["systemIndex", "commissionFormCount"] as const) {
        for (const order of ["asc", "desc"] as const) {
          const all = await handles({ sort, order });
          const seen: string[] = [];
          let cursor: string | null = null;
          do {
            const page = await searchCreators(db(), q({ q: tag, sort, order, cursor }), en, await cometNow(env), 1);
            seen.push(...page.creators.map((c) => c.handle));
            cursor = page.nextCursor;
          } while (cursor);
          expect(seen, `${sort} ${order}`).toEqual(all);
        }
      }
    } finally {
      await setRank(many, 0);
    }
  });

  it("live in the URL like the others", () => {
    for (const sort of ["systemIndex", "commissionFormCount"] as const) {
      expect(parseExploreQuery(new URLSearchParams(serializeExploreQuery({ sort })))).toMatchObject({ sort });
    }
    expect(parseExploreQuery(new URLSearchParams("sort=popularity")).sort).toBe(DEFAULT_EXPLORE_QUERY.sort);
  });

  it("read the page through the key's index, not by sorting every creator (issue 8's budget)", async () => {
    for (const [sort, index] of [
      ["systemIndex", "creator_search_system_index"],
      ["commissionFormCount", "creator_search_form_count"],
    ] as const) {
      const search = buildCreatorSearch(q({ sort }), "en", SEARCH_PAGE_SIZE, {
        now: await cometNow(env),
        prices: null,
      });
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${search.sql}`)
        .bind(...search.params)
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail);
      // An ordered walk of the key's index that stops at the page size; were every row sorted instead, the plan would
      // read "SCAN s" and "USE TEMP B-TREE FOR ORDER BY" inside the page.
      expect(details, details.join("\n")).toContain(`SCAN s USING INDEX ${index}`);
    }
  });
});
