// The chat panel's bookkeeping (app/components/chat/chat-timeline.ts): however messages arrive (history, catch-up
// after a reconnect, live frames, the HTTP send's answer) the panel holds each once, in seq order, and knows where
// to catch up from; sends are confirmed by clientMessageId; the reconnect wait grows and stays bounded.
import { describe, expect, it } from "vitest";
import {
  firstUnreadSeq,
  lastContiguousSeq,
  mergeMessages,
  messageReading,
  reconnectDelay,
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  unconfirmed,
  unreadCount,
  withTranslation,
  type PendingMessage,
} from "#app/components/chat/chat-timeline";
import type { ChatMessageView, ChatSide } from "#worker/chat/domain/chat-protocol";

const message = (seq: number, side: ChatSide = "seller", clientMessageId: string | null = null): ChatMessageView => ({
  id: `m${seq}`,
  seq,
  roomId: "room",
  clientMessageId,
  sender: { userAccountId: side, side, name: side, avatarUrl: null },
  notice: null,
  messageTexts: [{ text: `text ${seq}`, languageCode: "en", isOriginal: true }],
  untranslated: [],
  messageMedias: [],
  createdAt: seq * 1000,
});
const seqs = (list: readonly ChatMessageView[]) => list.map((m) => m.seq);
const pending = (clientMessageId: string): PendingMessage => ({
  clientMessageId,
  text: "hi",
  languageCode: "en",
  medias: [],
  createdAt: 0,
});

describe("mergeMessages", () => {
  it("keeps one message per seq, in seq order, whatever order and overlap they arrive in", () => {
    const history = [message(3), message(4), message(5)];
    const caughtUp = mergeMessages(history, [message(6), message(5), message(7)]);
    const live = mergeMessages(caughtUp, [message(7), message(8)]);
    const older = mergeMessages(live, [message(1), message(2), message(3)]);
    expect(seqs(older)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("returns the same list when nothing is new, so an echo renders nothing", () => {
    const list = [message(1), message(2)];
    expect(mergeMessages(list, [message(2), message(1)])).toBe(list);
    expect(mergeMessages(list, [])).toBe(list);
  });

  it("dedupes within one batch too", () => {
    expect(seqs(mergeMessages([], [message(2), message(2), message(1)]))).toEqual([1, 2]);
  });
});

describe("lastContiguousSeq", () => {
  it("is where catching up starts: the end of the run without a gap from the oldest held message", () => {
    expect(lastContiguousSeq([])).toBe(0);
    expect(lastContiguousSeq([message(10), message(11), message(12)])).toBe(12);
    // 13 and 14 were missed while the socket was down; 15 came live.
    expect(lastContiguousSeq([message(10), message(11), message(12), message(15)])).toBe(12);
  });
});

describe("unconfirmed", () => {
  it("drops the sends whose stored message arrived, by clientMessageId", () => {
    const waiting = [pending("a"), pending("b")];
    expect(
      unconfirmed(waiting, [message(1, "buyer", "a"), message(2, "seller")]).map((p) => p.clientMessageId),
    ).toEqual(["b"]);
    expect(unconfirmed(waiting, [message(3, "seller", null)])).toHaveLength(2);
  });
});

describe("unread", () => {
  const list = [
    message(1, "seller"),
    message(2, "buyer"),
    message(3, "buyer"),
    message(4, "seller"),
    message(5, "buyer"),
  ];

  it("puts the divider before the other party's first message after the viewer's read marker", () => {
    expect(firstUnreadSeq(list, 1, "seller")).toBe(2);
    expect(firstUnreadSeq(list, 3, "buyer")).toBe(4);
    expect(firstUnreadSeq(list, 5, "seller")).toBeNull();
  });

  it("counts only the other party's messages past the marker", () => {
    expect(unreadCount(list, 0, "seller")).toBe(3);
    expect(unreadCount(list, 3, "buyer")).toBe(1);
  });
});

describe("translations arriving after their message (issue 46)", () => {
  const translated = (seq: number): ChatMessageView => ({
    ...message(seq),
    messageTexts: [...message(seq).messageTexts, { text: `訳 ${seq}`, languageCode: "ja", isOriginal: false }],
  });

  it("a catch-up copy with more of them replaces the panel's; an older copy does not undo them", () => {
    const held = [message(1), message(2)];
    const caughtUp = mergeMessages(held, [translated(2)]);
    expect(caughtUp[1].messageTexts).toHaveLength(2);
    expect(mergeMessages(caughtUp, [message(2)])).toBe(caughtUp);
    const failed = { ...message(1), untranslated: ["ja"] };
    expect(mergeMessages(held, [failed])[0].untranslated).toEqual(["ja"]);
  });

  it("a translation frame updates its message only", () => {
    const held = [message(1), message(2)];
    const next = withTranslation(held, {
      type: "translation",
      seq: 2,
      messageTexts: translated(2).messageTexts,
      untranslated: [],
    });
    expect(next[1].messageTexts[1]).toMatchObject({ text: "訳 2", isOriginal: false });
    expect(next[0]).toBe(held[0]);
    expect(withTranslation(held, { type: "translation", seq: 9, messageTexts: [], untranslated: [] })).toBe(held);
  });
});

describe("messageReading", () => {
  const texts = [
    { text: "こんにちは", languageCode: "ja", isOriginal: true },
    { text: "Hello", languageCode: "en", isOriginal: false },
  ];

  it("reads the viewer's language's translation, marked as one, and the original in its own language", () => {
    expect(messageReading({ messageTexts: texts, untranslated: [] }, "en")).toEqual({
      original: "こんにちは",
      reading: { kind: "translated", text: "Hello", from: "ja" },
    });
    expect(messageReading({ messageTexts: texts, untranslated: [] }, "ja").reading).toEqual({ kind: "original" });
  });

  it("is pending until the room has one, unavailable when it failed; a text with no letters is read as written", () => {
    expect(messageReading({ messageTexts: [texts[0]], untranslated: [] }, "en").reading).toEqual({
      kind: "pending",
      from: "ja",
    });
    expect(messageReading({ messageTexts: [texts[0]], untranslated: ["en"] }, "en").reading).toEqual({
      kind: "unavailable",
      from: "ja",
    });
    const link = [{ text: "https://example.com 👍", languageCode: "ja", isOriginal: true }];
    expect(messageReading({ messageTexts: link, untranslated: [] }, "en").reading).toEqual({ kind: "original" });
  });
});

describe("reconnectDelay", () => {
  it("doubles from the base, with jitter between half and all of it, and never passes the ceiling", () => {
    expect(reconnectDelay(0, 0)).toBe(RECONNECT_BASE_MS / 2);
    expect(reconnectDelay(0, 0.999)).toBeLessThanOrEqual(RECONNECT_BASE_MS);
    expect(reconnectDelay(3, 0)).toBe((RECONNECT_BASE_MS * 8) / 2);
    expect(reconnectDelay(50, 0.999)).toBeLessThanOrEqual(RECONNECT_MAX_MS);
    expect(reconnectDelay(50, 0)).toBe(RECONNECT_MAX_MS / 2);
  });
});

describe("system messages in the unread count", () => {
  it("count as unread for both parties, as the other party's messages do", () => {
    const system: ChatMessageView = {
      ...message(2),
      sender: null,
      notice: { key: "stages_updated" },
      messageTexts: [],
    };
    const messages = [message(1, "seller"), system];
    expect(unreadCount(messages, 1, "seller")).toBe(1);
    expect(unreadCount(messages, 1, "buyer")).toBe(1);
    expect(firstUnreadSeq(messages, 1, "seller")).toBe(2);
  });
});
