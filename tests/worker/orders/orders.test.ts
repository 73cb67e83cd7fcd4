// The Order Durable Object as the only writer of an order, through the Worker's order calls (issue 10, first slice):
// actor checks, refusals that change nothing, one transition under racing requests, the D1 projection, the event
// log and the notifications, and deadlines as alarms. Orders are inserted directly until request submission lands.
import { env } from "cloudflare:workers";
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import * as managementsPage from "#app/routes/dashboard/commission-managements";
import type { Locale } from "#worker/domain/locales";
import { translateAuthoringErrors } from "#worker/messages/authoring";
import { grantCreatorRole } from "#worker/services/roles";
import type { StoredOrder } from "#worker/orders/domain/order-contract";
import { freshUser } from "../support/auth-helpers";
import { call, db, signUp } from "../support/helpers";
import { pageContext } from "../support/page-context";
import { commissionAccountByEmail, insertOrder } from "../support/order-fixtures";
import { orderStub } from "#worker/orders/order-stub";
import { confirmed } from "../support/confirmed";

async function party() {
  const user = freshUser();
  const cookie = await signUp(user.handle, user.email);
  const account = await commissionAccountByEmail(user.email);
  return { cookie, commissionAccountId: account.id, userAccountId: account.userAccountId };
}

async function newOrder({
  priceAmount = 10_000,
  approvalDeadline = Date.now() + 7 * 86_400_000,
}: {
  priceAmount?: number | null;
  approvalDeadline?: number;
} = {}) {
  const [seller, buyer, stranger] = await Promise.all([party(), party(), party()]);
  const { id, code } = await insertOrder({
    sellerId: seller.commissionAccountId,
    buyerId: buyer.commissionAccountId,
    priceAmount,
    approvalDeadline,
  });
  return { id, code, seller, buyer, stranger, stub: orderStub(env.ORDER, id) };
}

const act = (path: string, cookie: string | undefined, json: unknown) =>
  call(`/api/features/commission/order/${path}`, { method: "POST", cookie, json: confirmed(json) });
const row = (id: string) =>
  env.DB.prepare("SELECT * FROM commission_orders WHERE id = ?").bind(id).first<Record<string, unknown>>();
const events = async (id: string) =>
  (
    await env.DB.prepare(
      "SELECT event_type, actor, actor_account_id FROM commission_order_events WHERE order_id = ? ORDER BY version",
    )
      .bind(id)
      .all()
  ).results;
const notices = async (id: string) =>
  (
    await env.DB.prepare(
      "SELECT recipient_user_account_id AS recipient, notification_type AS type, href FROM notifications WHERE order_id = ? ORDER BY created_at, type",
    )
      .bind(id)
      .all()
  ).results;

describe("who may act on an order", () => {
  it("the seller approves: the list row, the event log and the buyer's notification follow", async () => {
    const order = await newOrder();
    const response = await act("approve", order.seller.cookie, { orderId: order.id });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      data: { orderProgressStatus: "APPROVED", orderChatStatus: "OPENED" },
    });
    expect(await row(order.id)).toMatchObject({ order_progress_status: "APPROVED", order_chat_status: "OPENED" });
    expect(await events(order.id)).toEqual([
      { event_type: "APPROVED", actor: "seller", actor_account_id: order.seller.commissionAccountId },
    ]);
    expect(await notices(order.id)).toEqual([
      {
        recipient: order.buyer.userAccountId,
        type: "COMMISSION_ORDER_APPROVED",
        href: `/dashboard/commission/client/requests?order=${order.code}`,
      },
    ]);
  });

  it("the buyer may not approve, a stranger cannot tell the order exists, a signed-out caller is turned away; nothing changes", async () => {
    const order = await newOrder();
    expect((await act("approve", order.buyer.cookie, { orderId: order.id })).status).toBe(409);
    expect((await act("approve", order.stranger.cookie, { orderId: order.id })).status).toBe(404);
    expect((await act("cancel", order.stranger.cookie, { orderId: order.id })).status).toBe(404);
    expect((await act("approve", undefined, { orderId: order.id })).status).toBe(401);
    expect((await act("approve", order.seller.cookie, { orderId: crypto.randomUUID() })).status).toBe(404);
    expect(await row(order.id)).toMatchObject({ order_progress_status: "DRAFT" });
    expect(await events(order.id)).toEqual([]);
  });

  it("a refused action says why and changes nothing: approving at 100 or less", async () => {
    const order = await newOrder({ priceAmount: 100 });
    const response = await act("approve", order.seller.cookie, { orderId: order.id });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: "price_too_low" });
    expect(await row(order.id)).toMatchObject({ order_progress_status: "DRAFT", approved_at: null });
    expect(await events(order.id)).toEqual([]);

    expect((await act("update", order.seller.cookie, { orderId: order.id, priceAmount: 12_000 })).status).toBe(200);
    expect((await act("approve", order.seller.cookie, { orderId: order.id })).status).toBe(200);
    expect((await events(order.id)).map((e) => e.event_type)).toEqual(["PRICE_UPDATED", "APPROVED"]);
  });

  it("checks the schedule and the price's form", async () => {
    const order = await newOrder();
    expect(
      (await act("update", order.seller.cookie, { orderId: order.id, estimatedStart: 2_000, estimatedDelivery: 1_000 }))
        .status,
    ).toBe(400);
    expect((await act("update", order.seller.cookie, { orderId: order.id, priceAmount: 12.5 })).status).toBe(400);
    expect((await act("update", order.buyer.cookie, { orderId: order.id, priceAmount: 12_000 })).status).toBe(409);
    expect((await row(order.id))!.price_amount).toBe(10_000);
  });
});

/** The seller's Other settings tab posts the price to the managements page's action, as typed (major units). */
async function postPrice(userAccountId: string, orderId: string, price: string, locale: Locale = "en") {
  await grantCreatorRole(db(), userAccountId);
  const path = "/dashboard/commission/managements";
  const context = await pageContext(userAccountId, locale, path);
  const body = new FormData();
  for (const [name, value] of Object.entries({ orderId, intent: "updatePrice", currency: "JPY", price }))
    body.set(name, value);
  const result = await managementsPage.action({
    context,
    request: new Request(`http://localhost${path}`, { method: "POST", body }),
  } as never);
  return (
    result && typeof result === "object" && "init" in result ? result : { data: result, init: { status: 200 } }
  ) as { data: { ok: boolean; errors?: Record<string, string> }; init: { status: number } };
}

describe("the order page's price field reads a price as the form editor does (pricing.ts)", () => {
  const yenMessage = (locale: Locale) => translateAuthoringErrors({ price: "authoring_price_jpy" }, locale);

  it("refuses yen with decimals instead of rounding them, in the user's language, and changes nothing", async () => {
    const order = await newOrder();
    for (const [price, locale] of [
      ["12.5", "en"],
      ["12.5", "ja"],
      ["12000.0", "en"],
    ] as const) {
      const result = await postPrice(order.seller.userAccountId, order.id, price, locale);
      expect(result.init.status).toBe(400);
      expect(result.data).toEqual({ ok: false, intent: "updatePrice", errors: yenMessage(locale) });
    }
    expect(yenMessage("ja").price).toContain("円");
    expect((await row(order.id))!.price_amount).toBe(10_000);
    expect(await events(order.id)).toEqual([]);
  });

  it("refuses more than the maximum (10,000,000 yen) and an empty total, and changes nothing", async () => {
    const order = await newOrder();
    for (const price of ["10000001", "99,999,999,999", "", "-5"]) {
      const result = await postPrice(order.seller.userAccountId, order.id, price, "ja");
      expect(result.init.status).toBe(400);
      expect(result.data.errors).toEqual(yenMessage("ja"));
    }
    expect((await row(order.id))!.price_amount).toBe(10_000);
    expect(await events(order.id)).toEqual([]);
  });

  it("saves a whole number of yen, commas and all, up to the maximum", async () => {
    const order = await newOrder();
    expect(await postPrice(order.seller.userAccountId, order.id, " 12,000 ")).toMatchObject({
      data: { ok: true },
      init: { status: 200 },
    });
    expect((await row(order.id))!.price_amount).toBe(12_000);
    expect(await postPrice(order.seller.userAccountId, order.id, "10,000,000")).toMatchObject({ data: { ok: true } });
    expect((await row(order.id))!.price_amount).toBe(10_000_000);
    expect((await events(order.id)).map((e) => e.event_type)).toEqual(["PRICE_UPDATED", "PRICE_UPDATED"]);
  });
});

describe("exactly once", () => {
  it("five approvals racing make one transition, one event and one notification", async () => {
    const order = await newOrder();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => act("approve", order.seller.cookie, { orderId: order.id })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await events(order.id)).toHaveLength(1);
    expect(await notices(order.id)).toHaveLength(1);
  });

  it("a payment recorded twice is one PAID event and one notice to the seller", async () => {
    const order = await newOrder();
    await act("approve", order.seller.cookie, { orderId: order.id });
    // The payment the buyer started, as the object records it (the emulator's part is in order-payments.test.ts).
    const payment = { intentId: `pi_${crypto.randomUUID()}`, amount: 10_000, currency: "JPY" };
    await runInDurableObject(order.stub, async (_instance, state) => {
      const stored = (await state.storage.get<StoredOrder>("order"))!;
      await state.storage.put("order", { ...stored, state: { ...stored.state, openPayment: payment } });
    });
    const markPaid = { type: "markPaid" as const, payment };
    const [first, second] = await Promise.all([order.stub.act(markPaid, "system"), order.stub.act(markPaid, "system")]);
    expect([first, second].map((r) => (r.status === "done" ? r.changed : r.status)).sort()).toEqual([false, true]);
    expect((await events(order.id)).map((e) => e.event_type)).toEqual(["APPROVED", "PAID"]);
    expect((await notices(order.id)).filter((n) => n.type === "COMMISSION_ORDER_PAID")).toEqual([
      {
        recipient: order.seller.userAccountId,
        type: "COMMISSION_ORDER_PAID",
        href: `/dashboard/commission/managements?order=${order.code}`,
      },
    ]);
    // The buyer cannot claim a payment through the API.
    expect((await order.stub.act(markPaid, { commissionAccountId: order.buyer.commissionAccountId })).status).toBe(
      "refused",
    );
  });
});

describe("D1 round trips per transition (outside production, for npm run bench:orders)", () => {
  it("the object's first action reads the order and writes one batch; later ones write one batch only", async () => {
    const order = await newOrder();
    const first = await act("update", order.seller.cookie, { orderId: order.id, priceAmount: 12_000 });
    expect(first.headers.get("X-Order-D1-Round-Trips")).toBe("2");
    const second = await act("approve", order.seller.cookie, { orderId: order.id });
    expect(second.headers.get("X-Order-D1-Round-Trips")).toBe("1");
    // A refusal writes nothing.
    expect(
      (await act("approve", order.seller.cookie, { orderId: order.id })).headers.get("X-Order-D1-Round-Trips"),
    ).toBe("0");
  });
});

describe("deadlines are alarms", () => {
  it("an order not approved in time is canceled by its alarm, once, and both sides hear of it", async () => {
    const order = await newOrder({ approvalDeadline: Date.now() - 1_000 });
    expect(await order.stub.get()).not.toBeNull();
    expect(await runDurableObjectAlarm(order.stub)).toBe(true);
    expect(await row(order.id)).toMatchObject({ order_progress_status: "CANCELED", order_chat_status: "CLOSED" });
    expect(await events(order.id)).toEqual([{ event_type: "CANCELED", actor: "system", actor_account_id: null }]);
    expect((await notices(order.id)).map((n) => n.recipient).sort()).toEqual(
      [order.seller.userAccountId, order.buyer.userAccountId].sort(),
    );
    // Nothing pending any more: no alarm, and a late approval is refused.
    expect(await runDurableObjectAlarm(order.stub)).toBe(false);
    expect((await act("approve", order.seller.cookie, { orderId: order.id })).status).toBe(409);
    expect(await events(order.id)).toHaveLength(1);
  });

  it("approving moves the alarm to the payment deadline", async () => {
    const order = await newOrder();
    await act("approve", order.seller.cookie, { orderId: order.id });
    const stored = await order.stub.get();
    expect(stored!.state.paymentDeadline).toBeGreaterThan(Date.now());
    // The alarm is not due: running it changes nothing.
    expect(await runDurableObjectAlarm(order.stub)).toBe(true);
    expect(await row(order.id)).toMatchObject({ order_progress_status: "APPROVED" });
    expect(await events(order.id)).toHaveLength(1);
  });
});

describe("the object knows its order by its name (decision 081)", () => {
  it("an object reached by a name that is no order has none, whatever is asked", async () => {
    const stranger = orderStub(env.ORDER, crypto.randomUUID());
    expect(await stranger.get()).toBeNull();
    expect(await stranger.act({ type: "approve" }, "system")).toMatchObject({ status: "not_found" });
  });

  it("keeps its order's id from the first load: an alarm that wakes it evicted acts on that order", async () => {
    const order = await newOrder({ approvalDeadline: Date.now() - 1_000 });
    expect((await order.stub.get())?.orderId).toBe(order.id);
    const kept = await runInDurableObject(order.stub, (_instance, state) => state.storage.get<StoredOrder>("order"));
    expect(kept?.orderId).toBe(order.id);
    await evictDurableObject(order.stub);
    expect(await runDurableObjectAlarm(order.stub)).toBe(true);
    expect(await row(order.id)).toMatchObject({ order_progress_status: "CANCELED" });
  });
});
