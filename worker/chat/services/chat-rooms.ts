/**
 * The Worker's side of an order's chat room (docs/decisions/027): its stub, its D1 reads, its announcements. The doors
 * find the caller's side of a room here (`chatSideOf`) and call the ChatRoom object as them (`chatRoomStub`, the
 * socket's upgrade request); a sign-out closes its sockets; the Order object has its room follow the order's chat
 * status and announce its events; the order page and the admin's dispute page read the room from D1's projection.
 * The object reads the room here too, once, when it first wakes for it (`loadChatRoom`, `loadProjectedMessages`).
 * What only the object does (its projections, its sockets' caller and session, a party's reading language) is beside it,
 * durable-objects/chat-room-storage.ts (issue 61); the records it stores are worker/chat/domain/chat-room-records.ts.
 */
import { chatRoomView, parseChatTranslations } from "../domain/chat";
import type { ChatRoomStatus, ChatRoomView, ChatSide, ChatSystemNotice } from "../domain/chat-protocol";
import type {
  StoredChatFile,
  StoredChatMedia,
  StoredChatRoom,
  StoredRoomMessage,
  StoredSystemMessage,
} from "../domain/chat-room-records";
import type { StoredOrder } from "../../orders/domain/order-contract";
import type { MediaSite } from "../../media/domain/media-sites";
import { buildMediaEntry } from "../../media/domain/media-entries";
import { orderEventNotice, orderEventNoticeKey, type LandedTransition } from "../domain/chat-announcements";
import { sha256Hex } from "../../services/crypto";

export const isStoredFile = (media: StoredChatMedia): media is StoredChatFile =>
  media.formatType === undefined || media.formatType === "FILE";

export const isSystemMessage = (message: StoredRoomMessage): message is StoredSystemMessage =>
  message.side === "system";

/**
 * A system message in D1: chat_messages needs a sender account, so it is filed under the seller's (the room is their
 * order's), and what marks it as the system's is its notice, kept as a localized_texts row of field `system_notice`
 * (JSON) instead of a `text`. The object writes it (durable-objects/chat-room-storage.ts); reading the room back
 * (`loadProjectedMessages`) turns such a row into a system message.
 */
export const SYSTEM_NOTICE_FIELD = "system_notice";

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
export const CHAT_CALLER_HEADER = "x-chat-caller";

/** The upgrade request the Worker sends the room for a caller it has checked. */
export async function socketUpgradeRequest(caller: ChatCaller, locale: string, sessionToken: string): Promise<Request> {
  const socketCaller: ChatSocketCaller = { ...caller, locale, session: await sha256Hex(sessionToken) };
  return new Request("https://chat-room/connect", {
    headers: { upgrade: "websocket", [CHAT_CALLER_HEADER]: JSON.stringify(socketCaller) },
  });
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

/**
 * A user deleted their account (decision 104): every room of their orders, open or closed, closes their sockets and
 * empties what they wrote there (ChatRoom.forgetUser). Not best effort: a room that cannot be told fails the deletion,
 * which is run again, and telling a room twice is harmless.
 */
export async function forgetUserInChatRooms(env: Pick<Env, "DB" | "CHAT_ROOM">, userAccountId: string): Promise<void> {
  const { results } = await env.DB.prepare(
    `SELECT r.id FROM commission_accounts a JOIN commission_orders o ON o.seller_id = a.id OR o.buyer_id = a.id
     JOIN chat_rooms r ON r.order_id = o.id WHERE a.user_account_id = ?`,
  )
    .bind(userAccountId)
    .all<{ id: string }>();
  await Promise.all(results.map(({ id }) => chatRoomStub(env, id).forgetUser(userAccountId)));
}

export const chatRoomStub = (env: Pick<Env, "CHAT_ROOM">, roomId: string) =>
  env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(roomId));

const PERSON_COLUMNS = (alias: string, prefix: string) =>
  `${alias}.id AS ${prefix}_profile_id, ${alias}.original_handle AS ${prefix}_handle, ${alias}.avatar_url AS ${prefix}_avatar,
   (SELECT text FROM localized_texts t WHERE t.entity_type = 'user_profile' AND t.entity_id = ${alias}.id AND t.field = 'name' ORDER BY t.is_original DESC LIMIT 1) AS ${prefix}_name`;

type Row = Record<string, unknown>;
const person = (row: Row, prefix: "seller" | "buyer"): StoredChatRoom["seller"] => ({
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
