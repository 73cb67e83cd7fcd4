import { Hono } from "hono";
import { jsonInput } from "../http/json-body";
import * as v from "valibot";
import type { AppContext, AppEnv } from "../http/context";
import { chatRefusalMessage } from "../http/chat-messages";
import { settingsRefusal } from "../domain/chat";
import { CHAT_PAGE_SIZE, type ChatSide } from "../domain/chat-protocol";
import { chatSendRefusal, chatSubmitSchema } from "../domain/chat-send-schema";
import type { ChatCallResult } from "../../durable-objects/chat-room";
import { CHAT_TICKET_HEADER, chatRoomStub, chatSideOf, issueChatTicket } from "../services/chat-rooms";

/**
 * The order chat's HTTP side (issue 11; the routes are listed in worker/domain/chat-protocol.ts). The Worker checks
 * the session and that the caller is the order's seller or buyer (anyone else: 404, as for a room that does not
 * exist), then hands the room's Durable Object a short-lived signed ticket naming them; the object applies the rules.
 */
export const chatApi = new Hono<AppEnv>();

const roomId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const seq = v.pipe(v.number(), v.integer(), v.minValue(0));
const updateBody = v.object({
  chatRoomId: roomId,
  restrictionType: v.string(),
  messageCharacterLimit: v.number(),
  messageMediaLimit: v.number(),
});
const readBody = v.object({ chatRoomId: roomId, seq });
const listQuery = v.object({
  chatRoomId: roomId,
  before: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))),
  after: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number)), String(CHAT_PAGE_SIZE)),
});

const REFUSAL_STATUS: Record<string, 400 | 403 | 409> = {
  not_editable: 409,
  invalid_settings: 400,
  invalid_media: 400,
  invalid_link: 400,
  invalid_embed: 400,
  empty_message: 400,
  invalid_characters: 400,
  too_many_characters: 400,
  too_many_medias: 400,
};

/** The caller's ticket into the room, or the answer that ends the request (401 signed out, 404 not a party). */
async function enter(c: AppContext, chatRoomId: string): Promise<{ ticket: string; side: ChatSide } | Response> {
  const { db, env, user, locale, sessionToken } = c.get("request");
  if (!user || !sessionToken) return c.json({ error: "unauthorized" }, 401);
  const side = await chatSideOf(db.$client, chatRoomId, user.accountId);
  if (!side) return c.json({ error: "not_found", message: chatRefusalMessage("not_found", locale) }, 404);
  return { ticket: await issueChatTicket(env, chatRoomId, user.accountId, side, locale, sessionToken), side };
}

function answer<T>(c: AppContext, result: ChatCallResult<T>, wrap: (value: T) => object) {
  if (result.status === "not_found") return c.json({ error: "not_found", message: chatRefusalMessage("not_found", c.get("request").locale) }, 404);
  if (result.status === "refused") return c.json({ error: result.error, message: result.message }, REFUSAL_STATUS[result.error] ?? 403);
  return c.json(wrap(result.value));
}

/** GET /message/list?chatRoomId=&before=&after=&limit= (chatMessage.getList). */
chatApi.get("/message/list", async (c) => {
  const parsed = v.safeParse(listQuery, c.req.query());
  if (!parsed.success) return c.json({ error: "invalid_request" }, 400);
  const entry = await enter(c, parsed.output.chatRoomId);
  if (entry instanceof Response) return entry;
  const { before, after, limit } = parsed.output;
  const result = await chatRoomStub(c.env, parsed.output.chatRoomId).list(entry.ticket, { before, after, limit });
  return answer(c, result, (page) => page);
});

/** POST /message/submit: the HTTP path of a send, with the socket's rules (the object applies both). */
chatApi.post("/message/submit", jsonInput(), async (c) => {
  const parsed = v.safeParse(chatSubmitSchema, c.req.valid("json"));
  if (!parsed.success) {
    // A refused link, embed or file says why, in the caller's language; anything else no page of ours sends.
    const refusal = chatSendRefusal(parsed.issues);
    return c.json(refusal ? { error: refusal, message: chatRefusalMessage(refusal, c.get("request").locale) } : { error: "invalid_request" }, 400);
  }
  const entry = await enter(c, parsed.output.chatRoomId);
  if (entry instanceof Response) return entry;
  const { chatRoomId, ...input } = parsed.output;
  return answer(c, await chatRoomStub(c.env, chatRoomId).submit(entry.ticket, input), (message) => ({ message }));
});

/**
 * POST /room/update (chatRoom.update): the seller's settings. The values are checked here; whether the order still
 * allows the change (and that the caller is its seller) is the Order object's updateChatSettings, the one source of
 * that rule; then the room takes the settings and pushes them to every socket.
 */
chatApi.post("/room/update", jsonInput(), async (c) => {
  const { env, locale, user } = c.get("request");
  const parsed = v.safeParse(updateBody, c.req.valid("json"));
  if (!parsed.success) return c.json({ error: "invalid_request" }, 400);
  const entry = await enter(c, parsed.output.chatRoomId);
  if (entry instanceof Response) return entry;
  const { chatRoomId, ...settings } = parsed.output;
  const refusal = settingsRefusal(settings as Parameters<typeof settingsRefusal>[0]);
  if (refusal) return c.json({ error: refusal, message: chatRefusalMessage(refusal, locale) }, 400);
  const room = chatRoomStub(env, chatRoomId);
  const current = await room.view(entry.ticket);
  if (current.status !== "ok") return answer(c, current, () => ({}));
  const orderId = current.value.orderId;
  const decided = await env.ORDER.get(env.ORDER.idFromName(orderId)).act(orderId, { type: "updateChatSettings" }, { userAccountId: user!.accountId });
  if (decided.status === "not_found") return answer(c, { status: "not_found" }, () => ({}));
  if (decided.status === "refused") return c.json({ error: "not_editable", message: chatRefusalMessage("not_editable", locale) }, decided.refusal === "seller_only" ? 403 : 409);
  return answer(c, await room.applySettings(entry.ticket, settings as Parameters<typeof settingsRefusal>[0]), (view) => ({ room: view }));
});

/** POST /room/read {chatRoomId, seq}: the caller's read marker (it only moves forward). */
chatApi.post("/room/read", jsonInput(), async (c) => {
  const parsed = v.safeParse(readBody, c.req.valid("json"));
  if (!parsed.success) return c.json({ error: "invalid_request" }, 400);
  const entry = await enter(c, parsed.output.chatRoomId);
  if (entry instanceof Response) return entry;
  return answer(c, await chatRoomStub(c.env, parsed.output.chatRoomId).read(entry.ticket, parsed.output.seq), () => ({}));
});

/**
 * GET /ws/chat/{chatRoomId}: the WebSocket upgrade. Refused before any socket opens: signed out 401, another site's
 * page 403 (a WebSocket is not bound by CORS, so the Origin is checked here), not a party 404. The object gets the
 * ticket, never the caller's own headers' word for who they are.
 */
export async function chatSocket(c: AppContext): Promise<Response> {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return c.json({ error: "upgrade_required" }, 426);
  const { user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  if (!isSameOriginSocket(c.req.raw)) return c.json({ error: "cross_site_request" }, 403);
  const chatRoomId = c.req.param("chatRoomId") ?? "";
  const entry = await enter(c, chatRoomId);
  if (entry instanceof Response) return entry;
  const headers = new Headers({ upgrade: "websocket", [CHAT_TICKET_HEADER]: entry.ticket });
  const upgraded = await chatRoomStub(c.env, chatRoomId).fetch(new Request("https://chat-room/connect", { headers }));
  // A fresh response, so the Worker's middleware may add its headers (the object's are immutable).
  return new Response(upgraded.body, { status: upgraded.status, webSocket: upgraded.webSocket, headers: upgraded.headers });
}

/** A browser's WebSocket always carries its page's Origin: it must be ours (Sec-Fetch-Site too, when sent). */
function isSameOriginSocket(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin") return false;
  return request.headers.get("origin") === new URL(request.url).origin;
}
