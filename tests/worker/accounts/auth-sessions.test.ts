import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SESSION_TOUCH_INTERVAL_MS } from "#worker/domain/sign-in-rules";
import { runScheduledJobs } from "#worker/scheduled";
import { sha256Hex } from "#worker/services/crypto";
import { getSessionUser } from "#worker/services/sessions";
import {
  freshIp,
  freshUser,
  sendForCode,
  sessionCookieOf,
  sessionUser,
  verify,
  verifyPath,
} from "../support/auth-helpers";
import { db } from "../support/helpers";

const DAY = 24 * 60 * 60 * 1000;

/** Sign up a fresh user over http://localhost; returns the user and the session cookie (name=value). */
async function signedUp() {
  const user = freshUser();
  const ip = freshIp();
  const response = await verify(user.email, await sendForCode(user, ip), ip);
  expect(response.status).toBe(200);
  return { ...user, ip, cookie: sessionCookieOf(response)!, response };
}

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);
const sessionRow = async (cookie: string) =>
  env.DB.prepare("select created_at, last_seen_at, expires_at from sessions where id_hash = ?")
    .bind(await sha256Hex(tokenOf(cookie)))
    .first<{ created_at: number; last_seen_at: number | null; expires_at: number }>();

describe("signing in ends the browser's previous session", () => {
  it("deletes the session whose cookie came with the callback, whoever it belonged to", async () => {
    const a = await signedUp();
    const b = freshUser();
    const code = await sendForCode(b);
    const response = await verify(b.email, code, freshIp(), { cookie: a.cookie });
    expect(response.status).toBe(200);
    expect(await sessionUser(a.cookie)).toBeNull();
    expect(await sessionRow(a.cookie)).toBeNull();
    expect(await sessionUser(sessionCookieOf(response)!)).toMatchObject({ handle: b.handle });
  });

  it("replaces the session on signing in again as the same user", async () => {
    const a = await signedUp();
    const code = await sendForCode({ email: a.email });
    const again = await verify(a.email, code, a.ip, { cookie: a.cookie });
    expect(await sessionUser(a.cookie)).toBeNull();
    expect(await sessionUser(sessionCookieOf(again)!)).toMatchObject({ handle: a.handle });
  });
});

describe("idle and absolute session lifetimes", () => {
  it("gives the cookie and the row the 60-day absolute end", async () => {
    const { response, cookie } = await signedUp();
    const row = (await sessionRow(cookie))!;
    expect(row.expires_at - row.created_at).toBe(60 * DAY);
    expect(row.last_seen_at).toBeNull();
    const expires = Date.parse(
      response.headers
        .getSetCookie()
        .find((c) => c.startsWith("comet_session="))!
        .match(/Expires=([^;]+)/)![1],
    );
    expect(Math.abs(expires - row.expires_at)).toBeLessThan(1000);
  });

  it("ends a session 14 days after its last request, through the app", async () => {
    const { cookie } = await signedUp();
    const hash = await sha256Hex(tokenOf(cookie));
    await env.DB.prepare("update sessions set created_at = ?, last_seen_at = ? where id_hash = ?")
      .bind(Date.now() - 20 * DAY, Date.now() - 13 * DAY, hash)
      .run();
    expect(await sessionUser(cookie)).not.toBeNull();
    await env.DB.prepare("update sessions set last_seen_at = ? where id_hash = ?")
      .bind(Date.now() - 14 * DAY - 60_000, hash)
      .run();
    expect(await sessionUser(cookie)).toBeNull();
  });

  it("ends a session at its absolute end through the app, however recently it was used", async () => {
    const { cookie } = await signedUp();
    const hash = await sha256Hex(tokenOf(cookie));
    const setCurrency = () =>
      exports.default.fetch(
        new Request("http://localhost/api/account/currency", {
          method: "POST",
          headers: { cookie, "sec-fetch-site": "same-origin", "content-type": "application/json" },
          body: JSON.stringify({ currencyCode: "USD" }),
        }),
      );
    await env.DB.prepare("update sessions set created_at = ?, last_seen_at = ?, expires_at = ? where id_hash = ?")
      .bind(Date.now() - 59 * DAY, Date.now() - 60_000, Date.now() + DAY, hash)
      .run();
    expect(await sessionUser(cookie)).not.toBeNull();
    expect((await setCurrency()).status).toBe(200);
    await env.DB.prepare("update sessions set created_at = ?, expires_at = ? where id_hash = ?")
      .bind(Date.now() - 60 * DAY - 60_000, Date.now() - 60_000, hash)
      .run();
    expect(await sessionUser(cookie)).toBeNull();
    // Signed out for the API as well.
    expect((await setCurrency()).status).toBe(401);
  });

  it("records use at most once an hour, keeps a used session alive, and ends it at 60 days however busy", async () => {
    const { cookie } = await signedUp();
    const token = tokenOf(cookie);
    const created = (await sessionRow(cookie))!.created_at;

    expect(await getSessionUser(db(), token, created + 10 * 60 * 1000)).not.toBeNull();
    expect((await sessionRow(cookie))!.last_seen_at).toBeNull();
    const firstTouch = created + SESSION_TOUCH_INTERVAL_MS;
    expect(await getSessionUser(db(), token, firstTouch)).not.toBeNull();
    expect((await sessionRow(cookie))!.last_seen_at).toBe(firstTouch);
    expect(await getSessionUser(db(), token, firstTouch + 30 * 60 * 1000)).not.toBeNull();
    expect((await sessionRow(cookie))!.last_seen_at).toBe(firstTouch);

    // Used every 13 days: never idle for 14, alive until the absolute end and not a moment past it.
    for (let day = 13; day < 60; day += 13)
      expect(await getSessionUser(db(), token, created + day * DAY)).not.toBeNull();
    expect(await getSessionUser(db(), token, created + 60 * DAY - 1)).not.toBeNull();
    expect(await getSessionUser(db(), token, created + 60 * DAY)).toBeNull();
  });

  it("is pruned by the cron once idle, while a live session stays", async () => {
    const idle = await signedUp();
    const live = await signedUp();
    await env.DB.prepare("update sessions set created_at = ?, last_seen_at = null where id_hash = ?")
      .bind(Date.now() - 15 * DAY, await sha256Hex(tokenOf(idle.cookie)))
      .run();
    await runScheduledJobs(env, Date.now());
    expect(await sessionRow(idle.cookie)).toBeNull();
    expect(await sessionRow(live.cookie)).not.toBeNull();
  });
});

describe("the session cookie's name follows the scheme", () => {
  async function signUpOverHttps() {
    const user = freshUser();
    const ip = freshIp();
    const code = await sendForCode(user, ip);
    return exports.default.fetch(
      new Request(`https://comet.example${verifyPath(user.email, code)}`, {
        headers: { "sec-fetch-site": "same-origin", "cf-connecting-ip": ip },
      }),
    );
  }

  it("is __Host-comet_session over https: Secure, Path=/, no Domain", async () => {
    const response = await signUpOverHttps();
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("__Host-comet_session="))!;
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; Path=\/;/);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("comet_session="))).toBe(false);
  });

  it("reads only the name for the request's scheme", async () => {
    const response = await signUpOverHttps();
    const token = tokenOf(sessionCookieOf(response)!);
    expect(await sessionUser(`__Host-comet_session=${token}`, "https://comet.example")).not.toBeNull();
    // A plain name over https could have been planted by a sibling subdomain or a plain-http answer.
    expect(await sessionUser(`comet_session=${token}`, "https://comet.example")).toBeNull();
    expect(await sessionUser(`__Host-comet_session=${token}`, "http://localhost")).toBeNull();
    expect(await sessionUser(`comet_session=${token}`, "http://localhost")).not.toBeNull();
  });

  it("clears the __Host- cookie on signing out over https", async () => {
    const cookie = sessionCookieOf(await signUpOverHttps())!;
    const out = await exports.default.fetch(
      new Request("https://comet.example/api/auth/signout", {
        method: "POST",
        headers: { cookie, "sec-fetch-site": "same-origin" },
      }),
    );
    expect(out.headers.getSetCookie().find((c) => c.startsWith("__Host-comet_session="))).toMatch(
      /Max-Age=0.*; Secure/,
    );
    expect(await sessionUser(cookie, "https://comet.example")).toBeNull();
  });
});

describe("a malformed cookie", () => {
  it.each(["comet_session=%E0%A4%A", "app-language=%E0%A4%A; comet_session=%"])(
    "(%s) is treated as signed out, not a 500",
    async (cookie) => {
      const session = await exports.default.fetch(
        new Request("http://localhost/api/auth/session", { headers: { cookie } }),
      );
      expect(session.status).toBe(200);
      expect(await session.json()).toEqual({ user: null });
      const page = await exports.default.fetch(
        new Request("http://localhost/explore/creators", { headers: { cookie } }),
      );
      expect(page.status).toBeLessThan(500);
    },
  );

  it("over https too", async () => {
    const session = await exports.default.fetch(
      new Request("https://comet.example/api/auth/session", { headers: { cookie: "__Host-comet_session=%E0%A4%A" } }),
    );
    expect(session.status).toBe(200);
  });
});
