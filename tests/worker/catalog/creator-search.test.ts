import { cometNow } from "#worker/services/clock";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "#worker/db/client";
import { DEFAULT_EXPLORE_QUERY, type ExploreQuery } from "#worker/domain/search";
import { isCreatorSide } from "#worker/domain/roles";
import { getCreatorProfile, searchCreators, type Viewer } from "#worker/services/catalog";
import { seedCreator, uniqueTag, type SeededCreator } from "../support/catalog-fixtures";

/**
 * The creator_search table (migrations/0004_creator_search.sql) is kept in sync by triggers on localized_texts,
 * user_profiles and user_account_roles: these tests write to the source tables the way any write path would
 * and check that the search follows.
 */
const db = () => createDb(env.DB);
const en: Viewer = { locale: "en", accountId: null, displayCurrencyId: null };
const ja: Viewer = { locale: "ja", accountId: null, displayCurrencyId: null };
const q = (query: Partial<ExploreQuery>): ExploreQuery => ({ ...DEFAULT_EXPLORE_QUERY, ...query });
const handles = async (query: Partial<ExploreQuery>, viewer = en) =>
  (await searchCreators(db(), q(query), viewer, await cometNow(env), 50)).creators.map((c) => c.handle);

// Every test gets its own creators under a fresh tag: a test renames, re-roles and deletes them, and the
// shuffled order (docs/decisions/015) must not let one test see another's edits.
let tag: string;
let dana: SeededCreator;
let emi: SeededCreator;

const searchRow = (profileId: string) =>
  env.DB.prepare("SELECT name_en, name_ja, search_text FROM creator_search WHERE profile_id = ?")
    .bind(profileId)
    .first<{ name_en: string; name_ja: string; search_text: string }>();

beforeEach(async () => {
  tag = uniqueTag();
  dana = await seedCreator({
    handle: `dana${tag}`,
    name: { en: `Dana Sculptor ${tag}`, original: "en" },
    bio: { en: `Clay figures ${tag}` },
  });
  emi = await seedCreator({ handle: `emi${tag}`, name: { ja: `絵美 ${tag}`, original: "ja" }, creator: false });
});

describe("creator_search triggers", () => {
  it("backfills and indexes a new creator: handle, names and bios, sort names per language", async () => {
    const row = await searchRow(dana.profileId);
    expect(row).toMatchObject({
      name_en: `dana sculptor ${tag}`.toLowerCase(),
      name_ja: `dana sculptor ${tag}`.toLowerCase(),
    });
    expect(row?.search_text).toContain(dana.handle);
    expect(row?.search_text).toContain(`Clay figures ${tag}`);
    // A non-creator has no row.
    expect(await searchRow(emi.profileId)).toBeNull();
  });

  it("finds a renamed creator by the new name and not by the old one", async () => {
    await env.DB.prepare(
      "UPDATE localized_texts SET text = ? WHERE entity_type = 'user_profile' AND entity_id = ? AND field = 'name' AND language_code = 'en'",
    )
      .bind(`Dana Potter ${tag}`, dana.profileId)
      .run();
    expect(await handles({ q: `Dana Potter ${tag}` })).toEqual([dana.handle]);
    expect(await handles({ q: `Dana Sculptor ${tag}` })).toEqual([]);
    // The name sort follows too.
    expect((await searchRow(dana.profileId))?.name_en).toBe(`dana potter ${tag}`.toLowerCase());
  });

  it("finds a bio word added in Japanese, from either interface language, and forgets a deleted one", async () => {
    await env.DB.prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'user_profile', ?, 'bio', 'ja', 0, ?)",
    )
      .bind(crypto.randomUUID(), dana.profileId, `粘土のフィギュア職人 ${tag}`)
      .run();
    expect(await handles({ q: `フィギュア職人 ${tag}` }, ja)).toEqual([dana.handle]);
    expect(await handles({ q: `フィギュア職人 ${tag}` }, en)).toEqual([dana.handle]);
    await env.DB.prepare(
      "DELETE FROM localized_texts WHERE entity_type = 'user_profile' AND entity_id = ? AND field = 'bio' AND language_code = 'ja'",
    )
      .bind(dana.profileId)
      .run();
    expect(await handles({ q: `フィギュア職人 ${tag}` }, ja)).toEqual([]);
  });

  it("finds texts written in Chinese and Korean by a query in them, short or long, from any interface language", async () => {
    // The trigram index (migration 0009) cuts every text into runs of three characters, whatever the script: a query
    // of three or more Han or Hangul characters is looked up there, a shorter one (插畫, a whole word in Chinese) by the
    // LIKE scan. Neither knows words, so a query matches wherever its characters stand in that order (decision 105).
    const bios = [
      [dana.profileId, "zh-Hant", `專門繪製Live2D模型與插畫 ${tag}`],
      [emi.profileId, "ko", `버튜버 일러스트 전문 ${tag}`],
    ] as const;
    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'creator')")
      .bind(emi.accountId)
      .run();
    for (const [profileId, language, text] of bios)
      await env.DB.prepare(
        "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'user_profile', ?, 'bio', ?, 1, ?)",
      )
        .bind(crypto.randomUUID(), profileId, language, text)
        .run();
    const zhHant: Viewer = { locale: "zh-Hant", accountId: null, displayCurrencyId: null };
    const ko: Viewer = { locale: "ko", accountId: null, displayCurrencyId: null };
    for (const viewer of [zhHant, ko, en]) {
      expect(await handles({ q: `插畫 ${tag}` }, viewer)).toEqual([dana.handle]);
      expect(await handles({ q: "繪製Live2D模型" }, viewer)).toContain(dana.handle);
      expect(await handles({ q: `模型與插畫 ${tag}` }, viewer)).toEqual([dana.handle]);
      expect(await handles({ q: `일러스트 전문 ${tag}` }, viewer)).toEqual([emi.handle]);
      expect(await handles({ q: "버튜버" }, viewer)).toContain(emi.handle);
    }
  });

  it("follows a handle change", async () => {
    const handle = `dana2${tag}`;
    await env.DB.prepare("UPDATE user_profiles SET original_handle = ? WHERE id = ?")
      .bind(handle, dana.profileId)
      .run();
    expect(await handles({ q: handle.toUpperCase() })).toEqual([handle]);
    await env.DB.prepare("UPDATE user_profiles SET original_handle = ? WHERE id = ?")
      .bind(dana.handle, dana.profileId)
      .run();
    expect(await handles({ q: handle })).toEqual([]);
  });

  it("lists a user who gains the creator role and drops one who loses it or is banned", async () => {
    expect(await handles({ q: `絵美 ${tag}` })).toEqual([]);
    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'creator')")
      .bind(emi.accountId)
      .run();
    expect(await handles({ q: `絵美 ${tag}` })).toEqual([emi.handle]);
    // Japanese-only name: the sort name is the Japanese name in both languages.
    expect(await searchRow(emi.profileId)).toMatchObject({
      name_en: `絵美 ${tag}`.toLowerCase(),
      name_ja: `絵美 ${tag}`.toLowerCase(),
    });

    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'ban')")
      .bind(emi.accountId)
      .run();
    expect(await handles({ q: `絵美 ${tag}` })).toEqual([]);
    await env.DB.prepare("DELETE FROM user_account_roles WHERE user_account_id = ? AND role_code = 'ban'")
      .bind(emi.accountId)
      .run();
    expect(await handles({ q: `絵美 ${tag}` })).toEqual([emi.handle]);

    await env.DB.prepare("DELETE FROM user_account_roles WHERE user_account_id = ? AND role_code = 'creator'")
      .bind(emi.accountId)
      .run();
    expect(await handles({ q: `絵美 ${tag}` })).toEqual([]);
    expect(await searchRow(emi.profileId)).toBeNull();
  });

  it("follows published forms and services for the category filters", async () => {
    const fay = await seedCreator({
      handle: `fay${tag}`,
      name: { en: `Fay ${tag}` },
      forms: [{ title: { en: "MV" }, price: 1000, category: "music-video", status: "DRAFT" }],
      services: [{ title: "Logo", price: 1000, category: "logo-graphic" }],
    });
    expect(await handles({ q: `Fay ${tag}`, category: "music-video" })).toEqual([]);
    expect(await handles({ q: `Fay ${tag}`, category: "logo-graphic" })).toEqual([fay.handle]);
    // Publishing the form lists the creator under its category (and its content kind); unpublishing takes it back.
    await env.DB.prepare("UPDATE commission_forms SET form_status = 'PUBLISHED' WHERE id = ?")
      .bind(fay.forms[0].id)
      .run();
    expect(await handles({ q: `Fay ${tag}`, category: "music-video" })).toEqual([fay.handle]);
    expect(await handles({ q: `Fay ${tag}`, kind: "music" })).toEqual([fay.handle]);
    await env.DB.prepare("UPDATE commission_forms SET category_code = 'character-illustration' WHERE id = ?")
      .bind(fay.forms[0].id)
      .run();
    expect(await handles({ q: `Fay ${tag}`, category: "music-video" })).toEqual([]);
    expect(await handles({ q: `Fay ${tag}`, category: "character-illustration" })).toEqual([fay.handle]);
    await env.DB.prepare("DELETE FROM commission_forms WHERE id = ?").bind(fay.forms[0].id).run();
    expect(await handles({ q: `Fay ${tag}`, category: "character-illustration" })).toEqual([]);
    // A service's categories: removed, added back, and the service unpublished.
    await env.DB.prepare("DELETE FROM commission_service_categories WHERE service_id = ?").bind(fay.services[0]).run();
    expect(await handles({ q: `Fay ${tag}`, category: "logo-graphic" })).toEqual([]);
    await env.DB.prepare(
      "INSERT INTO commission_service_categories (service_id, category_code) VALUES (?, 'logo-graphic')",
    )
      .bind(fay.services[0])
      .run();
    expect(await handles({ q: `Fay ${tag}`, category: "logo-graphic" })).toEqual([fay.handle]);
    await env.DB.prepare("UPDATE commission_services SET service_status = 'DRAFT' WHERE id = ?")
      .bind(fay.services[0])
      .run();
    expect(await handles({ q: `Fay ${tag}`, category: "logo-graphic" })).toEqual([]);
  });

  it("drops a deleted account (its profile and roles go by cascade)", async () => {
    const gone = await seedCreator({ handle: `gone${tag}`, name: { en: `Gone Soon ${tag}` } });
    expect(await handles({ q: `Gone Soon ${tag}` })).toEqual([gone.handle]);
    await env.DB.prepare("DELETE FROM user_accounts WHERE id = ?").bind(gone.accountId).run();
    expect(await handles({ q: `Gone Soon ${tag}` })).toEqual([]);
    expect(await searchRow(gone.profileId)).toBeNull();
  });
});

describe("one definition of creator (worker/domain/roles.ts CREATOR_ROLES)", () => {
  it("lists an admin without the creator role on explore and badges their profile, as the TypeScript checks do", async () => {
    const adminTag = uniqueTag();
    const admin = await seedCreator({
      handle: `adm${adminTag}`,
      name: { en: `Admin Artist ${adminTag}`, original: "en" },
      creator: false,
    });
    expect(await handles({ q: `Admin Artist ${adminTag}` })).toEqual([]);
    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'admin')")
      .bind(admin.accountId)
      .run();
    expect(isCreatorSide(["admin"])).toBe(true);
    expect(await handles({ q: `Admin Artist ${adminTag}` })).toEqual([admin.handle]);
    expect((await getCreatorProfile(db(), admin.handle, en))?.isCreator).toBe(true);
    await env.DB.prepare("DELETE FROM user_account_roles WHERE user_account_id = ? AND role_code = 'admin'")
      .bind(admin.accountId)
      .run();
    expect(await handles({ q: `Admin Artist ${adminTag}` })).toEqual([]);
  });
});
