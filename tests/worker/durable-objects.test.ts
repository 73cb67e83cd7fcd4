import { env } from "cloudflare:workers";
import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";

describe("ChatRoom Durable Object", () => {
  it("refuses a WebSocket without an authenticated account", async () => {
    const stub = env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(`room-${crypto.randomUUID()}`));
    const response = await stub.fetch("http://do/ws", { headers: { upgrade: "websocket" } });
    expect(response.status).toBe(401);
  });

  it("broadcasts with the sender from the socket attachment, across hibernation", async () => {
    const stub = env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(`room-${crypto.randomUUID()}`));
    const response = await stub.fetch("http://do/ws", { headers: { upgrade: "websocket", "x-account-id": "acct-1" } });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    socket.accept();
    await evictDurableObject(stub, { webSockets: "hibernate" });
    const received = new Promise<string>((resolve) => socket.addEventListener("message", (event) => resolve(event.data as string)));
    socket.send("hello");
    const message = JSON.parse(await received);
    expect(message).toMatchObject({ senderAccountId: "acct-1", text: "hello" });
    expect(await stub.connectionCount()).toBe(1);
  });
});
