// The chat panel's HTTP calls (routes of worker/chat/domain/chat-protocol.ts): history pages, the send when the socket is
// down, the read marker, the retry of a translation, and the seller's settings. Each answers data or the server's message, never throws.
import type {
  ChatMessagePage,
  ChatMessageSubmit,
  ChatMessageView,
  ChatRoomUpdate,
  ChatRoomView,
  ChatServerFrame,
} from "#worker/chat/domain/chat-protocol";

const BASE = "/api/features/chat";

type Outcome<T> = { ok: true; value: T } | { ok: false; message: string | null };

async function call<T>(path: string, init?: RequestInit): Promise<Outcome<T>> {
  try {
    const response = await fetch(`${BASE}${path}`, { credentials: "same-origin", ...init });
    const body = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
    if (!response.ok || body === null) {
      // Spec section 8: a non-200 on chat is only logged (the caller shows the toast for a failed send).
      console.warn(`chat ${path}: ${response.status}`);
      return { ok: false, message: typeof body?.message === "string" ? body.message : null };
    }
    return { ok: true, value: body };
  } catch {
    return { ok: false, message: null };
  }
}

const post = <T>(path: string, body: unknown) =>
  call<T>(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** chatMessage.getList: the newest page, the page before `before`, or what came after `after`. */
export function listMessages(chatRoomId: string, page: { before?: number; after?: number } = {}) {
  const query = new URLSearchParams({ chatRoomId });
  if (page.before !== undefined) query.set("before", String(page.before));
  if (page.after !== undefined) query.set("after", String(page.after));
  return call<ChatMessagePage>(`/message/list?${query}`);
}

export async function submitMessage(body: ChatMessageSubmit): Promise<Outcome<ChatMessageView>> {
  const outcome = await post<{ message: ChatMessageView }>("/message/submit", body);
  return outcome.ok ? { ok: true, value: outcome.value.message } : outcome;
}

/** The retry of a message's translation into the page's language, while the socket is down (issue 46). */
export function requestTranslation(chatRoomId: string, seq: number) {
  return post<Omit<Extract<ChatServerFrame, { type: "translation" }>, "type">>("/message/translate", {
    chatRoomId,
    seq,
  });
}

export function markRoomRead(chatRoomId: string, seq: number) {
  return post<object>("/room/read", { chatRoomId, seq });
}

export async function updateRoom(body: ChatRoomUpdate): Promise<Outcome<ChatRoomView>> {
  const outcome = await post<{ room: ChatRoomView }>("/room/update", body);
  return outcome.ok ? { ok: true, value: outcome.value.room } : outcome;
}
