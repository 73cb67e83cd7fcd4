// The demo seed's orders (issue 10: "the demo seed has orders in every state, for both demo accounts"): the real
// seed, loaded into this file's D1, gives the demo creator and the demo client one order in each state, which the
// order pages read and the Order Durable Object takes over where it stands.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { generateSeed } from "#scripts/seed/core.mjs";
import { createDb } from "#worker/db/client";
import { decide } from "#worker/orders/domain/order";
import { listOrders, getOrderDetail } from "#worker/orders/services/order-views";
import { chatRoomStub } from "#worker/chat/services/chat-rooms";
import { orderStub } from "#worker/orders/order-stub";

const db = () => createDb(env.DB);
const accountOf = async (email: string) =>
  (await env.DB.prepare(
    "SELECT c.id, p.id AS profile_id FROM commission_accounts c JOIN user_accounts u ON u.id = c.user_account_id JOIN user_profiles p ON p.account_id = u.id WHERE u.email = ?",
  )
    .bind(email)
    .first<{ id: string; profile_id: string }>())!;

beforeAll(async () => {
  // Two creators keep it quick; the demo creator is the first of them.
  const seed = generateSeed({ creators: 2, media: false, reference: false });
  for (const statement of seed.statements) await env.DB.prepare(statement).run();
});

describe("the demo orders", () => {
  it("stand in every state of spec section 4, on both demo accounts' lists", async () => {
    const creator = await accountOf("creator@demo.comet.local");
    const client = await accountOf("client@demo.comet.local");
    const seller = await listOrders(db(), {
      commissionAccountId: creator.id,
      side: "seller",
      filter: "all",
      page: 1,
      locale: "en",
    });
    const buyer = await listOrders(db(), {
      commissionAccountId: client.id,
      side: "buyer",
      filter: "all",
      page: 1,
      locale: "en",
    });
    expect(buyer.items.map((o) => o.code).sort()).toEqual(seller.items.map((o) => o.code).sort());
    const states = await env.DB.prepare(
      "SELECT DISTINCT order_progress_status || '/' || order_payment_status AS state FROM commission_orders WHERE seller_id = ? ORDER BY state",
    )
      .bind(creator.id)
      .all<{ state: string }>();
    expect(states.results.map((r) => r.state)).toEqual([
      "APPROVED/COMPLETED",
      "APPROVED/DRAFT",
      "CANCELED/DRAFT",
      "COMPLETED/COMPLETED",
      "DELIVERED/COMPLETED",
      "DRAFT/DRAFT",
    ]);
    const detail = await getOrderDetail(db(), env, "DEMO-DELIVERED", {
      commissionAccountId: client.id,
      profileId: client.profile_id,
      locale: "en",
      displayCurrencyCode: "JPY",
    });
    expect(detail).not.toBeNull();
  });

  it("are ones the Order Durable Object takes over where they stand: it loads each as D1 has it, and the pending one's deadline is its alarm", async () => {
    const creator = await accountOf("creator@demo.comet.local");
    const { results } = await env.DB.prepare(
      "SELECT id, code, order_progress_status AS progress, order_payment_status AS payment, approval_deadline FROM commission_orders WHERE seller_id = ?",
    )
      .bind(creator.id)
      .all<{ id: string; code: string; progress: string; payment: string; approval_deadline: number }>();
    for (const row of results) {
      const stub = orderStub(env.ORDER, row.id);
      const stored = await stub.get();
      expect(stored?.state).toMatchObject({ progress: row.progress, payment: row.payment });
    }
    const pending = results.find((r) => r.code === "DEMO-PENDING")!;
    expect(pending.approval_deadline).toBeGreaterThan(Date.now());
    const alarm = await runInDurableObject(orderStub(env.ORDER, pending.id), (_instance, state) =>
      state.storage.getAlarm(),
    );
    expect(alarm).toBe(pending.approval_deadline);
    // The seller could approve it (the rules, asked without acting, so the test can run again on the same data).
    const stored = await orderStub(env.ORDER, pending.id).get();
    expect(decide(stored!.state, { type: "approve" }, "seller", Date.now())).toMatchObject({ ok: true, changed: true });
  });

  it("each has its chat room in the order's chat status, whose messages the ChatRoom object takes over in their order", async () => {
    const client = await accountOf("client@demo.comet.local");
    const detail = await getOrderDetail(db(), env, "DEMO-PAID", {
      commissionAccountId: client.id,
      profileId: client.profile_id,
      locale: "en",
      displayCurrencyCode: "JPY",
    });
    expect(detail?.chatRoom).toMatchObject({
      roomStatus: "OPENED",
      viewerSide: "buyer",
      canWrite: true,
      lastReadSeq: { seller: 3, buyer: 3 },
    });
    const pending = await getOrderDetail(db(), env, "DEMO-PENDING", {
      commissionAccountId: client.id,
      profileId: client.profile_id,
      locale: "en",
      displayCurrencyCode: "JPY",
    });
    expect(pending?.chatRoom).toMatchObject({
      roomStatus: "DRAFT",
      canWrite: false,
      writeBlockedBy: "room_not_opened",
    });
    const buyerUser = await env.DB.prepare("SELECT user_account_id AS id FROM commission_accounts WHERE id = ?")
      .bind(client.id)
      .first<{ id: string }>();
    const roomId = detail!.chatRoom!.id;
    const page = await chatRoomStub(env, roomId).list({ roomId, userAccountId: buyerUser!.id, side: "buyer" }, {});
    expect(page.ok).toBe(true);
    if (!page.ok) return;
    expect(page.value.messages.map((m) => [m.seq, m.sender?.side])).toEqual([
      [1, "seller"],
      [2, "buyer"],
      [3, "seller"],
    ]);
    expect(page.value.messages[0].messageTexts[0]).toMatchObject({
      text: "Thank you for your request! I will read it through and get back to you.",
      isOriginal: true,
    });
  });
});
