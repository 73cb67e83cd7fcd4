// The adult-content gate at every door that lists or shows a work (issue 66, decision 110): explore's cards and its
// content filter, the profile's works, the work's own page, the tag suggestions; each asked by a signed-out visitor,
// a signed-in viewer who has not opted in, one opted in whose birthday no longer makes them 18, an opted-in adult and
// the creator. Then the same through the Worker's real pages, and the edge cache (decisions 069, 075).
import { cometNow } from "#worker/services/clock";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as profileRoute from "#app/routes/profile";
import * as workRoute from "#app/routes/work";
import { createApp, type PageRenderer } from "#worker/app";
import { DEFAULT_EXPLORE_QUERY } from "#worker/domain/search";
import { getCreatorProfile, searchCreators, type Viewer } from "#worker/services/catalog";
import { searchTags } from "#worker/services/portfolio";
import type { SessionUser } from "#worker/services/sessions";
import { getWorkPage } from "#worker/services/work-page";
import { getPublicService } from "#worker/orders/services/request-views";
import { submitServiceRequest } from "#worker/orders/services/order-requests";
import { tellFollowersOfNewService } from "#worker/services/follows";
import { savedOf } from "#worker/services/saved";
import { requestOf } from "../support/request-pricing-fixtures";
import { accountWithAdultChoice, seedCreator, uniqueTag, type SeededCreator } from "../support/catalog-fixtures";
import { BASE, db } from "../support/helpers";
import { newSession, viewerContext } from "../support/page-context";

const tag = uniqueTag();
let creator: SeededCreator;
/** The creator's works by rating. */
let works: { allAges: string; r15: string; r18: string };
/** The creator's services: one all-ages (no rating), one R-18. */
let services: { plain: string; r18: string };

type ViewerName = "signedOut" | "plain" | "lapsed" | "adult" | "owner";
const VIEWERS: ViewerName[] = ["signedOut", "plain", "lapsed", "adult", "owner"];
const users = {} as Record<ViewerName, SessionUser | null>;
const cookies = {} as Record<ViewerName, string>;

/** A signed-in account (no works) with this birthday and, when `confirmed`, the adult choice stored. */
const account = (name: string, birthday: string | null, confirmed: boolean) =>
  accountWithAdultChoice(`${name}${tag}`, birthday, confirmed);

async function signIn(name: ViewerName, accountId: string) {
  ({ user: users[name], cookie: cookies[name] } = await newSession(accountId));
}

const viewerOf = (user: SessionUser | null): Viewer => ({
  locale: "en",
  accountId: user?.accountId ?? null,
  displayCurrencyId: null,
  showsAdult: user?.showsAdult ?? false,
});

beforeAll(async () => {
  creator = await seedCreator({
    handle: `gated${tag}`,
    name: { en: `Gated ${tag}` },
    works: 3,
    services: [
      { title: "Daytime portrait", price: 5000 },
      { title: `Night service ${tag}`, price: 9000 },
    ],
  });
  const [plainService, adultService] = creator.services;
  services = { plain: plainService, r18: adultService };
  await env.DB.prepare("UPDATE commission_services SET content_rating_code = 'r18', delivery_days = 3 WHERE id = ?")
    .bind(adultService)
    .run();
  const [allAges, r15, r18] = creator.works;
  works = { allAges, r15, r18 };
  const rate = (workId: string, code: string) =>
    env.DB.prepare("INSERT INTO portfolio_work_content_ratings (work_id, content_rating_code) VALUES (?, ?)").bind(
      workId,
      code,
    );
  const tagged = (workId: string, word: string) =>
    env.DB.prepare("INSERT INTO portfolio_work_tags (work_id, tag) VALUES (?, ?)").bind(workId, `${tag}${word}`);
  await env.DB.batch([
    rate(allAges, "all-ages"),
    rate(r15, "r15"),
    rate(r18, "r18"),
    tagged(allAges, "plain"),
    tagged(r15, "teen"),
    tagged(r18, "adult"),
    env.DB.prepare("UPDATE localized_texts SET text = ? WHERE entity_type = 'portfolio_work' AND entity_id = ?").bind(
      `Secret ${tag}`,
      r18,
    ),
  ]);
  users.signedOut = null;
  cookies.signedOut = "";
  await signIn("plain", await account("plain", "1990-04-01", false));
  // Opted in once, then the birthday was corrected to a minor's: the choice no longer holds.
  await signIn("lapsed", await account("lapsed", "2015-04-01", true));
  await signIn("adult", await account("adult", "1990-04-01", true));
  await signIn("owner", creator.accountId);
});

/** Who sees the R-18 work: the opted-in adult and the creator; everyone sees the all-ages and R-15 ones. */
const seesAdult = (name: ViewerName) => name === "adult" || name === "owner";
const expected = (name: ViewerName) => [works.allAges, works.r15, ...(seesAdult(name) ? [works.r18] : [])].sort();
const idsIn = (text: string) => Object.values(works).filter((id) => text.includes(id));

/** Every door that lists or shows works, each answering the ids of the creator's works it showed to a viewer. */
const DOORS: {
  door: string;
  shown: (name: ViewerName) => Promise<string[]>;
  expect?: (name: ViewerName) => string[];
}[] = [
  {
    door: "explore: a creator card's thumbnails",
    shown: async (name) => {
      const found = await searchCreators(
        db(),
        { ...DEFAULT_EXPLORE_QUERY, q: `gated${tag}` },
        viewerOf(users[name]),
        await cometNow(env),
      );
      const card = found.creators.find((c) => c.handle === creator.handle);
      return idsIn(JSON.stringify(card?.previews ?? []));
    },
  },
  {
    door: "explore: the content-rating filter (an R-18 filter finds the creator only for those who see R-18)",
    shown: async (name) => {
      const query = { ...DEFAULT_EXPLORE_QUERY, q: `gated${tag}`, contentRating: "r18" };
      const found = await searchCreators(db(), query, viewerOf(users[name]), await cometNow(env));
      return found.creators.some((c) => c.handle === creator.handle) ? [works.r18] : [];
    },
    expect: (name) => (seesAdult(name) ? [works.r18] : []),
  },
  {
    door: "explore: the delivery filter counts an R-18 service only for those who see it",
    shown: async (name) => {
      const query = { ...DEFAULT_EXPLORE_QUERY, q: `gated${tag}`, maxDeliveryDays: 7 };
      const found = await searchCreators(db(), query, viewerOf(users[name]), await cometNow(env));
      return found.creators.some((c) => c.handle === creator.handle) ? [services.r18] : [];
    },
    expect: (name) => (seesAdult(name) ? [services.r18] : []),
  },
  {
    door: "explore: the content filter offers R-18 only to those who see it",
    shown: async (name) => {
      const found = await searchCreators(db(), DEFAULT_EXPLORE_QUERY, viewerOf(users[name]), await cometNow(env), 1);
      return found.filters.contentRatings.some((rating) => rating.code === "r18") ? [works.r18] : [];
    },
    expect: (name) => (name === "adult" ? [works.r18] : []),
  },
  {
    door: "profile: the creator's works",
    shown: async (name) =>
      ((await getCreatorProfile(db(), creator.handle, viewerOf(users[name])))?.works ?? []).map((w) => w.id),
  },
  {
    door: "work page: /{handle}/works/{id} (a gated work answers as if it did not exist)",
    shown: async (name) => {
      const pages = await Promise.all(Object.values(works).map((id) => getWorkPage(db(), env, id, users[name], "en")));
      return pages.flatMap((page) => (page ? [page.id] : []));
    },
  },
  {
    door: "profile: the creator's services (an R-18 one shown as its works are)",
    shown: async (name) => {
      const profile = await getCreatorProfile(db(), creator.handle, viewerOf(users[name]));
      return (profile?.services ?? []).map((s) => s.id);
    },
    expect: (name) => [services.plain, ...(seesAdult(name) ? [services.r18] : [])].sort(),
  },
  {
    door: "a service's modal and request page (getPublicService)",
    shown: async (name) => {
      const shown = await Promise.all(
        Object.values(services).map((id) => getPublicService(db(), creator.handle, id, viewerOf(users[name]))),
      );
      return shown.flatMap((service) => (service ? [service.id] : []));
    },
    expect: (name) => [services.plain, ...(seesAdult(name) ? [services.r18] : [])].sort(),
  },
  {
    door: "tag suggestions: an adult work's tags are suggested to its creator alone",
    shown: async (name) => {
      const asker = users[name]?.accountId ?? creator.accountId;
      if (!users[name]) return expected("signedOut"); // the suggestions door is signed-in only
      const tags = await searchTags(db(), asker, tag, 20);
      const byTag: Record<string, string> = {
        [`${tag}plain`]: works.allAges,
        [`${tag}teen`]: works.r15,
        [`${tag}adult`]: works.r18,
      };
      return tags.flatMap((t) => (byTag[t] ? [byTag[t]] : []));
    },
    expect: (name) => [works.allAges, works.r15, ...(name === "owner" ? [works.r18] : [])].sort(),
  },
];

describe("the adult-content gate at every door that lists works (decision 110)", () => {
  it("reads the stored choice into the session only while the birthday makes them 18", () => {
    expect(users.plain?.showsAdult).toBe(false);
    expect(users.lapsed?.showsAdult).toBe(false);
    expect(users.adult?.showsAdult).toBe(true);
  });

  for (const { door, shown, expect: want } of DOORS) {
    it(door, async () => {
      for (const name of VIEWERS) {
        expect({ name, shown: (await shown(name)).sort() }).toEqual({ name, shown: (want ?? expected)(name) });
      }
    });
  }
});

/** The React Router context a page loader gets from the Worker, for this viewer. */
function contextOf(name: ViewerName, path: string) {
  return viewerContext(users[name], cookies[name]?.split("=")[1], path, "en");
}

async function load(route: { loader: (args: never) => unknown }, name: ViewerName, path: string, params: object) {
  try {
    return {
      status: 200,
      body: JSON.stringify(
        await route.loader({ params, request: new Request(`${BASE}${path}`), context: contextOf(name, path) } as never),
      ),
    };
  } catch (thrown) {
    if (thrown && typeof thrown === "object" && "init" in thrown)
      return { status: (thrown as { init: { status: number } }).init.status, body: JSON.stringify(thrown) };
    throw thrown;
  }
}

describe("the gate through the pages' loaders", () => {
  it("a signed-out visitor's profile holds no adult work; the opted-in adult's does", async () => {
    const path = `/${creator.handle}`;
    const signedOut = await load(profileRoute, "signedOut", path, { handle: creator.handle });
    expect(signedOut.body).toContain(works.allAges);
    expect(signedOut.body).not.toContain(works.r18);
    expect(signedOut.body).not.toContain(`Secret ${tag}`);
    const adult = await load(profileRoute, "adult", path, { handle: creator.handle });
    expect(adult.body).toContain(works.r18);
  });

  it("an adult work's page is a 404 with no title, image or og tag for those kept out", async () => {
    const path = `/${creator.handle}/works/${works.r18}`;
    const params = { handle: creator.handle, workId: works.r18 };
    for (const name of ["signedOut", "plain", "lapsed"] as const) {
      const page = await load(workRoute, name, path, params);
      expect({ name, status: page.status }).toEqual({ name, status: 404 });
      expect(page.body).not.toContain(`Secret ${tag}`);
      expect(page.body).not.toContain(`portfolio-work/${works.r18}`);
      expect(page.body).not.toContain("og:");
    }
    for (const name of ["adult", "owner"] as const) {
      const page = await load(workRoute, name, path, params);
      expect({ name, status: page.status }).toEqual({ name, status: 200 });
      expect(page.body).toContain(`Secret ${tag}`);
      expect(page.body).toContain("og:image");
    }
  });
});

describe("a request for an R-18 service", () => {
  it("is taken only from a viewer who sees it; to the others the service does not exist", async () => {
    // No card is saved, so a request the gate lets through stops at the next check (requests_error_no_card): past the
    // gate is told from stopped at it by that reason.
    const submitAs = async (name: ViewerName, serviceId: string) => {
      const user = users[name]!;
      const result = await submitServiceRequest(
        { db: db(), bucket: env.MEDIA, now: Date.now() },
        { userAccountId: user.accountId, profileId: user.profileId, showsAdult: user.showsAdult },
        { serviceId, ...requestOf([]) },
      );
      return { name, reason: result.ok ? "taken" : result.reason };
    };
    const PAST_THE_GATE = "requests_error_no_card";
    for (const name of ["plain", "lapsed"] as const) {
      expect(await submitAs(name, services.r18)).toEqual({ name, reason: "not_found" });
      expect(await submitAs(name, services.plain)).toEqual({ name, reason: PAST_THE_GATE });
    }
    expect(await submitAs("adult", services.r18)).toEqual({ name: "adult", reason: PAST_THE_GATE });
  });
});

describe("a new R-18 service's notice to followers", () => {
  it("reaches only the followers who confirmed being adults", async () => {
    const followers = ["plain", "lapsed", "adult"] as const;
    await env.DB.batch(
      followers.map((name) =>
        env.DB.prepare(
          "INSERT OR IGNORE INTO follows (follower_user_account_id, creator_user_account_id, created_at) VALUES (?, ?, ?)",
        ).bind(users[name]!.accountId, creator.accountId, Date.now() - 60_000),
      ),
    );
    const told = async (serviceId: string) => {
      await tellFollowersOfNewService(env.DB, serviceId, Date.now());
      const keyOf = (name: (typeof followers)[number]) =>
        `FOLLOWED_CREATOR_NEW_SERVICE:${serviceId}:${users[name]!.accountId}`;
      const rows = await env.DB.prepare(
        "SELECT recipient_user_account_id AS id FROM notifications WHERE dedupe_key IN (?, ?, ?)",
      )
        .bind(...followers.map(keyOf))
        .all<{ id: string }>();
      return followers.filter((name) => rows.results.some((r) => r.id === users[name]!.accountId));
    };
    expect(await told(services.plain)).toEqual(["plain", "lapsed", "adult"]);
    expect(await told(services.r18)).toEqual(["adult"]);
  });
});

describe("the saved page", () => {
  it("lists a bookmarked R-18 service only while the account sees adult content", async () => {
    const bookmark = (name: ViewerName) =>
      env.DB.prepare(
        "INSERT INTO bookmarks (id, user_account_id, service_id, is_active, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)",
      ).bind(crypto.randomUUID(), users[name]!.accountId, services.r18, Date.now(), Date.now());
    await env.DB.batch([bookmark("plain"), bookmark("lapsed"), bookmark("adult")]);
    const saved = async (name: ViewerName) =>
      (await savedOf(db(), users[name]!.accountId, "en", Date.now())).items.some((item) =>
        JSON.stringify(item).includes(services.r18),
      );
    expect(await saved("adult")).toBe(true);
    expect(await saved("plain")).toBe(false);
    expect(await saved("lapsed")).toBe(false);
  });
});

describe("the edge cache never holds an adult work (decisions 069, 075)", () => {
  /** An app with the cache on, whose page is the profile's works as the real read gives them to the request's user. */
  function profileApp() {
    const render: PageRenderer = async (request, context) => {
      const handle = new URL(request.url).pathname.slice(1);
      const profile = await getCreatorProfile(db(), handle, viewerOf(context.user));
      const html = `<!doctype html><html><body>${(profile?.works ?? []).map((w) => `<i>${w.id}</i>`).join("")}</body></html>`;
      return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
    };
    return createApp(render, { pageCache: true });
  }

  async function get(app: ReturnType<typeof createApp>, path: string, cookie?: string) {
    const ctx = createExecutionContext();
    const headers: Record<string, string> = cookie ? { cookie } : {};
    const response = await app.fetch(new Request(`${BASE}${path}`, { headers }), env, ctx);
    const body = await response.text();
    await waitOnExecutionContext(ctx);
    return { cache: response.headers.get("x-cache"), control: response.headers.get("cache-control"), body };
  }

  it("serves the opted-in adult past the cache both ways, and visitors a stored copy without the adult work", async () => {
    const app = profileApp();
    const path = `/${creator.handle}`;
    // The adult's page, with the R-18 work, is neither read from nor written to the cache.
    const adult = await get(app, path, cookies.adult);
    expect(adult.cache).toBe("BYPASS");
    expect(adult.control).toContain("no-store");
    expect(adult.body).toContain(works.r18);
    // The visitors after them: a render of their own (nothing was stored), then the stored copy; neither shows it.
    const first = await get(app, path);
    expect(first.cache).toBe("MISS");
    expect(first.body).not.toContain(works.r18);
    const second = await get(app, path);
    expect(second.cache).toBe("HIT");
    expect(second.body).toContain(works.allAges);
    expect(second.body).not.toContain(works.r18);
    // And the adult, after a visitor's copy was stored, still gets their own render, never the visitors' copy.
    const again = await get(app, path, cookies.adult);
    expect(again.cache).toBe("BYPASS");
    expect(again.body).toContain(works.r18);
  });
});
