/**
 * The ChatRoom object's D1 writes and reads (docs/decisions/027; issue 61 moved them here from worker/chat/services/chat-rooms.ts,
 * beside the object, as order-stripe.ts sits beside the Order object). The object keeps a room's messages, settings and
 * read markers in its own storage (worker/chat/domain/chat-room-records.ts) and writes back these projections: chat_messages
 * with their texts, translations and media, the room's row (last seqs, read markers, settings), which the order page
 * reads, and the other party's message notices. It also reads here the caller the Worker put on a socket's upgrade,
 * the times of the session that socket was opened with, and the language a party reads in. The Worker never calls
 * these; what it shares with the object (the room's first load from D1, the socket's header) is in chat-rooms.ts.
 */
import * as v from "valibot";
import { NO_CHAT_TRANSLATIONS, type ChatTranslations } from "#worker/chat/domain/chat";
import type { ChatSide } from "#worker/chat/domain/chat-protocol";
import type {
  StoredChatFile,
  StoredChatLink,
  StoredChatMessage,
  StoredChatRoom,
  StoredRoomMessage,
  StoredSystemMessage,
} from "#worker/chat/domain/chat-room-records";
import { orderHref } from "#worker/orders/domain/order-notifications";
import type { SessionTimes } from "#worker/domain/sessions";
import {
  CHAT_CALLER_HEADER,
  SYSTEM_NOTICE_FIELD,
  isStoredFile,
  isSystemMessage,
  type ChatSocketCaller,
} from "#worker/chat/services/chat-rooms";

const socketCallerSchema = v.object({
  roomId: v.pipe(v.string(), v.minLength(1)),
  userAccountId: v.pipe(v.string(), v.minLength(1)),
  side: v.picklist(["seller", "buyer"]),
  locale: v.string(),
  session: v.pipe(v.string(), v.minLength(1)),
});

/** The caller the Worker put on an upgrade request; null when there is none (no request of the Worker's). */
export function socketCallerOf(request: Request): ChatSocketCaller | null {
  try {
    const parsed = v.safeParse(socketCallerSchema, JSON.parse(request.headers.get(CHAT_CALLER_HEADER) ?? "null"));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
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
