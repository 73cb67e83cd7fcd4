// A sender's pace in a room (decision 066): CHAT_SEND_LIMIT's messages per window, over either door, refused as
// `rate_limited` in the sender's language; kept in the object's storage, so a hibernation between sends forgets none.
import { env } from "cloudflare:workers";
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { chatOrder, openSocket, sent, submit } from "../support/chat-fixtures";
import { CHAT_SEND_LIMIT } from "#worker/chat/domain/chat";
import { chatRoomStub } from "#worker/chat/services/chat-rooms";

const sendFrame = (text: string, clientMessageId: string = crypto.randomUUID()) => ({
  type: "send",
  clientMessageId,
  messageText: { text, languageCode: "en" },
  messageMedias: [],
});

describe("the send limit", () => {
  it("refuses a sender's next message over HTTP with 429 in their language; the other party and resends are not held", async () => {
    const order = await chatOrder();
    for (let i = 0; i < CHAT_SEND_LIMIT.messages; i++)
      await sent(order.buyer.cookie, order.roomId, { text: `m${i}`, clientMessageId: `m${i}` });
    const over = await submit(order.buyer.cookie, order.roomId, { text: "one too many" });
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({
      error: "rate_limited",
      message: "You're sending messages too quickly. Wait a few seconds and try again.",
    });
    const ja = await submit(`${order.buyer.cookie}; app-language=ja`, order.roomId, { text: "もう一通" });
    expect(await ja.json()).toEqual({
      error: "rate_limited",
      message: "メッセージの送信が速すぎます。数秒待ってからもう一度お試しください。",
    });
    // A resend of a stored message stores nothing, so it is acknowledged as before.
    expect((await sent(order.buyer.cookie, order.roomId, { text: "m0", clientMessageId: "m0" })).seq).toBe(1);
    // Per sender: the seller writes on.
    expect((await sent(order.seller.cookie, order.roomId, { text: "take your time" })).seq).toBe(
      CHAT_SEND_LIMIT.messages + 1,
    );
  });

  it("holds across hibernation, refuses over the socket in the socket's language, and lets the sender on once the window has passed", async () => {
    const order = await chatOrder();
    const buyer = await openSocket(order.roomId, `${order.buyer.cookie}; app-language=ja`);
    await buyer.next("hello");
    for (let i = 1; i <= CHAT_SEND_LIMIT.messages; i++) buyer.send(sendFrame(`m${i}`));
    await buyer.next("message", (f) => f.message.seq === CHAT_SEND_LIMIT.messages);
    const stub = chatRoomStub(env, order.roomId);
    await evictDurableObject(stub, { webSockets: "hibernate" });
    buyer.send(sendFrame("after waking", "late"));
    expect(await buyer.next("refused", (f) => f.clientMessageId === "late")).toMatchObject({
      error: "rate_limited",
      message: "メッセージの送信が速すぎます。数秒待ってからもう一度お試しください。",
    });
    // The window passes (the stored times move back by its length, and the room wakes again to read them, as it
    // counts in memory while awake): the same send is taken.
    await runInDurableObject(stub, (_instance, state) =>
      state.storage.sql.exec("UPDATE messages SET created_at = created_at - ?", CHAT_SEND_LIMIT.windowMs),
    );
    await evictDurableObject(stub, { webSockets: "hibernate" });
    buyer.send(sendFrame("after waking", "late"));
    expect((await buyer.next("message", (f) => f.message.clientMessageId === "late")).message.seq).toBe(
      CHAT_SEND_LIMIT.messages + 1,
    );
    buyer.close();
  });
});
