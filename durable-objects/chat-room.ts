import { DurableObject } from "cloudflare:workers";

interface SocketAttachment {
  accountId: string;
}

/**
 * One instance per chat room. Uses hibernating WebSockets (ctx.acceptWebSocket): the object may be evicted
 * between messages, so per-socket state lives in the socket's attachment, never only in memory.
 * The Worker authenticates the user and passes the account id in the X-Account-Id header of the upgrade.
 */
export class ChatRoom extends DurableObject<Env> {
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade") !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
    const accountId = request.headers.get("x-account-id");
    if (!accountId) return new Response("Unauthenticated", { status: 401 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [accountId]);
    pair[1].serializeAttachment({ accountId } satisfies SocketAttachment);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const { accountId } = ws.deserializeAttachment() as SocketAttachment;
    const text = typeof message === "string" ? message : new TextDecoder().decode(message);
    const payload = JSON.stringify({ senderAccountId: accountId, text, sentAt: Date.now() });
    for (const socket of this.ctx.getWebSockets()) socket.send(payload);
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    ws.close(code, "closing");
  }

  connectionCount(): number {
    return this.ctx.getWebSockets().length;
  }
}
