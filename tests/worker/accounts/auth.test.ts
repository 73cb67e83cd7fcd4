import { describe, expect, it } from "vitest";
import { freshIp, freshUser, sendForCode, sessionCookieOf } from "../support/auth-helpers";
import { call, codeFrom, latestMailTo, sessionCookieFrom, signUp } from "../support/helpers";

// Each test its own client address, so the per-client limits never couple tests.
const send = (json: unknown, headers?: Record<string, string>) =>
  call("/api/auth/email/send", { method: "POST", json, headers: { "cf-connecting-ip": freshIp(), ...headers } });
const verify = (email: string, token: string, headers: Record<string, string> = {}) =>
  call(`/api/auth/callback/email?email=${encodeURIComponent(email)}&token=${token}`, {
    headers: { "cf-connecting-ip": freshIp(), ...headers },
  });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("e-mail code sign-up and sign-in", () => {
  it("signs up, creates the account with the handle, and starts a session", async () => {
    const user = freshUser();
    const cookie = await signUp(
      user.handle,
      user.email.replace(/^./, (c) => c.toUpperCase()),
    );
    const session = await (await call("/api/auth/session", { cookie })).json<{
      user: { handle: string; roles: string[] };
    }>();
    expect(session.user.handle).toBe(user.handle);
    expect(session.user.roles).toEqual(["user"]);
  });

  it("sends a 6-digit code valid for one use, with a secure session cookie", async () => {
    const user = freshUser();
    await send(user);
    const code = codeFrom(await latestMailTo(user.email));
    expect(code).toMatch(/^\d{6}$/);
    const first = await verify(user.email, code);
    expect(first.status).toBe(200);
    const setCookie = first.headers.getSetCookie().find((c) => c.startsWith("comet_session="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    // The session id carries at least 128 bits: 32 random bytes, base64url.
    expect(sessionCookieFrom(first).split("=")[1].length).toBeGreaterThanOrEqual(22);
    expect((await verify(user.email, code)).status).toBe(401);
  });

  it("marks the cookie Secure outside plain-http localhost", async () => {
    const user = freshUser();
    const code = await sendForCode(user);
    const { exports } = await import("cloudflare:workers");
    const response = await exports.default.fetch(
      new Request(
        `https://comet.example/api/auth/callback/email?email=${encodeURIComponent(user.email)}&token=${code}`,
        {
          headers: { "sec-fetch-site": "same-origin", "cf-connecting-ip": freshIp() },
        },
      ),
    );
    expect(response.headers.getSetCookie().find((c) => c.startsWith("__Host-comet_session="))).toMatch(/; Secure/);
    expect(sessionCookieOf(response)).toMatch(/^__Host-comet_session=/);
  });

  it("locks a code after 5 wrong tries, even for the right code afterwards", async () => {
    const user = freshUser();
    const code = await sendForCode(user);
    for (let i = 0; i < 5; i++) expect((await verify(user.email, wrongCode(code))).status).toBe(401);
    expect((await verify(user.email, code)).status).toBe(401);
  });

  it("refuses an expired code", async () => {
    const user = freshUser();
    const code = await sendForCode(user);
    const { env } = await import("cloudflare:workers");
    await env.DB.prepare("update auth_codes set expires_at = ? where email = ?")
      .bind(Date.now() - 1, user.email)
      .run();
    expect((await verify(user.email, code)).status).toBe(401);
  });

  it("rate-limits sends per address from one client", async () => {
    const { email } = freshUser();
    const headers = { "cf-connecting-ip": freshIp() };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await send({ email }, headers)).status);
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it("rate-limits sends per client", async () => {
    const headers = { "cf-connecting-ip": freshIp() };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await send({ email: freshUser().email }, headers)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("gives the spec's validation messages, in the user's language", async () => {
    const en = await send({ handle: "ab!", email: "not-an-email" });
    expect(en.status).toBe(400);
    const body = await en.json<{ errors: Record<string, string> }>();
    expect(body.errors.handle).toBe("The input must be at least 4 characters long");
    expect(body.errors.email).toBe("Please enter a valid e-mail address.");
    const symbols = await (await send({ handle: "abc!def", email: freshUser().email })).json<{
      errors: Record<string, string>;
    }>();
    expect(symbols.errors.handle).toBe("The input must contain only alphanumeric characters");
    const ja = await send({ handle: "abc!def", email: freshUser().email }, { cookie: "app-language=ja" });
    expect((await ja.json<{ errors: Record<string, string> }>()).errors.handle).toBe(
      "半角英数字のみで入力してください",
    );
  });

  it("refuses a handle that is one of the app's routes, whatever its case, in the user's language (issue 31)", async () => {
    for (const handle of ["dashboard", "Explore", "onboarding", "webhooks"]) {
      const en = await send({ handle, email: freshUser().email });
      expect(en.status, handle).toBe(400);
      expect((await en.json<{ errors: Record<string, string> }>()).errors.handle).toBe(
        "This handle is reserved. Please choose another.",
      );
    }
    const ja = await send({ handle: "media", email: freshUser().email }, { cookie: "app-language=ja" });
    expect((await ja.json<{ errors: Record<string, string> }>()).errors.handle).toBe(
      "このハンドルは使用できません。別のハンドルを選んでください。",
    );
  });

  it("refuses a handle that is taken, ignoring case", async () => {
    const user = freshUser();
    await signUp(user.handle, user.email);
    const response = await send({ handle: user.handle.toUpperCase(), email: freshUser().email });
    expect(response.status).toBe(409);
  });

  it("signs out without redirect and ends the session server-side", async () => {
    const user = freshUser();
    const cookie = await signUp(user.handle, user.email);
    const out = await call("/api/auth/signout", { method: "POST", cookie });
    expect(out.status).toBe(200);
    const session = await (await call("/api/auth/session", { cookie })).json<{ user: unknown }>();
    expect(session.user).toBeNull();
  });
});

describe("cross-site requests", () => {
  // Every state-changing endpoint and page action the app has; the same middleware guards all of them.
  const writes = [
    "/api/auth/email/send",
    "/api/auth/signout",
    "/api/account/language",
    "/api/account/currency",
    "/api/account/profile-step",
    "/dashboard/setting/profile",
    "/dashboard/setting/profile/account",
    "/dashboard/creator/home",
  ];

  it.each(writes)("refuses POST %s from another site (Sec-Fetch-Site: cross-site)", async (path) => {
    const response = await call(path, { method: "POST", json: {}, headers: { "sec-fetch-site": "cross-site" } });
    expect(response.status).toBe(403);
  });

  it.each(writes)("refuses POST %s from a sibling subdomain (Sec-Fetch-Site: same-site)", async (path) => {
    const response = await call(path, { method: "POST", json: {}, headers: { "sec-fetch-site": "same-site" } });
    expect(response.status).toBe(403);
  });

  it("refuses a state-changing call with a foreign Origin when Sec-Fetch-Site is absent", async () => {
    const { exports } = await import("cloudflare:workers");
    const response = await exports.default.fetch(
      new Request("http://localhost/api/auth/signout", { method: "POST", headers: { origin: "https://evil.example" } }),
    );
    expect(response.status).toBe(403);
  });

  it("accepts the same call from the app's own pages", async () => {
    const response = await call("/api/account/language", { method: "POST", json: { languageCode: "ja" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/^app-language=ja;/);
  });
});

describe("preferences", () => {
  it("saves a signed-in user's language to the account and applies it at the next sign-in", async () => {
    const user = freshUser();
    const cookie = await signUp(user.handle, user.email);
    await call("/api/account/language", { method: "POST", json: { languageCode: "ja" }, cookie });
    const signedIn = await verify(user.email, await sendForCode({ email: user.email }));
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith("app-language=ja;"))).toBe(true);
  });

  it("saves the display currency for signed-in users only, and only active currencies", async () => {
    expect((await call("/api/account/currency", { method: "POST", json: { currencyCode: "USD" } })).status).toBe(401);
    const user = freshUser();
    const cookie = await signUp(user.handle, user.email);
    expect(
      (await call("/api/account/currency", { method: "POST", json: { currencyCode: "EUR" }, cookie })).status,
    ).toBe(400);
    expect(
      (await call("/api/account/currency", { method: "POST", json: { currencyCode: "USD" }, cookie })).status,
    ).toBe(200);
    const { env } = await import("cloudflare:workers");
    const row = await env.DB.prepare(
      "select c.code from user_accounts a join currencies c on c.id = a.display_currency_id where a.email = ?",
    )
      .bind(user.email)
      .first<{ code: string }>();
    expect(row?.code).toBe("USD");
  });

  it("refuses the profile step without a session and validates it with the spec's messages", async () => {
    expect((await call("/api/account/profile-step", { method: "POST", json: { name: "Ok" } })).status).toBe(401);
    const user = freshUser();
    const cookie = await signUp(user.handle, user.email);
    const bad = await call("/api/account/profile-step", {
      method: "POST",
      json: { name: "K", birthday: "2999-01-01" },
      cookie,
    });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ errors: Record<string, string> }>()).errors).toEqual({
      name: "The name must be at least 2 characters long",
      birthday: "A date of birth is required.",
    });
  });
});

describe("banned users", () => {
  it("are sent to /ban from pages and refused by the API, but can still sign out", async () => {
    const user = freshUser();
    const cookie = await signUp(user.handle, user.email);
    const { env } = await import("cloudflare:workers");
    await env.DB.prepare(
      "insert into user_account_roles (user_account_id, role_code) select id, 'ban' from user_accounts where email = ?",
    )
      .bind(user.email)
      .run();
    const page = await call("/dashboard/setting/profile", { cookie, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/ban");
    expect((await call("/api/account/language", { method: "POST", json: { languageCode: "en" }, cookie })).status).toBe(
      403,
    );
    expect((await call("/api/auth/signout", { method: "POST", cookie })).status).toBe(200);
  });
});
