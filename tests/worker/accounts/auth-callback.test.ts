import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  freshIp,
  freshUser,
  send,
  sendForCode,
  sessionCookieOf,
  sessionUser,
  verify,
  verifyPath,
} from "../support/auth-helpers";

const failedAttempts = async (email: string) =>
  (
    await env.DB.prepare("select failed_attempts as n from auth_codes where email = ? order by created_at desc limit 1")
      .bind(email)
      .first<{ n: number }>()
  )?.n;

describe("login CSRF: the code callback starts a session only for the app's own pages", () => {
  const refused: [string, Record<string, string>][] = [
    ["another site (Sec-Fetch-Site: cross-site)", { "sec-fetch-site": "cross-site" }],
    ["a sibling subdomain (Sec-Fetch-Site: same-site)", { "sec-fetch-site": "same-site" }],
    ["a typed or bookmarked address (Sec-Fetch-Site: none)", { "sec-fetch-site": "none" }],
    ["a browser without fetch metadata and a foreign Origin", { origin: "https://evil.example" }],
    ["a request with neither Sec-Fetch-Site nor Origin", {}],
  ];

  it.each(refused)("refuses %s without spending the code or counting a failed try", async (_, headers) => {
    const user = freshUser();
    const ip = freshIp();
    const code = await sendForCode(user, ip);
    // exports.default.fetch directly: the test helper would add Sec-Fetch-Site: same-origin.
    const response = await exports.default.fetch(
      new Request(`http://localhost${verifyPath(user.email, code)}`, {
        headers: { "cf-connecting-ip": ip, ...headers },
      }),
    );
    expect(response.status).toBe(403);
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(await failedAttempts(user.email)).toBe(0);
    // The code still works from the app's own page.
    const own = await verify(user.email, code, ip);
    expect(own.status).toBe(200);
    expect(await sessionUser(sessionCookieOf(own)!)).toMatchObject({ handle: user.handle });
  });

  it("accepts a browser without fetch metadata whose Origin is this site", async () => {
    const user = freshUser();
    const code = await sendForCode(user);
    const response = await exports.default.fetch(
      new Request(`http://localhost${verifyPath(user.email, code)}`, {
        headers: { origin: "http://localhost", "cf-connecting-ip": freshIp() },
      }),
    );
    expect(response.status).toBe(200);
  });
});

describe("a handle taken while a sign-up waits for its code", () => {
  const profilesWithHandle = async (handle: string) =>
    (await env.DB.prepare("select count(*) as n from user_profiles where lower(original_handle) = ?")
      .bind(handle.toLowerCase())
      .first<{ n: number }>())!.n;

  it("answers the second to verify with the handle-taken message, then lets them finish with another handle", async () => {
    const first = freshUser();
    const second = { handle: first.handle.toUpperCase(), email: freshUser().email };
    const ja = { handle: first.handle, email: freshUser().email };
    const firstCode = await sendForCode(first);
    const secondCode = await sendForCode(second);
    const jaCode = await sendForCode(ja);
    expect((await verify(first.email, firstCode, freshIp())).status).toBe(200);

    const ip = freshIp();
    const taken = await verify(second.email, secondCode, ip);
    expect(taken.status).toBe(409);
    expect(sessionCookieOf(taken)).toBeUndefined();
    // The same body as the send endpoint's answer for a taken handle, in the user's language.
    const sendAnswer = await send({ handle: first.handle, email: freshUser().email }, freshIp());
    expect(sendAnswer.status).toBe(409);
    expect(await taken.json()).toEqual(await sendAnswer.json());
    expect(await profilesWithHandle(first.handle)).toBe(1);

    const jaTaken = await verify(ja.email, jaCode, freshIp(), { headers: { cookie: "app-language=ja" } });
    expect(await jaTaken.json()).toEqual({ errors: { handle: "このハンドルはすでに使われています。" } });

    // The losing code is spent; a new code with a new handle finishes the sign-up.
    const retry = { handle: freshUser().handle, email: second.email };
    const retryCode = await sendForCode(retry, ip);
    const done = await verify(second.email, retryCode, ip);
    expect(done.status).toBe(200);
    expect(await sessionUser(sessionCookieOf(done)!)).toMatchObject({ handle: retry.handle });
  });

  it("gives one account and two handle-taken answers, never a 500, when three verify at once", async () => {
    const handle = freshUser().handle;
    const users = [handle, handle.toUpperCase(), handle].map((h) => ({ handle: h, email: freshUser().email }));
    const codes: string[] = [];
    for (const user of users) codes.push(await sendForCode(user));
    const responses = await Promise.all(users.map((user, i) => verify(user.email, codes[i], freshIp())));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(await response.json()).toEqual({ errors: { handle: "This handle is already taken." } });
    }
    expect(await profilesWithHandle(handle)).toBe(1);
    const accounts = await env.DB.prepare(`select count(*) as n from user_accounts where email in (?, ?, ?)`)
      .bind(...users.map((u) => u.email))
      .first<{ n: number }>();
    expect(accounts!.n).toBe(1);
  });
});
