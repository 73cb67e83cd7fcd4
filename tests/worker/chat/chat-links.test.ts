// Links and embeds in chat messages beside files (issue 33, decision 058): one schema at both doors (HTTP submit and
// the socket's send frame), kept in the order sent (userIndex), projected into D1 and read back the same; bad links,
// embeds of sites without a player and too many attachments refused with a message, storing nothing.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../support/helpers";
import { PNG } from "../support/media-fixtures";
import {
  chatOrder,
  embedMedia,
  fileMedia,
  linkMedia,
  list,
  openSocket,
  sent,
  submit,
  updateRoom,
} from "../support/chat-fixtures";
import type { ChatMediaSubmit, ChatMediaView, ChatMessagePage } from "#worker/chat/domain/chat-protocol";
import { loadChatRoom, loadProjectedMessages } from "#worker/chat/services/chat-rooms";

const YOUTUBE = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
const YOUTUBE_IFRAME =
  '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube video player"></iframe>';
const LINK = "https://example.com/reference/board";

async function uploaded(cookie: string, orderId: string): Promise<string> {
  const form = new FormData();
  form.append("files", new File([PNG], "sketch.png", { type: "image/png" }));
  form.set("domainPath", "commission-order");
  form.set("domainIdPath", orderId);
  form.set("fieldPath", "chat_medias");
  const response = await call("/api/google/storage/upload", { method: "POST", body: form, cookie });
  expect(response.status).toBe(200);
  return (await response.json<{ urls: string[] }>()).urls[0];
}

/** A file, a link and an embed, sent out of their userIndex order: the room shows them by it. */
const mixed = (fileUrl: string): ChatMediaSubmit[] => [
  linkMedia(LINK, { name: "Board", userIndex: 1 }),
  embedMedia(YOUTUBE_IFRAME, { userIndex: 2 }),
  { ...fileMedia(fileUrl, "sketch.png"), userIndex: 0 },
];

/** What a media is, without its signed URL's token (a new one each time it is read). */
const unsigned = (url: string | null) => url?.replace(/\?.*$/, "") ?? null;
const shape = (media: ChatMediaView) =>
  media.formatType === "FILE"
    ? { ...media, url: unsigned(media.url), thumbnailUrl: unsigned(media.thumbnailUrl) }
    : media;

function expectMixed(medias: ChatMediaView[]) {
  expect(medias.map((media) => [media.formatType, media.userIndex])).toEqual([
    ["FILE", 0],
    ["LINK", 1],
    ["EMBED", 2],
  ]);
  expect(medias[0]).toMatchObject({ name: "sketch.png", mediaType: "IMAGE", site: null, code: null });
  expect(medias[0].url).toContain("token=");
  expect(medias[1]).toEqual({
    id: medias[1].id,
    formatType: "LINK",
    name: "Board",
    mediaType: "OTHER",
    site: "other",
    url: LINK,
    code: null,
    thumbnailUrl: null,
    fileType: null,
    fileSize: null,
    userIndex: 1,
  });
  expect(medias[2]).toEqual({
    id: medias[2].id,
    formatType: "EMBED",
    name: null,
    mediaType: "VIDEO",
    site: "youtube",
    url: "https://www.youtube.com/embed/dQw4w9WgXcQ",
    code: YOUTUBE_IFRAME,
    thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    fileType: null,
    fileSize: null,
    userIndex: 2,
  });
}

const storedCounts = async (roomId: string) => {
  const messages = await env.DB.prepare("SELECT count(*) AS n FROM chat_messages WHERE room_id = ?")
    .bind(roomId)
    .first<{ n: number }>();
  const medias = await env.DB.prepare(
    "SELECT count(*) AS n FROM media_attachments a JOIN chat_messages m ON m.id = a.owner_id WHERE a.owner_type = 'chat_message' AND m.room_id = ?",
  )
    .bind(roomId)
    .first<{ n: number }>();
  return { messages: messages?.n, medias: medias?.n };
};

describe("links, embeds and files in one message", () => {
  it("over HTTP: kept in their userIndex order, the same for the other party, in history and in D1's projection", async () => {
    const order = await chatOrder();
    const fileUrl = await uploaded(order.buyer.cookie, order.id);
    const message = await sent(order.buyer.cookie, order.roomId, { text: "refs", medias: mixed(fileUrl) });
    expectMixed(message.messageMedias);

    // The other party reads the same attachments, in the same order.
    const page = await (await list(order.seller.cookie, order.roomId)).json<ChatMessagePage>();
    expect(page.messages[0].messageMedias.map(shape)).toEqual(message.messageMedias.map(shape));

    // D1: one media row each, at its place, with the link's and the embed's own columns.
    const rows = await env.DB.prepare(
      `SELECT a.position, md.format_type, md.media_type, md.user_index, md.link_url, md.link_site, md.embed_site, md.embed_code, md.thumbnail_url, md.file_url,
         (SELECT text FROM localized_texts t WHERE t.entity_type = 'media' AND t.entity_id = md.id AND t.field = 'name') AS name
       FROM media_attachments a JOIN media md ON md.id = a.media_id WHERE a.owner_type = 'chat_message' AND a.owner_id = ? ORDER BY a.position`,
    )
      .bind(message.id)
      .all<Record<string, unknown>>();
    expect(rows.results).toEqual([
      expect.objectContaining({
        position: 0,
        format_type: "FILE",
        user_index: 0,
        file_url: fileUrl.replace(/\?.*$/, ""),
        link_url: null,
        embed_code: null,
      }),
      {
        position: 1,
        format_type: "LINK",
        media_type: "OTHER",
        user_index: 1,
        link_url: LINK,
        link_site: "other",
        embed_site: null,
        embed_code: null,
        thumbnail_url: null,
        file_url: null,
        name: "Board",
      },
      {
        position: 2,
        format_type: "EMBED",
        media_type: "VIDEO",
        user_index: 2,
        link_url: null,
        link_site: null,
        embed_site: "youtube",
        embed_code: YOUTUBE_IFRAME,
        thumbnail_url: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
        file_url: null,
        name: null,
      },
    ]);

    // A room object loading from D1 (its first wake) gets back what was stored.
    const room = (await loadChatRoom(env.DB, order.roomId))!;
    const [reloaded] = await loadProjectedMessages(env.DB, room);
    if (reloaded.side === "system") throw new Error("a party's message came back as a system message");
    expect(reloaded.medias.map((media) => media.formatType ?? "FILE")).toEqual(["FILE", "LINK", "EMBED"]);
    expect(reloaded.medias.slice(1)).toEqual([
      {
        formatType: "LINK",
        id: message.messageMedias[1].id,
        name: "Board",
        mediaType: "OTHER",
        site: "other",
        url: LINK,
        code: null,
        thumbnailUrl: null,
      },
      {
        formatType: "EMBED",
        id: message.messageMedias[2].id,
        name: null,
        mediaType: "VIDEO",
        site: "youtube",
        url: "https://www.youtube.com/embed/dQw4w9WgXcQ",
        code: YOUTUBE_IFRAME,
        thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      },
    ]);
  });

  it("over the socket: the same schema, and both parties get them in order", async () => {
    const order = await chatOrder();
    const fileUrl = await uploaded(order.seller.cookie, order.id);
    const seller = await openSocket(order.roomId, order.seller.cookie);
    const buyer = await openSocket(order.roomId, order.buyer.cookie);
    await Promise.all([seller.next("hello"), buyer.next("hello")]);
    seller.send({
      type: "send",
      clientMessageId: "with-links",
      messageText: { text: "", languageCode: "en" },
      messageMedias: mixed(fileUrl),
    });
    const [atSeller, atBuyer] = await Promise.all([seller.next("message"), buyer.next("message")]);
    expectMixed(atBuyer.message.messageMedias);
    expect(atBuyer.message.messageMedias.map(shape)).toEqual(atSeller.message.messageMedias.map(shape));
    // History after a reload reads them the same.
    const page = await (await list(order.buyer.cookie, order.roomId)).json<ChatMessagePage>();
    expect(page.messages[0].messageMedias.map(shape)).toEqual(atBuyer.message.messageMedias.map(shape));
    seller.close();
    buyer.close();
  });

  it("a YouTube address pasted as an embed, and a link to a file elsewhere, carry no thumbnail but the site's own", async () => {
    const order = await chatOrder();
    const message = await sent(order.buyer.cookie, order.roomId, {
      text: "",
      medias: [embedMedia(YOUTUBE), linkMedia("https://example.com/cat.png")],
    });
    expect(
      message.messageMedias.map(({ formatType, site, mediaType, thumbnailUrl }) => ({
        formatType,
        site,
        mediaType,
        thumbnailUrl,
      })),
    ).toEqual([
      {
        formatType: "EMBED",
        site: "youtube",
        mediaType: "VIDEO",
        thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      },
      // Not the picture itself: the other party's browser fetches nothing from the sender's choice of host.
      { formatType: "LINK", site: "direct", mediaType: "IMAGE", thumbnailUrl: null },
    ]);
  });
});

describe("refused attachments store nothing", () => {
  it("bad links, embeds of sites without a player, and unreadable media, with the reason in the caller's language", async () => {
    const order = await chatOrder();
    const refused = async (medias: unknown[], cookie = order.buyer.cookie) => {
      const response = await call("/api/features/chat/message/submit", {
        method: "POST",
        cookie,
        json: {
          chatRoomId: order.roomId,
          clientMessageId: crypto.randomUUID(),
          messageText: { text: "look", languageCode: "en" },
          messageMedias: medias,
        },
      });
      expect(response.status).toBe(400);
      return response.json<{ error: string; message?: string }>();
    };
    for (const url of [
      "javascript:alert(1)",
      "ftp://example.com/file",
      "example.com",
      `https://example.com/${"a".repeat(2000)}`,
      "",
      "https://",
    ]) {
      expect(await refused([linkMedia(LINK), linkMedia(url)]), url).toEqual({
        error: "invalid_link",
        message: "This link cannot be sent: use an http or https address of at most 2,000 characters.",
      });
    }
    for (const code of [
      '<iframe src="https://evil.example/embed/1"></iframe>',
      "https://example.com/video",
      "<script>alert(1)</script>",
      "https://www.youtube.com/@channel",
    ]) {
      const body = await refused([embedMedia(code)]);
      expect(body.error, code).toBe("invalid_embed");
      expect(body.message).toBe(
        "Only embeds from YouTube, SoundCloud, niconico, TikTok, Bandcamp, Mixcloud, X can be sent.",
      );
    }
    expect((await refused([{ formatType: "VIDEO", url: LINK }])).error).toBe("invalid_media");
    expect((await refused([{ formatType: "LINK", url: LINK }])).error).toBe("invalid_link");
    expect(await refused([linkMedia("nope")], `${order.buyer.cookie}; app-language=ja`)).toEqual({
      error: "invalid_link",
      message: "このリンクは送信できません。2,000文字以内の http または https のアドレスを使ってください。",
    });
    expect(
      (await refused([embedMedia("https://evil.example/x")], `${order.buyer.cookie}; app-language=ja`)).message,
    ).toBe("埋め込みは YouTube, SoundCloud, niconico, TikTok, Bandcamp, Mixcloud, X のものだけ送信できます。");
    // A good link beside a file that is not this order's: the whole message is refused.
    const foreign = await chatOrder();
    const foreignFile = await uploaded(foreign.buyer.cookie, foreign.id);
    const withBadFile = await submit(order.buyer.cookie, order.roomId, {
      text: "",
      medias: [linkMedia(LINK), fileMedia(foreignFile)],
    });
    expect(await withBadFile.json()).toMatchObject({ error: "invalid_media" });
    expect(await storedCounts(order.roomId)).toEqual({ messages: 0, medias: 0 });
  });

  it("the room's media limit counts links and embeds with files; the schema caps any list at 20", async () => {
    const order = await chatOrder();
    expect(
      (
        await updateRoom(order.seller.cookie, order.roomId, {
          restrictionType: "UNLIMITED_REPLY",
          messageCharacterLimit: 1000,
          messageMediaLimit: 2,
        })
      ).status,
    ).toBe(200);
    const three = await submit(order.buyer.cookie, order.roomId, {
      text: "",
      medias: [linkMedia(LINK), embedMedia(YOUTUBE), linkMedia(`${LINK}/2`)],
    });
    expect(three.status).toBe(400);
    expect(await three.json()).toEqual({ error: "too_many_medias", message: "Too many files for one message." });
    const many = await submit(order.seller.cookie, order.roomId, {
      text: "",
      medias: Array.from({ length: 21 }, (_, i) => linkMedia(`${LINK}/${i}`)),
    });
    expect(await many.json()).toMatchObject({ error: "too_many_medias" });
    expect(await storedCounts(order.roomId)).toEqual({ messages: 0, medias: 0 });
    // Two fit.
    await sent(order.buyer.cookie, order.roomId, { text: "", medias: [linkMedia(LINK), embedMedia(YOUTUBE)] });
    expect(await storedCounts(order.roomId)).toEqual({ messages: 1, medias: 2 });
  });

  it("over the socket: the sender is told why, the other party hears nothing, nothing is stored", async () => {
    const order = await chatOrder();
    const seller = await openSocket(order.roomId, order.seller.cookie);
    const buyer = await openSocket(order.roomId, order.buyer.cookie);
    await Promise.all([seller.next("hello"), buyer.next("hello")]);
    const frame = (clientMessageId: string, messageMedias: unknown[]) => ({
      type: "send",
      clientMessageId,
      messageText: { text: "see", languageCode: "en" },
      messageMedias,
    });
    buyer.send(frame("bad-link", [linkMedia("javascript:alert(1)")]));
    expect(await buyer.next("refused", (f) => f.clientMessageId === "bad-link")).toMatchObject({
      error: "invalid_link",
      message: expect.stringContaining("http or https"),
    });
    buyer.send(frame("bad-embed", [embedMedia('<iframe src="https://evil.example/x"></iframe>')]));
    expect(await buyer.next("refused", (f) => f.clientMessageId === "bad-embed")).toMatchObject({
      error: "invalid_embed",
    });
    // A good send after them is the room's first message: the refused ones took no seq.
    buyer.send(frame("good", [linkMedia(LINK)]));
    expect((await seller.next("message")).message).toMatchObject({ seq: 1, clientMessageId: "good" });
    expect(seller.frames.filter((f) => f.type === "refused")).toEqual([]);
    // D1's projection follows the fan-out (decision 085).
    await expect.poll(() => storedCounts(order.roomId)).toEqual({ messages: 1, medias: 1 });
    seller.close();
    buyer.close();
  });

  it("a SoundCloud player address carrying a javascript: or data: address is a bad link or embed, and nothing is stored (issue 45)", async () => {
    const order = await chatOrder();
    const player = (inner: string) => `https://w.soundcloud.com/player/?url=${encodeURIComponent(inner)}`;
    for (const inner of ["javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>"]) {
      const asLink = await submit(order.buyer.cookie, order.roomId, { text: "", medias: [linkMedia(player(inner))] });
      expect(asLink.status, inner).toBe(400);
      expect(await asLink.json()).toEqual({
        error: "invalid_link",
        message: "This link cannot be sent: use an http or https address of at most 2,000 characters.",
      });
      const asEmbed = await submit(order.buyer.cookie, order.roomId, {
        text: "",
        medias: [embedMedia(`<iframe src="${player(inner)}"></iframe>`)],
      });
      expect(asEmbed.status, inner).toBe(400);
      expect(await asEmbed.json()).toMatchObject({ error: "invalid_embed" });
    }
    expect(await storedCounts(order.roomId)).toEqual({ messages: 0, medias: 0 });
    const history = await (await list(order.buyer.cookie, order.roomId)).json<{ data: ChatMessagePage }>();
    expect(JSON.stringify(history)).not.toMatch(/javascript:|data:text/);
  });

  it("someone not of the order cannot post a link (404), and nothing is stored", async () => {
    const order = await chatOrder();
    const response = await submit(order.stranger.cookie, order.roomId, { text: "", medias: [linkMedia(LINK)] });
    expect(response.status).toBe(404);
    const signedOut = await submit("", order.roomId, { text: "", medias: [linkMedia(LINK)] });
    expect(signedOut.status).toBe(401);
    expect(await storedCounts(order.roomId)).toEqual({ messages: 0, medias: 0 });
  });
});
