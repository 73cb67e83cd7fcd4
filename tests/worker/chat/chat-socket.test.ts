// The chat's WebSockets (issue 11): upgrades refused before any socket opens, frames in seq order to everyone,
// hibernation (the object evicted with its sockets kept, then a message after waking), and live room changes.
import { env } from "cloudflare:workers";
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { chatOrder, list, openSocket, sent, updateRoom, upgrade } from "../support/chat-fixtures";
import { chatRoomStub, socketUpgradeRequest, type ChatCaller } from "#worker/chat/services/chat-rooms";
import { CHAT_SESSION_ENDED_CLOSE_CODE, type ChatMessagePage } from "#worker/chat/domain/chat-protocol";
import { call } from "../support/helpers";
import { sha256Hex } from "#worker/services/crypto";
import { orderStub } from "#worker/orders/order-stub";

const sendFrame = (text: string, clientMessageId: string = crypto.randomUUID()) => ({
  type: "send",
  clientMessageId,
  messageText: { text, languageCode: "en" },
  messageMedias: [],
});

describe("the upgrade", () => {
  it("refuses signed-out callers (401), strangers (404) and other sites' pages (403) before any socket opens", async () => {
    const order = await chatOrder();
    const signedOut = await upgrade(order.roomId, undefined);
    expect([signedOut.status, signedOut.webSocket]).toEqual([401, null]);
    const stranger = await upgrade(order.roomId, order.stranger.cookie);
    expect([stranger.status, stranger.webSocket]).toEqual([404, null]);
    const crossSite = await upgrade(order.roomId, order.buyer.cookie, {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect([crossSite.status, crossSite.webSocket]).toEqual([403, null]);
    const noOrigin = await upgrade(order.roomId, order.buyer.cookie, { origin: "" });
    expect(noOrigin.status).toBe(403);
    expect((await upgrade(crypto.randomUUID(), order.buyer.cookie)).status).toBe(404);
  });

  it("the object admits only the caller the Worker names, and only as their side of its own room", async () => {
    const order = await chatOrder();
    const other = await chatOrder();
    const stub = chatRoomStub(env, order.roomId);
    const buyer: ChatCaller = { roomId: order.roomId, userAccountId: order.buyer.userAccountId, side: "buyer" };
    const connect = async (caller: ChatCaller) =>
      (await stub.fetch(await socketUpgradeRequest(caller, "en", "a-session"))).status;
    // An upgrade that is not the Worker's (no caller named) opens nothing.
    expect(
      (
        await stub.fetch("https://chat-room/connect", {
          headers: { upgrade: "websocket", "x-account-id": order.buyer.userAccountId },
        })
      ).status,
    ).toBe(401);
    expect(await connect({ ...buyer, side: "seller" })).toBe(404);
    expect(await connect({ ...buyer, userAccountId: order.stranger.userAccountId })).toBe(404);
    expect(await connect({ ...buyer, roomId: other.roomId })).toBe(404);
    expect(await connect(buyer)).toBe(101);
    // RPC callers are checked the same way.
    expect(await stub.view({ ...buyer, side: "seller" })).toEqual({ ok: false, refusal: "not_found" });
    expect(await stub.view(buyer)).toMatchObject({ ok: true, value: { viewerSide: "buyer" } });
  });

  it("no header of the browser's reaches the object: a caller naming someone else in it is still only themselves", async () => {
    const order = await chatOrder();
    const posing = JSON.stringify({
      roomId: order.roomId,
      userAccountId: order.seller.userAccountId,
      side: "seller",
      locale: "en",
      session: "x",
    });
    const stranger = await upgrade(order.roomId, order.stranger.cookie, { "x-chat-caller": posing });
    expect([stranger.status, stranger.webSocket]).toEqual([404, null]);
    const buyer = await openSocket(order.roomId, order.buyer.cookie, { "x-chat-caller": posing });
    expect((await buyer.next("hello")).room.viewerSide).toBe("buyer");
    buyer.close();
  });

  it("greets with the room as the caller sees it and the last seq", async () => {
    const order = await chatOrder({ progress: "DRAFT", chat: "DRAFT" });
    await sent(order.seller.cookie, order.roomId);
    const buyer = await openSocket(order.roomId, order.buyer.cookie);
    const hello = await buyer.next("hello");
    expect(hello).toMatchObject({
      lastSeq: 1,
      room: { viewerSide: "buyer", roomStatus: "DRAFT", canWrite: false, writeBlockedBy: "room_not_opened" },
    });
    buyer.close();
  });
});

describe("messages over sockets", () => {
  it("are stored, then sent to everyone in the room (the sender's copy is its acknowledgement); a refusal goes to the sender only", async () => {
    const order = await chatOrder();
    const seller = await openSocket(order.roomId, order.seller.cookie);
    const buyer = await openSocket(order.roomId, order.buyer.cookie);
    await Promise.all([seller.next("hello"), buyer.next("hello")]);
    buyer.send(sendFrame("hi there", "c-1"));
    const [atSeller, atBuyer] = await Promise.all([seller.next("message"), buyer.next("message")]);
    expect(atSeller.message).toEqual(atBuyer.message);
    expect(atBuyer.message).toMatchObject({ seq: 1, clientMessageId: "c-1", sender: { side: "buyer" } });
    buyer.send(sendFrame(""));
    expect(await buyer.next("refused")).toMatchObject({
      error: "empty_message",
      message: "Enter a message or add a file.",
    });
    expect(seller.frames.filter((f) => f.type === "refused")).toEqual([]);
    seller.close();
    buyer.close();
  });

  it("a socket whose session ended without a word to the room (swept, or the sign-out's notice lost) is closed at its next send, and nothing is stored (issue 31)", async () => {
    const order = await chatOrder();
    const seller = await openSocket(order.roomId, order.seller.cookie);
    const buyer = await openSocket(order.roomId, order.buyer.cookie);
    await Promise.all([seller.next("hello"), buyer.next("hello")]);
    const hash = await sha256Hex(order.buyer.cookie.slice("comet_session=".length));
    await env.DB.prepare("DELETE FROM sessions WHERE id_hash = ?").bind(hash).run();
    const closed = new Promise<number>((resolve) =>
      buyer.socket.addEventListener("close", (event) => resolve(event.code)),
    );
    buyer.send(sendFrame("after it ended", "late-1"));
    expect(await closed).toBe(CHAT_SESSION_ENDED_CLOSE_CODE);
    seller.send(sendFrame("still here", "s-1"));
    expect((await seller.next("message")).message).toMatchObject({ seq: 1, clientMessageId: "s-1" });
    seller.close();
  });

  it("sign-out closes a socket whose session the room already trusts, before the answer (decision 085)", async () => {
    const order = await chatOrder();
    const seller = await openSocket(order.roomId, order.seller.cookie);
    const buyer = await openSocket(order.roomId, order.buyer.cookie);
    await Promise.all([seller.next("hello"), buyer.next("hello")]);
    // The room reads the buyer's session for this send and trusts it for the next CHAT_SESSION_RECHECK_MS.
    buyer.send(sendFrame("before sign-out", "early-1"));
    expect((await seller.next("message")).message).toMatchObject({ seq: 1, clientMessageId: "early-1" });
    const closed = new Promise<number>((resolve) =>
      buyer.socket.addEventListener("close", (event) => resolve(event.code)),
    );
    expect((await call("/api/auth/signout", { method: "POST", cookie: order.buyer.cookie })).status).toBeLessThan(400);
    // Closed by the sign-out itself: the socket sent nothing that would have made the room read the session again.
    expect(await closed).toBe(CHAT_SESSION_ENDED_CLOSE_CODE);
    seller.send(sendFrame("still here", "s-1"));
    expect((await seller.next("message", (f) => f.message.seq === 2)).message).toMatchObject({
      clientMessageId: "s-1",
    });
    seller.close();
  });

  it("a resend of a stored message is acknowledged to its socket only, and stores nothing", async () => {
    const order = await chatOrder();
    const seller = await openSocket(order.roomId, order.seller.cookie);
    const buyer = await openSocket(order.roomId, order.buyer.cookie);
    await Promise.all([seller.next("hello"), buyer.next("hello")]);
    buyer.send(sendFrame("once", "resend-1"));
    const first = await seller.next("message");
    buyer.close();
    const again = await openSocket(order.roomId, order.buyer.cookie);
    await again.next("hello");
    again.send(sendFrame("once", "resend-1"));
    expect((await again.next("message")).message).toEqual(first.message);
    again.send(sendFrame("next"));
    await seller.next("message", (f) => f.message.seq === 2);
    expect(seller.frames.filter((f) => f.type === "message")).toHaveLength(2);
    seller.close();
    again.close();
  });

  it("concurrent senders get one gapless order, the same on every socket and in the history", async () => {
    const order = await chatOrder();
    const seller = await openSocket(order.roomId, order.seller.cookie);
    const buyer = await openSocket(order.roomId, order.buyer.cookie);
    await Promise.all([seller.next("hello"), buyer.next("hello")]);
    // Within each sender's send limit (decision 066): the buyer's socket sends and HTTP sends together make ten.
    const count = 6;
    for (let i = 0; i < count; i++) {
      seller.send(sendFrame(`s${i}`));
      buyer.send(sendFrame(`b${i}`));
    }
    const http = await Promise.all(
      Array.from({ length: 4 }, (_, i) => sent(order.buyer.cookie, order.roomId, { text: `h${i}` })),
    );
    const total = count * 2 + http.length;
    await seller.next("message", (f) => f.message.seq === total);
    await buyer.next("message", (f) => f.message.seq === total);
    const seqs = (frames: typeof seller.frames) => frames.flatMap((f) => (f.type === "message" ? [f.message.seq] : []));
    expect(seqs(seller.frames)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(seqs(buyer.frames)).toEqual(seqs(seller.frames));
    const page = await (await list(order.seller.cookie, order.roomId)).json<ChatMessagePage>();
    expect(page.messages.map((m) => m.id)).toEqual(
      seller.frames.flatMap((f) => (f.type === "message" ? [f.message.id] : [])),
    );
    // D1's projection catches up with every one of them, in the same order.
    const projected = async () =>
      (
        await env.DB.prepare("SELECT seq FROM chat_messages WHERE room_id = ? ORDER BY seq")
          .bind(order.roomId)
          .all<{ seq: number }>()
      ).results.map((r) => r.seq);
    for (let tries = 0; tries < 100 && (await projected()).length < total; tries++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await projected()).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    seller.close();
    buyer.close();
  });

  it("survive eviction: hibernated sockets stay open, and the woken object knows the room and the next seq", async () => {
    const order = await chatOrder();
    const seller = await openSocket(order.roomId, order.seller.cookie);
    const buyer = await openSocket(order.roomId, order.buyer.cookie);
    await Promise.all([seller.next("hello"), buyer.next("hello")]);
    seller.send(sendFrame("before"));
    await buyer.next("message", (f) => f.message.seq === 1);
    const stub = chatRoomStub(env, order.roomId);
    await evictDurableObject(stub, { webSockets: "hibernate" });
    buyer.send(sendFrame("after"));
    const woke = await seller.next("message", (f) => f.message.seq === 2);
    expect(woke.message).toMatchObject({
      sender: { side: "buyer", userAccountId: order.buyer.userAccountId },
      messageTexts: [{ text: "after" }],
    });
    // Rebuilt from storage, not memory: both sockets are still the room's, with their sides.
    const sides = await runInDurableObject(stub, (_instance, state) =>
      state
        .getWebSockets()
        .map((ws) => (ws.deserializeAttachment() as { side: string }).side)
        .sort(),
    );
    expect(sides).toEqual(["buyer", "seller"]);
    seller.close();
    buyer.close();
  });

  it("a message stored but not yet in D1 (the object stopped first) is written there by the alarm", async () => {
    const order = await chatOrder();
    const message = await sent(order.buyer.cookie, order.roomId, { text: "lost on the way" });
    const stub = chatRoomStub(env, order.roomId);
    await env.DB.prepare("DELETE FROM chat_messages WHERE id = ?").bind(message.id).run();
    await runInDurableObject(stub, (_instance, state) => state.storage.sql.exec("UPDATE messages SET projected = 0"));
    await evictDurableObject(stub);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const row = await env.DB.prepare("SELECT seq FROM chat_messages WHERE id = ?")
      .bind(message.id)
      .first<{ seq: number }>();
    expect(row?.seq).toBe(1);
  });

  it("a settings change reaches every connected socket at once, each with its own view", async () => {
    const order = await chatOrder();
    const seller = await openSocket(order.roomId, order.seller.cookie);
    const buyer = await openSocket(order.roomId, order.buyer.cookie);
    await Promise.all([seller.next("hello"), buyer.next("hello")]);
    expect(
      (
        await updateRoom(order.seller.cookie, order.roomId, {
          restrictionType: "NO_REPLY",
          messageCharacterLimit: 500,
          messageMediaLimit: 1,
        })
      ).status,
    ).toBe(200);
    const [atSeller, atBuyer] = await Promise.all([seller.next("room"), buyer.next("room")]);
    expect(atSeller.room).toMatchObject({
      viewerSide: "seller",
      canWrite: true,
      restrictionType: "NO_REPLY",
      messageCharacterLimit: 500,
    });
    expect(atBuyer.room).toMatchObject({ viewerSide: "buyer", canWrite: false, writeBlockedBy: "no_reply" });
    buyer.send(sendFrame("may I?"));
    expect(await buyer.next("refused")).toMatchObject({ error: "no_reply" });
    seller.close();
    buyer.close();
  });

  it("under MODERATE_REPLY the client's input follows the turns live: open after a seller message, shut after their reply", async () => {
    const order = await chatOrder();
    expect(
      (
        await updateRoom(order.seller.cookie, order.roomId, {
          restrictionType: "MODERATE_REPLY",
          messageCharacterLimit: 1000,
          messageMediaLimit: 1,
        })
      ).status,
    ).toBe(200);
    const buyer = await openSocket(order.roomId, order.buyer.cookie);
    expect((await buyer.next("hello")).room).toMatchObject({ canWrite: false, writeBlockedBy: "moderate_reply_used" });
    await sent(order.seller.cookie, order.roomId, { text: "your turn" });
    expect((await buyer.next("room", (f) => f.room.canWrite)).room.writeBlockedBy).toBeNull();
    buyer.send(sendFrame("thanks"));
    expect(
      (await buyer.next("room", (f) => !f.room.canWrite && f.room.writeBlockedBy === "moderate_reply_used")).room
        .viewerSide,
    ).toBe("buyer");
    buyer.close();
  });

  it("a room nobody has opened yet follows the order too, in D1's row", async () => {
    const order = await chatOrder({ progress: "DRAFT", chat: "DRAFT" });
    const orderObject = orderStub(env.ORDER, order.id);
    expect(await orderObject.act({ type: "approve" }, { userAccountId: order.seller.userAccountId })).toMatchObject({
      status: "done",
    });
    const row = await env.DB.prepare("SELECT room_status FROM chat_rooms WHERE id = ?")
      .bind(order.roomId)
      .first<{ room_status: string }>();
    expect(row?.room_status).toBe("OPENED");
    await sent(order.buyer.cookie, order.roomId, { text: "now I can write" });
  });

  it("the order's approval opens the room and its cancellation closes it, live", async () => {
    const order = await chatOrder({ progress: "DRAFT", chat: "DRAFT" });
    const buyer = await openSocket(order.roomId, order.buyer.cookie);
    await buyer.next("hello");
    const orderObject = orderStub(env.ORDER, order.id);
    expect(await orderObject.act({ type: "approve" }, { userAccountId: order.seller.userAccountId })).toMatchObject({
      status: "done",
    });
    expect((await buyer.next("room")).room).toMatchObject({ roomStatus: "OPENED", canWrite: true });
    expect(await orderObject.act({ type: "cancel" }, { userAccountId: order.seller.userAccountId })).toMatchObject({
      status: "done",
    });
    expect((await buyer.next("room", (f) => f.room.roomStatus === "CLOSED")).room).toMatchObject({
      canWrite: false,
      writeBlockedBy: "room_closed",
    });
    const row = await env.DB.prepare("SELECT room_status FROM chat_rooms WHERE id = ?")
      .bind(order.roomId)
      .first<{ room_status: string }>();
    expect(row?.room_status).toBe("CLOSED");
    buyer.close();
  });
});
