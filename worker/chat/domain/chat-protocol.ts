/**
 * The order chat's wire contract (issue 11, spec sections 3, 4, 7): the shapes the ChatRoom Durable Object, the
 * chat API and the chat panel exchange. Types and constants only: the rules live in worker/chat/domain/chat.ts, the
 * server in durable-objects/chat-room.ts and worker/api/chat.ts, the client in app/components/chat/.
 *
 * Routes (all check the session and that the caller is the order's seller or buyer; anyone else gets 404):
 * - `GET /ws/chat/{chatRoomId}` WebSocket upgrade (same-origin only). Frames below.
 * - `GET /api/features/chat/message/list?chatRoomId=&before={seq}&after={seq}&limit=` → ChatMessagePage
 *   (chatMessage.getList): `before` pages history backwards, `after` catches up after a reconnect.
 * - `POST /api/features/chat/message/submit` ChatMessageSubmit → { message: ChatMessageView } (the HTTP path).
 * - `POST /api/features/chat/room/update` ChatRoomUpdate → { room: ChatRoomView } (chatRoom.update; seller only).
 * - `POST /api/features/chat/room/read` { chatRoomId, seq } → {} (the caller's read marker).
 * - `POST /api/features/chat/message/translate` { chatRoomId, seq } → { seq, messageTexts, untranslated }: the retry of
 *   a translation into the caller's language while the socket is down (issue 46; the socket's `translate` frame).
 * Refusals answer `{ error: ChatRefusal, message }` with the message in the caller's language.
 * The order view (worker/orders/services/order-views.ts) carries `chatRoom: ChatRoomView | null` for the panel.
 */

import type { MediaSite } from "../../media/domain/media-sites";

export type ChatRoomStatus = "DRAFT" | "OPENED" | "CLOSED";
export type ChatRestrictionType = "UNLIMITED_REPLY" | "MODERATE_REPLY" | "NO_REPLY";
export type ChatSide = "seller" | "buyer";

/** Spec section 9: the character limit when the room sets none. */
export const CHAT_MESSAGE_CHARACTER_FALLBACK = 1000;
/** The page size of chatMessage.getList. */
export const CHAT_PAGE_SIZE = 50;

export interface ChatRoomView {
  id: string;
  orderId: string;
  orderCode: string;
  roomStatus: ChatRoomStatus;
  restrictionType: ChatRestrictionType;
  messageCharacterLimit: number;
  messageMediaLimit: number;
  /** The caller's side, and the highest seq each side has read (the unread marker). */
  viewerSide: ChatSide;
  lastReadSeq: { seller: number; buyer: number };
  /** Whether the caller may write now, and if not why (the input's placeholder). */
  canWrite: boolean;
  writeBlockedBy: ChatRefusal | null;
}

/** A file, link or embed of a message (decision 058), in the message's list in `userIndex` order. */
export interface ChatMediaView {
  id: string;
  name: string | null;
  mediaType: "IMAGE" | "AUDIO" | "VIDEO" | "MODEL" | "DOCUMENT" | "OTHER";
  formatType: "FILE" | "LINK" | "EMBED";
  /** FILE: a signed read URL (private to the two parties); LINK: the link; EMBED: the page the embed code points at. */
  url: string;
  /** LINK and EMBED: the site (for the players); null for a file. */
  site: MediaSite | null;
  /** EMBED: the code as pasted (never rendered as HTML: the players derive their address from it). */
  code: string | null;
  thumbnailUrl: string | null;
  fileType: string | null;
  fileSize: number | null;
  /** Its place in the message, from 0. */
  userIndex: number;
}

/**
 * What a system message says (issue 36): a key and its facts, never words, so each party reads it in their own
 * language (worded by the chat panel). `stage`: the stage's place (from 0) and title as the creator wrote it; `money`:
 * a staged order's cancel, in minor units of the order's currency.
 */
import type { DisputeOutcome } from "../../orders/domain/disputes";
import type { Licence } from "../../orders/domain/licence";

export type ChatNoticeKey =
  | "stages_updated"
  | "stage_previewed"
  | "stage_revision_requested"
  | "stage_revision_granted"
  | "stage_approved"
  | "stage_auto_approved"
  | "staged_order_canceled"
  /** Decision 088: a dispute opened (`dispute.openedBy`), and its settlement (`dispute.outcome`, with `money`). */
  | "dispute_opened"
  | "dispute_settled"
  /** Decision 090: a delivery date asked to move, agreed, declined, lapsed, or given by the client (`date`). */
  | "extension_requested"
  | "extension_accepted"
  | "extension_declined"
  | "extension_lapsed"
  | "delivery_extended"
  /** Issue 63: the client asks for another licence (`licence`, the one asked), the creator agrees (the new one) or not. */
  | "licence_requested"
  | "licence_accepted"
  | "licence_declined";

export interface ChatSystemNotice {
  key: ChatNoticeKey;
  stage?: { index: number; title: string };
  money?: { currency: string; refunded: number; kept: number };
  dispute?: { openedBy: "seller" | "buyer"; outcome: DisputeOutcome | null };
  /** The delivery date a move names (epoch ms), worded in the reader's language and time. */
  date?: number;
  /** The licence a change names (issue 63), worded in the reader's language. */
  licence?: Licence;
}

export interface ChatMessageView {
  id: string;
  /** Gapless per room, from 1: the order of the room. Clients sort and dedupe by it. */
  seq: number;
  roomId: string;
  clientMessageId: string | null;
  /** Null for a system message (`notice`): it is neither party's, and counts for neither's turn. */
  sender: { userAccountId: string; side: ChatSide; name: string; avatarUrl: string | null } | null;
  /** A system message's content; null for a party's message. */
  notice: ChatSystemNotice | null;
  /**
   * The original first (isOriginal, in its detected language), then each machine translation the room has made of it
   * (issue 46, decision 078). A message is delivered with its original alone; translations follow (`translation`).
   */
  messageTexts: { text: string; languageCode: string; isOriginal: boolean }[];
  /** Reading languages the translator could not serve: their readers see the original with a retry (`translate`). */
  untranslated: string[];
  messageMedias: ChatMediaView[];
  /** Epoch milliseconds. */
  createdAt: number;
}

export interface ChatMessagePage {
  messages: ChatMessageView[];
  /** More older messages exist before the first one returned. */
  hasMore: boolean;
  /** The room's last seq now: a catch-up (`after`) is complete when the last message returned has it. */
  lastSeq: number;
}

/**
 * One media of a send as a browser writes it: a stored file by its URL, a link, or a pasted embed code, with an
 * optional name and place in the message. The type, site and thumbnail are not sent: the server derives them. The
 * schema that reads it (`chatMediaSchema`, worker/chat/domain/chat-send-schema.ts) takes exactly this shape, which its test
 * holds to the type (a contract of its own here, so that the wire's types import no schema).
 */
export type ChatMediaSubmit =
  | { formatType: "FILE"; name?: string; userIndex?: number; file: { url: string } }
  | { formatType: "LINK"; name?: string; userIndex?: number; link: { url: string } }
  | { formatType: "EMBED"; name?: string; userIndex?: number; embed: { code: string } };

/**
 * Files are uploaded first (upload rule `commission-order` / `chat_medias`), then referenced by URL; links and embeds
 * are sent as they are. The schema of both doors is worker/chat/domain/chat-send-schema.ts.
 */
export interface ChatMessageSubmit {
  chatRoomId: string;
  /** Chosen by the client; a resend with the same id stores nothing new and returns the first message. */
  clientMessageId: string;
  messageText: { text: string; languageCode: string };
  messageMedias: ChatMediaSubmit[];
}

export interface ChatRoomUpdate {
  chatRoomId: string;
  restrictionType: ChatRestrictionType;
  messageCharacterLimit: number;
  messageMediaLimit: number;
}

export type ChatRefusal =
  | "not_found"
  | "room_closed"
  | "room_not_opened"
  | "no_reply"
  | "moderate_reply_used"
  | "empty_message"
  | "invalid_characters"
  | "too_many_characters"
  | "too_many_medias"
  | "invalid_media"
  | "invalid_link"
  | "invalid_embed"
  | "not_editable"
  | "invalid_settings"
  /** The sender has sent CHAT_SEND_LIMIT's messages within its window (worker/chat/domain/chat.ts). */
  | "rate_limited";

/**
 * A keep-alive: the browser sends exactly this text and the room answers exactly CHAT_PONG, without waking the
 * object (hibernation's auto-response).
 */
export const CHAT_PING = '{"type":"ping"}';
/** The close code of a socket whose session has ended (signed out): reconnecting then needs a new sign-in. */
export const CHAT_SESSION_ENDED_CLOSE_CODE = 4401;
export const CHAT_PONG = '{"type":"pong"}';

/** Browser → room. */
export type ChatClientFrame =
  | {
      type: "send";
      clientMessageId: string;
      messageText: { text: string; languageCode: string };
      messageMedias: ChatMediaSubmit[];
    }
  | { type: "read"; seq: number }
  /**
   * Try again to translate message `seq` into this page's language, after "Translation unavailable" (or for a message
   * from history that has none yet). Paid from the asker's own share of the budget, never the writer's.
   */
  | { type: "translate"; seq: number };

/** Room → browser. */
export type ChatServerFrame =
  /** First frame after the upgrade: the room as the caller sees it and the last seq, to catch up from. */
  | { type: "hello"; room: ChatRoomView; lastSeq: number }
  /**
   * A stored message, to everyone in the room (the sender included: that is the acknowledgement). A resend of a
   * clientMessageId already stored is acknowledged with the stored message to the resending socket only.
   */
  | { type: "message"; message: ChatMessageView }
  /** A send refused; nothing was stored. */
  | { type: "refused"; clientMessageId: string; error: ChatRefusal; message: string }
  /** The room's settings or status changed; each socket gets its own view. */
  | { type: "room"; room: ChatRoomView }
  | { type: "read"; side: ChatSide; seq: number }
  /**
   * A message's translations changed: one landed or failed after the message was delivered (to every socket), or a
   * `translate` found one already made (to the asking socket).
   */
  | { type: "translation"; seq: number; messageTexts: ChatMessageView["messageTexts"]; untranslated: string[] }
  /** The answer to CHAT_PING. */
  | { type: "pong" };

/**
 * What the ChatRoom's RPC methods answer: the value, or why not as a ChatRefusal key (`not_found` for a room that does
 * not exist or a caller who is not its party), which the edge words in the caller's language (worker/messages/chat.ts).
 */
export type ChatResult<T> = { ok: true; value: T } | { ok: false; refusal: ChatRefusal };

/** A message's texts after a translation attempt (the HTTP retry's answer; the socket's `translation` frame). */
export type ChatTranslationUpdate = Omit<Extract<ChatServerFrame, { type: "translation" }>, "type">;
