import { cometNow } from "#worker/services/clock";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "#worker/db/client";
import { DEFAULT_EXPLORE_QUERY, type ExploreQuery } from "#worker/domain/search";
import { getCreatorProfile, getPublicForm, searchCreators, type Viewer } from "#worker/services/catalog";
import { currencyId, seedCreator, uniqueTag, type SeededCreator } from "../support/catalog-fixtures";

const db = () => createDb(env.DB);
const en: Viewer = { locale: "en", accountId: null, displayCurrencyId: null };
const ja: Viewer = { locale: "ja", accountId: null, displayCurrencyId: null };
const q = (query: Partial<ExploreQuery>): ExploreQuery => ({ ...DEFAULT_EXPLORE_QUERY, ...query });
const handles = async (query: Partial<ExploreQuery>, viewer = en) =>
  (await searchCreators(db(), q(query), viewer, await cometNow(env), 50)).creators.map((c) => c.handle);

// One tag per run: every query below includes it, so rows other test files create never match.
const tag = uniqueTag();
const DAY = 86_400_000;
let alice: SeededCreator;
let bob: SeededCreator;
let chika: SeededCreator;

beforeAll(async () => {
  alice = await seedCreator({
    handle: `Alice${tag}`,
    name: { en: `Alice Painter ${tag}`, ja: `アリス画家 ${tag}`, original: "en" },
    bio: { en: `I paint dragons and castles ${tag}. `.repeat(8), ja: `ドラゴンを描きます ${tag}` },
    createdAt: 1_000 * DAY,
    works: 6,
    forms: [
      {
        title: { en: "Full body illustration with a detailed background" },
        price: 30000,
        category: "character-illustration",
      },
      { title: { en: "Bust-up" }, price: 10000, category: "character-illustration" },
      { title: { en: "Ask me" }, price: 0, category: "character-illustration" },
      { title: { en: "Quick sketch in dollars" }, price: 5000, currency: "USD", category: "character-illustration" },
      { title: { en: "Draft form" }, price: 1, status: "DRAFT" },
    ],
  });
  bob = await seedCreator({
    handle: `bob${tag}`,
    name: { ja: `ボブ作曲家 ${tag}`, original: "ja" },
    bio: { ja: `作曲とミックス ${tag}` },
    createdAt: 1_001 * DAY,
    forms: [{ title: { en: "Music video" }, price: 50000, category: "music-video" }],
  });
  chika = await seedCreator({
    handle: `chika${tag}`,
    name: { en: `Chika Logos ${tag}`, ja: `千夏 ${tag}`, original: "ja" },
    createdAt: 1_002 * DAY,
    open: false,
    services: [{ title: "Logo design", price: 8000, category: "logo-graphic" }],
  });
  await seedCreator({
    handle: `client${tag}`,
    name: { en: `Client ${tag}` },
    creator: false,
    createdAt: 1_003 * DAY,
  });
});

describe("searchCreators", () => {
  it("matches names in English and Japanese, the handle and the bio in either language", async () => {
    expect(await handles({ q: `Alice Painter ${tag}` })).toEqual([alice.handle]);
    expect(await handles({ q: `アリス画家 ${tag}` })).toEqual([alice.handle]);
    expect(await handles({ q: `ボブ作曲家 ${tag}` })).toEqual([bob.handle]);
    expect(await handles({ q: `dragons and castles ${tag}` })).toEqual([alice.handle]);
    expect(await handles({ q: `作曲とミックス ${tag}` })).toEqual([bob.handle]);
    expect(await handles({ q: `BOB${tag}` })).toEqual([bob.handle]); // handle, any case
    // Only creators are listed: the client's name matches but they are not a creator.
    expect(await handles({ q: `Client ${tag}` })).toEqual([]);
    // LIKE wildcards in the query are literal.
    expect(await handles({ q: `%${tag}_` })).toEqual([]);
  });

  it("shows the name in the viewer's language, else the original, else the handle", async () => {
    const [inJa] = (await searchCreators(db(), q({ q: `Alice${tag}` }), ja, await cometNow(env))).creators;
    expect(inJa.name).toBe(`アリス画家 ${tag}`);
    const [bobInEn] = (await searchCreators(db(), q({ q: `bob${tag}` }), en, await cometNow(env))).creators;
    expect(bobInEn.name).toBe(`ボブ作曲家 ${tag}`);
  });

  it("filters by category, content kind and use case through forms and services", async () => {
    expect(await handles({ q: tag, category: "music-video" })).toEqual([bob.handle]);
    expect(await handles({ q: tag, kind: "music" })).toEqual([bob.handle]);
    expect((await handles({ q: tag, kind: "illustration" })).sort()).toEqual([alice.handle]);
    expect(await handles({ q: tag, useCase: "concept" })).toEqual([chika.handle]);
    expect(await handles({ q: tag, category: "logo-graphic", kind: "graphic" })).toEqual([chika.handle]);
    expect(await handles({ q: tag, category: "logo-graphic", kind: "music" })).toEqual([]);
  });

  it("sorts by date or name, ascending or descending", async () => {
    expect(await handles({ q: tag, sort: "date", order: "asc" })).toEqual([alice.handle, bob.handle, chika.handle]);
    expect(await handles({ q: tag, sort: "date", order: "desc" })).toEqual([chika.handle, bob.handle, alice.handle]);
    // In English: "Alice Painter", "Chika Logos", then Bob (only a Japanese name, "ボブ...").
    expect(await handles({ q: tag, sort: "name", order: "asc" })).toEqual([alice.handle, chika.handle, bob.handle]);
    expect(await handles({ q: tag, sort: "name", order: "desc" })).toEqual([bob.handle, chika.handle, alice.handle]);
  });

  it("pages with a cursor without skipping or repeating, for every sort", async () => {
    for (const sort of ["name", "date"] as const) {
      for (const order of ["asc", "desc"] as const) {
        const all = await handles({ q: tag, sort, order });
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page = await searchCreators(db(), q({ q: tag, sort, order, cursor }), en, await cometNow(env), 1);
          seen.push(...page.creators.map((c) => c.handle));
          cursor = page.nextCursor;
        } while (cursor && seen.length < 10);
        expect(seen).toEqual(all);
      }
    }
  });

  it("builds creator cards: at most 4 previews, published forms by price ascending, unset prices read as such", async () => {
    const [card] = (await searchCreators(db(), q({ q: `Alice${tag}` }), en, await cometNow(env))).creators;
    expect(card.previews).toHaveLength(4);
    expect(card.isOpenCommission).toBe(true);
    // For a visitor (yen): unset (0) first, then $50.00 ≈ ¥7,246 (× 144.91), ¥10,000, ¥30,000.
    expect(card.forms.map((f) => f.title)).toEqual([
      "Ask me",
      "Quick sketch in dollars",
      "Bust-up",
      "Full body illustration with a detailed background",
    ]);
    expect(card.forms[0].price).toBeNull();
    expect(card.forms[1].price).toMatchObject({ amount: 7246, currency: { code: "JPY" }, approximate: true });
    expect(card.forms[2].price).toMatchObject({ amount: 10000, currency: { code: "JPY" }, approximate: false });
    expect(card.forms.map((f) => f.title)).not.toContain("Draft form");
  });

  it("converts prices to a signed-in viewer's display currency", async () => {
    const usd = await currencyId("USD");
    const { creators, displayCurrencyCode } = await searchCreators(
      db(),
      q({ q: `Alice${tag}` }),
      {
        locale: "en",
        accountId: null,
        displayCurrencyId: usd,
      },
      await cometNow(env),
    );
    expect(displayCurrencyCode).toBe("USD");
    const bust = creators[0].forms.find((f) => f.title === "Bust-up");
    expect(bust?.price).toMatchObject({ amount: 6900, currency: { code: "USD" }, approximate: true });
    const dollars = creators[0].forms.find((f) => f.title === "Quick sketch in dollars");
    expect(dollars?.price).toMatchObject({ amount: 5000, approximate: false });
  });

  it("lists the filter choices with names in the viewer's language", async () => {
    const { filters } = await searchCreators(db(), q({ q: tag }), ja, await cometNow(env));
    expect(filters.categories.map((c) => c.code)).toContain("character-illustration");
    expect(filters.kinds.map((c) => c.code)).toEqual(expect.arrayContaining(["illustration", "music"]));
    expect(filters.useCases.map((c) => c.code)).toContain("concept");
  });

  it("reads the filter choices (reference data) once per isolate: later searches' batches carry only the page, its count and the price book", async () => {
    const batchSizes: number[] = [];
    const counting = Object.assign(Object.create(env.DB), {
      batch: (statements: D1PreparedStatement[]) => {
        batchSizes.push(statements.length);
        return env.DB.batch(statements);
      },
    }) as D1Database;
    await searchCreators(db(), q({ q: tag }), en, await cometNow(env));
    const english = await searchCreators(createDb(counting), q({ q: tag }), en, await cometNow(env));
    const japanese = await searchCreators(createDb(counting), q({ q: tag }), ja, await cometNow(env));
    expect(batchSizes).toEqual([3, 3]);
    const name = (filters: typeof english.filters) =>
      filters.categories.find((c) => c.code === "character-illustration")?.name;
    expect(name(english.filters)).toBe("Character illustration");
    expect(name(japanese.filters)).toBe("キャラクターイラスト");
    expect(japanese.creators.map((c) => c.handle)).toEqual(english.creators.map((c) => c.handle));
  });
});

describe("getCreatorProfile", () => {
  it("finds a profile by handle ignoring case, with works, services and forms", async () => {
    const profile = await getCreatorProfile(db(), chika.handle.toUpperCase(), en);
    expect(profile).toMatchObject({
      handle: chika.handle,
      name: `Chika Logos ${tag}`,
      isCreator: true,
      isOpenCommission: false,
    });
    expect(profile?.services).toEqual([
      expect.objectContaining({
        title: "Logo design",
        categories: [expect.objectContaining({ code: "logo-graphic" })],
        bookmark: { isActive: false },
      }),
    ]);
    const aliceProfile = await getCreatorProfile(db(), alice.handle, en);
    expect(aliceProfile?.works).toHaveLength(6);
    expect(aliceProfile?.works[0].media).toMatchObject({ mediaType: "IMAGE" });
    expect(aliceProfile?.forms.map((f) => f.title)).toEqual([
      "Ask me",
      "Quick sketch in dollars",
      "Bust-up",
      "Full body illustration with a detailed background",
    ]);
    expect(aliceProfile?.forms[2]).toMatchObject({
      id: expect.any(String),
      categoryName: "Character illustration",
      price: { amount: 10000 },
    });
  });

  it("returns null for an unknown handle", async () => {
    expect(await getCreatorProfile(db(), `nobody${tag}`, en)).toBeNull();
  });
});

describe("media previews on cards and the profile", () => {
  it("carry each media's fields: a picture as its own thumbnail, a video's poster, a link's site", async () => {
    // A tag of its own per run, not the file's: the suite repeats each test (handles are unique), and the searches
    // above by the file's tag must not find this creator whichever order the tests run in.
    const handle = `dana${uniqueTag()}`;
    const dana = await seedCreator({ handle, name: { en: `Dana ${handle}` }, works: 3 });
    const media = (workId: string) =>
      `(SELECT media_id FROM media_attachments WHERE owner_type = 'portfolio_work' AND owner_id = '${workId}')`;
    const [picture, video, link] = dana.works;
    await env.DB.batch([
      env.DB.prepare(`UPDATE media SET thumbnail_url = file_url WHERE id = ${media(picture)}`),
      env.DB.prepare(
        `UPDATE media SET media_type = 'VIDEO', file_url = '/media/v/clip.mp4', thumbnail_url = '/media/v/clip.mp4.jpg' WHERE id = ${media(video)}`,
      ),
      env.DB.prepare(
        `UPDATE media SET format_type = 'LINK', file_url = NULL, link_url = 'https://youtu.be/abc', link_site = 'YOUTUBE' WHERE id = ${media(link)}`,
      ),
    ]);
    const [card] = (await searchCreators(db(), q({ q: handle }), en, await cometNow(env))).creators;
    const expected = [
      {
        mediaType: "IMAGE",
        formatType: "FILE",
        url: expect.stringContaining(".png"),
        linkUrl: null,
        embedCode: null,
        site: null,
      },
      {
        mediaType: "VIDEO",
        formatType: "FILE",
        url: "/media/v/clip.mp4",
        thumbnailUrl: "/media/v/clip.mp4.jpg",
        linkUrl: null,
        site: null,
      },
      {
        mediaType: "IMAGE",
        formatType: "LINK",
        url: null,
        thumbnailUrl: null,
        linkUrl: "https://youtu.be/abc",
        site: "YOUTUBE",
      },
    ];
    expect(card.previews).toMatchObject(expected);
    expect(card.previews[0].thumbnailUrl).toBe(card.previews[0].url);
    // A card shows media, not ids; the profile's works link theirs.
    expect(card.previews[0]).not.toHaveProperty("workId");
    const profile = await getCreatorProfile(db(), dana.handle, en);
    expect(profile?.works.map((w) => w.media)).toMatchObject(
      expected.map((media, i) => ({ ...media, workId: [picture, video, link][i] })),
    );
  });
});

describe("getPublicForm", () => {
  it("shows a published form with questions in order and choice prices", async () => {
    // Its own tag: the searches above match `tag`, and in a shuffled order this creator may already exist then.
    const own = uniqueTag();
    const creator = await seedCreator({
      handle: `forms${own}`,
      name: { en: `Former ${own}` },
      forms: [
        {
          title: { en: "Portrait", ja: "ポートレート" },
          price: 20000,
          questions: [
            { type: "LONG_TEXT", required: true, title: "Details" },
            {
              type: "SINGLE_CHOICE",
              required: false,
              title: "Plan",
              choices: [
                { title: "Face", price: 10000 },
                { title: "Bust", price: 20000 },
                { title: "None", price: null },
              ],
            },
            { type: "DATE", required: false, title: "Deadline" },
          ],
        },
        { title: { en: "Hidden" }, price: 1, status: "DRAFT" },
      ],
    });
    const form = await getPublicForm(db(), creator.forms[0].code, ja);
    expect(form).toMatchObject({
      title: "ポートレート",
      creator: { handle: creator.handle, name: `Former ${own}` },
      price: { amount: 20000 },
    });
    expect(form?.questions.map((x) => [x.questionType, x.title, x.isRequired])).toEqual([
      ["LONG_TEXT", "Details", true],
      ["SINGLE_CHOICE", "Plan", false],
      ["DATE", "Deadline", false],
    ]);
    expect(form?.questions[1].choices.map((c) => [c.title, c.price?.amount ?? null])).toEqual([
      ["Face", 10000],
      ["Bust", 20000],
      ["None", null],
    ]);
    expect(await getPublicForm(db(), creator.forms[1].code, en)).toBeNull();
    expect(await getPublicForm(db(), "nope", en)).toBeNull();
  });

  it("carries the creator's general terms in the viewer's language, else the original, else none", async () => {
    const own = uniqueTag();
    const creator = await seedCreator({ handle: `terms${own}`, forms: [{ title: { en: "Sketch" }, price: 3000 }] });
    const code = creator.forms[0].code;
    expect((await getPublicForm(db(), code, en))?.terms).toBe("");
    await env.DB.prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'commission_account', ?, 'default_terms', 'ja', 1, ?)",
    )
      .bind(crypto.randomUUID(), creator.commissionAccountId, "商用利用は別途ご相談ください。")
      .run();
    expect((await getPublicForm(db(), code, en))?.terms).toBe("商用利用は別途ご相談ください。");
    await env.DB.prepare(
      "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'commission_account', ?, 'default_terms', 'en', 0, ?)",
    )
      .bind(crypto.randomUUID(), creator.commissionAccountId, "Commercial use by arrangement.")
      .run();
    expect((await getPublicForm(db(), code, en))?.terms).toBe("Commercial use by arrangement.");
    expect((await getPublicForm(db(), code, ja))?.terms).toBe("商用利用は別途ご相談ください。");
  });
});

describe("D1 round trips", () => {
  /** Counts calls that reach D1: each batch, and each statement run on its own. */
  function countingDb() {
    let trips = 0;
    const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement =>
      new Proxy(statement, {
        get(target, prop) {
          const value = Reflect.get(target, prop, target);
          if (prop === "bind") return (...args: unknown[]) => wrapStatement(target.bind(...args));
          if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
            return (...args: unknown[]) => {
              trips++;
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          }
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    const d1 = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "prepare") return (sql: string) => wrapStatement(target.prepare(sql));
        if (prop === "batch") {
          return (statements: D1PreparedStatement[]) => {
            trips++;
            return target.batch(statements);
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    return { db: createDb(d1), trips: () => trips };
  }

  it("serves a search page, a profile and a form page in one round trip each", async () => {
    const search = countingDb();
    await searchCreators(
      search.db,
      q({ q: tag, category: "character-illustration", sort: "name" }),
      en,
      await cometNow(env),
    );
    expect(search.trips()).toBe(1);
    const profile = countingDb();
    await getCreatorProfile(profile.db, alice.handle, en);
    expect(profile.trips()).toBe(1);
    const form = countingDb();
    await getPublicForm(form.db, alice.forms[0].code, en);
    expect(form.trips()).toBe(1);
  });
});
