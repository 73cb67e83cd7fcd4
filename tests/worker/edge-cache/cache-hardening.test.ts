import { isProfileShownTo } from "#worker/domain/public-profiles";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createApp, type PageRenderer } from "#worker/app";
import { CATALOG_TAG, PAGE_FRESH_S, PAGE_KEYS_PER_TAG, QUERIED_PAGE_KEYS_PER_TAG } from "#worker/domain/page-cache";
import { getCreatorProfile, getPublicForm } from "#worker/services/catalog";
import { updateProfileSettings } from "#worker/services/profile";
import { getWorkPage } from "#worker/services/work-page";
import { seedCreator } from "#tests/worker/support/catalog-fixtures";
import { uid } from "#tests/worker/support/auth-helpers";
import { BASE, db, signUp } from "#tests/worker/support/helpers";

// Issue 45, the edge cache hardened from outside (docs/decisions/075-edge-cache-hardened.md): a flood of addresses,
// internal headers sent from outside, repeated parameters, what signed-in answers tell caches, and a ban.

/** A renderer that counts renders and answers a small page, with a header no other visitor should get. */
function countingApp(answer: (request: Request) => Promise<Response | null> = async () => null) {
  const rendered: string[] = [];
  const render: PageRenderer = async (request) => {
    const url = new URL(request.url);
    rendered.push(url.pathname + url.search);
    const own = await answer(request);
    if (own) return own;
    return new Response("<!doctype html><p>page</p>", {
      headers: { "content-type": "text/html; charset=utf-8", "x-request-only": "1", "server-timing": "render;dur=1" },
    });
  };
  return { rendered, app: createApp(render, { pageCache: true }) };
}

type App = ReturnType<typeof createApp>;

async function get(app: App, path: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`${BASE}${path}`, { headers }), env, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, headers: response.headers, body };
}

/** `count` anonymous GETs of `pathOf(n)`, `concurrency` at a time, as a script would send them. */
async function flood(app: App, count: number, pathOf: (n: number) => string, concurrency = 25) {
  for (let start = 0; start < count; start += concurrency)
    await Promise.all(
      Array.from({ length: Math.min(concurrency, count - start) }, (_, i) => get(app, pathOf(start + i))),
    );
}

const keysUnder = async (tag: string, like = "%") =>
  (await env.DB.prepare("SELECT count(*) AS n FROM page_cache_keys WHERE tag = ? AND cache_key LIKE ?")
    .bind(tag, like)
    .first<{ n: number }>())!.n;

const accountOf = async (handle: string) =>
  (await env.DB.prepare("SELECT account_id AS id FROM user_profiles WHERE original_handle = ?")
    .bind(handle)
    .first<{ id: string }>())!.id;

/**
 * 4,000 requests through the Worker and its cache, each waited on to the end of its background work: 6.1 s in the
 * last CI run, 26-40 s alone on a machine whose two cores ran eleven jobs, past the 20 s default. The work is the
 * probe's own flood (decision 075), so the test says how long it may take rather than sending less of it (issue 47);
 * two minutes still ends a hang.
 */
const FLOOD_TIMEOUT_MS = 120_000;

describe("a flood of addresses cannot grow the purge a creator's save waits on", () => {
  it("3,000 requests with a parameter no page reads make one key; 1,000 searches stop at the cap; the save purges a bounded set", {
    timeout: FLOOD_TIMEOUT_MS,
  }, async () => {
    const creator = await seedCreator({ handle: `c${uid()}` });
    const { app } = countingApp();

    // The probe's flood: every request a new query string. The page reads no `z`, so all are one page.
    await flood(app, 3000, (n) => `/explore/creators.data?z=${n}`);
    expect(await keysUnder(CATALOG_TAG, "%z=%")).toBe(0);
    expect(await keysUnder(CATALOG_TAG, "%/explore/creators.data%")).toBeLessThanOrEqual(1);

    // A parameter the page does read (a search) is a page of its own, up to the tag's share of queried keys.
    await flood(app, 1000, (n) => `/explore/creators?q=flood${n}`);
    expect(await keysUnder(CATALOG_TAG, "%q=flood%")).toBeLessThanOrEqual(QUERIED_PAGE_KEYS_PER_TAG);
    expect(await keysUnder(CATALOG_TAG)).toBeLessThanOrEqual(PAGE_KEYS_PER_TAG);
    // Past the cap a search is still answered, rendered: only its storing stops.
    const past = await get(app, "/explore/creators?q=flood-past-the-cap");
    expect(past.status).toBe(200);
    expect(past.headers.get("x-cache")).toBe("MISS");

    // The creator's save, with a visitor's page asked for while it purges: both answer, and the purge leaves nothing
    // of the catalog behind (it deleted every key it had, no more than the cap).
    const startedAt = Date.now();
    const [saved, during] = await Promise.all([
      updateProfileSettings(db(), creator.accountId, { handle: creator.handle, name: "Saved" }, "en"),
      get(app, "/explore/creators"),
    ]);
    console.log(`the save after the flood took ${Date.now() - startedAt} ms`);
    expect(saved.ok).toBe(true);
    expect(during.status).toBe(200);
    expect(await keysUnder(CATALOG_TAG, "%q=flood%")).toBe(0);
  });
});

describe("internal headers sent from outside are not obeyed", () => {
  it("a revalidation header neither skips a fresh page nor overwrites it", async () => {
    const { handle } = await seedCreator({ handle: `c${uid()}` });
    const { app, rendered } = countingApp();
    expect((await get(app, `/${handle}`)).headers.get("x-cache")).toBe("MISS");
    const forced = await get(app, `/${handle}`, { "x-page-cache-revalidate": "1" });
    expect(forced.headers.get("x-cache")).toBe("HIT");
    expect(rendered).toEqual([`/${handle}`]);
  });

  it("a stale page is still renewed, by the Worker's own request", async () => {
    const { handle } = await seedCreator({ handle: `c${uid()}` });
    const { app, rendered } = countingApp();
    await get(app, `/${handle}`);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + (PAGE_FRESH_S + 1) * 1000);
      expect((await get(app, `/${handle}`)).headers.get("x-cache")).toBe("STALE");
      expect(rendered).toEqual([`/${handle}`, `/${handle}`]);
      expect((await get(app, `/${handle}`)).headers.get("x-cache")).toBe("HIT");
    } finally {
      vi.useRealTimers();
    }
  });

  it("a request carrying a D1 bookmark passes by the cache, and no visitor is handed another's bookmark", async () => {
    const { handle } = await seedCreator({ handle: `c${uid()}` });
    const { app, rendered } = countingApp();
    const planted = "00000001-00000002-00004f5a-0123456789abcdef0123456789abcdef";
    const carrying = await get(app, `/${handle}`, { "x-d1-bookmark": planted });
    expect(carrying.headers.get("x-cache")).toBe("BYPASS");
    const first = await get(app, `/${handle}`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const hit = await get(app, `/${handle}`);
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.headers.get("x-d1-bookmark")).toBeNull();
    expect(rendered).toHaveLength(2);
  });

  it("keeps only what describes the page: a render's per-request headers are not stored", async () => {
    const { handle } = await seedCreator({ handle: `c${uid()}` });
    const { app } = countingApp();
    const miss = await get(app, `/${handle}`);
    expect(miss.headers.get("x-request-only")).toBe("1");
    const hit = await get(app, `/${handle}`);
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(hit.headers.get("x-request-only")).toBeNull();
    expect(hit.headers.get("server-timing")).toBeNull();
  });
});

describe("repeated parameters", () => {
  it("are read the way the page reads them: the first value, so a crafted order is a key of its own", async () => {
    const { app, rendered } = countingApp();
    const term = `t${uid()}`;
    await get(app, `/explore/creators?sort=name&q=${term}&q=demo`);
    expect((await get(app, `/explore/creators?q=demo&q=${term}&sort=name`)).headers.get("x-cache")).toBe("MISS");
    expect((await get(app, `/explore/creators?q=${term}&sort=name`)).headers.get("x-cache")).toBe("HIT");
    expect(rendered).toHaveLength(2);
  });
});

describe("what signed-in answers tell caches", () => {
  it("a signed-in page, data request or API answer says private, no-store; a signed-out page does not", async () => {
    const handle = `s${uid()}`;
    const session = await signUp(handle, `${handle}@example.com`);
    const creator = await seedCreator({ handle: `c${uid()}` });
    const { app } = countingApp();
    for (const path of [
      `/${creator.handle}`,
      `/${creator.handle}.data`,
      "/dashboard",
      "/api/features/notification/list",
    ])
      expect((await get(app, path, { cookie: session })).headers.get("cache-control"), path).toBe("private, no-store");
    expect((await get(app, `/${creator.handle}`)).headers.get("cache-control")).toBeNull();
  });
});

describe("a ban", () => {
  /** A renderer that answers 404 where the real pages would, from the same services. */
  const realVisibility = async (request: Request) => {
    const [, first, second, third] = new URL(request.url).pathname.split("/");
    const viewer = { locale: "en" as const, accountId: null, displayCurrencyId: null };
    const shown =
      first === "cf"
        ? await getPublicForm(db(), second, viewer)
        : second === "works"
          ? await getWorkPage(db(), env, third, null, "en")
          : await getCreatorProfile(db(), first, viewer).then((found) =>
              // As the profile page's loader reads it: a banned account's profile is shown to nobody.
              found && isProfileShownTo(found.standing, null) ? found : null,
            );
    return shown ? null : new Response("<p>not found</p>", { status: 404, headers: { "content-type": "text/html" } });
  };

  it("hides the account's public pages at once, cached or not, and lifting it shows them again", async () => {
    const creator = await seedCreator({ handle: `c${uid()}`, works: 1, forms: [{ title: { en: "F" }, price: 1000 }] });
    const adminHandle = `a${uid()}`;
    const admin = await signUp(adminHandle, `${adminHandle}@example.com`);
    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'admin')")
      .bind(await accountOf(adminHandle))
      .run();
    const { app } = countingApp(realVisibility);
    const pages = [
      `/${creator.handle}`,
      `/${creator.handle}/works/${creator.works[0]}`,
      `/cf/${creator.forms[0].code}`,
    ];
    for (const path of pages) await get(app, path);
    for (const path of pages) expect((await get(app, path)).headers.get("x-cache"), path).toBe("HIT");

    const ban = (path: string) =>
      app.fetch(
        new Request(`${BASE}/api/admin/account/${path}`, {
          method: "POST",
          headers: { cookie: admin, "content-type": "application/json", "sec-fetch-site": "same-origin" },
          body: JSON.stringify({ accountId: creator.accountId, reason: "Test" }),
        }),
        env,
        createExecutionContext(),
      );
    expect((await ban("ban")).status).toBe(200);
    for (const path of pages) expect((await get(app, path)).status, path).toBe(404);

    expect((await ban("unban")).status).toBe(200);
    for (const path of pages) {
      const page = await get(app, path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get("x-cache"), path).toBe("MISS");
    }
  });

  it("is an admin's alone: a stranger is told 401, a signed-in non-admin 404, and nothing changes", async () => {
    const creator = await seedCreator({ handle: `c${uid()}` });
    const handle = `u${uid()}`;
    const user = await signUp(handle, `${handle}@example.com`);
    const { app } = countingApp();
    const post = (cookie?: string) =>
      app.fetch(
        new Request(`${BASE}/api/admin/account/ban`, {
          method: "POST",
          headers: {
            ...(cookie ? { cookie } : {}),
            "content-type": "application/json",
            "sec-fetch-site": "same-origin",
          },
          body: JSON.stringify({ accountId: creator.accountId, reason: "Test" }),
        }),
        env,
        createExecutionContext(),
      );
    expect((await post()).status).toBe(401);
    expect((await post(user)).status).toBe(404);
    const banned = await env.DB.prepare(
      "SELECT count(*) AS n FROM user_account_roles WHERE user_account_id = ? AND role_code = 'ban'",
    )
      .bind(creator.accountId)
      .first<{ n: number }>();
    expect(banned?.n).toBe(0);
  });
});
