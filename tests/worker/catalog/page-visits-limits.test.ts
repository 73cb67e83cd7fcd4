import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { pageVisitApi } from "#worker/api/page-visits";
import { createDb } from "#worker/db/client";
import { SESSION_COOKIE } from "#worker/domain/cookie-names";
import { PAGE_VISIT_INTERVAL_MS, VISITORS_PER_CLIENT_PER_ITEM } from "#worker/domain/page-visits";
import { readCookie } from "#worker/http/cookies";
import type { AppEnv } from "#worker/http/context";
import { createAccount } from "#worker/services/accounts";
import { countPageVisit } from "#worker/services/page-visits";
import { createSession, getSessionUser } from "#worker/services/sessions";
import { seedCreator, uniqueTag } from "../support/catalog-fixtures";
import { BASE, countVisits } from "../support/helpers";

// Page visits can't be inflated by one client (docs/decisions/012): a cookie-less request is counted once per 24 h
// per client (IPv6 by /64), and one client adds at most VISITORS_PER_CLIENT_PER_ITEM visitors to an item a day.

const db = () => createDb(env.DB);

function testApp() {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    const database = db();
    const sessionToken = readCookie(c.req.raw, SESSION_COOKIE);
    const user = await getSessionUser(database, sessionToken);
    c.set("request", {
      env,
      url: new URL(c.req.url),
      executionCtx: c.executionCtx as unknown as ExecutionContext,
      db: database,
      user,
      sessionToken,
      locale: "en",
    });
    await next();
  });
  app.route("/api/features/pageVisit", pageVisitApi);
  return app;
}

/** One visit of a form from `ip`, with an optional cookie header. */
async function visit(formId: string, ip: string, cookie?: string) {
  const headers = new Headers({ "content-type": "application/json", "cf-connecting-ip": ip });
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`${BASE}/api/features/pageVisit/commission/form`, {
    method: "POST",
    headers,
    body: JSON.stringify({ modelName: "commission_form", modelId: formId }),
  });
  const response = await testApp().fetch(request, env, createExecutionContext());
  expect(response.status).toBe(200);
  return response;
}

/** A fresh published form nobody has visited. */
async function newForm(): Promise<string> {
  const tag = uniqueTag();
  const creator = await seedCreator({ handle: `pv${tag}`, forms: [{ title: { en: "Visited" }, price: 1000 }] });
  return creator.forms[0].id;
}

const byte = () => Math.floor(Math.random() * 250) + 1;
const ipv4 = () => `198.18.${byte()}.${byte()}`;
/** A random /64 prefix; `host` picks an address inside it. */
function ipv6Net() {
  const group = () => Math.floor(Math.random() * 0xffff).toString(16);
  const prefix = `2001:db8:${group()}:${group()}`;
  return (host: number) => `${prefix}:${host.toString(16)}:${group()}::${(host + 1).toString(16)}`;
}

async function signedIn(): Promise<{ accountId: string; cookie: string }> {
  const handle = `pv${uniqueTag()}${Math.floor(Math.random() * 1000)}`;
  const accountId = await createAccount(db(), { email: `${handle}@example.com`, handle, languageCode: "en" });
  const { token } = await createSession(db(), accountId);
  return { accountId, cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` };
}

describe("page visits per client", () => {
  it("counts 10 cookie-less requests from one IPv4 address once, and sets a.sid on each", async () => {
    const formId = await newForm();
    const ip = ipv4();
    let first: number | null = null;
    for (let i = 0; i < 10; i++) {
      const response = await visit(formId, ip);
      expect(response.headers.getSetCookie().some((c) => c.startsWith("a.sid="))).toBe(true);
      // The spec's shape: {data: {timestamp}}; the uncounted answers name the visit that counted.
      const body = (await response.json()) as { data: { timestamp: number } };
      first ??= body.data.timestamp;
      expect(body.data.timestamp).toBe(first);
    }
    expect(await countVisits(db(), "commission_form", formId)).toBe(1);
  });

  it("counts cookie-less requests from 10 addresses of one IPv6 /64 once", async () => {
    const formId = await newForm();
    const address = ipv6Net();
    for (let host = 0; host < 10; host++) await visit(formId, address(host));
    expect(await countVisits(db(), "commission_form", formId)).toBe(1);
  });

  it("counts rotating made-up a.sid values from one client at most the per-client budget", async () => {
    const formId = await newForm();
    const ip = ipv4();
    for (let i = 0; i < 10; i++) await visit(formId, ip, `a.sid=${crypto.randomUUID()}`);
    expect(VISITORS_PER_CLIENT_PER_ITEM).toBeGreaterThan(1);
    expect(await countVisits(db(), "commission_form", formId)).toBe(VISITORS_PER_CLIENT_PER_ITEM);
  });

  it("counts two different clients twice, however often each asks", async () => {
    const formId = await newForm();
    const [a, b] = [ipv4(), ipv6Net()];
    for (let i = 0; i < 5; i++) {
      await visit(formId, a);
      await visit(formId, b(i));
    }
    expect(await countVisits(db(), "commission_form", formId)).toBe(2);
  });

  it("keeps a real visitor's cookie: a cookie-less visit, then the same browser with the a.sid it got, counts once", async () => {
    const formId = await newForm();
    const ip = ipv4();
    const first = await visit(formId, ip);
    const sid = first.headers
      .getSetCookie()
      .find((c) => c.startsWith("a.sid="))!
      .split(";")[0];
    for (let i = 0; i < 3; i++) await visit(formId, ip, sid);
    expect(await countVisits(db(), "commission_form", formId)).toBe(1);
  });

  it("counts a signed-in user once from any address; made-up accounts behind one address add at most the budget", async () => {
    const formId = await newForm();
    const user = await signedIn();
    for (const ip of [ipv4(), ipv4(), ipv4()]) await visit(formId, ip, user.cookie);
    expect(await countVisits(db(), "commission_form", formId)).toBe(1);

    const office = ipv4();
    for (let i = 0; i < 5; i++) {
      const account = await signedIn();
      await visit(formId, office, account.cookie);
      await visit(formId, office, account.cookie);
    }
    expect(await countVisits(db(), "commission_form", formId)).toBe(1 + VISITORS_PER_CLIENT_PER_ITEM);
  });

  it("counts a signed-in user again after 24 hours, not before", async () => {
    const formId = await newForm();
    const clientKey = ipv4();
    const visitor = { kind: "account" as const, accountId: crypto.randomUUID() };
    const t0 = Date.now();
    const count = (now: number) =>
      countPageVisit(db(), { model: "commission_form", modelId: formId, visitor, clientKey }, now);
    expect(await count(t0)).toEqual({ ok: true, counted: true, timestamp: t0 });
    expect(await count(t0 + 1000)).toEqual({ ok: true, counted: false, timestamp: t0 });
    expect(await count(t0 + PAGE_VISIT_INTERVAL_MS - 1)).toMatchObject({ counted: false });
    expect(await count(t0 + PAGE_VISIT_INTERVAL_MS + 1)).toEqual({
      ok: true,
      counted: true,
      timestamp: t0 + PAGE_VISIT_INTERVAL_MS + 1,
    });
    expect(await countVisits(db(), "commission_form", formId)).toBe(2);
  });

  it("counts a cookie-less client again after 24 hours, and its budget renews with the day", async () => {
    const formId = await newForm();
    const clientKey = ipv4();
    const fresh = () => ({ kind: "new" as const, visitorId: crypto.randomUUID() });
    const count = (now: number, visitor: { kind: "new" | "cookie"; visitorId: string } = fresh()) =>
      countPageVisit(db(), { model: "commission_form", modelId: formId, visitor, clientKey }, now);
    const t0 = Date.now();
    expect(await count(t0)).toMatchObject({ counted: true });
    expect(await count(t0 + 1)).toMatchObject({ counted: false, timestamp: t0 });
    for (let i = 0; i < 5; i++) await count(t0 + 2 + i, { kind: "cookie", visitorId: crypto.randomUUID() });
    expect(await countVisits(db(), "commission_form", formId)).toBe(VISITORS_PER_CLIENT_PER_ITEM);
    const nextDay = t0 + PAGE_VISIT_INTERVAL_MS + 10;
    expect(await count(nextDay)).toMatchObject({ counted: true });
    expect(await count(nextDay + 1)).toMatchObject({ counted: false });
    expect(await countVisits(db(), "commission_form", formId)).toBe(VISITORS_PER_CLIENT_PER_ITEM + 1);
  });
});
