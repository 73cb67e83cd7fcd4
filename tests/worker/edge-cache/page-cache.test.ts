import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp, type PageRenderer } from "#worker/app";
import { updateProfileSettings } from "#worker/services/profile";
import { getWorkPage } from "#worker/services/work-page";
import { seedCreator } from "#tests/worker/support/catalog-fixtures";
import { uid } from "#tests/worker/support/auth-helpers";
import { BASE, db, signUp } from "#tests/worker/support/helpers";

// Issue 35: signed-out public pages from the edge cache (docs/decisions/069-edge-cache.md).

/** A renderer that records what it rendered and answers a page whose one script carries the request's nonce. */
function recordingRenderer(answer: (request: Request) => Promise<Response | null> = async () => null) {
  const rendered: string[] = [];
  const render: PageRenderer = async (request, context) => {
    rendered.push(new URL(request.url).pathname);
    const own = await answer(request);
    if (own) return own;
    const html = `<!doctype html><html><head><link rel="stylesheet" href="/a.css" nonce=""></head><body><p>${context.user ? "signed in" : "anonymous"}</p><script nonce="${context.cspNonce}">hydrate()</script></body></html>`;
    return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
  };
  return { rendered, app: createApp(render, { pageCache: true }) };
}

/** One request through the app, its waitUntil work (the cache's put) finished before it returns. */
async function get(app: ReturnType<typeof createApp>, path: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`${BASE}${path}`, { headers }), env, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, headers: response.headers, body };
}

const nonceIn = (body: string) => body.match(/<script nonce="([^"]+)"/)?.[1];
const cspNonce = (headers: Headers) => headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];

describe("the edge cache of signed-out pages", () => {
  it("answers the second anonymous visit from the cache, without rendering", async () => {
    const { handle } = await seedCreator({ handle: `c${uid()}` });
    const { app, rendered } = recordingRenderer();
    const first = await get(app, `/${handle}`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const second = await get(app, `/${handle}`);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.body.replace(/nonce="[^"]+"/, "")).toBe(first.body.replace(/nonce="[^"]+"/, ""));
    expect(rendered).toEqual([`/${handle}`]);
    // The cache's own headers stay inside: a visitor sees no tags (they name accounts) and no cache lifetime.
    expect(second.headers.get("cache-tag")).toBeNull();
    expect(second.headers.get("cache-control")).toBeNull();
  });

  it("gives a cached page a nonce of its own, the one its CSP allows", async () => {
    const { handle } = await seedCreator({ handle: `c${uid()}` });
    const { app } = recordingRenderer();
    const first = await get(app, `/${handle}`);
    const hit = await get(app, `/${handle}`);
    const again = await get(app, `/${handle}`);
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(nonceIn(hit.body)).toBe(cspNonce(hit.headers));
    expect(nonceIn(hit.body)).not.toBe(nonceIn(first.body));
    expect(nonceIn(again.body)).not.toBe(nonceIn(hit.body));
    // The stylesheet's empty nonce stays empty.
    expect(hit.body).toContain('nonce=""');
  });

  it("keys the page by language and theme, and by the query it reads with its parameters sorted", async () => {
    const { app, rendered } = recordingRenderer();
    const term = `t${uid()}`;
    await get(app, `/explore/creators?sort=name&q=${term}`, { "accept-language": "ja" });
    const ja = { cookie: "app-language=ja" };
    expect((await get(app, `/explore/creators?q=${term}&sort=name`, ja)).headers.get("x-cache")).toBe("HIT");
    expect(
      (await get(app, `/explore/creators?q=${term}&sort=name`, { "accept-language": "en" })).headers.get("x-cache"),
    ).toBe("MISS");
    expect(
      (await get(app, `/explore/creators?q=${term}&sort=name`, { cookie: "app-language=ja; theme=dark" })).headers.get(
        "x-cache",
      ),
    ).toBe("MISS");
    expect(rendered).toHaveLength(3);
  });

  it("keys Chinese and Korean readers' pages by their language: zh-TW and zh-HK one Traditional page, ?lang= its own", async () => {
    // A fresh creator's profile: explore would do as well, but any creator's change elsewhere purges it (CATALOG_TAG).
    const { handle } = await seedCreator({ handle: `c${uid()}` });
    const { app, rendered } = recordingRenderer();
    const page = `/${handle}`;
    expect((await get(app, page, { "accept-language": "zh-TW,zh;q=0.9" })).headers.get("x-cache")).toBe("MISS");
    expect((await get(app, page, { "accept-language": "zh-HK" })).headers.get("x-cache")).toBe("HIT");
    expect((await get(app, page, { cookie: "app-language=zh-Hant" })).headers.get("x-cache")).toBe("HIT");
    expect((await get(app, page, { "accept-language": "zh-CN" })).headers.get("x-cache")).toBe("MISS");
    expect((await get(app, page, { "accept-language": "ja" })).headers.get("x-cache")).toBe("MISS");
    expect((await get(app, page, { "accept-language": "ko-KR" })).headers.get("x-cache")).toBe("MISS");
    // A language alternate's ?lang= is the page in that language, whatever the browser asks for.
    expect((await get(app, `${page}?lang=ko`, { "accept-language": "en" })).headers.get("x-cache")).toBe("HIT");
    expect((await get(app, `${page}?lang=zh-Hans`, { cookie: "app-language=ja" })).headers.get("x-cache")).toBe("HIT");
    expect(rendered).toHaveLength(4);
  });

  it("never answers nor stores a request with a session or any other cookie", async () => {
    const handle = `s${uid()}`;
    const session = await signUp(handle, `${handle}@example.com`);
    await seedCreator({ handle: `c${uid()}` });
    const { app, rendered } = recordingRenderer();
    const creator = await seedCreator({ handle: `c${uid()}` });
    const signedIn = await get(app, `/${creator.handle}`, { cookie: session });
    expect(signedIn.headers.get("x-cache")).toBe("BYPASS");
    expect(signedIn.body).toContain("signed in");
    // Nothing the signed-in render showed was kept: the first anonymous visit is rendered, then cached.
    expect((await get(app, `/${creator.handle}`)).headers.get("x-cache")).toBe("MISS");
    expect((await get(app, `/${creator.handle}`)).headers.get("x-cache")).toBe("HIT");
    // And the cached anonymous page is not what a signed-in visitor, or one with an unknown cookie, gets.
    const again = await get(app, `/${creator.handle}`, { cookie: session });
    expect(again.headers.get("x-cache")).toBe("BYPASS");
    expect(again.body).toContain("signed in");
    expect((await get(app, `/${creator.handle}`, { cookie: "comet_invite=x" })).headers.get("x-cache")).toBe("BYPASS");
    expect(rendered).toHaveLength(4);
  });

  it("does not store a page that sets a cookie, is not a 200, or is marked private", async () => {
    const creators = await Promise.all([1, 2, 3].map(() => seedCreator({ handle: `c${uid()}` })));
    const [cookie, missing, personal] = creators.map((c) => `/${c.handle}`);
    const { app, rendered } = recordingRenderer(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === cookie)
        return new Response("<p>x</p>", { headers: { "set-cookie": "a=b", "content-type": "text/html" } });
      if (path === missing)
        return new Response("<p>gone</p>", { status: 404, headers: { "content-type": "text/html" } });
      if (path === personal)
        return new Response("<p>mine</p>", { headers: { "cache-control": "private", "content-type": "text/html" } });
      return null;
    });
    for (const path of [cookie, missing, personal]) {
      expect((await get(app, path)).headers.get("x-cache")).toBe("MISS");
      expect((await get(app, path)).headers.get("x-cache")).toBe("MISS");
    }
    expect(rendered).toHaveLength(6);
  });

  it("passes by the dashboard, the API and pages no public route names", async () => {
    const { app, rendered } = recordingRenderer();
    for (const path of ["/dashboard", "/dashboard/setting/profile", "/terms", "/ban"]) {
      const first = await get(app, path);
      expect(first.headers.get("x-cache")).toBeNull();
      await get(app, path);
    }
    expect(rendered).toHaveLength(8);
  });

  it("stores nothing of a private work: anonymous visitors get its 404, its owner their own render", async () => {
    const creator = await seedCreator({ handle: `c${uid()}`, works: 1 });
    const [workId] = creator.works;
    await env.DB.prepare(
      "INSERT INTO visibility_settings (id, item_type, item_id, visibility_status) VALUES (?, 'portfolio_work', ?, 'PRIVATE')",
    )
      .bind(uid(), workId)
      .run();
    const { app } = recordingRenderer(async () => {
      const work = await getWorkPage(db(), env, workId, null, "en");
      return work ? null : new Response("<p>not found</p>", { status: 404, headers: { "content-type": "text/html" } });
    });
    const path = `/${creator.handle}/works/${workId}`;
    const visit = await get(app, path);
    expect(visit.status).toBe(404);
    expect((await get(app, path)).headers.get("x-cache")).toBe("MISS");
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM page_cache_keys WHERE cache_key LIKE ?")
      .bind(`%/works/${workId}%`)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it("purges exactly the edited creator's pages and the catalog when the creator edits their profile", async () => {
    const edited = await seedCreator({ handle: `c${uid()}`, works: 1, forms: [{ title: { en: "F" }, price: 1000 }] });
    const other = await seedCreator({ handle: `c${uid()}` });
    const { app } = recordingRenderer();
    const editedPages = [
      `/${edited.handle}`,
      `/${edited.handle}/works/${edited.works[0]}`,
      `/cf/${edited.forms[0].code}`,
    ];
    const pages = [...editedPages, "/", "/explore/creators?q=a", `/${other.handle}`];
    for (const path of pages) await get(app, path);
    for (const path of pages) expect((await get(app, path)).headers.get("x-cache"), path).toBe("HIT");

    const saved = await updateProfileSettings(db(), edited.accountId, { handle: edited.handle, name: "Renamed" }, "en");
    expect(saved.ok).toBe(true);

    for (const path of [...editedPages, "/", "/explore/creators?q=a"])
      expect((await get(app, path)).headers.get("x-cache"), path).toBe("MISS");
    expect((await get(app, `/${other.handle}`)).headers.get("x-cache")).toBe("HIT");
  });
});
