// The chat's pure rules (worker/chat/domain/chat.ts): who may write, what a message may hold, what settings are valid.
import { describe, expect, it } from "vitest";
import {
  CHAT_SEND_LIMIT,
  characterLimitOf,
  contentRefusal,
  countCharacters,
  nextReadSeq,
  sendRateRefusal,
  sendRefusal,
  settingsRefusal,
  unreadNoticeKey,
  writeBlockedBy,
  type ChatRoomRules,
} from "./chat";

const room = (over: Partial<ChatRoomRules> = {}): ChatRoomRules => ({
  roomStatus: "OPENED",
  restrictionType: "UNLIMITED_REPLY",
  messageCharacterLimit: null,
  messageMediaLimit: 2,
  ...over,
});
const noTurns = { lastSellerSeq: 0, lastBuyerSeq: 0 };

describe("who may write", () => {
  it("nobody writes in a CLOSED room", () => {
    expect(writeBlockedBy(room({ roomStatus: "CLOSED" }), "seller", noTurns)).toBe("room_closed");
    expect(writeBlockedBy(room({ roomStatus: "CLOSED" }), "buyer", noTurns)).toBe("room_closed");
  });

  it("the seller writes while DRAFT or OPENED whatever the restriction", () => {
    for (const restrictionType of ["UNLIMITED_REPLY", "MODERATE_REPLY", "NO_REPLY"] as const) {
      expect(writeBlockedBy(room({ roomStatus: "DRAFT", restrictionType }), "seller", noTurns)).toBeNull();
      expect(writeBlockedBy(room({ restrictionType }), "seller", { lastSellerSeq: 3, lastBuyerSeq: 9 })).toBeNull();
    }
  });

  it("the client writes only while OPENED", () => {
    expect(writeBlockedBy(room({ roomStatus: "DRAFT" }), "buyer", noTurns)).toBe("room_not_opened");
    expect(writeBlockedBy(room(), "buyer", noTurns)).toBeNull();
  });

  it("NO_REPLY shuts the client out", () => {
    expect(writeBlockedBy(room({ restrictionType: "NO_REPLY" }), "buyer", { lastSellerSeq: 5, lastBuyerSeq: 0 })).toBe(
      "no_reply",
    );
  });

  it("MODERATE_REPLY lets the client reply once per seller message", () => {
    const moderate = room({ restrictionType: "MODERATE_REPLY" });
    expect(writeBlockedBy(moderate, "buyer", noTurns)).toBe("moderate_reply_used");
    expect(writeBlockedBy(moderate, "buyer", { lastSellerSeq: 1, lastBuyerSeq: 0 })).toBeNull();
    expect(writeBlockedBy(moderate, "buyer", { lastSellerSeq: 1, lastBuyerSeq: 2 })).toBe("moderate_reply_used");
    expect(writeBlockedBy(moderate, "buyer", { lastSellerSeq: 3, lastBuyerSeq: 2 })).toBeNull();
  });
});

describe("what a message may hold", () => {
  it("must have text or media", () => {
    expect(contentRefusal(room(), { text: "  \n", mediaCount: 0 })).toBe("empty_message");
    expect(contentRefusal(room(), { text: "", mediaCount: 1 })).toBeNull();
  });

  it("counts characters as code points against the room's limit, 1000 when unset", () => {
    expect(characterLimitOf(room())).toBe(1000);
    expect(characterLimitOf(room({ messageCharacterLimit: 0 }))).toBe(1000);
    expect(countCharacters("😀😀")).toBe(2);
    expect(contentRefusal(room(), { text: "a".repeat(1000), mediaCount: 0 })).toBeNull();
    expect(contentRefusal(room(), { text: "a".repeat(1001), mediaCount: 0 })).toBe("too_many_characters");
    expect(contentRefusal(room({ messageCharacterLimit: 3 }), { text: "😀😀😀", mediaCount: 0 })).toBeNull();
    expect(contentRefusal(room({ messageCharacterLimit: 3 }), { text: "😀😀😀😀", mediaCount: 0 })).toBe(
      "too_many_characters",
    );
  });

  it("keeps media within the room's limit", () => {
    expect(contentRefusal(room(), { text: "", mediaCount: 2 })).toBeNull();
    expect(contentRefusal(room(), { text: "", mediaCount: 3 })).toBe("too_many_medias");
  });

  it("checks the writer before the content", () => {
    expect(sendRefusal(room({ roomStatus: "CLOSED" }), "seller", noTurns, { text: "", mediaCount: 0 })).toBe(
      "room_closed",
    );
  });

  it("refuses a sender's next message while their last CHAT_SEND_LIMIT messages all lie within its window", () => {
    const { messages, windowMs } = CHAT_SEND_LIMIT;
    const now = 1_000_000;
    const burst = Array.from({ length: messages }, (_, i) => now - i * 100);
    expect(sendRateRefusal(burst, now)).toBe("rate_limited");
    expect(sendRateRefusal(burst.slice(1), now)).toBeNull();
    // The oldest leaves the window: there is room for one more.
    expect(sendRateRefusal([...burst.slice(1), now - windowMs], now)).toBeNull();
    expect(sendRateRefusal([], now)).toBeNull();
  });
});

describe("settings and markers", () => {
  it("accepts a known type and whole limits within bounds", () => {
    expect(
      settingsRefusal({ restrictionType: "NO_REPLY", messageCharacterLimit: 500, messageMediaLimit: 0 }),
    ).toBeNull();
    expect(
      settingsRefusal({ restrictionType: "SOMETIMES" as never, messageCharacterLimit: 500, messageMediaLimit: 1 }),
    ).toBe("invalid_settings");
    expect(settingsRefusal({ restrictionType: "NO_REPLY", messageCharacterLimit: 0, messageMediaLimit: 1 })).toBe(
      "invalid_settings",
    );
    expect(settingsRefusal({ restrictionType: "NO_REPLY", messageCharacterLimit: 1.5, messageMediaLimit: 1 })).toBe(
      "invalid_settings",
    );
    expect(settingsRefusal({ restrictionType: "NO_REPLY", messageCharacterLimit: 10, messageMediaLimit: -1 })).toBe(
      "invalid_settings",
    );
    expect(settingsRefusal({ restrictionType: "NO_REPLY", messageCharacterLimit: 10, messageMediaLimit: 21 })).toBe(
      "invalid_settings",
    );
  });

  it("moves a read marker forward only, never past the last message", () => {
    expect(nextReadSeq(5, 3, 10)).toBe(5);
    expect(nextReadSeq(5, 8, 10)).toBe(8);
    expect(nextReadSeq(5, 80, 10)).toBe(10);
  });

  it("keys the unread notice by room, reader and read marker", () => {
    expect(unreadNoticeKey("r", "buyer", 4)).toBe("chat:r:buyer:4");
    expect(unreadNoticeKey("r", "buyer", 4)).not.toBe(unreadNoticeKey("r", "buyer", 5));
  });
});
