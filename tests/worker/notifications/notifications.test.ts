// The notifications API (worker/api/notifications.ts, docs/decisions/023): the signed-in user's own notices, newest
// first in pages, texts in the request's language naming the order and the counterpart by display name, who each
// notice is from (issue 33), and read state that only the recipient can change. The notice under test comes from a
// real order transition (the seller approves).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { freshUser } from "../support/auth-helpers";
import { call, signUp } from "../support/helpers";
import { sendDueReminders } from "#worker/orders/services/order-reminders";
import { commissionAccountByEmail, insertOrder } from "../support/order-fixtures";
import { setProfileFace } from "../support/profile-fixtures";

async function party() {
  const user = freshUser();
  const cookie = await signUp(user.handle, user.email);
  const account = await commissionAccountByEmail(user.email);
  return {
    cookie,
    handle: user.handle,
    email: user.email,
    commissionAccountId: account.id,
    userAccountId: account.userAccountId,
  };
}

const SELLER_AVATAR = "/media/v1/user-profile/seller/avatar/face.png";

/**
 * An approved order: the buyer has one unread COMMISSION_ORDER_APPROVED notice from the seller, who has a display name
 * in English and Japanese and an avatar (unless `named` is false: then only a handle).
 */
async function approvedOrder({ named = true } = {}) {
  const [seller, buyer, stranger] = await Promise.all([party(), party(), party()]);
  const sellerProfileId = named
    ? await setProfileFace(seller.userAccountId, { en: "Sky Seller", ja: "空の売り手" }, SELLER_AVATAR)
    : null;
  const order = await insertOrder({
    sellerId: seller.commissionAccountId,
    buyerId: buyer.commissionAccountId,
    priceAmount: 10_000,
    approvalDeadline: Date.now() + 7 * 86_400_000,
  });
  const approved = await call("/api/features/commission/order/approve", {
    method: "POST",
    cookie: seller.cookie,
    json: { orderId: order.id },
  });
  expect(approved.status).toBe(200);
  return { ...order, seller: { ...seller, profileId: sellerProfileId }, buyer, stranger };
}

type Sender = { name: string; handle: string; avatarUrl: string | null };
type ListBody = {
  data: {
    items: {
      id: string;
      title: string;
      message: string | null;
      sender: Sender | null;
      href: string;
      icon: string;
      colour: string;
      read: boolean;
    }[];
    nextCursor: string | null;
    unreadCount: number;
  };
};
const list = async (cookie: string | undefined, query = "") => {
  const response = await call(`/api/features/notification/list${query}`, { cookie });
  return { status: response.status, body: response.status === 200 ? ((await response.json()) as ListBody).data : null };
};
const post = (path: string, cookie: string | undefined, json: unknown = {}) =>
  call(`/api/features/notification/${path}`, { method: "POST", cookie, json });

async function insertNotices(recipientUserId: string, count: number, start: number) {
  await env.DB.batch(
    Array.from({ length: count }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO notifications (id, recipient_user_account_id, notification_type, href, created_at) VALUES (?, ?, 'COMMISSION_ORDER_COMPLETED', '/x', ?)",
      ).bind(crypto.randomUUID(), recipientUserId, start + i * 1000),
    ),
  );
}

describe("the notification list", () => {
  it("shows the buyer the seller's approval in their language, naming the order and the seller, with its icon and target", async () => {
    const order = await approvedOrder();
    const { body } = await list(order.buyer.cookie);
    expect(body!.unreadCount).toBe(1);
    expect(body!.items).toEqual([
      expect.objectContaining({
        title: "Order accepted",
        message: `Sky Seller accepted your request (order ${order.code}). Pay to get it started.`,
        sender: { name: "Sky Seller", handle: order.seller.handle, avatarUrl: SELLER_AVATAR },
        href: `/dashboard/commission/client/requests?order=${order.code}`,
        icon: "check",
        colour: "emerald",
        read: false,
      }),
    ]);
    const ja = await list(`${order.buyer.cookie}; app-language=ja`);
    expect(ja.body!.items[0].title).toBe("依頼が承認されました");
    // The seller acted, so the seller hears nothing of it.
    expect((await list(order.seller.cookie)).body).toEqual({ items: [], nextCursor: null, unreadCount: 0 });
  });

  it("pages newest first with a cursor, each notice once", async () => {
    const user = await party();
    await insertNotices(user.userAccountId, 45, Date.now() - 100_000);
    const first = (await list(user.cookie)).body!;
    expect(first.items).toHaveLength(20);
    const second = (await list(user.cookie, `?cursor=${first.nextCursor}`)).body!;
    const third = (await list(user.cookie, `?cursor=${second.nextCursor}`)).body!;
    expect(third.items).toHaveLength(5);
    expect(third.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items, ...third.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(45);
    const times = await env.DB.prepare(
      "SELECT id FROM notifications WHERE recipient_user_account_id = ? ORDER BY created_at DESC",
    )
      .bind(user.userAccountId)
      .all<{ id: string }>();
    expect(ids).toEqual(times.results.map((row) => row.id));
  });

  it("is for signed-in users only", async () => {
    expect((await list(undefined)).status).toBe(401);
    expect((await post("read-all", undefined)).status).toBe(401);
  });
});

describe("who a notice is from (issue 33)", () => {
  it("a person's notice carries their public name (in the reader's language), avatar and handle; a system notice carries none", async () => {
    const order = await approvedOrder();
    const [approval] = (await list(order.buyer.cookie)).body!.items;
    expect(approval.sender).toEqual({ name: "Sky Seller", handle: order.seller.handle, avatarUrl: SELLER_AVATAR });
    const [ja] = (await list(`${order.buyer.cookie}; app-language=ja`)).body!.items;
    expect(ja.sender).toEqual({ name: "空の売り手", handle: order.seller.handle, avatarUrl: SELLER_AVATAR });
    expect(ja.message).toBe(`空の売り手さんが依頼を承認しました（注文 ${order.code}）。お支払いに進んでください。`);

    // The cron's payment reminder is the system's: no sender (the bell shows the app's mark), and its message still
    // names the seller by display name.
    await env.DB.prepare("UPDATE commission_orders SET payment_deadline = ? WHERE id = ?")
      .bind(Date.now() + 3_600_000, order.id)
      .run();
    await sendDueReminders(env.DB, Date.now());
    const { body } = await list(order.buyer.cookie);
    expect(body!.items.map((item) => item.title)).toEqual(["Payment due soon", "Order accepted"]);
    expect(body!.items[0]).toMatchObject({
      sender: null,
      message: `Pay for order ${order.code} with Sky Seller before its deadline, or it will be canceled.`,
    });
  });

  it("reads the senders in the same statement as the notices, and only their public profile", async () => {
    const order = await approvedOrder();
    const response = await call("/api/features/notification/list", { cookie: order.buyer.cookie });
    const text = await response.text();
    const [item] = (JSON.parse(text) as ListBody).data.items;
    expect(Object.keys(item).sort()).toEqual([
      "colour",
      "createdAt",
      "href",
      "icon",
      "id",
      "message",
      "read",
      "sender",
      "title",
    ]);
    expect(Object.keys(item.sender!).sort()).toEqual(["avatarUrl", "handle", "name"]);
    // Nothing private of the sender: no e-mail, no account or profile id.
    for (const secret of [
      order.seller.email,
      order.seller.userAccountId,
      order.seller.commissionAccountId,
      order.seller.profileId!,
    ])
      expect(text).not.toContain(secret);
    // The session with the unread count, the page with its senders: two round trips, however many people sent them.
    expect(response.headers.get("x-d1-round-trips")).toBe("2");
    const others = await Promise.all([party(), party(), party()]);
    await env.DB.batch(
      others.map((other, i) =>
        env.DB.prepare(
          `INSERT INTO notifications (id, recipient_user_account_id, notification_type, from_profile_id, href, created_at)
           VALUES (?, ?, 'INVITE_ORDER_COMPLETED', (SELECT id FROM user_profiles WHERE account_id = ?), ?, ?)`,
        ).bind(crypto.randomUUID(), order.buyer.userAccountId, other.userAccountId, `/${other.handle}`, Date.now() + i),
      ),
    );
    const again = await call("/api/features/notification/list", { cookie: order.buyer.cookie });
    const items = ((await again.json()) as ListBody).data.items;
    expect(items.map((notice) => notice.sender?.handle)).toEqual([
      ...others.map((other) => other.handle).reverse(),
      order.seller.handle,
    ]);
    expect(again.headers.get("x-d1-round-trips")).toBe("2");
  });

  it("names a sender without a display name by their handle, with the avatar fallback's empty URL", async () => {
    const order = await approvedOrder({ named: false });
    const [item] = (await list(order.buyer.cookie)).body!.items;
    expect(item.sender).toEqual({ name: order.seller.handle, handle: order.seller.handle, avatarUrl: null });
    expect(item.message).toBe(
      `${order.seller.handle} accepted your request (order ${order.code}). Pay to get it started.`,
    );
  });
});

describe("senders of the notices written before they were recorded (migration 0018)", () => {
  const backfill = async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0018_"))!;
    for (const query of migration.queries) await env.DB.prepare(query).run();
  };
  const senderOf = async (id: string) =>
    (await env.DB.prepare("SELECT from_profile_id FROM notifications WHERE id = ?")
      .bind(id)
      .first<{ from_profile_id: string | null }>())!.from_profile_id;

  it("gives a transition's notice the party who acted, a request's the client, and a reminder none", async () => {
    const order = await approvedOrder();
    const buyerProfileId = await setProfileFace(order.buyer.userAccountId, { en: "Bay Buyer" });
    const [approval] = (await list(order.buyer.cookie)).body!.items;
    const submitted = crypto.randomUUID();
    const reminder = crypto.randomUUID();
    await env.DB.batch([
      // As the writers left them before: no sender on any row.
      env.DB.prepare("UPDATE notifications SET from_profile_id = NULL WHERE id = ?").bind(approval.id),
      env.DB.prepare(
        `INSERT INTO notifications (id, recipient_user_account_id, notification_type, href, order_id, dedupe_key, created_at)
         VALUES (?, ?, 'COMMISSION_SERVICE_SUBMITTED', '/x', ?, ?, ?)`,
      ).bind(submitted, order.seller.userAccountId, order.id, `submitted:${order.id}`, Date.now()),
      env.DB.prepare(
        `INSERT INTO notifications (id, recipient_user_account_id, notification_type, href, order_id, dedupe_key, created_at)
         VALUES (?, ?, 'COMMISSION_ORDER_PAYMENT_REMINDER', '/x', ?, ?, ?)`,
      ).bind(reminder, order.buyer.userAccountId, order.id, `payment-reminder:${order.id}:1`, Date.now()),
    ]);
    expect((await list(order.buyer.cookie)).body!.items.find((item) => item.id === approval.id)!.sender).toBeNull();
    await backfill();
    expect(await senderOf(approval.id)).toBe(order.seller.profileId);
    expect(await senderOf(submitted)).toBe(buyerProfileId);
    expect(await senderOf(reminder)).toBeNull();
    // Run again, it changes nothing.
    await backfill();
    expect(await senderOf(approval.id)).toBe(order.seller.profileId);
    expect((await list(order.buyer.cookie)).body!.items.map((item) => item.sender?.name ?? null)).toEqual([
      null,
      "Sky Seller",
    ]);
  });

  it("leaves a notice of what the system did alone without a sender", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const order = await insertOrder({
      sellerId: seller.commissionAccountId,
      buyerId: buyer.commissionAccountId,
      priceAmount: 10_000,
      approvalDeadline: Date.now() + 86_400_000,
    });
    const eventId = `${order.id}:1`;
    const notices = [crypto.randomUUID(), crypto.randomUUID()];
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO commission_order_events (id, order_id, version, event_type, actor, actor_account_id, before, after, created_at)
         VALUES (?, ?, 1, 'CANCELED', 'system', NULL, '{}', '{}', ?)`,
      ).bind(eventId, order.id, Date.now()),
      ...(["seller", "buyer"] as const).map((side, i) =>
        env.DB.prepare(
          `INSERT INTO notifications (id, recipient_user_account_id, notification_type, href, order_id, dedupe_key, created_at)
           VALUES (?, ?, 'COMMISSION_ORDER_CANCELED', '/x', ?, ?, ?)`,
        ).bind(
          notices[i],
          side === "seller" ? seller.userAccountId : buyer.userAccountId,
          order.id,
          `${eventId}:${side}`,
          Date.now(),
        ),
      ),
    ]);
    await backfill();
    expect(await Promise.all(notices.map(senderOf))).toEqual([null, null]);
  });
});

describe("read state", () => {
  it("the recipient marks one read and the count drops; marking again keeps it read", async () => {
    const order = await approvedOrder();
    const [notice] = (await list(order.buyer.cookie)).body!.items;
    const unread = async () =>
      (
        (await (await call("/api/features/notification/unread", { cookie: order.buyer.cookie })).json()) as {
          data: { unreadCount: number };
        }
      ).data.unreadCount;
    expect(await unread()).toBe(1);
    const read = await post("read", order.buyer.cookie, { notificationId: notice.id });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ data: { unreadCount: 0 } });
    expect(await unread()).toBe(0);
    expect((await post("read", order.buyer.cookie, { notificationId: notice.id })).status).toBe(200);
    expect((await list(order.buyer.cookie)).body!.items[0].read).toBe(true);
  });

  it("another user can neither see nor mark someone's notice, one by one or all at once", async () => {
    const order = await approvedOrder();
    const [notice] = (await list(order.buyer.cookie)).body!.items;
    for (const other of [order.stranger, order.seller]) {
      expect((await list(other.cookie)).body!.items.map((item) => item.id)).not.toContain(notice.id);
      expect((await post("read", other.cookie, { notificationId: notice.id })).status).toBe(404);
      expect((await post("read-all", other.cookie)).status).toBe(200);
    }
    const readAt = await env.DB.prepare("SELECT read_at FROM notifications WHERE id = ?")
      .bind(notice.id)
      .first("read_at");
    expect(readAt).toBeNull();
    expect((await list(order.buyer.cookie)).body!.unreadCount).toBe(1);
  });

  it("read-all marks every one of the caller's notices", async () => {
    const user = await party();
    await insertNotices(user.userAccountId, 3, Date.now() - 10_000);
    expect((await list(user.cookie)).body!.unreadCount).toBe(3);
    expect((await post("read-all", user.cookie)).status).toBe(200);
    const after = (await list(user.cookie)).body!;
    expect(after.unreadCount).toBe(0);
    expect(after.items.every((item) => item.read)).toBe(true);
  });

  it("refuses a malformed read", async () => {
    const user = await party();
    expect((await post("read", user.cookie, { notificationId: 5 })).status).toBe(400);
    expect((await post("read", user.cookie, { notificationId: crypto.randomUUID() })).status).toBe(404);
  });
});
