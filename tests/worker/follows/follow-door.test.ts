// Following a creator (issue 66, decision 107) through its door, /api/follows: signed out is 401 and changes nothing;
// a body it cannot read is 400 in the caller's words and changes nothing; following twice is one follow; following
// oneself is refused in words; a closed creator is followed in the same one press ("Notify me"); unfollowing twice is
// harmless. The creator's dashboard shows how many follow them, never who; the saved page's loader lists only the
// viewer's own follows and bookmarks, and its Unfollow and Remove act on the viewer's own rows.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Locale } from "#worker/domain/locales";
import { followError } from "#worker/messages/follows";
import { withMessageLocale } from "#worker/messages/message-locale";
import * as savedPage from "#app/routes/dashboard/saved";
import * as creatorHome from "#app/routes/dashboard/creator-home";
import { followerCount } from "#worker/services/follows";
import { setBookmark } from "#worker/services/bookmarks";
import { createSession } from "#worker/services/sessions";
import { deleteAccount } from "#worker/account/services/account-deletion";
import { createStripe } from "#worker/payments/stripe-client";
import { seedCreator } from "../support/catalog-fixtures";
import { call, db } from "../support/helpers";
import { newMember } from "../support/media-fixtures";
import { pageContext } from "../support/page-context";

const post = (door: "follow" | "unfollow", cookie: string | undefined, json: unknown, language: Locale = "en") =>
  call(`/api/follows/${door}`, { method: "POST", cookie, json, headers: { "accept-language": language } });
const state = (profileId: string, cookie?: string) => call(`/api/follows/state/${profileId}`, { cookie });

const creator = (open = true) =>
  seedCreator({
    handle: `fc${crypto.randomUUID().slice(0, 8)}`,
    open,
    name: { en: "Follow Me" },
    services: [{ title: "Bust-up", price: 8_000 }],
    forms: [{ title: { en: "Full body" }, price: 12_000 }],
  });

const followRows = async (creatorAccountId: string) =>
  (
    await env.DB.prepare(
      "SELECT follower_user_account_id AS follower FROM follows WHERE creator_user_account_id = ? ORDER BY follower",
    )
      .bind(creatorAccountId)
      .all<{ follower: string }>()
  ).results.map((r) => r.follower);

describe("the follow door", () => {
  it("refuses the signed-out (401) and changes nothing", async () => {
    const c = await creator();
    expect((await post("follow", undefined, { profileId: c.profileId })).status).toBe(401);
    expect((await post("unfollow", undefined, { profileId: c.profileId })).status).toBe(401);
    expect((await state(c.profileId)).status).toBe(401);
    expect(await followRows(c.accountId)).toEqual([]);
  });

  it("refuses a body it cannot read with a 400 in the caller's words, and changes nothing", async () => {
    const c = await creator();
    const fan = await newMember("fdbad");
    for (const body of [{}, { profileId: 5 }, { profileId: "" }, { profileId: "x".repeat(65) }, "nope"]) {
      const response = await post("follow", fan.cookie, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: "invalid_request",
        message: followError("follows_error_target", "en"),
      });
    }
    expect(await followRows(c.accountId)).toEqual([]);
  });

  it("follows once however often it is pressed, reads back Following, and unfollows harmlessly twice", async () => {
    const c = await creator();
    const fan = await newMember("fdtw");
    for (let i = 0; i < 2; i++) {
      const response = await post("follow", fan.cookie, { profileId: c.profileId });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: { following: true } });
    }
    await Promise.all([
      post("follow", fan.cookie, { profileId: c.profileId }),
      post("follow", fan.cookie, { profileId: c.profileId }),
    ]);
    expect(await followRows(c.accountId)).toEqual([fan.accountId]);
    expect(await (await state(c.profileId, fan.cookie)).json()).toEqual({
      data: { following: true, closed: false, own: false },
    });
    for (let i = 0; i < 2; i++) {
      const response = await post("unfollow", fan.cookie, { profileId: c.profileId });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: { following: false } });
    }
    expect(await followRows(c.accountId)).toEqual([]);
  });

  it("refuses following oneself in words, and a profile that is no creator as not found", async () => {
    const c = await creator();
    const self = await post("follow", await sessionOf(c.accountId), { profileId: c.profileId }, "ja");
    expect(self.status).toBe(409);
    expect(await self.json()).toMatchObject({ error: "self", message: followError("follows_error_self", "ja") });
    expect(await followRows(c.accountId)).toEqual([]);

    const fan = await newMember("fdnf");
    const client = await newMember("fdcl");
    expect((await post("follow", fan.cookie, { profileId: client.profileId })).status).toBe(404);
    expect((await post("follow", fan.cookie, { profileId: "no-such-profile" })).status).toBe(404);
    expect((await state("no-such-profile", fan.cookie)).status).toBe(404);
    expect(await followRows(client.accountId)).toEqual([]);
  });

  it("follows a closed creator in the same one press, and says they read as closed", async () => {
    const c = await creator(false);
    const fan = await newMember("fdcs");
    expect(await (await state(c.profileId, fan.cookie)).json()).toEqual({
      data: { following: false, closed: true, own: false },
    });
    expect((await post("follow", fan.cookie, { profileId: c.profileId })).status).toBe(200);
    expect(await followRows(c.accountId)).toEqual([fan.accountId]);
    expect(await (await state(c.profileId, fan.cookie)).json()).toEqual({
      data: { following: true, closed: true, own: false },
    });
  });
});

async function sessionOf(accountId: string) {
  const { token } = await createSession(db(), accountId);
  return `comet_session=${token}`;
}

type Page = { loader: (args: never) => unknown };

async function loaderOf<P extends Page>(page: P, accountId: string, path: string) {
  const context = await pageContext(accountId, "en", path);
  return withMessageLocale("en", "http://localhost", () =>
    page.loader({ context, params: {}, request: new Request(`http://localhost${path}`) } as never),
  ) as Promise<Awaited<ReturnType<P["loader"]>>>;
}

describe("what follows show", () => {
  it("shows a creator how many follow them, never who", async () => {
    const c = await creator();
    const fans = [await newMember("fdca"), await newMember("fdcb")];
    for (const fan of fans) await post("follow", fan.cookie, { profileId: c.profileId });
    expect(await followerCount(env.DB, c.accountId)).toBe(2);
    const data = await loaderOf(creatorHome, c.accountId, "/dashboard/creator/home");
    expect(data.followers).toMatchObject({ count: "2 following you" });
    const text = JSON.stringify(data);
    for (const fan of fans) expect(text).not.toContain(fan.handle);
  });

  it("lists on the saved page only the viewer's own follows and bookmarks, and removes only theirs", async () => {
    const [mine, theirs] = [await creator(), await creator(false)];
    const [me, other] = [await newMember("fdme"), await newMember("fdot")];
    await post("follow", me.cookie, { profileId: mine.profileId });
    await post("follow", other.cookie, { profileId: theirs.profileId });
    await setBookmark(db(), me.accountId, { kind: "service", id: mine.services[0] }, true);
    await setBookmark(db(), me.accountId, { kind: "form", id: mine.forms[0].id }, true);
    await setBookmark(db(), other.accountId, { kind: "service", id: theirs.services[0] }, true);

    const data = await loaderOf(savedPage, me.accountId, "/dashboard/saved");
    expect(data.creators.map((c) => [c.handle, c.name, c.status])).toEqual([[mine.handle, "Follow Me", "Open"]]);
    expect(data.items.map((i) => [i.kind, i.title, i.href]).sort()).toEqual([
      ["form", "Full body", `/cf/${mine.forms[0].code}`],
      ["service", "Bust-up", `/${mine.handle}?service=${mine.services[0]}`],
    ]);
    const theirsPage = await loaderOf(savedPage, other.accountId, "/dashboard/saved");
    expect(theirsPage.creators.map((c) => [c.handle, c.status])).toEqual([[theirs.handle, "Closed"]]);
    expect(theirsPage.items.map((i) => i.id)).toEqual([theirs.services[0]]);

    // Unfollow and Remove, posted by the page: the viewer's own rows go, the other's stay.
    const form = async (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      const context = await pageContext(me.accountId, "en", "/dashboard/saved");
      const request = new Request("http://localhost/dashboard/saved", { method: "POST", body });
      const result = (await withMessageLocale("en", "http://localhost", () =>
        Promise.resolve(savedPage.action({ context, request, params: {} } as never)),
      )) as { type?: string; init?: { status?: number } };
      return { status: result.type === "DataWithResponseInit" ? (result.init?.status ?? 200) : 200 };
    };
    expect((await form({ intent: "unfollow", profileId: theirs.profileId })).status).toBeLessThan(400);
    expect((await form({ intent: "unbookmark", kind: "service", id: theirs.services[0] })).status).toBeLessThan(400);
    expect(await followRows(theirs.accountId)).toEqual([other.accountId]);
    expect((await loaderOf(savedPage, other.accountId, "/dashboard/saved")).items).toHaveLength(1);
    expect((await form({ intent: "unfollow", profileId: mine.profileId })).status).toBeLessThan(400);
    expect((await form({ intent: "unbookmark", kind: "form", id: mine.forms[0].id })).status).toBeLessThan(400);
    expect((await form({ intent: "nonsense" })).status).toBe(400);
    const after = await loaderOf(savedPage, me.accountId, "/dashboard/saved");
    expect(after.creators).toEqual([]);
    expect(after.items.map((i) => i.kind)).toEqual(["service"]);
  });

  it("go with a deleted account, both ways: whom they followed and who followed them", async () => {
    const [c, followed] = [await creator(), await creator()];
    const fan = await newMember("fddl");
    await post("follow", fan.cookie, { profileId: c.profileId });
    await post("follow", await sessionOf(c.accountId), { profileId: followed.profileId });
    expect(await deleteAccount({ env, stripe: createStripe(env), now: Date.now() }, c.accountId)).toEqual({ ok: true });
    const left = await env.DB.prepare(
      `SELECT (SELECT count(*) FROM follows WHERE follower_user_account_id = ?1 OR creator_user_account_id = ?1)
         + (SELECT count(*) FROM follow_watches WHERE creator_user_account_id = ?1) AS n`,
    )
      .bind(c.accountId)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
    expect(await followRows(followed.accountId)).toEqual([]);
  });
});
