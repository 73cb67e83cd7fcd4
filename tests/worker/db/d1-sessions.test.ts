import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SECURE_SESSION_COOKIE } from "#worker/domain/cookie-names";
import { PRIMARY_NEXT, parseBookmark } from "#worker/domain/d1-sessions";
import { freshIp, freshUser } from "../support/auth-helpers";
import { call, codeFrom, latestMailTo, sessionCookieFrom, signUp } from "../support/helpers";

/**
 * D1 read replication through the Sessions API (docs/decisions/070), end to end through the Worker. Local D1 has no
 * replicas, but it keeps a session's bookmark as the newest of the one it started from and the ones its queries
 * saw, so a bookmark "ahead" of the database shows which start the Worker chose.
 */
const AHEAD = "7fffffff-00000000-00000000-00000000000000000000000000000000";

function bookmarkCookieOf(response: Response): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith("comet_d1_bookmark="));
}

function bookmarkFrom(response: Response): string {
  const cookie = bookmarkCookieOf(response);
  if (!cookie) throw new Error("no bookmark cookie");
  return cookie.split(";")[0];
}

async function sendCode(user: { handle: string; email: string }, ip: string) {
  return call("/api/auth/email/send", { method: "POST", json: user, headers: { "cf-connecting-ip": ip } });
}

describe("D1 sessions: the bookmark's way back", () => {
  it("answers a signed-in write, as an HttpOnly cookie and a header, by sending its next read to the primary", async () => {
    const user = freshUser();
    const session = await signUp(user.handle, user.email);
    const response = await call("/api/account/language", {
      method: "POST",
      json: { languageCode: "ja" },
      cookie: session,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-d1-bookmark")).toBe(PRIMARY_NEXT);
    const cookie = bookmarkCookieOf(response);
    expect(cookie).toBe(`comet_d1_bookmark=${PRIMARY_NEXT}; Path=/; HttpOnly; SameSite=Lax; Max-Age=300`);
  });

  it("answers a signed-out write (a code sent) with the header only, so the pages it opens next stay cacheable", async () => {
    const response = await sendCode(freshUser(), freshIp());
    expect(response.status).toBe(200);
    expect(response.headers.get("x-d1-bookmark")).toBe(PRIMARY_NEXT);
    expect(bookmarkCookieOf(response)).toBeUndefined();
  });

  it("names the cookie __Host- and marks it Secure over https", async () => {
    const user = freshUser();
    const session = (await signUp(user.handle, user.email)).replace(/^[^=]+=/, "");
    const response = await exports.default.fetch(
      new Request("https://comet.example/api/account/language", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "sec-fetch-site": "same-origin",
          cookie: `${SECURE_SESSION_COOKIE}=${session}`,
        },
        body: JSON.stringify({ languageCode: "ja" }),
      }),
    );
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__Host-comet_d1_bookmark="));
    expect(cookie).toMatch(/; Secure$/);
  });

  it("lets a browser that just signed in read its own session with the bookmark it was given", async () => {
    const user = freshUser();
    const ip = freshIp();
    const sent = await sendCode(user, ip);
    const afterSend = `comet_d1_bookmark=${sent.headers.get("x-d1-bookmark")}`;
    expect(afterSend).toBe(`comet_d1_bookmark=${PRIMARY_NEXT}`);

    // The sign-in link is a GET, but it writes the session and sets its cookie: its answer carries the bookmark too.
    const code = codeFrom(await latestMailTo(user.email));
    const verified = await call(`/api/auth/callback/email?email=${encodeURIComponent(user.email)}&token=${code}`, {
      cookie: afterSend,
      headers: { "cf-connecting-ip": ip },
    });
    expect(verified.status).toBe(200);
    const afterSignIn = bookmarkFrom(verified);
    expect(parseBookmark(afterSignIn.replace("comet_d1_bookmark=", "")), "a bookmark of the primary").not.toBeNull();

    const read = await call("/api/auth/session", { cookie: `${sessionCookieFrom(verified)}; ${afterSignIn}` });
    expect(((await read.json()) as { user: { handle: string } | null }).user?.handle).toBe(user.handle);
    expect(bookmarkFrom(read) >= afterSignIn).toBe(true);
  });

  it("starts a read from the bookmark it carries, by cookie or by header", async () => {
    const user = freshUser();
    const session = await signUp(user.handle, user.email);

    const byCookie = await call("/api/auth/session", { cookie: `${session}; comet_d1_bookmark=${AHEAD}` });
    expect(byCookie.headers.get("x-d1-bookmark")).toBe(AHEAD);

    const byHeader = await call("/api/auth/session", { cookie: session, headers: { "x-d1-bookmark": AHEAD } });
    expect(byHeader.headers.get("x-d1-bookmark")).toBe(AHEAD);
  });

  it("starts a write on the primary even when it carries a bookmark, and the read after it there too", async () => {
    const user = freshUser();
    const session = await signUp(user.handle, user.email);
    const write = await call("/api/account/language", {
      method: "POST",
      json: { languageCode: "ja" },
      cookie: `${session}; comet_d1_bookmark=${AHEAD}`,
    });
    expect(write.status).toBe(200);
    expect(write.headers.get("x-d1-bookmark")).toBe(PRIMARY_NEXT);

    // Local D1 keeps a session's bookmark as the newest it saw: a read started from AHEAD would answer AHEAD.
    const read = await call("/api/auth/session", { cookie: `${session}; ${bookmarkFrom(write)}` });
    const bookmark = read.headers.get("x-d1-bookmark");
    expect(parseBookmark(bookmark)).not.toBeNull();
    expect(bookmark).not.toBe(AHEAD);
    expect(bookmark).not.toBe(PRIMARY_NEXT);
  });

  it("ignores a garbage or oversized bookmark instead of failing", async () => {
    const user = freshUser();
    const session = await signUp(user.handle, user.email);
    for (const bad of ["garbage", "first-primary", `${AHEAD}-${"0".repeat(200)}`, "x".repeat(5000), "%zz"]) {
      const read = await call("/api/auth/session", {
        cookie: `${session}; comet_d1_bookmark=${bad}`,
        headers: { "x-d1-bookmark": bad },
      });
      expect(read.status, bad.slice(0, 20)).toBe(200);
      expect(((await read.json()) as { user: { handle: string } | null }).user?.handle).toBe(user.handle);
      const answered = read.headers.get("x-d1-bookmark");
      expect(parseBookmark(answered), bad.slice(0, 20)).not.toBeNull();
      expect(answered).not.toBe(bad);
    }
    const write = await call("/api/account/language", {
      method: "POST",
      json: { languageCode: "en" },
      cookie: session,
      headers: { "x-d1-bookmark": "x".repeat(5000) },
    });
    expect(write.status).toBe(200);
  });

  it("sets no cookie and no header on a signed-out read", async () => {
    const read = await call("/api/bench/d1?bytes=64");
    expect(read.status).toBe(200);
    expect(Number(read.headers.get("x-d1-round-trips")), "the read did query D1").toBeGreaterThanOrEqual(1);
    expect(read.headers.getSetCookie()).toEqual([]);
    expect(read.headers.has("x-d1-bookmark")).toBe(false);
  });

  it("gives a signed-in read the bookmark, but never on an answer marked public", async () => {
    const user = freshUser();
    const session = await signUp(user.handle, user.email);
    const signedInRead = await call("/api/bench/d1?bytes=64", { cookie: session });
    expect(bookmarkCookieOf(signedInRead)).toBeDefined();

    const publicRead = await call("/api/account/languages", { cookie: session });
    expect(publicRead.headers.get("cache-control")).toContain("public");
    expect(publicRead.headers.getSetCookie()).toEqual([]);
    expect(publicRead.headers.has("x-d1-bookmark")).toBe(false);
  });
});
