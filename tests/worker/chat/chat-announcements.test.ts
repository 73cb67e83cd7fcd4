// Stage events in the chat as system messages (issue 36): posted by the real Order object once a transition has landed,
// once per event however often it is announced, stored with the room's gapless seq and projected to D1 as a key and
// its facts (no words), and posted even where the parties may not write; never a party's turn under MODERATE_REPLY.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chatOrder, list, openSocket, refusal, sent, submit } from "../support/chat-fixtures";
import type { ChatMessagePage } from "#worker/chat/domain/chat-protocol";
import { stagesOfPlan } from "#worker/orders/domain/order-stages";
import {
  announceOrderEvent,
  chatRoomStub,
  loadChatRoom,
  loadProjectedMessages,
} from "#worker/chat/services/chat-rooms";
import { orderStub } from "#worker/orders/order-stub";

const PLAN = [
  { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
  { title: "Colour", sharePercent: 70, includedRevisions: 0 },
];

/** A paid order of 10,000 in two stages, with its chat room open. */
async function stagedOrder() {
  const order = await chatOrder({ progress: "APPROVED", payment: "COMPLETED", chat: "OPENED" });
  await env.DB.prepare("UPDATE commission_orders SET stages = ?, paid_at = ? WHERE id = ?")
    .bind(JSON.stringify(stagesOfPlan(PLAN)), Date.now(), order.id)
    .run();
  const orderObject = orderStub(env.ORDER, order.id);
  const act = async (action: Parameters<typeof orderObject.act>[0], side: "seller" | "buyer") => {
    const result = await orderObject.act(action, {
      commissionAccountId: order[side].commissionAccountId,
    });
    expect(result.status, JSON.stringify(result)).toBe("done");
    return result;
  };
  return { ...order, act };
}

async function messagesOf(cookie: string, roomId: string) {
  const response = await list(cookie, roomId);
  expect(response.status).toBe(200);
  return (await response.json<ChatMessagePage>()).messages;
}

describe("system messages of stage events", () => {
  it("the Order object posts one per landed stage event, to both parties and to open sockets, with the next seq", async () => {
    const order = await stagedOrder();
    await sent(order.seller.cookie, order.roomId, { text: "starting" });
    const socket = await openSocket(order.roomId, order.buyer.cookie);
    await order.act({ type: "submitPreview", stage: 0 }, "seller");

    const live = await socket.next("message", (f) => f.message.notice !== null);
    expect(live.message).toMatchObject({
      seq: 2,
      sender: null,
      notice: { key: "stage_previewed", stage: { index: 0, title: "Sketch" } },
      messageTexts: [],
    });
    socket.close();

    await order.act({ type: "requestRevision", stage: 0 }, "buyer");
    await order.act({ type: "submitPreview", stage: 0 }, "seller");
    await order.act({ type: "approveStage", stage: 0 }, "buyer");
    for (const cookie of [order.seller.cookie, order.buyer.cookie]) {
      const messages = await messagesOf(cookie, order.roomId);
      expect(messages.map((m) => [m.seq, m.notice?.key ?? m.sender?.side])).toEqual([
        [1, "seller"],
        [2, "stage_previewed"],
        [3, "stage_revision_requested"],
        [4, "stage_previewed"],
        [5, "stage_approved"],
      ]);
    }
  });

  it("posts nothing new when the same event is announced again", async () => {
    const order = await stagedOrder();
    const done = await order.act({ type: "submitPreview", stage: 0 }, "seller");
    const version = (await env.DB.prepare("SELECT version FROM commission_orders WHERE id = ?")
      .bind(order.id)
      .first<number>("version"))!;
    const before = { stages: stagesOfPlan(PLAN) };
    if (done.status !== "done") throw new Error("not done");
    const replay = { event: "STAGE_PREVIEWED" as const, before, after: done.state };
    await announceOrderEvent(env, { orderId: order.id, roomId: order.roomId }, version, replay);
    await announceOrderEvent(env, { orderId: order.id, roomId: order.roomId }, version, replay);
    const messages = await messagesOf(order.buyer.cookie, order.roomId);
    expect(messages.map((m) => m.notice?.key)).toEqual(["stage_previewed"]);
    expect(messages[0].clientMessageId).toBe(`${order.id}:${version}`);
  });

  it("is projected to D1 as a key and its facts, and a room loaded from D1 reads it back as the system's", async () => {
    const order = await stagedOrder();
    await sent(order.buyer.cookie, order.roomId, { text: "hi" });
    await order.act({ type: "submitPreview", stage: 0 }, "seller");
    const row = await env.DB.prepare(
      `SELECT m.seq, m.sender_user_account_id AS sender, t.text AS notice, t.field FROM chat_messages m
       JOIN localized_texts t ON t.entity_type = 'chat_message' AND t.entity_id = m.id WHERE m.room_id = ? AND m.seq = 2`,
    )
      .bind(order.roomId)
      .first<{ seq: number; sender: string; notice: string; field: string }>();
    expect(row).toMatchObject({ seq: 2, sender: order.seller.userAccountId, field: "system_notice" });
    expect(JSON.parse(row!.notice)).toEqual({ key: "stage_previewed", stage: { index: 0, title: "Sketch" } });

    const room = (await loadChatRoom(env.DB, order.roomId))!;
    const reloaded = await loadProjectedMessages(env.DB, room);
    expect(reloaded.map((m) => m.side)).toEqual(["buyer", "system"]);
    expect(reloaded[1]).toMatchObject({ side: "system", notice: { key: "stage_previewed" } });
  });

  it("is nobody's turn under MODERATE_REPLY: the client's one reply stays used", async () => {
    const order = await stagedOrder();
    const moderate = { restrictionType: "MODERATE_REPLY" as const, messageCharacterLimit: 1000, messageMediaLimit: 10 };
    // The settings lock once paid: set them on the room object as the seller's accepted update would.
    await chatRoomStub(env, order.roomId).applySettings(
      { roomId: order.roomId, userAccountId: order.seller.userAccountId, side: "seller" },
      moderate,
    );
    await sent(order.seller.cookie, order.roomId);
    await sent(order.buyer.cookie, order.roomId);
    await order.act({ type: "submitPreview", stage: 0 }, "seller");
    expect(await refusal(await submit(order.buyer.cookie, order.roomId))).toBe("moderate_reply_used");
  });

  it("a cancel closes the room to both parties and still posts what was refunded and kept", async () => {
    const order = await stagedOrder();
    await order.act({ type: "submitPreview", stage: 0 }, "seller");
    await order.act({ type: "approveStage", stage: 0 }, "buyer");
    await order.act({ type: "cancel" }, "seller");
    expect(await refusal(await submit(order.seller.cookie, order.roomId))).toBe("room_closed");
    const last = (await messagesOf(order.buyer.cookie, order.roomId)).at(-1)!;
    expect(last.notice).toEqual({
      key: "staged_order_canceled",
      money: { currency: "JPY", refunded: 7_000, kept: 3_000 },
    });
  });
});
