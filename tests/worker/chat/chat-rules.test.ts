// The order chat's rules, enforced by the ChatRoom object on the HTTP path (issue 11, spec sections 4, 5, 7, 9):
// who may write in which state and restriction, the limits, idempotent resends, paging, and chatRoom.update.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../support/helpers";
import { chatOrder, fileMedia, list, refusal, sent, submit, updateRoom } from "../support/chat-fixtures";
import type { ChatMessagePage, ChatRoomView } from "#worker/chat/domain/chat-protocol";

const settings = (restrictionType: string, messageCharacterLimit = 1000, messageMediaLimit = 10) => ({
  restrictionType,
  messageCharacterLimit,
  messageMediaLimit,
});

describe("who may write", () => {
  it("a DRAFT room: the seller writes, the client waits for the commission to start", async () => {
    const order = await chatOrder({ progress: "DRAFT", chat: "DRAFT" });
    await sent(order.seller.cookie, order.roomId);
    const response = await submit(order.buyer.cookie, order.roomId);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: "room_not_opened",
      message: "Waiting for the commission to start.",
    });
  });

  it("a CLOSED room: nobody writes, and the refusal is in the caller's language", async () => {
    const order = await chatOrder({ progress: "COMPLETED", payment: "COMPLETED", chat: "CLOSED" });
    expect(await refusal(await submit(order.seller.cookie, order.roomId))).toBe("room_closed");
    const ja = await call("/api/features/chat/message/submit", {
      method: "POST",
      cookie: `${order.buyer.cookie}; app-language=ja`,
      json: {
        chatRoomId: order.roomId,
        clientMessageId: "x",
        messageText: { text: "hi", languageCode: "ja" },
        messageMedias: [],
      },
    });
    expect(await ja.json()).toMatchObject({ error: "room_closed", message: "クローズ" });
  });

  it("UNLIMITED_REPLY (the default): the client writes as often as they like", async () => {
    const order = await chatOrder();
    await sent(order.buyer.cookie, order.roomId);
    await sent(order.buyer.cookie, order.roomId);
  });

  it("NO_REPLY: the client cannot write; the seller still can", async () => {
    const order = await chatOrder();
    expect((await updateRoom(order.seller.cookie, order.roomId, settings("NO_REPLY"))).status).toBe(200);
    await sent(order.seller.cookie, order.roomId);
    expect(await refusal(await submit(order.buyer.cookie, order.roomId))).toBe("no_reply");
  });

  it("MODERATE_REPLY: the client replies once per seller message", async () => {
    const order = await chatOrder();
    expect((await updateRoom(order.seller.cookie, order.roomId, settings("MODERATE_REPLY"))).status).toBe(200);
    expect(await refusal(await submit(order.buyer.cookie, order.roomId))).toBe("moderate_reply_used");
    await sent(order.seller.cookie, order.roomId);
    await sent(order.buyer.cookie, order.roomId);
    expect(await refusal(await submit(order.buyer.cookie, order.roomId))).toBe("moderate_reply_used");
    await sent(order.seller.cookie, order.roomId);
    await sent(order.buyer.cookie, order.roomId);
  });

  it("strangers and signed-out callers reach no room", async () => {
    const order = await chatOrder();
    expect((await submit(order.stranger.cookie, order.roomId)).status).toBe(404);
    expect((await list(order.stranger.cookie, order.roomId)).status).toBe(404);
    expect((await submit("", order.roomId)).status).toBe(401);
    expect((await submit(order.seller.cookie, crypto.randomUUID())).status).toBe(404);
  });
});

describe("what a message may hold", () => {
  it("refuses an empty message", async () => {
    const order = await chatOrder();
    expect(await refusal(await submit(order.buyer.cookie, order.roomId, { text: "   " }))).toBe("empty_message");
  });

  it("counts characters as code points against the room's limit (1000 by default)", async () => {
    const order = await chatOrder();
    await sent(order.buyer.cookie, order.roomId, { text: "あ".repeat(1000) });
    expect(await refusal(await submit(order.buyer.cookie, order.roomId, { text: "a".repeat(1001) }))).toBe(
      "too_many_characters",
    );
    expect((await updateRoom(order.seller.cookie, order.roomId, settings("UNLIMITED_REPLY", 3))).status).toBe(200);
    await sent(order.buyer.cookie, order.roomId, { text: "😀😀😀" });
    expect(await refusal(await submit(order.buyer.cookie, order.roomId, { text: "abcd" }))).toBe("too_many_characters");
  });

  it("refuses more files than the room allows before looking at them", async () => {
    const order = await chatOrder();
    expect((await updateRoom(order.seller.cookie, order.roomId, settings("UNLIMITED_REPLY", 1000, 1))).status).toBe(
      200,
    );
    const medias = [1, 2].map((i) =>
      fileMedia(`/media/v1/commission-order/${order.id}/chat_medias/${crypto.randomUUID()}.png`, `${i}.png`),
    );
    expect(await refusal(await submit(order.buyer.cookie, order.roomId, { text: "", medias }))).toBe("too_many_medias");
  });
});

describe("messages", () => {
  it("a resend with the same clientMessageId stores nothing new and answers the first message", async () => {
    const order = await chatOrder();
    const clientMessageId = crypto.randomUUID();
    const first = await sent(order.buyer.cookie, order.roomId, { clientMessageId, text: "once" });
    const again = await sent(order.buyer.cookie, order.roomId, { clientMessageId, text: "once" });
    expect(again).toEqual(first);
    const page = await (await list(order.seller.cookie, order.roomId)).json<ChatMessagePage>();
    expect(page.messages.map((m) => m.seq)).toEqual([1]);
    const rows = await env.DB.prepare("SELECT seq FROM chat_messages WHERE room_id = ?")
      .bind(order.roomId)
      .all<{ seq: number }>();
    expect(rows.results).toEqual([{ seq: 1 }]);
  });

  it("stores the text as the original in the sender's language, and projects it into D1", async () => {
    const order = await chatOrder();
    const message = await sent(order.seller.cookie, order.roomId, { text: "こんにちは" });
    expect(message).toMatchObject({
      seq: 1,
      sender: { side: "seller", userAccountId: order.seller.userAccountId },
      // The wire names the original's language as read from the text (issue 46), whatever the page said it was.
      messageTexts: [{ text: "こんにちは", languageCode: "ja", isOriginal: true }],
    });
    const text = await env.DB.prepare(
      "SELECT text, is_original FROM localized_texts WHERE entity_type = 'chat_message' AND entity_id = ?",
    )
      .bind(message.id)
      .first();
    expect(text).toEqual({ text: "こんにちは", is_original: 1 });
  });

  it("pages history before a seq and catches up after one", async () => {
    const order = await chatOrder();
    for (let i = 1; i <= 5; i++) await sent(order.seller.cookie, order.roomId, { text: `m${i}` });
    const latest = await (await list(order.buyer.cookie, order.roomId, "&limit=2")).json<ChatMessagePage>();
    expect(latest.messages.map((m) => m.seq)).toEqual([4, 5]);
    expect(latest).toMatchObject({ hasMore: true, lastSeq: 5 });
    const older = await (await list(order.buyer.cookie, order.roomId, "&limit=2&before=4")).json<ChatMessagePage>();
    expect(older.messages.map((m) => m.seq)).toEqual([2, 3]);
    const oldest = await (await list(order.buyer.cookie, order.roomId, "&limit=2&before=2")).json<ChatMessagePage>();
    expect(oldest).toMatchObject({ hasMore: false });
    expect(oldest.messages.map((m) => m.seq)).toEqual([1]);
    const after = await (await list(order.buyer.cookie, order.roomId, "&after=3")).json<ChatMessagePage>();
    expect(after.messages.map((m) => m.messageTexts[0].text)).toEqual(["m4", "m5"]);
  });
});

describe("chatRoom.update", () => {
  it("is the seller's: the client is refused and nothing changes", async () => {
    const order = await chatOrder();
    const response = await updateRoom(order.buyer.cookie, order.roomId, settings("NO_REPLY"));
    expect(response.status).toBe(403);
    await sent(order.buyer.cookie, order.roomId);
    expect((await updateRoom(order.stranger.cookie, order.roomId, settings("NO_REPLY"))).status).toBe(404);
  });

  it("follows the order's editability (not once paid or canceled) and logs the change on the order", async () => {
    const open = await chatOrder();
    const response = await updateRoom(open.seller.cookie, open.roomId, settings("MODERATE_REPLY", 200, 2));
    expect(response.status).toBe(200);
    expect((await response.json<{ room: ChatRoomView }>()).room).toMatchObject({
      restrictionType: "MODERATE_REPLY",
      messageCharacterLimit: 200,
      messageMediaLimit: 2,
      viewerSide: "seller",
    });
    const event = await env.DB.prepare("SELECT event_type FROM commission_order_events WHERE order_id = ?")
      .bind(open.id)
      .first<{ event_type: string }>();
    expect(event?.event_type).toBe("CHAT_SETTINGS_UPDATED");
    const row = await env.DB.prepare("SELECT restriction_type, message_character_limit FROM chat_rooms WHERE id = ?")
      .bind(open.roomId)
      .first();
    expect(row).toEqual({ restriction_type: "MODERATE_REPLY", message_character_limit: 200 });

    for (const state of [
      { progress: "APPROVED", payment: "COMPLETED" },
      { progress: "CANCELED", chat: "CLOSED" },
    ]) {
      const order = await chatOrder(state);
      const refused = await updateRoom(order.seller.cookie, order.roomId, settings("NO_REPLY"));
      expect(refused.status).toBe(409);
      expect(await refusal(refused)).toBe("not_editable");
    }
  });

  it("refuses values out of bounds", async () => {
    const order = await chatOrder();
    expect(await refusal(await updateRoom(order.seller.cookie, order.roomId, settings("SOMETIMES")))).toBe(
      "invalid_settings",
    );
    expect(await refusal(await updateRoom(order.seller.cookie, order.roomId, settings("NO_REPLY", 0)))).toBe(
      "invalid_settings",
    );
  });
});
