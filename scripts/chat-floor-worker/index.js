// The chat bench's workerd floor (`npm run bench:chat`, issue 48): one Durable Object room in the same runtime as
// Comet's, with hibernating WebSockets as the ChatRoom accepts them, that does the least a room can. Each `send` frame is
// broadcast to every socket as a `message` with its clientMessageId; with `?store=1` the room first writes the message
// to its SQLite storage, so the output gate holds the frames until the write is durable, as it holds a real message.
// What the bench measures against it is workerd's own cost of a message (and of a stored one), whatever Comet does.
//
//   wrangler dev -c scripts/chat-floor-worker/wrangler.json (started by scripts/bench-chat.mjs)
import { DurableObject } from "cloudflare:workers";

export class FloorRoom extends DurableObject {
  /** @param {Request} request */
  async fetch(request) {
    const store = new URL(request.url).searchParams.get("store") === "1";
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server, [store ? "store" : "echo"]);
    if (store) this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS messages (seq INTEGER PRIMARY KEY, body TEXT)");
    server.send(JSON.stringify({ type: "hello", lastSeq: 0 }));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** @param {WebSocket} socket @param {string | ArrayBuffer} data */
  webSocketMessage(socket, data) {
    const frame = JSON.parse(String(data));
    if (frame.type !== "send") return;
    // In memory: the echo room touches no storage at all (a bench room that hibernates starts again from 1).
    this.seq = (this.seq ?? 0) + 1;
    const seq = this.seq;
    if (this.ctx.getTags(socket).includes("store"))
      this.ctx.storage.sql.exec("INSERT INTO messages (seq, body) VALUES (?, ?)", seq, String(data));
    const payload = JSON.stringify({
      type: "message",
      message: { seq, clientMessageId: frame.clientMessageId, messageTexts: [frame.messageText] },
    });
    for (const each of this.ctx.getWebSockets()) each.send(payload);
  }
}

export default {
  /** @param {Request} request @param {{ ROOM: DurableObjectNamespace }} env */
  fetch(request, env) {
    if (request.headers.get("upgrade") !== "websocket")
      return new Response("the chat bench's floor room", { status: 200 });
    return env.ROOM.get(env.ROOM.idFromName("floor")).fetch(request);
  },
};
