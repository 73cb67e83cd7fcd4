import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { requestContext } from "#app/lib/request-context";
import * as profileRoute from "#app/routes/profile";
import { createApp, type PageRenderer } from "#worker/app";
import { updateProfileSettings } from "#worker/services/profile";
import { readingFor, storedReadings, translationBudgetOf } from "#worker/services/translations";
import { translatorFor } from "#worker/translation/translator";
import { seedCreator } from "#tests/worker/support/catalog-fixtures";
import { uid } from "#tests/worker/support/auth-helpers";
import { BASE, db, signUp } from "#tests/worker/support/helpers";
import { setStandInFault, standInCallsWith, textCode } from "#tests/worker/support/translator-standin";
import { callsTo, repeatedCalls } from "./standin-targets";

// Issue 46, the public texts: a creator's bio as a visitor of the other language reads it, through the profile's own
// loader behind the edge cache (decision 075), against the translator's stand-in (decision 078). The stand-in is
// shared with the test files running beside this one: each test's texts carry its tag, its faults match the tag, and
// only calls carrying the tag are counted.

let tag = "";
const faults = (body: Omit<Parameters<typeof setStandInFault>[0], "match">) => setStandInFault({ ...body, match: tag });
const callsWith = (part: string) => standInCallsWith([part]);

beforeEach(() => {
  tag = `[${textCode()}]`;
});
afterEach(async () => {
  await faults({ mode: "ok" });
});

const html = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The profile page as its loader hands it to the render: the bio as shown (its translation, marked with the language
 * it came from, or the original), and whether the page would ask the door for a missing one.
 */
const renderProfile: PageRenderer = async (request, context) => {
  const routerContext = new RouterContextProvider();
  routerContext.set(requestContext, context);
  const handle = decodeURIComponent(new URL(request.url).pathname.slice(1));
  let page: Awaited<ReturnType<typeof profileRoute.loader>>;
  try {
    page = await profileRoute.loader({ params: { handle }, request, context: routerContext } as never);
  } catch {
    return new Response("<p>not found</p>", { status: 404, headers: { "content-type": "text/html" } });
  }
  const { bio, readings } = page.profile;
  const reading = readings[bio];
  const shown =
    reading?.kind === "translated"
      ? `<p data-translated-from="${reading.from}">${html(reading.text)}</p>`
      : `<p data-reading="${reading?.kind ?? "original"}">${html(bio)}</p>`;
  return new Response(`<!doctype html><html><body>${shown}<i data-ask="${page.askTranslations}"></i></body></html>`, {
    headers: { "content-type": "text/html; charset=utf-8" },
  });
};

const app = createApp(renderProfile, { pageCache: true });
const english = { "accept-language": "en" };

/** One visit, its waitUntil work (the cache's put, a translation made after the answer, its purge) done before it returns. */
async function visit(path: string, headers: Record<string, string> = english) {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`${BASE}${path}`, { headers }), env, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, cache: response.headers.get("x-cache"), body };
}

const translatedIn = (body: string) => body.match(/<p data-translated-from="ja">([^<]*)<\/p>/)?.[1] ?? null;

/** Waits for work a save left to the background (the Worker's waitUntil), by what it leaves behind. */
async function eventually<T>(check: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  for (let tries = 0; tries < 100; tries++) {
    const result = await check();
    if (result) return result;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}

describe("a creator's public texts across the language wall", () => {
  it("a Japanese bio is translated once, and an English visitor's profile shows it translated and marked", async () => {
    const bio = `ご依頼ありがとうございます。${tag}`;
    const { handle } = await seedCreator({
      handle: `c${uid()}`,
      name: { ja: "ミカ", original: "ja" },
      bio: { ja: bio },
    });

    // The first visit is not kept waiting: the original, with nothing that says "Translating…" (it may be cached).
    const first = await visit(`/${handle}`);
    expect(first.cache).toBe("MISS");
    expect(first.body).toContain(html(bio));
    expect(first.body).toContain('data-reading="pending"');
    expect(first.body).toContain('data-ask="false"');
    // Made after the answer, charged to the creator, once.
    expect(await callsWith(tag)).toHaveLength(1);

    // That copy was purged when the translation landed: the next visitor gets the page translated and marked.
    const second = await visit(`/${handle}`);
    expect(second.cache).toBe("MISS");
    const translated = translatedIn(second.body);
    expect(translated).toBeTruthy();
    expect(translated).not.toBe(html(bio));
    expect((await visit(`/${handle}`)).cache).toBe("HIT");
    expect(await callsWith(tag)).toHaveLength(1);

    // The Japanese reader reads it as written, asking nothing.
    const japanese = await visit(`/${handle}`, { "accept-language": "ja" });
    expect(japanese.body).toContain(`data-reading="original">${html(bio)}`);
    expect(await callsWith(tag)).toHaveLength(1);
  });

  it("a signed-in visitor's page may ask for a translation still missing; the shared copy never does", async () => {
    const { handle } = await seedCreator({
      handle: `c${uid()}`,
      name: { ja: "ミカ", original: "ja" },
      bio: { ja: `背景込みのイラストを描きます。${tag}` },
    });
    const session = await signUp(`s${uid()}`, `s${uid()}@example.com`);
    const signedIn = await visit(`/${handle}`, { ...english, cookie: session });
    expect(signedIn.cache).toBe("BYPASS");
    expect(signedIn.body).toContain('data-ask="true"');
  });

  it("an edited bio is translated anew after the save, and the cached page is purged", async () => {
    const { handle, accountId } = await seedCreator({
      handle: `c${uid()}`,
      name: { ja: "ミカ", original: "ja" },
      bio: { ja: `ご依頼ありがとうございます。${tag}` },
    });
    await visit(`/${handle}`);
    const before = translatedIn((await visit(`/${handle}`)).body);
    expect((await visit(`/${handle}`)).cache).toBe("HIT");

    const edited = `修正は二回まで無料です。${tag}`;
    const saved = await updateProfileSettings(db(), accountId, { handle, name: "ミカ", bio: edited }, "ja");
    expect(saved.ok).toBe(true);
    // The save purged the page and left the translation to the background; a visit meanwhile reads the original (and
    // may be cached): the translation's own purge replaces it.
    const meanwhile = await visit(`/${handle}`);
    expect(meanwhile.cache).toBe("MISS");
    const after = await eventually(
      async () => translatedIn((await visit(`/${handle}`)).body),
      "the new translation shown",
    );
    expect(after).not.toBe(before);
    // The edit was sent for English once (and into no language twice).
    expect(callsTo(await callsWith(edited), "en")).toHaveLength(1);
    expect(repeatedCalls(await callsWith(edited))).toEqual([]);
  });

  it("a bio the creator translated themselves wins over a machine translation", async () => {
    const ja = `ご依頼ありがとうございます。${tag}`;
    const typed = `Thanks for your request, written by me ${tag}`;
    const { handle, accountId } = await seedCreator({
      handle: `c${uid()}`,
      name: { ja: "ミカ", original: "ja" },
      bio: { ja, en: typed },
    });
    // Even with a machine translation of the original stored.
    const machine = await readingFor(db(), translatorFor(env), translationBudgetOf(env), {
      text: ja,
      reader: "en",
      writerAccountId: accountId,
      now: Date.now(),
    });
    expect(machine.kind).toBe("translated");
    const page = await visit(`/${handle}`);
    expect(page.body).toContain(`data-reading="original">${html(typed)}`);
    expect(translatedIn(page.body)).toBeNull();
    expect(await callsWith(tag)).toHaveLength(1);
  });

  it("a failing translator leaves the page whole, with the original", async () => {
    await faults({ mode: "fail", times: 5 });
    const bio = `ご依頼ありがとうございます。${tag}`;
    const { handle } = await seedCreator({
      handle: `c${uid()}`,
      name: { ja: "ミカ", original: "ja" },
      bio: { ja: bio },
    });
    // Three renders (a theme is a key of its own), not one render and two copies of it.
    for (const theme of ["light", "dark", "system"]) {
      const page = await visit(`/${handle}`, { ...english, cookie: `theme=${theme}` });
      expect(page.cache).toBe("MISS");
      expect(page.status).toBe(200);
      expect(page.body).toContain(`data-reading="pending">${html(bio)}`);
    }
    // Tried once (the first model, then its fallback): a failed making holds the text for a minute, so a flood
    // meanwhile does not retry it.
    expect(await callsWith(tag)).toHaveLength(2);
    expect(await storedReadings(db(), [bio], "en")).toEqual([
      { kind: "pending", from: "ja", ticket: expect.any(String) },
    ]);
  });

  it("a text in the reader's language is not sent", async () => {
    const { handle } = await seedCreator({ handle: `c${uid()}`, bio: { en: `I paint cozy backgrounds ${tag}` } });
    const page = await visit(`/${handle}`);
    expect(page.body).toContain('data-reading="original"');
    const ja = await seedCreator({
      handle: `c${uid()}`,
      name: { ja: "ミカ", original: "ja" },
      bio: { ja: `背景を描きます。${tag}` },
    });
    expect((await visit(`/${ja.handle}`, { "accept-language": "ja" })).body).toContain('data-reading="original"');
    expect(await callsWith(tag)).toHaveLength(0);
  });

  it("concurrent first visits to an untranslated page send its text once", async () => {
    const bio = `イラストのご依頼をお待ちしています。${tag}`;
    const { handle } = await seedCreator({
      handle: `c${uid()}`,
      name: { ja: "ミカ", original: "ja" },
      bio: { ja: bio },
    });
    const visits = await Promise.all(Array.from({ length: 20 }, () => visit(`/${handle}`)));
    expect(visits.every((page) => page.status === 200)).toBe(true);
    expect(await callsWith(tag)).toHaveLength(1);
    expect(translatedIn((await visit(`/${handle}`)).body)).toBeTruthy();
  });

  it("a banned creator's page stays hidden, and nothing of it is translated", async () => {
    const { handle, accountId } = await seedCreator({
      handle: `c${uid()}`,
      name: { ja: "ミカ", original: "ja" },
      bio: { ja: `背景を描きます。${tag}` },
    });
    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'ban')")
      .bind(accountId)
      .run();
    expect((await visit(`/${handle}`)).status).toBe(404);
    expect(await callsWith(tag)).toHaveLength(0);
  });
});
