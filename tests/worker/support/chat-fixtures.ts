// Orders with a chat room between fresh people, sockets into the room, and the chat API, for the chat tests.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { freshUser } from "./auth-helpers";
import { BASE, call, signUp } from "./helpers";
import { commissionAccountByEmail, insertOrder } from "./order-fixtures";
import type { ChatMediaSubmit, ChatMessageView, ChatServerFrame } from "#worker/chat/domain/chat-protocol";

export interface Party {
  cookie: string;
  userAccountId: string;
  commissionAccountId: string;
}

async function party(): Promise<Party> {
  const user = freshUser();
  const cookie = await signUp(user.handle, user.email);
  const account = await commissionAccountByEmail(user.email);
  return { cookie, userAccountId: account.userAccountId, commissionAccountId: account.id };
}

/** An order in the given state with its chat room (as request submission creates it), between three fresh people. */
export async function chatOrder(state: { progress?: string; payment?: string; chat?: string } = {}) {
  const { progress = "APPROVED", payment = "DRAFT", chat = "OPENED" } = state;
  const [seller, buyer, stranger] = await Promise.all([party(), party(), party()]);
  const order = await insertOrder({
    sellerId: seller.commissionAccountId,
    buyerId: buyer.commissionAccountId,
    priceAmount: 10_000,
    approvalDeadline: Date.now() + 86_400_000,
  });
  const roomId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE commission_orders SET order_progress_status = ?, order_payment_status = ?, order_chat_status = ? WHERE id = ?",
    ).bind(progress, payment, chat, order.id),
    env.DB.prepare("INSERT INTO chat_rooms (id, order_id, room_status) VALUES (?, ?, ?)").bind(roomId, order.id, chat),
  ]);
  return { ...order, roomId, seller, buyer, stranger };
}

const text = (value: string) => ({ text: value, languageCode: "en" });

/** A stored file as a send names it. */
export const fileMedia = (url: string, name?: string): ChatMediaSubmit => ({
  formatType: "FILE",
  file: { url },
  ...(name === undefined ? {} : { name }),
});
export const linkMedia = (url: string, extra: { name?: string; userIndex?: number } = {}): ChatMediaSubmit => ({
  formatType: "LINK",
  link: { url },
  ...extra,
});
export const embedMedia = (code: string, extra: { name?: string; userIndex?: number } = {}): ChatMediaSubmit => ({
  formatType: "EMBED",
  embed: { code },
  ...extra,
});

export const submit = (
  cookie: string,
  chatRoomId: string,
  body: { text?: string; medias?: ChatMediaSubmit[]; clientMessageId?: string } = {},
) =>
  call("/api/features/chat/message/submit", {
    method: "POST",
    cookie,
    json: {
      chatRoomId,
      clientMessageId: body.clientMessageId ?? crypto.randomUUID(),
      messageText: text(body.text ?? "hello"),
      messageMedias: body.medias ?? [],
    },
  });

export async function sent(
  cookie: string,
  chatRoomId: string,
  body: Parameters<typeof submit>[2] = {},
): Promise<ChatMessageView> {
  const response = await submit(cookie, chatRoomId, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json<{ message: ChatMessageView }>()).message;
}

export async function refusal(response: Response): Promise<string> {
  const body = await response.json<{ error: string; message?: string }>();
  return body.error;
}

export const list = (cookie: string, chatRoomId: string, query = "") =>
  call(`/api/features/chat/message/list?chatRoomId=${chatRoomId}${query}`, { cookie });
export const updateRoom = (
  cookie: string,
  chatRoomId: string,
  settings: { restrictionType: string; messageCharacterLimit: number; messageMediaLimit: number },
) => call("/api/features/chat/room/update", { method: "POST", cookie, json: { chatRoomId, ...settings } });

/** The upgrade request a page of ours makes (its Origin is ours). */
export function upgrade(chatRoomId: string, cookie: string | undefined, headers: Record<string, string> = {}) {
  return call(`/ws/chat/${chatRoomId}`, { cookie, headers: { upgrade: "websocket", origin: BASE, ...headers } });
}

/** An open socket in the room and every frame it has received, with a wait for the next one that matches. */
export async function openSocket(chatRoomId: string, cookie: string, headers: Record<string, string> = {}) {
  const response = await upgrade(chatRoomId, cookie, headers);
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const frames: ChatServerFrame[] = [];
  const waiters: { match: (f: ChatServerFrame) => boolean; resolve: (f: ChatServerFrame) => void }[] = [];
  socket.addEventListener("message", (event) => {
    const frame = JSON.parse(event.data as string) as ChatServerFrame;
    frames.push(frame);
    for (const waiter of waiters.filter((w) => w.match(frame))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(frame);
    }
  });
  socket.accept();
  /** The first frame received so far or later that matches (frames are kept, so none is missed by a late wait). */
  function next<T extends ChatServerFrame["type"]>(
    type: T,
    where: (f: Extract<ChatServerFrame, { type: T }>) => boolean = () => true,
    timeoutMs = 10_000,
  ) {
    const match = (f: ChatServerFrame) => f.type === type && where(f as Extract<ChatServerFrame, { type: T }>);
    const seen = frames.find(match);
    if (seen) return Promise.resolve(seen as Extract<ChatServerFrame, { type: T }>);
    return new Promise<Extract<ChatServerFrame, { type: T }>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} frame within ${timeoutMs} ms`)), timeoutMs);
      waiters.push({
        match,
        resolve: (f) => (clearTimeout(timer), resolve(f as Extract<ChatServerFrame, { type: T }>)),
      });
    });
  }
  const send = (frame: object) => socket.send(JSON.stringify(frame));
  return { socket, frames, next, send, close: () => socket.close(1000, "done") };
}
