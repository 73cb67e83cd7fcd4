// The chat panel's bookkeeping, pure so it can be tested without a browser: messages kept in `seq` order with no
// duplicates however they arrive (history pages, catch-up after a reconnect, live frames, the HTTP send's answer),
// where to catch up from, which optimistic sends are confirmed, where the unread divider goes, and the reconnect
// backoff. No React, no clock and no randomness of its own (both are arguments).
import type { ChatMediaSubmit, ChatMessageView, ChatServerFrame, ChatSide } from "#worker/chat/domain/chat-protocol";
import { isLocale } from "#worker/domain/locales";
import { detectTextLanguage, detectWrittenLanguage, isForeignLanguage } from "#worker/domain/text-language";
import type { TextReading } from "#worker/domain/text-reading";

/** A message sent but not yet confirmed by a stored message with the same clientMessageId. */
export interface PendingMessage {
  clientMessageId: string;
  text: string;
  languageCode: string;
  /** Files, links and embeds, each with its userIndex (its place in the list). */
  medias: ChatMediaSubmit[];
  createdAt: number;
}

/**
 * How far a message's translations have come: each made one counts more than any failed one, so a copy that brings
 * one more (a catch-up after it landed) replaces the panel's, and an older copy (a page fetched before a `translation`
 * frame arrived) does not undo it.
 */
const translationProgress = (message: Pick<ChatMessageView, "messageTexts" | "untranslated">) =>
  message.messageTexts.length * 100 + message.untranslated.length;

/**
 * `current` plus `incoming`, sorted by seq, one message per seq. Returns `current` itself when nothing is new, so a
 * frame the panel already has (an echo, a catch-up overlap) renders nothing. A known message that comes back with
 * more of its translations (a catch-up after one landed, issue 46) is replaced by that copy.
 */
export function mergeMessages(
  current: readonly ChatMessageView[],
  incoming: readonly ChatMessageView[],
): readonly ChatMessageView[] {
  const known = new Map(current.map((message) => [message.seq, message]));
  const fresh: ChatMessageView[] = [];
  const changed = new Map<number, ChatMessageView>();
  for (const message of incoming) {
    const had = known.get(message.seq);
    if (!had) {
      known.set(message.seq, message);
      fresh.push(message);
    } else if (translationProgress(message) > translationProgress(had)) changed.set(message.seq, message);
  }
  if (fresh.length === 0 && changed.size === 0) return current;
  return [...current.map((message) => changed.get(message.seq) ?? message), ...fresh].sort((a, b) => a.seq - b.seq);
}

/** The messages after a `translation` frame: that message with its new texts; `current` itself when unknown. */
export function withTranslation(
  current: readonly ChatMessageView[],
  frame: Extract<ChatServerFrame, { type: "translation" }>,
): readonly ChatMessageView[] {
  if (!current.some((message) => message.seq === frame.seq)) return current;
  return current.map((message) =>
    message.seq === frame.seq
      ? { ...message, messageTexts: frame.messageTexts, untranslated: frame.untranslated }
      : message,
  );
}

/**
 * The highest seq up to which the panel has every message without a gap (seq is gapless per room), counted from the
 * oldest one it holds: catching up asks for what comes after it. 0 when it holds nothing.
 */
export function lastContiguousSeq(messages: readonly ChatMessageView[]): number {
  if (messages.length === 0) return 0;
  let last = messages[0].seq;
  for (const message of messages.slice(1)) {
    if (message.seq !== last + 1) break;
    last = message.seq;
  }
  return last;
}

/** The optimistic sends still waiting: those whose message has not arrived. */
export function unconfirmed(
  pending: readonly PendingMessage[],
  messages: readonly ChatMessageView[],
): PendingMessage[] {
  const confirmed = new Set(messages.map((message) => message.clientMessageId).filter(Boolean));
  return pending.filter((send) => !confirmed.has(send.clientMessageId));
}

/** The seq of the first message from the other party (or the system: an order event) after what the viewer had read: the divider goes before it. */
export function firstUnreadSeq(
  messages: readonly ChatMessageView[],
  lastReadSeq: number,
  viewerSide: ChatSide,
): number | null {
  return messages.find((message) => message.seq > lastReadSeq && message.sender?.side !== viewerSide)?.seq ?? null;
}

/** How many messages from the other party (or the system) come after what the viewer has read. */
export function unreadCount(messages: readonly ChatMessageView[], lastReadSeq: number, viewerSide: ChatSide): number {
  return messages.filter((message) => message.seq > lastReadSeq && message.sender?.side !== viewerSide).length;
}

/**
 * How a reader of `locale` reads a message (issue 46): its original, and what to show in its place. As written when
 * it is in their language or has no letters; labelled with its language when Comet does not translate it (issue 62);
 * translated when the room has made their language's; unavailable when the
 * translator failed for it; else pending (the room is making it, or is to be asked).
 */
export function messageReading(
  message: Pick<ChatMessageView, "messageTexts" | "untranslated">,
  locale: string,
): { original: string; reading: TextReading } {
  const original = message.messageTexts.find((row) => row.isOriginal)?.text ?? "";
  const written = detectWrittenLanguage(original);
  if (written !== null && isForeignLanguage(written))
    return { original, reading: { kind: "foreign", language: written } };
  const from = detectTextLanguage(original);
  if (from === null || from === locale || !isLocale(locale)) return { original, reading: { kind: "original" } };
  const translated = message.messageTexts.find((row) => !row.isOriginal && row.languageCode === locale);
  if (translated) return { original, reading: { kind: "translated", text: translated.text, from } };
  return { original, reading: { kind: message.untranslated.includes(locale) ? "unavailable" : "pending", from } };
}

/** The translation the writer of a message may look at (their own message, as the other party reads it), if any. */
export function sentTranslation(
  message: Pick<ChatMessageView, "messageTexts">,
): { text: string; languageCode: string } | null {
  return message.messageTexts.find((row) => !row.isOriginal) ?? null;
}

/** The other party's messages a reader of `locale` has no translation of yet, nor a failed one: to ask the room for. */
export function untranslatedSeqs(messages: readonly ChatMessageView[], locale: string, viewerSide: ChatSide): number[] {
  return messages
    .filter((message) => message.sender && message.sender.side !== viewerSide)
    .filter((message) => messageReading(message, locale).reading.kind === "pending")
    .map((message) => message.seq);
}

export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 15_000;

/**
 * The wait before reconnect attempt `attempt` (0 first): doubling from RECONNECT_BASE_MS up to RECONNECT_MAX_MS, with
 * jitter (`random` in [0, 1)) between half and all of it, so a deploy that drops every socket does not bring them
 * all back in the same instant.
 */
export function reconnectDelay(attempt: number, random: number): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
