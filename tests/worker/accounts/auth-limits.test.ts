import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runScheduledJobs } from "#worker/scheduled";
import { freshIp, freshUser, send, sendForCode, uid, verify, wrongCode } from "../support/auth-helpers";

const HOUR = 60 * 60 * 1000;
/** Moves every rate-limit window whose key mentions `needle` back by `ms`: the window has passed. */
const ageWindows = (needle: string, ms: number) =>
  env.DB.prepare("update rate_limits set window_start = window_start - ? where instr(key, ?) > 0")
    .bind(ms, needle)
    .run();

describe("code guessing is bounded across codes", () => {
  it("after 10 failed tries for an address, even the right code waits until the window passes", async () => {
    const user = freshUser();
    // Each try from its own client: the address's budget holds whoever guesses.
    for (let round = 0; round < 2; round++) {
      const code = await sendForCode(user);
      for (let i = 0; i < 5; i++) expect((await verify(user.email, wrongCode(code), freshIp())).status).toBe(401);
    }
    const code = await sendForCode(user);
    const wrong = await (await verify(user.email, wrongCode(code), freshIp())).json();
    const refused = await verify(user.email, code, freshIp());
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(wrong);

    await ageWindows(`otp:verify:email:${user.email}`, HOUR);
    expect((await verify(user.email, code, freshIp())).status).toBe(200);
  });

  it("stops a client after 30 failed tries across addresses, for its whole IPv6 /64, and no other client", async () => {
    const prefix = `2001:db8:${uid().slice(0, 4)}:${uid().slice(0, 4)}`;
    for (let i = 0; i < 30; i++) {
      const guess = await verify(`${uid()}@example.com`, "123456", `${prefix}:${i.toString(16)}::1`);
      expect(guess.status).toBe(401);
    }
    const user = freshUser();
    const code = await sendForCode(user);
    const refused = await verify(user.email, code, `${prefix}:ffff:ffff:ffff:ffff`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "invalid_code" });
    expect((await verify(user.email, code, freshIp())).status).toBe(200);
  });

  it("charges concurrent guesses one by one, so a burst cannot overshoot the address's budget", async () => {
    const user = freshUser();
    const first = await sendForCode(user);
    const burst = await Promise.all(Array.from({ length: 15 }, () => verify(user.email, wrongCode(first), freshIp())));
    expect(burst.every((r) => r.status === 401)).toBe(true);
    const code = await sendForCode(user);
    expect((await verify(user.email, code, freshIp())).status).toBe(401);
  });

  it("does not charge the right code: an address can sign in more often than its failure budget", async () => {
    const user = freshUser();
    const ip = freshIp();
    for (let i = 0; i < 12; i++) {
      const code = await sendForCode(i === 0 ? user : { email: user.email }, freshIp());
      expect((await verify(user.email, code, ip)).status).toBe(200);
    }
  });
});

describe("send limits cannot be used to lock someone out", () => {
  it("a client that used up its sends to an address does not stop the owner's client", async () => {
    const victim = freshUser();
    const attacker = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send({ email: victim.email }, attacker)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const owner = freshIp();
    const code = await sendForCode({ email: victim.email, handle: victim.handle }, owner);
    expect((await verify(victim.email, code, owner)).status).toBe(200);
  });

  it("holds a ceiling of 20 sends an hour per address across clients, and refused sends do not count toward it", async () => {
    const { email } = freshUser();
    const attacker = freshIp();
    const statuses: number[] = [];
    // 5 sends, then 10 refused by the pair limit: only the 5 count toward the address's ceiling.
    for (let i = 0; i < 15; i++) statuses.push((await send({ email }, attacker)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    for (let i = 0; i < 15; i++) expect((await send({ email }, freshIp())).status).toBe(200);
    const over = await send({ email }, freshIp());
    expect(over.status).toBe(429);

    await ageWindows(`otp:send:email:${email}`, HOUR);
    expect((await send({ email }, freshIp())).status).toBe(200);
  });
});

describe("the cron prunes rate-limit windows", () => {
  it("deletes windows older than any limit uses and keeps live ones", async () => {
    const now = Date.now();
    const [old, live, recent] = ["old", "live", "recent"].map((name) => `test:${name}:${uid()}`);
    await env.DB.batch([
      env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, 3)").bind(old, now - 25 * HOUR),
      env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, 3)").bind(
        live,
        now - 50 * 60 * 1000,
      ),
      env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, 3)").bind(recent, now),
    ]);
    await runScheduledJobs(env, now);
    const { results } = await env.DB.prepare("select key from rate_limits where key in (?, ?, ?)")
      .bind(old, live, recent)
      .all<{ key: string }>();
    expect(results.map((r) => r.key).sort()).toEqual([live, recent].sort());
    await runScheduledJobs(env, now);
    expect(
      (await env.DB.prepare("select count(*) as n from rate_limits where key in (?, ?)")
        .bind(live, recent)
        .first<{ n: number }>())!.n,
    ).toBe(2);
  });
});
