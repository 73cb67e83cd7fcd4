// The chat panel's bookkeeping, pure so it can be tested without a browser: messages kept in `seq` order with no
// duplicates however they arrive (history pages, catch-up after a reconnect, live frames, the HTTP send's answer),
// where to catch up from, which optimistic sends are confirmed, where the unread divider goes, and the reconnect
// backoff. No React, no clock and no randomness of its own (both are arguments).
import type { ChatMediaSubmit, ChatMessageView, ChatSide } from "#worker/domain/chat-protocol";
import { pickLocalizedText } from "#worker/domain/localized-text";

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
 * `current` plus `incoming`, sorted by seq, one message per seq. Returns `current` itself when nothing is new, so a
 * frame the panel already has (an echo, a catch-up overlap) renders nothing.
 */
export function mergeMessages(
  current: readonly ChatMessageView[],
  incoming: readonly ChatMessageView[],
): readonly ChatMessageView[] {
  const known = new Set(current.map((message) => message.seq));
  const fresh = incoming.filter((message) => !known.has(message.seq) && (known.add(message.seq), true));
  if (fresh.length === 0) return current;
  return [...current, ...fresh].sort((a, b) => a.seq - b.seq);
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

/** The text a viewer reads: their language, else the original (the rule of localized-text.ts); `translated` when the shown text is not the original. */
export function messageText(
  message: Pick<ChatMessageView, "messageTexts">,
  locale: string,
): { text: string; translated: boolean } {
  const text = pickLocalizedText(message.messageTexts, locale) ?? "";
  const shown =
    message.messageTexts.find((row) => row.text === text && row.languageCode === locale) ??
    message.messageTexts.find((row) => row.text === text);
  return { text, translated: shown ? !shown.isOriginal : false };
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
