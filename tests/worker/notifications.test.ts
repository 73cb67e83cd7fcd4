// The notifications API (worker/api/notifications.ts, docs/decisions/023): the signed-in user's own notices, newest
// first in pages, texts in the request's language naming the order and the counterpart, and read state that only the
// recipient can change. The notice under test comes from a real order transition (the seller approves).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { freshUser } from "./auth-helpers";
import { call, signUp } from "./helpers";
import { commissionAccountByEmail, insertOrder } from "./order-fixtures";

async function party() {
  const user = freshUser();
  const cookie = await signUp(user.handle, user.email);
  const account = await commissionAccountByEmail(user.email);
  return { cookie, handle: user.handle, commissionAccountId: account.id, userAccountId: account.userAccountId };
}

/** An approved order: the buyer has one unread COMMISSION_ORDER_APPROVED notice. */
async function approvedOrder() {
  const [seller, buyer, stranger] = await Promise.all([party(), party(), party()]);
  const order = await insertOrder({ sellerId: seller.commissionAccountId, buyerId: buyer.commissionAccountId, priceAmount: 10_000, approvalDeadline: Date.now() + 7 * 86_400_000 });
  const approved = await call("/api/features/commission/order/approve", { method: "POST", cookie: seller.cookie, json: { orderId: order.id } });
  expect(approved.status).toBe(200);
  return { ...order, seller, buyer, stranger };
}

type ListBody = { data: { items: { id: string; title: string; message: string | null; href: string; icon: string; colour: string; read: boolean }[]; nextCursor: string | null; unreadCount: number } };
const list = async (cookie: string | undefined, query = "") => {
  const response = await call(`/api/features/notification/list${query}`, { cookie });
  return { status: response.status, body: response.status === 200 ? ((await response.json()) as ListBody).data : null };
};
const post = (path: string, cookie: string | undefined, json: unknown = {}) => call(`/api/features/notification/${path}`, { method: "POST", cookie, json });

async function insertNotices(recipientUserId: string, count: number, start: number) {
  await env.DB.batch(
    Array.from({ length: count }, (_, i) =>
      env.DB.prepare("INSERT INTO notifications (id, recipient_user_account_id, notification_type, href, created_at) VALUES (?, ?, 'COMMISSION_ORDER_COMPLETED', '/x', ?)").bind(
        crypto.randomUUID(),
        recipientUserId,
        start + i * 1000,
      ),
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
        message: `@${order.seller.handle} accepted your request (order ${order.code}). Pay to get it started.`,
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
    const times = await env.DB.prepare("SELECT id FROM notifications WHERE recipient_user_account_id = ? ORDER BY created_at DESC").bind(user.userAccountId).all<{ id: string }>();
    expect(ids).toEqual(times.results.map((row) => row.id));
  });

  it("is for signed-in users only", async () => {
    expect((await list(undefined)).status).toBe(401);
    expect((await post("read-all", undefined)).status).toBe(401);
  });
});

describe("read state", () => {
  it("the recipient marks one read and the count drops; marking again keeps it read", async () => {
    const order = await approvedOrder();
    const [notice] = (await list(order.buyer.cookie)).body!.items;
    const unread = async () => ((await (await call("/api/features/notification/unread", { cookie: order.buyer.cookie })).json()) as { data: { unreadCount: number } }).data.unreadCount;
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
    const readAt = await env.DB.prepare("SELECT read_at FROM notifications WHERE id = ?").bind(notice.id).first("read_at");
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
