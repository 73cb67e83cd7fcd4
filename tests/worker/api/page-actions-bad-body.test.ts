// Issue 31, bad input never breaks anything: every page action in the route table (app/routes.ts), posted something
// that is not a form (JSON, nothing at all, another type, too much) by a signed-in user, answers a 4xx and changes
// nothing. The actions are called as React Router calls them (orders.test.ts); a throw that is not a response is
// what React Router answers with a 500.
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { FORM_BODY_MAX_BYTES, KEPT_VALUE_MAX_CODE_POINTS, readFormData } from "#app/lib/form-data.server";
import { requestContext } from "#app/lib/request-context";
import * as creatorHomePage from "#app/routes/dashboard/creator-home";
import * as profileSettingsPage from "#app/routes/dashboard/setting-profile";
import { m } from "#app/paraglide/messages.js";
import { grantCreatorRole } from "#worker/services/roles";
import { createSession, getSessionUser } from "#worker/services/sessions";
import type { Locale } from "#worker/domain/locales";
import { freshUser } from "../support/auth-helpers";
import { BASE, db, signUp } from "../support/helpers";
import { commissionAccountByEmail } from "../support/order-fixtures";
import { pageActionRoutes, unreadRouteFiles } from "../support/page-action-routes";

const actionRoutes = pageActionRoutes().map(({ file, path, action }) => {
  // Params get ids that match nothing.
  const url = path.replace(/:\w+/g, () => crypto.randomUUID()).replace("*", "no-such-page");
  return { file, path, url, params: paramsOf(path, url), action: async (args: unknown) => (await action())(args) };
});

function paramsOf(path: string, url: string): Record<string, string> {
  const names = path.split("/");
  const values = url.split("/");
  return Object.fromEntries(names.flatMap((name, i) => (name.startsWith(":") ? [[name.slice(1), values[i]]] : [])));
}

/** The posts no page's form sends, with the status each is refused with. */
const BAD_POSTS = [
  { name: "JSON", status: 415, init: () => ({ headers: { "content-type": "application/json" }, body: "{}" }) },
  { name: "no body", status: 400, init: () => ({}) },
  {
    name: "text, shaped like a form",
    status: 415,
    init: () => ({ headers: { "content-type": "text/plain" }, body: "intent=delete" }),
  },
  {
    name: "a form too large",
    status: 413,
    init: () => ({
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `padding=${"a".repeat(FORM_BODY_MAX_BYTES)}`,
    }),
  },
] as const;

type Member = { accountId: string; token: string };

async function member({ creator, admin = false }: { creator: boolean; admin?: boolean }): Promise<Member> {
  const user = freshUser();
  await signUp(user.handle, user.email);
  const { userAccountId: accountId } = await commissionAccountByEmail(user.email);
  if (creator) await grantCreatorRole(db(), accountId);
  // The admin console's pages answer anyone else 404 before reading the body (decision 087).
  if (admin)
    await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'admin')")
      .bind(accountId)
      .run();
  const { token } = await createSession(db(), accountId);
  return { accountId, token };
}

async function contextFor({ token }: Member, url: string, locale: Locale = "en") {
  const context = new RouterContextProvider();
  context.set(requestContext, {
    env,
    url: new URL(url),
    executionCtx: {} as ExecutionContext,
    db: db(),
    user: await getSessionUser(db(), token),
    sessionToken: token,
    locale,
  });
  return context;
}

const isData = (value: unknown): value is { data: unknown; init: ResponseInit | null } =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";

/** The status React Router answers an action's result or throw with. */
async function statusOf(run: () => unknown): Promise<number> {
  try {
    const result = await run();
    if (result instanceof Response) return result.status;
    return isData(result) ? (result.init?.status ?? 200) : 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    if (isData(thrown)) return thrown.init?.status ?? 500;
    return 500;
  }
}

/**
 * Every D1 row and every stored file, to tell that a refused post changed nothing. Not the translations made in the
 * background for texts written before (decisions 078, 098), their budget count, their making's claim, the translated
 * search rows they rebuild and the cache purge they make: they land whenever the translator answers, a cache keyed
 * by content. Nor the mail of notices other tests wrote: their background sweep (`emailNewNotificationsSoon`) claims a
 * notice (`emailed_at`) and writes the dev mailbox whenever it runs; the notices themselves are compared.
 */
async function everything() {
  const { results: tables } = await env.DB.prepare(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT GLOB 'sqlite_*' AND name NOT GLOB '_cf_*'
       AND name NOT GLOB 'creator_search_translated*'
       AND name NOT IN ('machine_translations', 'translation_usage', 'page_cache_purges', 'dev_mails')`,
  ).all<{ name: string }>();
  const rows = await Promise.all(
    tables.map(async ({ name }) => [
      name,
      (await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results
        .filter((row) => !(name === "rate_limits" && String(row.key).startsWith("translating:")))
        .map((row) => JSON.stringify(name === "notifications" ? { ...row, emailed_at: undefined } : row))
        .sort(),
    ]),
  );
  const files = (await env.MEDIA.list()).objects.map((object) => object.key).sort();
  return { rows: Object.fromEntries(rows), files };
}

describe("a page action posted something that is not a form", () => {
  it("finds the actions in the route table", () => {
    expect(unreadRouteFiles()).toEqual([]);
    expect(actionRoutes.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        "/dashboard/setting/profile",
        "/dashboard/commission/managements",
        "/dashboard/portfolio/creator/:workId/edit",
      ]),
    );
    expect(actionRoutes.length).toBeGreaterThanOrEqual(20);
  });

  let members: Member[];
  beforeAll(async () => {
    members = await Promise.all([
      member({ creator: true }),
      member({ creator: false }),
      member({ creator: true, admin: true }),
    ]);
  });

  it.each(actionRoutes)(
    "$path ($file) refuses it with a 4xx and changes nothing",
    async ({ path, url, action, params }) => {
      const contexts = await Promise.all(members.map((signedIn) => contextFor(signedIn, `${BASE}${url}`)));
      const before = await everything();
      for (const post of BAD_POSTS) {
        // A creator-side page redirects a client and a client-side page a creator, an admin page answers others 404: one
        // of the three reaches the body.
        const statuses = [];
        for (const context of contexts) {
          const request = new Request(`${BASE}${url}`, { method: "POST", ...post.init() });
          statuses.push(await statusOf(() => action({ request, context, params })));
        }
        expect(
          statuses.every((status) => status < 500),
          `${post.name}: ${statuses}`,
        ).toBe(true);
        // The catch-all refuses every post, whatever it holds.
        expect(statuses, post.name).toContain(path === "/*" ? 404 : post.status);
      }
      expect(await everything()).toEqual(before);
    },
  );
});

describe("a browser's form still reaches the action", () => {
  it("an url-encoded post, as React Router's <Form> sends it, saves the profile", async () => {
    const signedIn = await member({ creator: false });
    const handle = freshUser().handle;
    const path = `${BASE}/dashboard/setting/profile`;
    const request = new Request(path, {
      method: "POST",
      body: new URLSearchParams({ name: "Kit Carter", handle, bio: "Draws birds." }),
    });
    expect(await profileSettingsPage.action({ request, context: await contextFor(signedIn, path) } as never)).toEqual({
      saved: true,
      errors: null,
      values: null,
    });
    const row = await env.DB.prepare("SELECT original_handle AS handle FROM user_profiles WHERE account_id = ?")
      .bind(signedIn.accountId)
      .first<{ handle: string }>();
    expect(row?.handle).toBe(handle);
  });

  it("a refused profile keeps what was typed, but sends back no more of a pasted 200 KB bio than KEPT_VALUE_MAX_CODE_POINTS", async () => {
    const signedIn = await member({ creator: false });
    const path = `${BASE}/dashboard/setting/profile`;
    const bio = "鳥".repeat(200_000);
    const request = new Request(path, {
      method: "POST",
      body: new URLSearchParams({ name: "Kit Carter", handle: freshUser().handle, bio }),
    });
    const result: unknown = await profileSettingsPage.action({
      request,
      context: await contextFor(signedIn, path),
    } as never);
    expect(isData(result) && result.init?.status).toBe(400);
    const { values, errors } = (
      result as { data: { values: { name: string; bio: string }; errors: Record<string, string> } }
    ).data;
    expect(errors.bio).toBeTruthy();
    expect(values.name).toBe("Kit Carter");
    expect(values.bio).toBe(bio.slice(0, KEPT_VALUE_MAX_CODE_POINTS));
  });

  it("the creator home's button, a form with no fields, still makes a creator", async () => {
    const signedIn = await member({ creator: false });
    const path = `${BASE}/dashboard/creator/home`;
    const request = new Request(path, { method: "POST", body: new URLSearchParams() });
    const context = await contextFor(signedIn, path);
    expect(await statusOf(() => creatorHomePage.action({ request, context } as never))).toBe(302);
    const user = await getSessionUser(db(), signedIn.token);
    expect(user?.roles).toContain("creator");
  });
});

describe("readFormData", () => {
  const post = (init: RequestInit) => new Request(`${BASE}/dashboard/setting/profile`, { method: "POST", ...init });
  const refusal = async (request: Request, locale: Locale = "en") => {
    const thrown: unknown = await readFormData(request, locale).then(
      () => null,
      (error: unknown) => error,
    );
    return isData(thrown) ? { status: thrown.init?.status, message: thrown.data } : thrown;
  };

  it("reads url-encoded and multipart forms, whatever the type's case and parameters", async () => {
    const multipart = new FormData();
    multipart.set("intent", "save");
    for (const request of [
      post({ body: multipart }),
      post({ headers: { "content-type": "Application/X-WWW-Form-Urlencoded; charset=UTF-8" }, body: "intent=save" }),
    ]) {
      expect((await readFormData(request, "en")).get("intent")).toBe("save");
    }
  });

  it("refuses in the user's language", async () => {
    expect(await refusal(post({ headers: { "content-type": "application/json" }, body: "{}" }), "ja")).toEqual({
      status: 415,
      message: m.error_generic({}, { locale: "ja" }),
    });
    expect(await refusal(post({}), "en")).toEqual({ status: 400, message: m.error_generic({}, { locale: "en" }) });
  });

  it("refuses a multipart body that does not parse", async () => {
    expect(
      await refusal(post({ headers: { "content-type": "multipart/form-data" }, body: "intent=save" })),
    ).toMatchObject({ status: 400 });
    expect(
      await refusal(post({ headers: { "content-type": "multipart/form-data; boundary=x" }, body: "not multipart" })),
    ).toMatchObject({ status: 400 });
  });

  it("stops reading a body of unknown length once it passes the limit", async () => {
    const chunk = new TextEncoder().encode(`a=${"b".repeat(64 * 1024)}`);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    expect(
      await refusal(post({ headers: { "content-type": "application/x-www-form-urlencoded" }, body: endless })),
    ).toMatchObject({ status: 413 });
    expect(sent).toBeLessThan(FORM_BODY_MAX_BYTES + 2 * chunk.byteLength);
  });
});
