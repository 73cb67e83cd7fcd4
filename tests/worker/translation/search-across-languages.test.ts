import { cometNow } from "#worker/services/clock";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEFAULT_EXPLORE_QUERY } from "#worker/domain/search";
import { detectTextLanguage } from "#worker/domain/text-language";
import { normalizeText } from "#worker/domain/text";
import { searchCreators, type Viewer } from "#worker/services/catalog";
import { refreshTranslatedSearch } from "#worker/services/creator-search-translated";
import { sha256Hex } from "#worker/services/crypto";
import { updateProfileSettings } from "#worker/services/profile";
import { seedCreator } from "#tests/worker/support/catalog-fixtures";
import { uid } from "#tests/worker/support/auth-helpers";
import { db } from "#tests/worker/support/helpers";
import { textCode } from "#tests/worker/support/translator-standin";

// Issue 62, search across the wall: the explore search finds a creator by the stored translation of their name or
// bio (creator_search_translated, migration 0034), both ways, and an edit drops the old translation from the search.
// The stand-in and the database are shared with the files running beside this one: each test's texts carry its own
// code, and a search looks for its creator among up to 100 results.

const en: Viewer = { locale: "en", accountId: null, displayCurrencyId: null };
const ja: Viewer = { locale: "ja", accountId: null, displayCurrencyId: null };

async function found(q: string, profileId: string, viewer = en): Promise<boolean> {
  const result = await searchCreators(db(), { ...DEFAULT_EXPLORE_QUERY, q }, viewer, await cometNow(env), 100);
  return result.creators.some((creator) => creator.id === profileId);
}

/** A translation as the translator's making stores it (services/translations.ts): keyed by the original's content. */
async function storeTranslation(original: string, target: "en" | "ja", translated: string): Promise<void> {
  const text = normalizeText(original);
  const from = detectTextLanguage(text);
  await env.DB.prepare(
    `INSERT INTO machine_translations (source_hash, target_language, source_language, translated_text, provider, model, created_at)
     VALUES (?, ?, ?, ?, 'test', 'test', ?)`,
  )
    .bind(await sha256Hex(`${from}\n${text}`), target, from, translated, Date.now())
    .run();
}

/** Waits for work a save left to the background (the Worker's waitUntil), by what it leaves behind. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}

const translatedRows = (accountId: string) =>
  env.DB.prepare("SELECT language, search_text FROM creator_search_translated WHERE account_id = ? ORDER BY language")
    .bind(accountId)
    .all<{ language: string; search_text: string }>()
    .then((rows) => rows.results);

describe("search across the language wall", () => {
  it("an English query finds a creator who wrote only in Japanese once the translation is stored", async () => {
    const code = textCode();
    const bio = `猫耳のイラストを描いています ${code}`;
    const creator = await seedCreator({ handle: `c${uid()}`, name: { ja: "ミカ", original: "ja" }, bio: { ja: bio } });
    const query = `cat ears illustration is what I draw ${code}`;
    expect(await found(query, creator.profileId)).toBe(false);

    await storeTranslation(bio, "en", `Cat ears illustration is what I draw ${code}`);
    expect(await refreshTranslatedSearch(db(), [creator.accountId])).toEqual([creator.accountId]);
    // Through the index (3 characters and more) and the scan (fewer), from either interface language.
    expect(await found(query, creator.profileId), "the index").toBe(true);
    expect(await found(query, creator.profileId, ja), "from Japanese").toBe(true);
    expect(await found("ea", creator.profileId), "the scan").toBe(true);
    // The original still finds them; a rebuild with nothing new writes nothing (nothing to purge).
    expect(await found("猫耳のイラスト", creator.profileId), "the original").toBe(true);
    expect(await refreshTranslatedSearch(db(), [creator.accountId])).toEqual([]);
    expect(await translatedRows(creator.accountId)).toEqual([
      { language: "en", search_text: `Cat ears illustration is what I draw ${code}` },
    ]);
  });

  it("a Japanese query finds a creator who wrote only in English, after a save that finds the translation stored", async () => {
    const code = textCode();
    const creator = await seedCreator({ handle: `c${uid()}`, name: { en: "Mika", original: "en" } });
    const bio = `Cat ears illustrations, any style ${code}`;
    await storeTranslation(bio, "ja", `猫耳のイラスト、どんな画風でも ${code}`);
    expect(await found(`猫耳のイラスト、どんな`, creator.profileId)).toBe(false);

    // The save's background work rebuilds the row from what is stored: no translator is asked.
    const saved = await updateProfileSettings(
      db(),
      creator.accountId,
      { handle: creator.handle, name: "Mika", bio },
      "en",
    );
    expect(saved.ok).toBe(true);
    await eventually(() => found(`猫耳のイラスト、どんな`, creator.profileId, ja), "found by the Japanese query");
    expect(await found(`猫耳のイラスト、どんな`, creator.profileId, en)).toBe(true);
  });

  it("an edit drops the old translation from the search at once, and the new one is found when it lands", async () => {
    const code = textCode();
    const first = `猫耳のイラストを描いています ${code}`;
    const creator = await seedCreator({
      handle: `c${uid()}`,
      name: { ja: "ミカ", original: "ja" },
      bio: { ja: first },
    });
    await storeTranslation(first, "en", `I draw cat ears illustrations ${code}`);
    await refreshTranslatedSearch(db(), [creator.accountId]);
    expect(await found(`cat ears illustrations ${code}`, creator.profileId)).toBe(true);

    // A sentence the stand-in's phrase book has, so its translation lands after the save (made in the background).
    const edited = `完成したイラストをお送りします。${code}`;
    const saved = await updateProfileSettings(
      db(),
      creator.accountId,
      { handle: creator.handle, name: "ミカ", bio: edited },
      "ja",
    );
    expect(saved.ok).toBe(true);
    // The save's own write dropped the row (migration 0034's trigger): the old translation matches no more.
    expect(await found(`cat ears illustrations ${code}`, creator.profileId)).toBe(false);
    await eventually(
      async () =>
        (await translatedRows(creator.accountId)).some((row) => row.search_text.includes("finished illustration")),
      "the new translation indexed",
    );
    expect(await found(`the finished illustration`, creator.profileId)).toBe(true);
    expect(await found(`cat ears illustrations ${code}`, creator.profileId)).toBe(false);
  });

  it("a user whose bio was translated before they became a creator is found by it once they are one", async () => {
    const code = textCode();
    const bio = `猫耳のイラストを描いています ${code}`;
    const user = await seedCreator({
      handle: `c${uid()}`,
      name: { ja: "ミカ", original: "ja" },
      bio: { ja: bio },
      creator: false,
    });
    await storeTranslation(bio, "en", `I draw cat ears illustrations ${code}`);
    await refreshTranslatedSearch(db(), [user.accountId]);
    expect(await found(`cat ears illustrations ${code}`, user.profileId)).toBe(false);
    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'creator')")
      .bind(user.accountId)
      .run();
    expect(await found(`cat ears illustrations ${code}`, user.profileId)).toBe(true);
  });

  it("a creator no longer listed is not found by a translation", async () => {
    const code = textCode();
    const bio = `猫耳のイラストを描いています ${code}`;
    const creator = await seedCreator({ handle: `c${uid()}`, name: { ja: "ミカ", original: "ja" }, bio: { ja: bio } });
    await storeTranslation(bio, "en", `I draw cat ears illustrations ${code}`);
    await refreshTranslatedSearch(db(), [creator.accountId]);
    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'ban')")
      .bind(creator.accountId)
      .run();
    expect(await found(`cat ears illustrations ${code}`, creator.profileId)).toBe(false);
  });
});
