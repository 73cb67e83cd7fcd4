// Invitations (issue 33, docs/decisions/053): a personal link remembers its inviter in the visitor's browser, a
// sign-up records that inviter once (never oneself, never an unknown code, never changed later), and the first order
// an invitee completes (as buyer or seller) gives the inviter exactly one INVITE_ORDER_COMPLETED notice, however
// often, however raced and over however many orders completion happens. Nobody else hears of it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { prepared } from "#worker/db/statements";
import { INVITE_COOKIE, INVITE_COOKIE_MAX_AGE_S, generateInviteCode, isInviteCode } from "#worker/domain/invitations";
import { inviteCodeOf, inviteCompletedStatements } from "#worker/services/invitations";
import { freshIp, freshUser, sendForCode, sessionCookieOf, verify } from "../support/auth-helpers";
import { call, db, signUp } from "../support/helpers";
import { commissionAccountByEmail } from "../support/order-fixtures";
import { insertOrderIn, type Party } from "../support/order-states";

interface User extends Party {
  handle: string;
  email: string;
}

async function member(): Promise<User> {
  const user = freshUser();
  const cookie = await signUp(user.handle, user.email);
  const account = await commissionAccountByEmail(user.email);
  return { ...user, cookie, commissionAccountId: account.id, userAccountId: account.userAccountId };
}

/** Follows an invite link as a browser would (no redirect followed), with the browser's cookies if any. */
const follow = (path: string, cookie?: string) => call(path, { cookie, redirect: "manual" });
const inviteCookieOf = (response: Response) =>
  response.headers.getSetCookie().find((c) => c.startsWith(`${INVITE_COOKIE}=`));

/** Signs up a new user in a browser that carries `cookie` (an invite link's, or none). */
async function signUpWith(cookie: string | undefined): Promise<User & { verified: Response }> {
  const user = freshUser();
  const ip = freshIp();
  const code = await sendForCode({ email: user.email, handle: user.handle }, ip);
  const verified = await verify(user.email, code, ip, { cookie });
  expect(verified.status).toBe(200);
  const account = await commissionAccountByEmail(user.email);
  return {
    ...user,
    verified,
    cookie: sessionCookieOf(verified)!,
    commissionAccountId: account.id,
    userAccountId: account.userAccountId,
  };
}

/** A new user invited by `inviter` through the link, from following it to signing up. */
async function invitedBy(inviter: User): Promise<User & { verified: Response }> {
  const followed = await follow(`/invite/${await inviteCodeOf(db(), inviter.userAccountId)}`);
  return signUpWith(inviteCookieOf(followed)!.split(";")[0]);
}

const inviterOfAccount = async (userAccountId: string) =>
  (
    await env.DB.prepare("SELECT inviter_user_account_id AS id FROM invitations WHERE invitee_user_account_id = ?")
      .bind(userAccountId)
      .first<{ id: string }>()
  )?.id ?? null;

type NoticeRow = {
  recipient_user_account_id: string;
  from_profile_id: string | null;
  href: string | null;
  order_id: string | null;
};
const inviteNoticesTo = async (userAccountId: string) =>
  (
    await env.DB.prepare(
      "SELECT recipient_user_account_id, from_profile_id, href, order_id FROM notifications WHERE recipient_user_account_id = ? AND notification_type = 'INVITE_ORDER_COMPLETED'",
    )
      .bind(userAccountId)
      .all<NoticeRow>()
  ).results;
const profileIdOf = async (userAccountId: string) =>
  (await env.DB.prepare("SELECT id FROM user_profiles WHERE account_id = ?")
    .bind(userAccountId)
    .first<{ id: string }>())!.id;

const complete = (orderId: string, seller: User) =>
  call("/api/features/commission/order/complete", {
    method: "POST",
    cookie: seller.cookie,
    json: { orderId, confirmed: true },
  });

describe("the invite link", () => {
  it("is one stable code per user, of the link's alphabet, the same for racing first uses", async () => {
    const user = await member();
    const codes = await Promise.all(Array.from({ length: 5 }, () => inviteCodeOf(db(), user.userAccountId)));
    expect(new Set(codes).size).toBe(1);
    expect(isInviteCode(codes[0])).toBe(true);
    expect(await inviteCodeOf(db(), user.userAccountId)).toBe(codes[0]);
    expect(await inviteCodeOf(db(), (await member()).userAccountId)).not.toBe(codes[0]);
  });

  it("remembers the inviter in a signed-out visitor's browser for 30 days and leads to sign-up", async () => {
    const inviter = await member();
    const code = await inviteCodeOf(db(), inviter.userAccountId);
    const response = await follow(`/invite/${code}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/?auth=signup");
    expect(response.headers.get("cache-control")).toContain("no-store");
    const cookie = inviteCookieOf(response)!;
    expect(cookie.split(";")[0]).toBe(`${INVITE_COOKIE}=${code}`);
    expect(cookie).toContain(`Max-Age=${INVITE_COOKIE_MAX_AGE_S}`);
    expect(INVITE_COOKIE_MAX_AGE_S).toBe(30 * 86_400);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
  });

  it("an unknown or malformed code remembers nothing, and still leads to sign-up", async () => {
    let unknown = generateInviteCode();
    while ((await env.DB.prepare("SELECT 1 FROM invite_codes WHERE code = ?").bind(unknown).first()) !== null)
      unknown = generateInviteCode();
    for (const path of [`/invite/${unknown}`, "/invite/NOT-A-CODE", `/invite/${unknown}x`, "/invite/%3Cscript%3E"]) {
      const response = await follow(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe("/?auth=signup");
      expect(inviteCookieOf(response), path).toBeUndefined();
    }
  });

  it("a signed-in visitor is not remembered: their own link or another's leads to that profile", async () => {
    const [user, other] = await Promise.all([member(), member()]);
    const own = await follow(`/invite/${await inviteCodeOf(db(), user.userAccountId)}`, user.cookie);
    expect(own.headers.get("location")).toBe(`/${user.handle}`);
    expect(inviteCookieOf(own)).toBeUndefined();
    const others = await follow(`/invite/${await inviteCodeOf(db(), other.userAccountId)}`, user.cookie);
    expect(others.headers.get("location")).toBe(`/${other.handle}`);
    expect(inviteCookieOf(others)).toBeUndefined();
    expect(await inviterOfAccount(user.userAccountId)).toBeNull();
  });
});

describe("signing up through a link", () => {
  it("records the inviter once, and the sign-up forgets the link", async () => {
    const inviter = await member();
    const invitee = await invitedBy(inviter);
    expect(await inviterOfAccount(invitee.userAccountId)).toBe(inviter.userAccountId);
    expect(inviteCookieOf(invitee.verified)).toMatch(/Max-Age=0/);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM invitations WHERE invitee_user_account_id = ?")
      .bind(invitee.userAccountId)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("never changes later: signing in again through another's link keeps the first inviter", async () => {
    const [first, second] = await Promise.all([member(), member()]);
    const invitee = await invitedBy(first);
    const followed = await follow(`/invite/${await inviteCodeOf(db(), second.userAccountId)}`);
    const ip = freshIp();
    const code = await sendForCode({ email: invitee.email }, ip);
    const signedIn = await verify(invitee.email, code, ip, { cookie: inviteCookieOf(followed)!.split(";")[0] });
    expect(signedIn.status).toBe(200);
    expect(await inviterOfAccount(invitee.userAccountId)).toBe(first.userAccountId);
    // The link is forgotten on sign-in too: it has done what it could.
    expect(inviteCookieOf(signedIn)).toMatch(/Max-Age=0/);
  });

  it("an existing account signing in through a link gets no inviter, its own link included", async () => {
    const [user, other] = await Promise.all([member(), member()]);
    for (const owner of [user, other]) {
      const ip = freshIp();
      const code = await sendForCode({ email: user.email }, ip);
      const cookie = `${INVITE_COOKIE}=${await inviteCodeOf(db(), owner.userAccountId)}`;
      expect((await verify(user.email, code, ip, { cookie })).status).toBe(200);
    }
    expect(await inviterOfAccount(user.userAccountId)).toBeNull();
  });

  it("an unknown or malformed code in the cookie records nothing, and the sign-up goes on", async () => {
    for (const value of [generateInviteCode(), "x'); DROP TABLE invitations; --", ""]) {
      const invitee = await signUpWith(`${INVITE_COOKIE}=${encodeURIComponent(value)}`);
      expect(await inviterOfAccount(invitee.userAccountId), value).toBeNull();
    }
  });

  it("nobody invites themselves: the table refuses it", async () => {
    const user = await member();
    await expect(
      env.DB.prepare(
        "INSERT INTO invitations (invitee_user_account_id, inviter_user_account_id, created_at) VALUES (?, ?, ?)",
      )
        .bind(user.userAccountId, user.userAccountId, Date.now())
        .run(),
    ).rejects.toThrow(/CHECK/);
  });
});

describe("the inviter's notice", () => {
  it("comes once when the invitee's first order completes, naming them and pointing at their profile, with no order or amount", async () => {
    const inviter = await member();
    const [buyer, seller] = await Promise.all([invitedBy(inviter), member()]);
    const order = await insertOrderIn("DELIVERED", seller, buyer);
    expect((await complete(order.id, seller)).status).toBe(200);

    const notices = await inviteNoticesTo(inviter.userAccountId);
    expect(notices).toEqual([
      {
        recipient_user_account_id: inviter.userAccountId,
        from_profile_id: await profileIdOf(buyer.userAccountId),
        href: `/${buyer.handle}`,
        order_id: null,
      },
    ]);

    const response = await call("/api/features/notification/list", { cookie: inviter.cookie });
    const { data } = (await response.json()) as {
      data: { items: { title: string; message: string | null; href: string; icon: string; colour: string }[] };
    };
    expect(data.items).toHaveLength(1);
    expect(data.items[0]).toMatchObject({
      title: "Invitation completed",
      href: `/${buyer.handle}`,
      icon: "invite",
      colour: "pink",
    });
    expect(data.items[0].message).toContain(buyer.handle);
    expect(data.items[0].message).not.toContain(order.code);
    expect(data.items[0].message).not.toMatch(/10,?000|¥/);
    const ja = (await (
      await call("/api/features/notification/list", { cookie: `${inviter.cookie}; app-language=ja` })
    ).json()) as { data: { items: { title: string }[] } };
    expect(ja.data.items[0].title).toBe("招待が完了しました");
    // The link follows the invitee's profile through a rename.
    const renamed = `r${buyer.handle.slice(1)}`;
    await env.DB.prepare("UPDATE user_profiles SET original_handle = ? WHERE account_id = ?")
      .bind(renamed, buyer.userAccountId)
      .run();
    const after = (await (await call("/api/features/notification/list", { cookie: inviter.cookie })).json()) as {
      data: { items: { href: string }[] };
    };
    expect(after.data.items[0].href).toBe(`/${renamed}`);
  });

  it("stays one when completion is repeated, raced, replayed or another order completes", async () => {
    const inviter = await member();
    const [buyer, seller, otherSeller] = await Promise.all([invitedBy(inviter), member(), member()]);
    const orders = await Promise.all([
      insertOrderIn("DELIVERED", seller, buyer),
      insertOrderIn("DELIVERED", otherSeller, buyer),
      insertOrderIn("DELIVERED", seller, buyer),
    ]);
    // Two orders completing at once, one of them twice.
    const statuses = (
      await Promise.all([
        complete(orders[0].id, seller),
        complete(orders[1].id, otherSeller),
        complete(orders[0].id, seller),
      ])
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    // A later order, and the completion's statements replayed as a retried projection would.
    expect((await complete(orders[2].id, seller)).status).toBe(200);
    await Promise.all(
      Array.from({ length: 3 }, () =>
        env.DB.batch(
          prepared(
            env.DB,
            inviteCompletedStatements(
              { buyerUserId: buyer.userAccountId, sellerUserId: seller.userAccountId },
              Date.now(),
            ),
          ),
        ),
      ),
    );
    expect(await inviteNoticesTo(inviter.userAccountId)).toHaveLength(1);
  });

  it("counts the invitee as seller too; nobody else hears of it", async () => {
    const inviter = await member();
    const [seller, buyer, bystander] = await Promise.all([invitedBy(inviter), member(), member()]);
    const order = await insertOrderIn("DELIVERED", seller, buyer);
    expect((await complete(order.id, seller)).status).toBe(200);
    expect(await inviteNoticesTo(inviter.userAccountId)).toEqual([
      expect.objectContaining({ from_profile_id: await profileIdOf(seller.userAccountId), href: `/${seller.handle}` }),
    ]);
    for (const other of [seller, buyer, bystander]) expect(await inviteNoticesTo(other.userAccountId)).toEqual([]);
    const all = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications WHERE notification_type = 'INVITE_ORDER_COMPLETED' AND from_profile_id = ?",
    )
      .bind(await profileIdOf(seller.userAccountId))
      .first<{ n: number }>();
    expect(all!.n).toBe(1);
  });

  it("does not come for an order that is canceled, nor for a party nobody invited", async () => {
    const inviter = await member();
    const [buyer, seller] = await Promise.all([invitedBy(inviter), member()]);
    const draft = await insertOrderIn("DRAFT", seller, buyer);
    const canceled = await call("/api/features/commission/order/cancel", {
      method: "POST",
      cookie: seller.cookie,
      json: { orderId: draft.id, confirmed: true },
    });
    expect(canceled.status).toBe(200);
    expect(await inviteNoticesTo(inviter.userAccountId)).toEqual([]);

    const [plainSeller, plainBuyer] = await Promise.all([member(), member()]);
    const order = await insertOrderIn("DELIVERED", plainSeller, plainBuyer);
    expect((await complete(order.id, plainSeller)).status).toBe(200);
    const invitees = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications WHERE notification_type = 'INVITE_ORDER_COMPLETED' AND from_profile_id IN (SELECT id FROM user_profiles WHERE account_id IN (?, ?))",
    )
      .bind(plainSeller.userAccountId, plainBuyer.userAccountId)
      .first<{ n: number }>();
    expect(invitees!.n).toBe(0);
  });
});
