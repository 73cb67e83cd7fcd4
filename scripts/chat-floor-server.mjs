// The chat bench's transport floor (`npm run bench:chat`, issue 48): a WebSocket server in its own Node process that
// speaks just enough of the room's protocol (a hello on connect; each `send` frame broadcast to every socket as a
// `message` with its clientMessageId) and does nothing else: no storage, no checks, no proxy in front. What the bench
// measures against it is what its own clients and the machine cost, whatever the room does.
//
//   node scripts/chat-floor-server.mjs <port>
import { WebSocketServer } from "ws";

const port = Number(process.argv[2]);
const server = new WebSocketServer({ port, host: "127.0.0.1" });
let seq = 0;
server.on("connection", (socket) => {
  socket.send(JSON.stringify({ type: "hello", lastSeq: seq }));
  socket.on("message", (data) => {
    const frame = JSON.parse(String(data));
    if (frame.type !== "send") return;
    const payload = JSON.stringify({
      type: "message",
      message: { seq: ++seq, clientMessageId: frame.clientMessageId, messageTexts: [frame.messageText] },
    });
    for (const client of server.clients) client.send(payload);
  });
});
server.on("listening", () => console.log(`listening on ${port}`));
