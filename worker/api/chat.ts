import { Hono } from "hono";
import { jsonBody, type SchemaIssues } from "../http/json-body";
import * as v from "valibot";
import type { AppContext, AppEnv } from "../http/context";
import { chatRefusalMessage } from "../messages/chat";
import { settingsRefusal } from "../chat/domain/chat";
import { CHAT_PAGE_SIZE, type ChatRefusal } from "../chat/domain/chat-protocol";
import { chatSendRefusal, chatSubmitSchema } from "../chat/domain/chat-send-schema";
import type { ChatResult } from "../chat/domain/chat-protocol";
import { chatRoomStub, chatSideOf, socketUpgradeRequest, type ChatCaller } from "../chat/services/chat-rooms";
import { decideChatSettings } from "../orders/chat-settings";
import { commandContext } from "../orders/command";

/**
 * The order chat's HTTP side (issue 11; the routes are listed in worker/chat/domain/chat-protocol.ts). The Worker checks
 * the session and that the caller is the order's seller or buyer (anyone else: 404, as for a room that does not
 * exist), then calls the room's Durable Object as them (RPC, the caller an argument; decision 066); the object applies
 * the rules and answers refusal keys, which this edge words in the caller's language.
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
const translateBody = v.object({ chatRoomId: roomId, seq: v.pipe(seq, v.minValue(1)) });
const listQuery = v.object({
  chatRoomId: roomId,
  before: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))),
  after: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number)), String(CHAT_PAGE_SIZE)),
});

const REFUSAL_STATUS: Partial<Record<ChatRefusal, 400 | 403 | 404 | 409 | 429>> = {
  not_found: 404,
  rate_limited: 429,
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

/** A refusal key as the API answers it: the key, and its words in the caller's language. */
function refuse(
  c: AppContext,
  refusal: ChatRefusal,
  status: 400 | 403 | 404 | 409 | 429 = REFUSAL_STATUS[refusal] ?? 403,
) {
  return c.json({ error: refusal, message: chatRefusalMessage(refusal, c.get("request").locale) }, status);
}

/** The caller as checked here, or the answer that ends the request (401 signed out, 404 not a party). */
async function enter(c: AppContext, chatRoomId: string): Promise<ChatCaller | Response> {
  const { db, user, sessionToken } = c.get("request");
  if (!user || !sessionToken) return c.json({ error: "unauthorized" }, 401);
  const side = await chatSideOf(db.$client, chatRoomId, user.accountId);
  if (!side) return refuse(c, "not_found");
  return { roomId: chatRoomId, userAccountId: user.accountId, side };
}

function answer<T>(c: AppContext, result: ChatResult<T>, wrap: (value: T) => object) {
  return result.ok ? c.json(wrap(result.value)) : refuse(c, result.refusal);
}

/** GET /message/list?chatRoomId=&before=&after=&limit= (chatMessage.getList). */
chatApi.get("/message/list", async (c) => {
  const parsed = v.safeParse(listQuery, c.req.query());
  if (!parsed.success) return c.json({ error: "invalid_request" }, 400);
  const entry = await enter(c, parsed.output.chatRoomId);
  if (entry instanceof Response) return entry;
  const { before, after, limit } = parsed.output;
  const result = await chatRoomStub(c.env, entry.roomId).list(entry, { before, after, limit });
  return answer(c, result, (page) => page);
});

/** A refused link, embed or file says why, in the caller's language; anything else no page of ours sends. */
const sendRefusal = (c: AppContext, issues: SchemaIssues) => {
  const refusal = chatSendRefusal(issues);
  return refusal ? refuse(c, refusal, 400) : c.json({ error: "invalid_request" }, 400);
};

/** POST /message/submit: the HTTP path of a send, with the socket's rules (the object applies both). */
chatApi.post("/message/submit", jsonBody(chatSubmitSchema, { refuse: sendRefusal }), async (c) => {
  const { chatRoomId, ...input } = c.req.valid("json");
  const entry = await enter(c, chatRoomId);
  if (entry instanceof Response) return entry;
  return answer(c, await chatRoomStub(c.env, chatRoomId).send(entry, input), (message) => ({ message }));
});

/**
 * POST /room/update (chatRoom.update): the seller's settings. The values are checked here; whether the order still
 * allows the change (and that the caller is its seller) is the Order object's updateChatSettings, the one source of
 * that rule; then the room takes the settings and pushes them to every socket.
 */
chatApi.post("/room/update", jsonBody(updateBody), async (c) => {
  const request = c.get("request");
  const { env, user } = request;
  const { chatRoomId, ...settings } = c.req.valid("json");
  const entry = await enter(c, chatRoomId);
  if (entry instanceof Response) return entry;
  const refusal = settingsRefusal(settings as Parameters<typeof settingsRefusal>[0]);
  if (refusal) return refuse(c, refusal, 400);
  const room = chatRoomStub(env, chatRoomId);
  const current = await room.view(entry);
  if (!current.ok) return refuse(c, current.refusal);
  const orderId = current.value.orderId;
  const decided = await decideChatSettings(commandContext(request, user!), orderId);
  if (decided.status === "not_found") return refuse(c, "not_found");
  if (decided.status === "refused") return refuse(c, "not_editable", decided.refusal === "seller_only" ? 403 : 409);
  return answer(c, await room.applySettings(entry, settings as Parameters<typeof settingsRefusal>[0]), (view) => ({
    room: view,
  }));
});

/**
 * POST /message/translate {chatRoomId, seq} → {seq, messageTexts, untranslated}: the retry of "Translation unavailable"
 * while the page's socket is down (issue 46); the room tries again for the page's language, paid from the caller's
 * own share.
 */
chatApi.post("/message/translate", jsonBody(translateBody), async (c) => {
  const { chatRoomId, seq } = c.req.valid("json");
  const entry = await enter(c, chatRoomId);
  if (entry instanceof Response) return entry;
  const result = await chatRoomStub(c.env, entry.roomId).translate(entry, seq, c.get("request").locale);
  return answer(c, result, (update) => update);
});

/** POST /room/read {chatRoomId, seq}: the caller's read marker (it only moves forward). */
chatApi.post("/room/read", jsonBody(readBody), async (c) => {
  const { chatRoomId, seq } = c.req.valid("json");
  const entry = await enter(c, chatRoomId);
  if (entry instanceof Response) return entry;
  return answer(c, await chatRoomStub(c.env, entry.roomId).read(entry, seq), () => ({}));
});

/**
 * GET /ws/chat/{chatRoomId}: the WebSocket upgrade. Refused before any socket opens: signed out 401, another site's
 * page 403 (a WebSocket is not bound by CORS, so the Origin is checked here), not a party 404. The object gets a
 * request built here naming the caller checked here, never the browser's request or its headers (decision 066).
 */
export async function chatSocket(c: AppContext): Promise<Response> {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return c.json({ error: "upgrade_required" }, 426);
  const { user, locale, sessionToken } = c.get("request");
  if (!user || !sessionToken) return c.json({ error: "unauthorized" }, 401);
  if (!isSameOriginSocket(c.req.raw)) return c.json({ error: "cross_site_request" }, 403);
  const chatRoomId = c.req.param("chatRoomId") ?? "";
  const entry = await enter(c, chatRoomId);
  if (entry instanceof Response) return entry;
  const upgraded = await chatRoomStub(c.env, chatRoomId).fetch(await socketUpgradeRequest(entry, locale, sessionToken));
  // A fresh response, so the Worker's middleware may add its headers (the object's are immutable).
  return new Response(upgraded.body, {
    status: upgraded.status,
    webSocket: upgraded.webSocket,
    headers: upgraded.headers,
  });
}

/** A browser's WebSocket always carries its page's Origin: it must be ours (Sec-Fetch-Site too, when sent). */
function isSameOriginSocket(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin") return false;
  return request.headers.get("origin") === new URL(request.url).origin;
}
