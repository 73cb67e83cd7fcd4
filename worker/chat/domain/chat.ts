/**
 * The order chat's rules (spec sections 4, 5, 9; issue 11; docs/decisions/027): who may write in a room now, what a
 * message may hold, and which room settings the seller may save. Pure: the ChatRoom Durable Object and the chat API
 * ask these and act on the answer; refusals are the wire contract's ChatRefusal keys, worded at the edge.
 */
import { hasUnstorableCharacters, isBlankText, textLength } from "../../domain/text";
import { LOCALES, isLocale, type Locale } from "../../domain/locales";
import { detectTextLanguage } from "../../domain/text-language";
import {
  CHAT_MESSAGE_CHARACTER_FALLBACK,
  type ChatMessageView,
  type ChatRefusal,
  type ChatRoomView,
  type ChatRestrictionType,
  type ChatRoomStatus,
  type ChatSide,
} from "./chat-protocol";

const CHAT_RESTRICTION_TYPES: readonly ChatRestrictionType[] = ["UNLIMITED_REPLY", "MODERATE_REPLY", "NO_REPLY"];
/** The media count a room allows when none is set (the chat_rooms column's default). */
const CHAT_MEDIA_FALLBACK = 10;
/** The bounds of what the seller may set (spec section 9 gives no values: decision 027). */
export const CHAT_CHARACTER_LIMIT_MAX = 10_000;
export const CHAT_MEDIA_LIMIT_MAX = 20;
/**
 * A sender's pace in one room (decision 066; the spec sets none): at most `messages` stored messages in any
 * `windowMs`. Ten in ten seconds lets a person paste a burst, never a script flood the other party.
 */
export const CHAT_SEND_LIMIT = { messages: 10, windowMs: 10_000 } as const;

/**
 * How long a room trusts a session it has read (a socket's, before each send) without reading it again: sign-out
 * closes the session's sockets at once, so this bounds only an ending the room was not told of (decision 085).
 */
export const CHAT_SESSION_RECHECK_MS = 60_000;

export interface ChatRoomRules {
  roomStatus: ChatRoomStatus;
  restrictionType: ChatRestrictionType;
  messageCharacterLimit: number | null;
  messageMediaLimit: number | null;
}

/** What the room's history says about turns, for MODERATE_REPLY: the seq of each side's latest message (0: none). */
export interface ChatTurns {
  lastSellerSeq: number;
  lastBuyerSeq: number;
}

/** The room's character limit: its own when set and positive, else the spec's fallback of 1000. */
export function characterLimitOf(room: Pick<ChatRoomRules, "messageCharacterLimit">): number {
  const limit = room.messageCharacterLimit;
  return limit !== null && Number.isSafeInteger(limit) && limit > 0 ? limit : CHAT_MESSAGE_CHARACTER_FALLBACK;
}

function mediaLimitOf(room: Pick<ChatRoomRules, "messageMediaLimit">): number {
  const limit = room.messageMediaLimit;
  return limit !== null && Number.isSafeInteger(limit) && limit >= 0 ? limit : CHAT_MEDIA_FALLBACK;
}

/** Characters as a person counts them: code points, so an emoji outside the BMP is one, not two UTF-16 units. */
/** A message's length as its limit counts it: in characters (code points), as every text field (text.ts). */
export const countCharacters = textLength;

/**
 * May this side write now? Null when yes, else why not (the input's placeholder says so).
 * - CLOSED (order COMPLETED or CANCELED): nobody writes.
 * - The seller writes in any other state, whatever the restriction.
 * - The client (buyer) writes only while OPENED; NO_REPLY shuts them out; MODERATE_REPLY lets them reply once per
 *   seller message: they may send when the seller has written since their own last message.
 */
export function writeBlockedBy(
  room: Pick<ChatRoomRules, "roomStatus" | "restrictionType">,
  side: ChatSide,
  turns: ChatTurns,
): ChatRefusal | null {
  if (room.roomStatus === "CLOSED") return "room_closed";
  if (side === "seller") return null;
  if (room.roomStatus !== "OPENED") return "room_not_opened";
  if (room.restrictionType === "NO_REPLY") return "no_reply";
  if (room.restrictionType === "MODERATE_REPLY" && turns.lastSellerSeq <= turns.lastBuyerSeq)
    return "moderate_reply_used";
  return null;
}

export interface ChatDraft {
  text: string;
  mediaCount: number;
}

/** A message's content (spec section 5): non-empty (text or media), within the room's character and media limits. */
export function contentRefusal(
  room: Pick<ChatRoomRules, "messageCharacterLimit" | "messageMediaLimit">,
  draft: ChatDraft,
): ChatRefusal | null {
  if (isBlankText(draft.text) && draft.mediaCount === 0) return "empty_message";
  if (hasUnstorableCharacters(draft.text)) return "invalid_characters";
  if (countCharacters(draft.text) > characterLimitOf(room)) return "too_many_characters";
  if (draft.mediaCount > mediaLimitOf(room)) return "too_many_medias";
  return null;
}

/** Both checks a send must pass, the writer's first. */
export function sendRefusal(
  room: ChatRoomRules,
  side: ChatSide,
  turns: ChatTurns,
  draft: ChatDraft,
): ChatRefusal | null {
  return writeBlockedBy(room, side, turns) ?? contentRefusal(room, draft);
}

/**
 * `rate_limited` when the sender's last CHAT_SEND_LIMIT.messages messages (`recentSends`: their times, any order)
 * all lie within the window before `now`; refused and resent messages are not in it, so they cost nothing.
 */
export function sendRateRefusal(recentSends: readonly number[], now: number): ChatRefusal | null {
  const inWindow = recentSends.filter((sentAt) => sentAt > now - CHAT_SEND_LIMIT.windowMs);
  return inWindow.length >= CHAT_SEND_LIMIT.messages ? "rate_limited" : null;
}

export interface ChatSettings {
  restrictionType: ChatRestrictionType;
  messageCharacterLimit: number;
  messageMediaLimit: number;
}

/**
 * chatRoom.update's values (spec section 7): a known restriction type and whole limits within bounds. Whether the
 * order still allows the change is the Order rules' `editable.chatSettings` (worker/orders/domain/order.ts), not this.
 */
export function settingsRefusal(settings: ChatSettings): ChatRefusal | null {
  const { restrictionType, messageCharacterLimit, messageMediaLimit } = settings;
  if (!CHAT_RESTRICTION_TYPES.includes(restrictionType)) return "invalid_settings";
  if (
    !Number.isSafeInteger(messageCharacterLimit) ||
    messageCharacterLimit < 1 ||
    messageCharacterLimit > CHAT_CHARACTER_LIMIT_MAX
  )
    return "invalid_settings";
  if (!Number.isSafeInteger(messageMediaLimit) || messageMediaLimit < 0 || messageMediaLimit > CHAT_MEDIA_LIMIT_MAX)
    return "invalid_settings";
  return null;
}

/** The next read marker: it only moves forward, and never past the last message. */
export function nextReadSeq(current: number, requested: number, lastSeq: number): number {
  if (!Number.isSafeInteger(requested)) return current;
  return Math.max(current, Math.min(requested, lastSeq));
}

/**
 * The dedupe key of the other party's unread-message notice: one per room and reader until their read marker moves,
 * so a burst of messages makes one notice, and a message after they have read makes the next.
 */
export function unreadNoticeKey(roomId: string, recipientSide: ChatSide, recipientReadSeq: number): string {
  return `chat:${roomId}:${recipientSide}:${recipientReadSeq}`;
}

export const otherSide = (side: ChatSide): ChatSide => (side === "seller" ? "buyer" : "seller");

/** What a room's view is made of: the ChatRoom object's record, or the order page's D1 projection of it. */
export interface ChatRoomFacts extends ChatRoomRules, ChatTurns {
  id: string;
  orderId: string;
  orderCode: string;
  sellerReadSeq: number;
  buyerReadSeq: number;
}

/** The room as one side sees it: the same for the socket's hello and room frames, the API and the order page. */
export function chatRoomView(room: ChatRoomFacts, viewerSide: ChatSide): ChatRoomView {
  const blocked = writeBlockedBy(room, viewerSide, room);
  return {
    id: room.id,
    orderId: room.orderId,
    orderCode: room.orderCode,
    roomStatus: room.roomStatus,
    restrictionType: room.restrictionType,
    messageCharacterLimit: characterLimitOf(room),
    messageMediaLimit: mediaLimitOf(room),
    viewerSide,
    lastReadSeq: { seller: room.sellerReadSeq, buyer: room.buyerReadSeq },
    canWrite: blocked === null,
    writeBlockedBy: blocked,
  };
}

/**
 * A message's machine translations (issue 46, decision 078), as the ChatRoom object keeps them beside the original:
 * the text per reading language, and the reading languages the translator could not serve (the reader sees the
 * original with a retry). The original is never among them and never replaced.
 */
export interface ChatTranslations {
  texts: Partial<Record<Locale, string>>;
  untranslated: Locale[];
}

export const NO_CHAT_TRANSLATIONS: ChatTranslations = { texts: {}, untranslated: [] };

/** Stored translations back from their JSON (the object's column, D1's copy); anything unreadable is none. */
export function parseChatTranslations(json: string | null | undefined): ChatTranslations {
  if (!json) return NO_CHAT_TRANSLATIONS;
  try {
    const raw = JSON.parse(json) as { texts?: unknown; untranslated?: unknown };
    const texts: ChatTranslations["texts"] = {};
    if (raw.texts && typeof raw.texts === "object")
      for (const [locale, text] of Object.entries(raw.texts))
        if (isLocale(locale) && typeof text === "string") texts[locale] = text;
    const untranslated = Array.isArray(raw.untranslated) ? raw.untranslated.filter(isLocale) : [];
    return { texts, untranslated: untranslated.filter((locale) => texts[locale] === undefined) };
  } catch {
    return NO_CHAT_TRANSLATIONS;
  }
}

/**
 * The languages a message is translated into: the readers' (the other party's interface language, the locales of
 * their open pages) that are Comet's, other than the text's own. None for a text with no letters (a link, an emoji).
 */
export function chatTranslationTargets(text: string, readerLocales: readonly string[]): Locale[] {
  const from = detectTextLanguage(text);
  if (from === null) return [];
  return [...new Set(readerLocales.filter(isLocale))].filter((locale) => locale !== from);
}

/** The translations after one attempt for `locale`: its text, or (null) the translator could not make one. */
export function withChatTranslation(
  current: ChatTranslations,
  locale: Locale,
  translated: string | null,
): ChatTranslations {
  const untranslated = current.untranslated.filter((known) => known !== locale);
  if (translated === null) return { texts: current.texts, untranslated: [...untranslated, locale] };
  return { texts: { ...current.texts, [locale]: translated }, untranslated };
}

/**
 * The wire's texts of a message (spec section 3): the original first, in its detected language (as the sender's page
 * gave it when it has no letters), then each translation; and the languages whose translation failed.
 */
export function chatMessageTexts(
  text: string,
  givenLanguage: string,
  translations: ChatTranslations,
): Pick<ChatMessageView, "messageTexts" | "untranslated"> {
  if (!text) return { messageTexts: [], untranslated: [] };
  const original = { text, languageCode: detectTextLanguage(text) ?? givenLanguage, isOriginal: true };
  const translated = LOCALES.flatMap((locale) => {
    const value = translations.texts[locale];
    return value === undefined ? [] : [{ text: value, languageCode: locale, isOriginal: false }];
  });
  return { messageTexts: [original, ...translated], untranslated: [...translations.untranslated] };
}
