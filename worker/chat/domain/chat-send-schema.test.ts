// The chat send's one schema (chat-send-schema.ts, decision 058): which links and embeds it takes, what it derives
// from them, the order it puts them in, and the refusal each bad one answers.
import * as v from "valibot";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { ChatMediaSubmit } from "./chat-protocol";
import {
  CHAT_EMBED_SITES,
  chatClientFrameSchema,
  chatMediaSchema,
  chatSendRefusal,
  chatSubmitSchema,
  inShownOrder,
} from "./chat-send-schema";

const send = (messageMedias: unknown[]) =>
  v.safeParse(chatSubmitSchema, {
    chatRoomId: "r",
    clientMessageId: "c",
    messageText: { text: "", languageCode: "en" },
    messageMedias,
  });
const refusalOf = (messageMedias: unknown[]) => {
  const parsed = send(messageMedias);
  return parsed.success ? null : chatSendRefusal(parsed.issues);
};

describe("the wire contract", () => {
  it("writes out exactly the media the schema reads (chat-protocol.ts imports no schema: tsc checks this)", () => {
    expectTypeOf<ChatMediaSubmit>().toEqualTypeOf<v.InferInput<typeof chatMediaSchema>>();
  });
});

describe("embeds", () => {
  // One address of each site with a player: the list is the CSP's frame-src (PLAYER_ORIGINS), nothing else.
  const players: Record<string, string> = {
    youtube: "https://youtu.be/dQw4w9WgXcQ",
    soundcloud: "https://soundcloud.com/artist/track",
    niconico: "https://www.nicovideo.jp/watch/sm9",
    tiktok: "https://www.tiktok.com/@user/video/7212345678901234567",
    bandcamp: "https://bandcamp.com/EmbeddedPlayer/album=1/size=large",
    mixcloud: "https://www.mixcloud.com/artist/mix/",
    x: "https://x.com/user/status/1234567890",
  };

  it("are taken from every site with a player, and only those", () => {
    expect(Object.keys(players).sort()).toEqual([...CHAT_EMBED_SITES].sort());
    for (const [site, code] of Object.entries(players)) {
      const parsed = v.safeParse(chatMediaSchema, { formatType: "EMBED", embed: { code } });
      expect(parsed.success && parsed.output.formatType === "EMBED" && parsed.output.entry.site, site).toBe(site);
    }
    for (const code of [
      "https://vimeo.com/123",
      '<iframe src="https://evil.example/embed"></iframe>',
      "<b>hi</b>",
      "",
      "x".repeat(5001),
    ]) {
      expect(refusalOf([{ formatType: "EMBED", embed: { code } }]), code.slice(0, 40)).toBe("invalid_embed");
    }
  });

  it("never take the browser's type, site or thumbnail", () => {
    const parsed = send([
      {
        formatType: "EMBED",
        mediaType: "IMAGE",
        site: "other",
        thumbnailUrl: "https://evil.example/t.png",
        embed: { code: players.youtube },
      },
    ]);
    expect(parsed.success && parsed.output.messageMedias[0]).toMatchObject({
      entry: { mediaType: "VIDEO", site: "youtube", thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg" },
    });
  });
});

describe("links", () => {
  it("are http(s) addresses of at most 2,000 characters, trimmed", () => {
    const parsed = send([{ formatType: "LINK", link: { url: "  https://example.com/a  " }, name: "  Ref  " }]);
    expect(parsed.success && parsed.output.messageMedias[0]).toEqual({
      formatType: "LINK",
      name: "Ref",
      userIndex: undefined,
      entry: {
        formatType: "LINK",
        mediaType: "OTHER",
        site: "other",
        url: "https://example.com/a",
        code: null,
        thumbnailUrl: null,
      },
    });
    for (const url of [
      "javascript:alert(1)",
      "data:text/html,x",
      "mailto:a@b.c",
      "//example.com",
      "https://",
      `https://e.com/${"a".repeat(2000)}`,
    ]) {
      expect(refusalOf([{ formatType: "LINK", link: { url } }]), url.slice(0, 40)).toBe("invalid_link");
    }
  });

  it("to a picture elsewhere carry no thumbnail (the other party's browser fetches nothing by itself)", () => {
    const parsed = send([{ formatType: "LINK", link: { url: "https://example.com/a.png" } }]);
    expect(parsed.success && parsed.output.messageMedias[0]).toMatchObject({
      entry: { site: "direct", mediaType: "IMAGE", thumbnailUrl: null },
    });
  });
});

describe("the list", () => {
  it("is put in userIndex order, those without one where they were sent", () => {
    expect(
      inShownOrder([
        { id: "a", userIndex: 2 },
        { id: "b", userIndex: undefined },
        { id: "c", userIndex: 0 },
        { id: "d", userIndex: 2 },
      ]).map((m) => m.id),
    ).toEqual(["c", "b", "a", "d"]);
  });

  it("holds at most 20, and a media of an unknown kind is invalid_media", () => {
    const links = (n: number) =>
      Array.from({ length: n }, () => ({ formatType: "LINK", link: { url: "https://example.com" } }));
    expect(send(links(20)).success).toBe(true);
    expect(refusalOf(links(21))).toBe("too_many_medias");
    expect(refusalOf([{ formatType: "VIDEO" }])).toBe("invalid_media");
    expect(refusalOf([{ url: "/media/v1/x.png", name: "old shape" }])).toBe("invalid_media");
  });

  it("is the same schema in the socket's send frame", () => {
    const frame = v.safeParse(chatClientFrameSchema, {
      type: "send",
      clientMessageId: "c",
      messageText: { text: "", languageCode: "en" },
      messageMedias: [{ formatType: "LINK", link: { url: "ftp://x" } }],
    });
    expect(frame.success ? null : chatSendRefusal(frame.issues)).toBe("invalid_link");
    // Other malformed input is no media refusal: a plain 400, an ignored frame.
    const noId = send([]);
    expect(noId.success).toBe(true);
    const bad = v.safeParse(chatSubmitSchema, { chatRoomId: "r", messageText: { text: "", languageCode: "en" } });
    expect(bad.success ? "parsed" : chatSendRefusal(bad.issues)).toBeNull();
  });
});
