// The chat's side effects (issue 11): the other party's CHAT_ROOM_MESSAGE_RECEIVED notice, coalesced, and files in
// messages: uploaded by either party into the order's chat folder, re-sniffed, shown through signed URLs only.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../support/helpers";
import { PNG } from "../support/media-fixtures";
import { chatOrder, fileMedia, openSocket, refusal, sent, submit } from "../support/chat-fixtures";

const notices = async (userAccountId: string, roomId: string) =>
  (
    await env.DB.prepare(
      "SELECT href, read_at FROM notifications WHERE recipient_user_account_id = ? AND chat_room_id = ? AND notification_type = 'CHAT_ROOM_MESSAGE_RECEIVED' ORDER BY created_at",
    )
      .bind(userAccountId, roomId)
      .all<{ href: string; read_at: number | null }>()
  ).results;
const read = (cookie: string, chatRoomId: string, seq: number) =>
  call("/api/features/chat/room/read", { method: "POST", cookie, json: { chatRoomId, seq } });

describe("the other party's notice", () => {
  it("is one per room until they read, linked to their own side's order page", async () => {
    const order = await chatOrder();
    await sent(order.buyer.cookie, order.roomId, { text: "one" });
    await sent(order.buyer.cookie, order.roomId, { text: "two" });
    expect(await notices(order.seller.userAccountId, order.roomId)).toEqual([
      { href: `/dashboard/commission/managements?order=${order.code}`, read_at: null },
    ]);
    expect(await notices(order.buyer.userAccountId, order.roomId)).toEqual([]);

    expect((await read(order.seller.cookie, order.roomId, 2)).status).toBe(200);
    expect((await notices(order.seller.userAccountId, order.roomId))[0].read_at).not.toBeNull();
    await sent(order.buyer.cookie, order.roomId, { text: "three" });
    expect(await notices(order.seller.userAccountId, order.roomId)).toHaveLength(2);

    await sent(order.seller.cookie, order.roomId, { text: "answer" });
    expect(await notices(order.buyer.userAccountId, order.roomId)).toEqual([
      { href: `/dashboard/commission/client/requests?order=${order.code}`, read_at: null },
    ]);
  });

  it("is not sent while they are in the room", async () => {
    const order = await chatOrder();
    const seller = await openSocket(order.roomId, order.seller.cookie);
    await seller.next("hello");
    await sent(order.buyer.cookie, order.roomId, { text: "you are here" });
    await seller.next("message");
    expect(await notices(order.seller.userAccountId, order.roomId)).toEqual([]);
    seller.close();
  });

  it("read markers move forward only and reach the other side's sockets", async () => {
    const order = await chatOrder();
    await sent(order.seller.cookie, order.roomId);
    await sent(order.seller.cookie, order.roomId);
    const seller = await openSocket(order.roomId, order.seller.cookie);
    await seller.next("hello");
    expect((await read(order.buyer.cookie, order.roomId, 99)).status).toBe(200);
    expect(await seller.next("read")).toEqual({ type: "read", side: "buyer", seq: 2 });
    await read(order.buyer.cookie, order.roomId, 1);
    const row = await env.DB.prepare("SELECT buyer_read_seq FROM chat_rooms WHERE id = ?")
      .bind(order.roomId)
      .first<{ buyer_read_seq: number }>();
    expect(row?.buyer_read_seq).toBe(2);
    seller.close();
  });
});

function upload(cookie: string, orderId: string, file = new File([PNG], "sketch.png", { type: "image/png" })) {
  const form = new FormData();
  form.append("files", file);
  form.set("domainPath", "commission-order");
  form.set("domainIdPath", orderId);
  form.set("fieldPath", "chat_medias");
  return call("/api/google/storage/upload", { method: "POST", body: form, cookie });
}

describe("files in messages", () => {
  it("either party uploads into the order's chat folder, a stranger cannot", async () => {
    const order = await chatOrder();
    expect((await upload(order.buyer.cookie, order.id)).status).toBe(200);
    expect((await upload(order.seller.cookie, order.id)).status).toBe(200);
    expect((await upload(order.stranger.cookie, order.id)).status).toBe(403);
  });

  it("a sent file is shown through a signed URL the two parties can read, and projected as the message's media", async () => {
    const order = await chatOrder();
    const url = (await (await upload(order.buyer.cookie, order.id)).json<{ urls: string[] }>()).urls[0];
    const message = await sent(order.buyer.cookie, order.roomId, { text: "", medias: [fileMedia(url, "sketch.png")] });
    const [media] = message.messageMedias;
    expect(media).toMatchObject({ name: "sketch.png", mediaType: "IMAGE", fileType: "image/png", formatType: "FILE" });
    expect(media.url).toContain("token=");
    expect((await call(media.url, { cookie: order.seller.cookie })).status).toBe(200);
    expect((await call(url, { cookie: order.stranger.cookie })).status).toBe(404);
    const attached = await env.DB.prepare(
      "SELECT m.file_url FROM media_attachments a JOIN media m ON m.id = a.media_id WHERE a.owner_type = 'chat_message' AND a.owner_id = ?",
    )
      .bind(message.id)
      .first<{ file_url: string }>();
    expect(attached?.file_url).toBe(url.replace(/\?.*$/, ""));
  });

  it("each party deletes only their own file, and only until it is sent", async () => {
    const order = await chatOrder();
    const remove = (cookie: string, url: string) =>
      call("/api/google/storage/delete", { method: "POST", cookie, json: { url } });
    const mine = (await (await upload(order.buyer.cookie, order.id)).json<{ urls: string[] }>()).urls[0];
    expect((await remove(order.seller.cookie, mine)).status).toBe(403);
    expect((await remove(order.buyer.cookie, mine)).status).toBe(200);
    const kept = (await (await upload(order.buyer.cookie, order.id)).json<{ urls: string[] }>()).urls[0];
    await sent(order.buyer.cookie, order.roomId, { text: "", medias: [fileMedia(kept, "kept.png")] });
    expect((await remove(order.buyer.cookie, kept)).status).toBe(403);
    expect(await env.MEDIA.head(kept.replace(/^\/media\//, ""))).not.toBeNull();
  });

  it("refuses a file from another order's folder, and one whose bytes are not what it claims", async () => {
    const order = await chatOrder();
    const other = await chatOrder();
    const foreign = (await (await upload(other.buyer.cookie, other.id)).json<{ urls: string[] }>()).urls[0];
    expect(
      await refusal(
        await submit(order.buyer.cookie, order.roomId, { text: "", medias: [fileMedia(foreign, "x.png")] }),
      ),
    ).toBe("invalid_media");
    const key = `v1/commission-order/${order.id}/chat_medias/${crypto.randomUUID()}.png`;
    await env.MEDIA.put(key, new TextEncoder().encode("<html>not a png</html>"));
    expect(
      await refusal(
        await submit(order.buyer.cookie, order.roomId, { text: "", medias: [fileMedia(`/media/${key}`, "x.png")] }),
      ),
    ).toBe("invalid_media");
  });
});
