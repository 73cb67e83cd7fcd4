/**
 * The order chat's D1 side (docs/decisions/027). The ChatRoom Durable Object keeps a room's messages, settings and
 * read markers in its own storage; it reads the room here once, when it first wakes for it, and writes back these
 * projections: chat_messages with their texts and media, and the room's row (last seqs, read markers, settings),
 * which the order page reads. The Worker finds the caller's side here before it calls the object as them.
 */
import type { ChatMediaView, ChatRoomStatus, ChatSide, ChatSystemNotice } from "../domain/chat-protocol";
import {
  NO_CHAT_TRANSLATIONS,
  chatRoomView,
  parseChatTranslations,
  type ChatRoomFacts,
  type ChatTranslations,
} from "../domain/chat";
import type { ChatRoomView } from "../domain/chat-protocol";
import type { StoredOrder } from "../domain/order-contract";
import { orderHref } from "../domain/order-notifications";
import * as v from "valibot";
import { sha256Hex } from "./crypto";
import type { SessionTimes } from "../domain/sessions";
import type { MediaSite } from "../domain/media-sites";
import { buildMediaEntry } from "../domain/media-entries";
import { orderEventNotice, orderEventNoticeKey, type LandedTransition } from "../domain/chat-announcements";

interface ChatPerson {
  userAccountId: string;
  profileId: string | null;
  name: string;
  avatarUrl: string | null;
}

export interface StoredChatRoom extends ChatRoomFacts {
  seller: ChatPerson;
  buyer: ChatPerson;
}

/** An uploaded file of a message. `formatType` is absent on the messages stored before links and embeds (decision 058). */
export interface StoredChatFile {
  formatType?: "FILE";
  id: string;
  /** The object's key (private: shown only through signed read URLs). */
  key: string;
  name: string;
  mediaType: ChatMediaView["mediaType"];
  fileType: string;
  fileSize: number;
}

/** A link or an embed of a message, as the schema rebuilt it (chat-send-schema.ts). */
interface StoredChatLink {
  formatType: "LINK" | "EMBED";
  id: string;
  name: string | null;
  mediaType: ChatMediaView["mediaType"];
  site: MediaSite | null;
  url: string;
  /** EMBED: the code as pasted. */
  code: string | null;
  thumbnailUrl: string | null;
}

/** A message's media, in its shown order (their position is their userIndex). */
export type StoredChatMedia = StoredChatFile | StoredChatLink;

export const isStoredFile = (media: StoredChatMedia): media is StoredChatFile =>
  media.formatType === undefined || media.formatType === "FILE";

export interface StoredChatMessage {
  seq: number;
  id: string;
  clientMessageId: string | null;
  senderUserAccountId: string;
  side: ChatSide;
  text: string;
  languageCode: string;
  medias: StoredChatMedia[];
  /** Its machine translations, made after it was delivered (issue 46); absent on a message stored before them. */
  translations?: ChatTranslations;
  createdAt: number;
}

/**
 * A message from the system (issue 36): an order event, as a key and its facts, worded by each reader's page. Its
 * clientMessageId is the event's id, so the same event never posts twice.
 */
export interface StoredSystemMessage {
  seq: number;
  id: string;
  clientMessageId: string;
  side: "system";
  notice: ChatSystemNotice;
  createdAt: number;
}

export type StoredRoomMessage = StoredChatMessage | StoredSystemMessage;

export const isSystemMessage = (message: StoredRoomMessage): message is StoredSystemMessage =>
  message.side === "system";

/**
 * A system message in D1: chat_messages needs a sender account, so it is filed under the seller's (the room is their
 * order's), and what marks it as the system's is its notice, kept as a localized_texts row of field `system_notice`
 * (JSON) instead of a `text`. Reading the room back (`loadProjectedMessages`) turns such a row into a system message.
 */
const SYSTEM_NOTICE_FIELD = "system_notice";

/**
 * Who calls a room, as the Worker checked it (the session, then `chatSideOf`): the ChatRoom object takes this as an
 * RPC argument. It is reachable only through the Worker's binding, never from the internet, so nothing in it is the
 * caller's own word (decision 066).
 */
export interface ChatCaller {
  roomId: string;
  userAccountId: string;
  side: ChatSide;
}

/**
 * A socket's caller, kept in its attachment: the language its refusals are worded in, and the hash of the session it
 * was opened with (as the sessions table keeps it), so it stops sending once that session has ended.
 */
export interface ChatSocketCaller extends ChatCaller {
  locale: string;
  session: string;
}

/**
 * The header the Worker hands the object the socket's caller in, on the WebSocket upgrade (which must be a fetch, not
 * RPC). The Worker builds that request from scratch, so no header of the browser's reaches the object.
 */
const CHAT_CALLER_HEADER = "x-chat-caller";

const socketCallerSchema = v.object({
  roomId: v.pipe(v.string(), v.minLength(1)),
  userAccountId: v.pipe(v.string(), v.minLength(1)),
  side: v.picklist(["seller", "buyer"]),
  locale: v.string(),
  session: v.pipe(v.string(), v.minLength(1)),
});

/** The upgrade request the Worker sends the room for a caller it has checked. */
export async function socketUpgradeRequest(caller: ChatCaller, locale: string, sessionToken: string): Promise<Request> {
  const socketCaller: ChatSocketCaller = { ...caller, locale, session: await sha256Hex(sessionToken) };
  return new Request("https://chat-room/connect", {
    headers: { upgrade: "websocket", [CHAT_CALLER_HEADER]: JSON.stringify(socketCaller) },
  });
}

/** The caller the Worker put on an upgrade request; null when there is none (no request of the Worker's). */
export function socketCallerOf(request: Request): ChatSocketCaller | null {
  try {
    const parsed = v.safeParse(socketCallerSchema, JSON.parse(request.headers.get(CHAT_CALLER_HEADER) ?? "null"));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** The caller's side of a room's order, or null for anyone else (and for a room that does not exist). */
export async function chatSideOf(d1: D1Database, roomId: string, userAccountId: string): Promise<ChatSide | null> {
  const row = await d1
    .prepare(
      `SELECT sa.user_account_id AS seller, ba.user_account_id AS buyer FROM chat_rooms r JOIN commission_orders o ON o.id = r.order_id
       JOIN commission_accounts sa ON sa.id = o.seller_id JOIN commission_accounts ba ON ba.id = o.buyer_id WHERE r.id = ?`,
    )
    .bind(roomId)
    .first<{ seller: string; buyer: string }>();
  if (row?.seller === userAccountId) return "seller";
  return row?.buyer === userAccountId ? "buyer" : null;
}

/** The times of the session a socket was opened with (by its hash), or null once it is gone (signed out, swept). */
export async function readSessionTimes(d1: D1Database, sessionHash: string): Promise<SessionTimes | null> {
  const row = await d1
    .prepare("SELECT expires_at, last_seen_at, created_at FROM sessions WHERE id_hash = ?")
    .bind(sessionHash)
    .first<{ expires_at: number; last_seen_at: number | null; created_at: number }>();
  return (
    row && {
      expiresAt: Number(row.expires_at),
      lastSeenAt: row.last_seen_at === null ? null : Number(row.last_seen_at),
      createdAt: Number(row.created_at),
    }
  );
}

/**
 * A session has ended (signed out): every room its user can still write in closes that session's sockets now
 * (ChatRoom.endSession), rather than at the next read of the session it would otherwise wait for (decision 085).
 * Best effort: a room that cannot be told finds out within CHAT_SESSION_RECHECK_MS.
 */
export async function closeSessionSockets(
  env: Pick<Env, "DB" | "CHAT_ROOM">,
  ended: { idHash: string; userAccountId: string },
): Promise<void> {
  const { results } = await env.DB.prepare(
    `SELECT r.id FROM commission_accounts a JOIN commission_orders o ON o.seller_id = a.id OR o.buyer_id = a.id
     JOIN chat_rooms r ON r.order_id = o.id WHERE a.user_account_id = ? AND r.room_status <> 'CLOSED'`,
  )
    .bind(ended.userAccountId)
    .all<{ id: string }>();
  await Promise.allSettled(results.map(({ id }) => chatRoomStub(env, id).endSession(ended.idHash)));
}

export const chatRoomStub = (env: Pick<Env, "CHAT_ROOM">, roomId: string) =>
  env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(roomId));

const PERSON_COLUMNS = (alias: string, prefix: string) =>
  `${alias}.id AS ${prefix}_profile_id, ${alias}.original_handle AS ${prefix}_handle, ${alias}.avatar_url AS ${prefix}_avatar,
   (SELECT text FROM localized_texts t WHERE t.entity_type = 'user_profile' AND t.entity_id = ${alias}.id AND t.field = 'name' ORDER BY t.is_original DESC LIMIT 1) AS ${prefix}_name`;

type Row = Record<string, unknown>;
const person = (row: Row, prefix: "seller" | "buyer"): ChatPerson => ({
  userAccountId: String(row[`${prefix}_user`]),
  profileId: (row[`${prefix}_profile_id`] as string | null) ?? null,
  name: String(row[`${prefix}_name`] ?? row[`${prefix}_handle`] ?? ""),
  avatarUrl: (row[`${prefix}_avatar`] as string | null) ?? null,
});

/** The room as D1 has it, with the order's chat status (the Order object's, spec section 4); null when there is none. */
export async function loadChatRoom(d1: D1Database, roomId: string): Promise<StoredChatRoom | null> {
  const row = await d1
    .prepare(
      `SELECT r.*, o.code, o.order_chat_status, sa.user_account_id AS seller_user, ba.user_account_id AS buyer_user,
         ${PERSON_COLUMNS("sp", "seller")}, ${PERSON_COLUMNS("bp", "buyer")}
       FROM chat_rooms r JOIN commission_orders o ON o.id = r.order_id
       JOIN commission_accounts sa ON sa.id = o.seller_id LEFT JOIN user_profiles sp ON sp.account_id = sa.user_account_id
       JOIN commission_accounts ba ON ba.id = o.buyer_id LEFT JOIN user_profiles bp ON bp.account_id = ba.user_account_id
       WHERE r.id = ?`,
    )
    .bind(roomId)
    .first<Row>();
  if (!row) return null;
  return {
    id: roomId,
    orderId: String(row.order_id),
    orderCode: String(row.code),
    roomStatus: row.order_chat_status as ChatRoomStatus,
    restrictionType: row.restriction_type as StoredChatRoom["restrictionType"],
    messageCharacterLimit: Number(row.message_character_limit),
    messageMediaLimit: Number(row.message_media_limit),
    lastSellerSeq: Number(row.last_seller_seq ?? 0),
    lastBuyerSeq: Number(row.last_buyer_seq ?? 0),
    sellerReadSeq: Number(row.seller_read_seq ?? 0),
    buyerReadSeq: Number(row.buyer_read_seq ?? 0),
    seller: person(row, "seller"),
    buyer: person(row, "buyer"),
  };
}

/** Messages already in D1 (the demo seed's), in their order, for the object's first load. */
export async function loadProjectedMessages(d1: D1Database, room: StoredChatRoom): Promise<StoredRoomMessage[]> {
  const { results } = await d1
    .prepare(
      `SELECT m.id, m.seq, m.client_message_id, m.sender_user_account_id, m.created_at, m.translations,
         (SELECT json_object('t', t.text, 'l', t.language_code) FROM localized_texts t
            WHERE t.entity_type = 'chat_message' AND t.entity_id = m.id AND t.field = 'text' ORDER BY t.is_original DESC LIMIT 1) AS text,
         (SELECT t.text FROM localized_texts t
            WHERE t.entity_type = 'chat_message' AND t.entity_id = m.id AND t.field = '${SYSTEM_NOTICE_FIELD}' LIMIT 1) AS notice,
         (SELECT json_group_array(json_object('id', x.id, 'format', x.format_type, 'url', x.file_url, 'name', coalesce(x.file_name, x.link_name), 'type', x.media_type,
              'mime', x.file_type, 'size', x.file_size, 'link', x.link_url, 'site', coalesce(x.link_site, x.embed_site), 'code', x.embed_code,
              'thumbnail', x.thumbnail_url))
            FROM (SELECT md.*, (SELECT n.text FROM localized_texts n WHERE n.entity_type = 'media' AND n.entity_id = md.id AND n.field = 'name' ORDER BY n.is_original DESC LIMIT 1) AS link_name
                  FROM media_attachments a JOIN media md ON md.id = a.media_id
                  WHERE a.owner_type = 'chat_message' AND a.owner_id = m.id ORDER BY a.position) x) AS medias
       FROM chat_messages m WHERE m.room_id = ? ORDER BY coalesce(m.seq, 9e18), m.created_at, m.id`,
    )
    .bind(room.id)
    .all<Row>();
  return results.map((row, index): StoredRoomMessage => {
    if (row.notice)
      return {
        seq: index + 1,
        id: String(row.id),
        clientMessageId: String(row.client_message_id),
        side: "system",
        notice: JSON.parse(String(row.notice)) as ChatSystemNotice,
        createdAt: Number(row.created_at),
      };
    const text = row.text ? (JSON.parse(String(row.text)) as { t: string; l: string }) : { t: "", l: "en" };
    const medias = (JSON.parse(String(row.medias ?? "[]")) as ProjectedMedia[])
      .map(storedMediaOf)
      .filter((media) => media !== null);
    const sender = String(row.sender_user_account_id);
    return {
      seq: index + 1,
      id: String(row.id),
      clientMessageId: (row.client_message_id as string | null) ?? null,
      senderUserAccountId: sender,
      side: sender === room.seller.userAccountId ? "seller" : "buyer",
      text: text.t,
      languageCode: text.l,
      medias,
      translations: parseChatTranslations(row.translations as string | null),
      createdAt: Number(row.created_at),
    };
  });
}

type ProjectedMedia = {
  id: string;
  format: string;
  url: string | null;
  name: string | null;
  type: string;
  mime: string | null;
  size: number | null;
  link: string | null;
  site: string | null;
  code: string | null;
  thumbnail: string | null;
};

/** A projected media row back as the object stores it; null for one it cannot show (a file outside /media/, a code no longer read). */
function storedMediaOf(media: ProjectedMedia): StoredChatMedia | null {
  const mediaType = media.type as StoredChatMedia["mediaType"];
  if (media.format === "LINK" && media.link) {
    return {
      formatType: "LINK",
      id: media.id,
      name: media.name,
      mediaType,
      site: media.site as MediaSite | null,
      url: media.link,
      code: null,
      thumbnailUrl: media.thumbnail,
    };
  }
  if (media.format === "EMBED" && media.code) {
    const entry = buildMediaEntry({ formatType: "EMBED", code: media.code });
    return (
      entry && {
        formatType: "EMBED",
        id: media.id,
        name: media.name,
        mediaType,
        site: entry.site,
        url: entry.url ?? "",
        code: media.code,
        thumbnailUrl: media.thumbnail,
      }
    );
  }
  if (!media.url?.startsWith("/media/")) return null;
  return {
    id: media.id,
    key: media.url.slice("/media/".length),
    name: media.name ?? "",
    mediaType,
    fileType: media.mime ?? "",
    fileSize: Number(media.size ?? 0),
  };
}

/** The room row's projection: settings, status, last seqs and read markers, as the object holds them now. */
export function roomProjection(
  d1: D1Database,
  room: StoredChatRoom,
  lastSeq: number,
  now: number,
): D1PreparedStatement {
  return d1
    .prepare(
      `UPDATE chat_rooms SET room_status = ?, restriction_type = ?, message_character_limit = ?, message_media_limit = ?,
         last_seq = max(last_seq, ?), last_seller_seq = max(last_seller_seq, ?), last_buyer_seq = max(last_buyer_seq, ?),
         seller_read_seq = max(seller_read_seq, ?), buyer_read_seq = max(buyer_read_seq, ?), updated_at = ? WHERE id = ?`,
    )
    .bind(
      room.roomStatus,
      room.restrictionType,
      room.messageCharacterLimit,
      room.messageMediaLimit,
      lastSeq,
      room.lastSellerSeq,
      room.lastBuyerSeq,
      room.sellerReadSeq,
      room.buyerReadSeq,
      now,
      room.id,
    );
}

/** One message's rows: the message, its text (the original, in the sender's language), its media; all idempotent. */
export function messageProjection(
  d1: D1Database,
  room: StoredChatRoom,
  message: StoredRoomMessage,
): D1PreparedStatement[] {
  if (isSystemMessage(message)) return systemMessageProjection(d1, room, message);
  const roomId = room.id;
  const statements = [
    d1
      .prepare(
        "INSERT INTO chat_messages (id, room_id, sender_user_account_id, client_message_id, seq, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(message.id, roomId, message.senderUserAccountId, message.clientMessageId, message.seq, message.createdAt),
  ];
  if (message.text) {
    statements.push(
      d1
        .prepare(
          "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'chat_message', ?, 'text', ?, 1, ?) ON CONFLICT DO NOTHING",
        )
        .bind(`${message.id}:text`, message.id, message.languageCode, message.text),
    );
  }
  if (hasTranslations(message.translations)) statements.push(translationProjection(d1, message));
  // Each media at its place: media_attachments.position and media.user_index are its index in the message.
  message.medias.forEach((media, position) => {
    statements.push(
      ...(isStoredFile(media)
        ? fileProjection(d1, message, media, position)
        : linkProjection(d1, message, media, position)),
    );
    statements.push(
      d1
        .prepare(
          "INSERT INTO media_attachments (id, media_id, owner_type, owner_id, field, position, created_at) VALUES (?, ?, 'chat_message', ?, 'medias', ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(`${message.id}:${position}`, media.id, message.id, position, message.createdAt),
    );
  });
  return statements;
}

function systemMessageProjection(
  d1: D1Database,
  room: StoredChatRoom,
  message: StoredSystemMessage,
): D1PreparedStatement[] {
  return [
    d1
      .prepare(
        "INSERT INTO chat_messages (id, room_id, sender_user_account_id, client_message_id, seq, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(message.id, room.id, room.seller.userAccountId, message.clientMessageId, message.seq, message.createdAt),
    d1
      .prepare(
        `INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'chat_message', ?, '${SYSTEM_NOTICE_FIELD}', 'und', 1, ?) ON CONFLICT DO NOTHING`,
      )
      .bind(`${message.id}:${SYSTEM_NOTICE_FIELD}`, message.id, JSON.stringify(message.notice)),
  ];
}

function fileProjection(
  d1: D1Database,
  message: StoredChatMessage,
  media: StoredChatFile,
  position: number,
): D1PreparedStatement[] {
  const extension = media.key.slice(media.key.lastIndexOf(".") + 1);
  return [
    d1
      .prepare(
        `INSERT INTO media (id, owner_user_account_id, format_type, media_type, file_name, file_type, file_size, file_extension, file_url, user_index, created_at, updated_at)
         VALUES (?, ?, 'FILE', ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      )
      .bind(
        media.id,
        message.senderUserAccountId,
        media.mediaType,
        media.name,
        media.fileType,
        media.fileSize,
        extension,
        `/media/${media.key}`,
        position,
        message.createdAt,
        message.createdAt,
      ),
    d1.prepare("DELETE FROM pending_uploads WHERE key = ?").bind(media.key),
  ];
}

/** A link's or embed's row; its name, when the sender gave one, is the media's name text (translatable, as every name). */
function linkProjection(
  d1: D1Database,
  message: StoredChatMessage,
  media: StoredChatLink,
  position: number,
): D1PreparedStatement[] {
  const link = media.formatType === "LINK";
  const statements = [
    d1
      .prepare(
        `INSERT INTO media (id, owner_user_account_id, format_type, media_type, link_site, link_url, embed_site, embed_code, thumbnail_url, user_index, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      )
      .bind(
        media.id,
        message.senderUserAccountId,
        media.formatType,
        media.mediaType,
        link ? media.site : null,
        link ? media.url : null,
        link ? null : media.site,
        link ? null : media.code,
        media.thumbnailUrl,
        position,
        message.createdAt,
        message.createdAt,
      ),
  ];
  if (media.name) {
    statements.push(
      d1
        .prepare(
          "INSERT INTO localized_texts (id, entity_type, entity_id, field, language_code, is_original, text) VALUES (?, 'media', ?, 'name', ?, 1, ?) ON CONFLICT DO NOTHING",
        )
        .bind(`${media.id}:name`, media.id, message.languageCode, media.name),
    );
  }
  return statements;
}

/**
 * The other party's notice of a new message (spec section 2: routed to the seller or buyer view by which they are).
 * Keyed by room, reader and their read marker: a burst of messages before they read makes one notice.
 */
export function unreadNoticeStatement(
  d1: D1Database,
  room: StoredChatRoom,
  recipient: ChatSide,
  senderProfileId: string | null,
  dedupeKey: string,
  now: number,
): D1PreparedStatement {
  const to = recipient === "seller" ? room.seller : room.buyer;
  return d1
    .prepare(
      `INSERT INTO notifications (id, recipient_user_account_id, notification_type, from_profile_id, href, order_id, chat_room_id, dedupe_key, created_at)
       VALUES (?, ?, 'CHAT_ROOM_MESSAGE_RECEIVED', ?, ?, ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(
      crypto.randomUUID(),
      to.userAccountId,
      senderProfileId,
      orderHref(recipient, room.orderCode),
      room.orderId,
      room.id,
      dedupeKey,
      now,
    );
}

/** Reading the room reads its message notices too: the bell need not say what the reader has seen. */
export function readNoticesStatement(
  d1: D1Database,
  room: StoredChatRoom,
  reader: ChatSide,
  now: number,
): D1PreparedStatement {
  const to = reader === "seller" ? room.seller : room.buyer;
  return d1
    .prepare(
      "UPDATE notifications SET read_at = ? WHERE chat_room_id = ? AND recipient_user_account_id = ? AND notification_type = 'CHAT_ROOM_MESSAGE_RECEIVED' AND read_at IS NULL",
    )
    .bind(now, room.id, to.userAccountId);
}

/** The order's chat room: the one its record keeps, else (a record stored before it kept one) D1's. */
export async function chatRoomOf(env: Env, order: Pick<StoredOrder, "orderId" | "chatRoomId">): Promise<string | null> {
  if (order.chatRoomId !== undefined) return order.chatRoomId;
  const row = await env.DB.prepare("SELECT id FROM chat_rooms WHERE order_id = ? LIMIT 1")
    .bind(order.orderId)
    .first<{ id: string }>();
  return row?.id ?? null;
}

/** After an order transition that changed its chat status: the order's room follows it (called by the Order object). */
export async function syncChatRoomStatus(env: Env, roomId: string | null): Promise<void> {
  if (roomId) await chatRoomStub(env, roomId).refreshStatus(roomId);
}

/**
 * After an order transition has landed in D1: the order's chat says so, when the event is one it announces
 * (`orderEventNotice`), as a system message keyed by the event, so a replayed call posts nothing new (issue 36).
 */
export async function announceOrderEvent(
  env: Env,
  room: { orderId: string; roomId: string | null },
  version: number,
  transition: LandedTransition,
): Promise<void> {
  const notice = orderEventNotice(transition);
  if (!notice || !room.roomId) return;
  await chatRoomStub(env, room.roomId).announce(room.roomId, orderEventNoticeKey(room.orderId, version), notice);
}

/** The order page's view of its room, from D1's projection (`SELECT * FROM chat_rooms`; the socket's hello brings the live one). */
export function chatRoomViewFromRow(
  row: Row | undefined,
  orderCode: string,
  orderChat: ChatRoomStatus,
  side: ChatSide,
): ChatRoomView | null {
  if (!row) return null;
  return chatRoomView(
    {
      id: String(row.id),
      orderId: String(row.order_id),
      orderCode,
      // The order's chat status is the room's (the Order object writes it first).
      roomStatus: orderChat,
      restrictionType: row.restriction_type as ChatRoomView["restrictionType"],
      messageCharacterLimit: Number(row.message_character_limit),
      messageMediaLimit: Number(row.message_media_limit),
      lastSellerSeq: Number(row.last_seller_seq),
      lastBuyerSeq: Number(row.last_buyer_seq),
      sellerReadSeq: Number(row.seller_read_seq),
      buyerReadSeq: Number(row.buyer_read_seq),
    },
    side,
  );
}

const hasTranslations = (translations: ChatTranslations = NO_CHAT_TRANSLATIONS) =>
  Object.keys(translations.texts).length > 0 || translations.untranslated.length > 0;

/**
 * A message's translations in D1's copy (issue 46): written with the message, or on their own when they land after the
 * message was projected. The original's rows are never touched.
 */
export function translationProjection(d1: D1Database, message: StoredChatMessage): D1PreparedStatement {
  const translations = message.translations ?? NO_CHAT_TRANSLATIONS;
  return d1
    .prepare("UPDATE chat_messages SET translations = ? WHERE id = ?")
    .bind(hasTranslations(translations) ? JSON.stringify(translations) : null, message.id);
}

/** The interface language a party reads in (their account's display language), the first language their messages are translated into. */
export async function readingLanguageOf(d1: D1Database, userAccountId: string): Promise<string | null> {
  const row = await d1
    .prepare("SELECT display_language_code AS language FROM user_accounts WHERE id = ?")
    .bind(userAccountId)
    .first<{ language: string }>();
  return row?.language ?? null;
}
