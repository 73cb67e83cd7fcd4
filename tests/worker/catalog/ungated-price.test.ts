// Issue 75, finding 3: explore's price filter, its price sort and its category filter count only what the viewer may
// see. A service behind the adult gate (R-18, decision 110) gives no price and no category to a signed-out visitor, a
// minor or a signed-in viewer who has not confirmed being an adult; a confirmed adult finds it as before. The kept
// prices follow a rating change, and the kept price without the gated ones is the gate's own rule (visibleServiceSql).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { GUARDED_VIEWER, visibleServiceSql } from "#worker/domain/content-gate";
import { DEFAULT_EXPLORE_QUERY, type ExploreQuery } from "#worker/domain/search";
import { searchCreators, type Viewer } from "#worker/services/catalog";
import { seedCreator, uniqueTag, type SeededCreator } from "../support/catalog-fixtures";
import { db } from "../support/helpers";

const NOW = Date.now();
const tag = uniqueTag();
const signedOut: Viewer = { locale: "en", accountId: null, displayCurrencyId: null };
let notConfirmed: Viewer;
let adult: Viewer;

const rate = (serviceId: string, code: string | null) =>
  env.DB.prepare("UPDATE commission_services SET content_rating_code = ? WHERE id = ?").bind(code, serviceId).run();

const found = async (query: Partial<ExploreQuery>, viewer: Viewer) =>
  (await searchCreators(db(), { ...DEFAULT_EXPLORE_QUERY, q: tag, ...query }, viewer, NOW, 50)).creators.map(
    (c) => c.handle,
  );

let onlyGated: SeededCreator; // one service, R-18, ¥9,000, in music-video
let cheapGated: SeededCreator; // an all-ages service at ¥12,000 and an R-18 one at ¥3,000
let open: SeededCreator; // an all-ages service at ¥6,000, in music-video

beforeAll(async () => {
  onlyGated = await seedCreator({
    handle: `gated${tag}`,
    name: { en: `Gated ${tag}` },
    createdAt: 1_000,
    services: [{ title: "Night piece", price: 9_000, category: "music-video" }],
  });
  cheapGated = await seedCreator({
    handle: `mixed${tag}`,
    name: { en: `Mixed ${tag}` },
    createdAt: 2_000,
    services: [
      { title: "Day piece", price: 12_000 },
      { title: "Night sketch", price: 3_000 },
    ],
  });
  open = await seedCreator({
    handle: `open${tag}`,
    name: { en: `Open ${tag}` },
    createdAt: 3_000,
    services: [{ title: "Portrait", price: 6_000, category: "music-video" }],
  });
  await rate(onlyGated.services[0], "r18");
  await rate(cheapGated.services[1], "r18");
  const viewerOf = async (showsAdult: boolean): Promise<Viewer> => {
    const seeded = await seedCreator({ handle: `viewer${uniqueTag()}`, creator: false });
    return { locale: "en", accountId: seeded.accountId, displayCurrencyId: null, showsAdult };
  };
  notConfirmed = await viewerOf(false);
  adult = await viewerOf(true);
});

describe("explore counts only the prices the viewer may see (issue 75)", () => {
  it("a price range never finds a creator by a gated price, signed out or not confirmed", async () => {
    for (const viewer of [signedOut, notConfirmed]) {
      expect(await found({ priceMin: 8_500, priceMax: 9_500 }, viewer)).toEqual([]);
      expect(await found({ priceMin: 2_000, priceMax: 5_000 }, viewer)).toEqual([]);
      expect((await found({ priceMin: 10_000, priceMax: 13_000 }, viewer)).sort()).toEqual([cheapGated.handle]);
    }
    expect(await found({ priceMin: 8_500, priceMax: 9_500 }, adult)).toEqual([onlyGated.handle]);
    expect(await found({ priceMin: 2_000, priceMax: 5_000 }, adult)).toEqual([cheapGated.handle]);
  });

  it("the cheapest-first sort orders by the prices the viewer may see; a gated-only creator is unpriced", async () => {
    const order = [open.handle, cheapGated.handle, onlyGated.handle];
    expect(await found({ sort: "price", order: "asc" }, signedOut)).toEqual(order);
    expect(await found({ sort: "price", order: "asc" }, notConfirmed)).toEqual(order);
    expect(await found({ sort: "price", order: "asc" }, adult)).toEqual([
      cheapGated.handle,
      open.handle,
      onlyGated.handle,
    ]);
    // Dearest first: unpriced last in either direction.
    expect(await found({ sort: "price", order: "desc" }, signedOut)).toEqual([
      cheapGated.handle,
      open.handle,
      onlyGated.handle,
    ]);
  });

  it("a category given only by a gated service finds no one who may not see it", async () => {
    expect(await found({ category: "music-video" }, signedOut)).toEqual([open.handle]);
    expect(await found({ category: "music-video" }, notConfirmed)).toEqual([open.handle]);
    expect((await found({ category: "music-video" }, adult)).sort()).toEqual([onlyGated.handle, open.handle].sort());
  });

  it("a rating change keeps both prices again, and the ungated one is the gate's rule", async () => {
    const seeded = await seedCreator({
      handle: `rerated${uniqueTag()}`,
      services: [
        { title: "All ages", price: 20_000 },
        { title: "Fifteen", price: 15_000 },
        { title: "Eighteen", price: 10_000 },
      ],
    });
    const [, fifteen, eighteen] = seeded.services;
    await rate(fifteen, "r15");
    await rate(eighteen, "r18");
    const kept = () =>
      env.DB.prepare(
        `SELECT a.lowest_price_yen AS every, a.lowest_ungated_price_yen AS ungated, s.lowest_ungated_price_yen AS search,
           (SELECT min(v.price_amount) FROM commission_services v WHERE v.commission_account_id = a.id
              AND v.service_status = 'PUBLISHED' AND ${visibleServiceSql("v", GUARDED_VIEWER)}) AS gate
         FROM commission_accounts a JOIN creator_search s ON s.account_id = a.user_account_id WHERE a.id = ?`,
      )
        .bind(seeded.commissionAccountId)
        .first();
    expect(await kept()).toEqual({ every: 10_000, ungated: 15_000, search: 15_000, gate: 15_000 });
    await rate(eighteen, null);
    expect(await kept()).toEqual({ every: 10_000, ungated: 10_000, search: 10_000, gate: 10_000 });
    await rate(eighteen, "r18");
    await rate(fifteen, "r18");
    expect(await kept()).toEqual({ every: 10_000, ungated: 20_000, search: 20_000, gate: 20_000 });
  });
});
