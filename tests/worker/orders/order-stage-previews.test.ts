// Stage previews (issue 36, decision 073 "Previews"): the seller posts a stage's files through their own door; the
// Worker stores each picture's original privately with a reduced, watermarked JPEG beside it; the client reads only the
// copy (by any URL: the signed read, /media/, a guessed key) until the order is completed, then the original.
import { env } from "cloudflare:workers";
import { PhotonImage } from "@cf-wasm/photon";
import { describe, expect, it } from "vitest";
import { freshUser } from "../support/auth-helpers";
import { call, signUp } from "../support/helpers";
import { pathOf } from "../support/media-fixtures";
import { commissionAccountByEmail } from "../support/order-fixtures";
import { insertOrderIn } from "../support/order-states";
import { stagesOfPlan } from "#worker/orders/domain/order-stages";
import { signReadUrl } from "#worker/media/services/media-access";
import { stagePreviewViews } from "#worker/orders/services/stage-previews";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StagePreviewUpload } from "#app/components/orders/stage-preview-upload";

async function party() {
  const user = freshUser();
  const cookie = await signUp(user.handle, user.email);
  const account = await commissionAccountByEmail(user.email);
  const profile = await env.DB.prepare("SELECT id FROM user_profiles WHERE account_id = ?")
    .bind(account.userAccountId)
    .first<{ id: string }>();
  return { cookie, handle: user.handle, profileId: profile!.id, ...account, commissionAccountId: account.id };
}

/** A paid order of two stages (the first current), between three fresh people; its object not yet woken. */
async function stagedOrder() {
  const [seller, buyer, stranger] = await Promise.all([party(), party(), party()]);
  const order = await insertOrderIn("PAID", seller, buyer);
  const stages = stagesOfPlan([
    { title: "Sketch", sharePercent: 40, includedRevisions: 1 },
    { title: "Colour", sharePercent: 60, includedRevisions: 1 },
  ]);
  await env.DB.prepare("UPDATE commission_orders SET stages = ? WHERE id = ?")
    .bind(JSON.stringify(stages), order.id)
    .run();
  return { ...order, seller, buyer, stranger };
}

/** A PNG of one colour, `width` × `height`: any pixel of its copy far from that colour is the watermark. */
const BACKGROUND = [40, 90, 160] as const;
function picture(width = 2000, height = 1500): Uint8Array<ArrayBuffer> {
  const raw = new Uint8Array(width * height * 4);
  for (let i = 0; i < raw.length; i += 4) raw.set([...BACKGROUND, 255], i);
  const image = new PhotonImage(raw, width, height);
  try {
    return new Uint8Array(image.get_bytes());
  } finally {
    image.free();
  }
}
/** The head of an MP4 (an `ftyp` box of brand isom) and some bytes: a clip as the sniffer knows it. */
const CLIP = new Uint8Array([
  0,
  0,
  0,
  0x18,
  ...new TextEncoder().encode("ftypisom"),
  0,
  0,
  2,
  0,
  ...new Uint8Array(64),
]);

/** A PNG of 8 × 8 whose header claims `width` × `height`: checked by its header, it fails if ever decoded. */
function claimedPng(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = picture(8, 8);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}
const le16 = (n: number) => [n & 255, n >> 8];
/** A GIF whose logical screen is 10 × 10 and whose one frame is 5000 × 5000 (its LZW data a few bytes). */
const GIF_HUGE_FRAME = new Uint8Array([
  ...new TextEncoder().encode("GIF89a"),
  ...le16(10),
  ...le16(10),
  0x80,
  0,
  0,
  ...[0, 0, 0, 255, 255, 255],
  0x2c,
  ...le16(0),
  ...le16(0),
  ...le16(5000),
  ...le16(5000),
  0,
  2,
  2,
  0x4c,
  0x01,
  0,
  0x3b,
]);

function post(cookie: string, fields: { orderId: string; stage?: string | null; files: File[] }) {
  const form = new FormData();
  form.set("orderId", fields.orderId);
  if (fields.stage !== null) form.set("stage", fields.stage ?? "0");
  for (const file of fields.files) form.append("files", file);
  return call("/api/features/commission/order/stage/preview", { method: "POST", body: form, cookie });
}
const png = (bytes: Uint8Array<ArrayBuffer> = picture(), name = "sketch.png") =>
  new File([bytes], name, { type: "image/png" });

const rows = async (orderId: string) =>
  (
    await env.DB.prepare(
      "SELECT * FROM commission_order_stage_previews WHERE order_id = ? ORDER BY stage_index, round, position",
    )
      .bind(orderId)
      .all<{
        id: string;
        round: number;
        name: string;
        media_type: string;
        original_key: string;
        preview_key: string | null;
        width: number | null;
      }>()
  ).results;
const objectsOf = async (orderId: string) =>
  (await env.MEDIA.list({ prefix: `v1/commission-order/${orderId}/stage_` })).objects.map((o) => o.key).sort();
const pendingOf = async (orderId: string) =>
  // instr, not LIKE: the prefix is longer than the 50 bytes D1 allows a LIKE pattern (worker/domain/search-text.ts).
  (await env.DB.prepare("SELECT count(*) AS n FROM pending_uploads WHERE instr(key, ?) = 1")
    .bind(`v1/commission-order/${orderId}/stage_`)
    .first<{ n: number }>())!.n;
const stagesOf = async (orderId: string) =>
  JSON.parse(
    (await env.DB.prepare("SELECT stages FROM commission_orders WHERE id = ?")
      .bind(orderId)
      .first<{ stages: string }>())!.stages,
  ) as { status: string }[];
const bytesOf = async (body: { arrayBuffer(): Promise<ArrayBuffer> }) => new Uint8Array(await body.arrayBuffer());

// Each posting decodes and draws a picture in WebAssembly: seconds on a shared machine, not the default 5.
describe("posting a preview", { timeout: 30_000 }, () => {
  it("stores the original and a reduced, watermarked JPEG beside it; a clip as posted", async () => {
    const order = await stagedOrder();
    const original = picture();
    const response = await post(order.seller.cookie, {
      orderId: order.id,
      files: [png(original), new File([CLIP], "turnaround.mp4", { type: "video/mp4" })],
    });
    expect(response.status).toBe(200);
    const [image, clip] = await rows(order.id);
    expect([image.media_type, image.name, image.round, image.width]).toEqual(["image", "sketch.png", 0, 2000]);
    expect([clip.media_type, clip.name, clip.preview_key]).toEqual(["video", "turnaround.mp4", null]);
    expect(await objectsOf(order.id)).toEqual([image.original_key, image.preview_key!, clip.original_key].sort());
    expect(image.original_key).toMatch(/\/stage_previews\/[0-9a-f-]{36}\.png$/);
    expect(image.preview_key).toMatch(/\/stage_preview_copies\/[0-9a-f-]{36}\.jpg$/);
    expect(await bytesOf((await env.MEDIA.get(image.original_key))!)).toEqual(original);

    const copyBytes = await bytesOf((await env.MEDIA.get(image.preview_key!))!);
    expect([...copyBytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const copy = PhotonImage.new_from_byteslice(copyBytes);
    const [width, height, pixels] = [copy.get_width(), copy.get_height(), copy.get_raw_pixels()];
    copy.free();
    expect([width, height]).toEqual([1280, 960]);
    // The watermark reaches every part of the picture: each cell of a 4 × 4 grid has pixels far from the background.
    const marked = new Set<string>();
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        const distance = BACKGROUND.reduce((sum, c, k) => sum + Math.abs(pixels[i + k]! - c), 0);
        if (distance > 150) marked.add(`${Math.floor((4 * x) / width)},${Math.floor((4 * y) / height)}`);
      }
    expect(marked.size).toBe(16);

    expect((await stagesOf(order.id))[0].status).toBe("IN_REVIEW");
    expect(await pendingOf(order.id)).toBe(0);
  });

  it("the client and a stranger cannot post; nothing is stored", async () => {
    const order = await stagedOrder();
    expect((await post(order.buyer.cookie, { orderId: order.id, files: [png()] })).status).toBe(409);
    expect((await post(order.stranger.cookie, { orderId: order.id, files: [png()] })).status).toBe(404);
    expect((await post("", { orderId: order.id, files: [png()] })).status).toBe(401);
    expect(await rows(order.id)).toEqual([]);
    expect(await objectsOf(order.id)).toEqual([]);
  });

  it("bad input is a 400 with the upload messages, and changes nothing", async () => {
    const order = await stagedOrder();
    const cookie = order.seller.cookie;
    const refused = async (files: File[], code: string, stage = "0") => {
      const response = await post(cookie, { orderId: order.id, stage, files });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code });
    };
    await refused(
      [new File(["<html>not a picture</html>"], "x.png", { type: "image/png" })],
      "media_error_unsupported_type",
    );
    await refused([], "media_error_no_files");
    await refused(
      Array.from({ length: 11 }, () => png(picture(8, 8))),
      "media_error_too_many",
    );
    // A PNG whose header claims 5000 × 5000: refused by its header, never decoded.
    const huge = picture(8, 8);
    new DataView(huge.buffer).setUint32(16, 5000);
    new DataView(huge.buffer).setUint32(20, 5000);
    await refused([png(huge)], "media_error_too_large");
    await refused([new File([CLIP, new Uint8Array(21 * 1024 * 1024)], "long.mp4")], "media_error_too_large");
    // Sniffs as a PNG, with a sane header, but no picture follows: the decoder fails, and nothing stays.
    await refused([png(picture(8, 8).subarray(0, 40))], "media_error_unsupported_type");
    const noStage = await post(cookie, { orderId: order.id, stage: "first", files: [png()] });
    expect(noStage.status).toBe(400);
    const notMultipart = await call("/api/features/commission/order/stage/preview", {
      method: "POST",
      cookie,
      json: { orderId: order.id, stage: 0 },
    });
    expect(notMultipart.status).toBe(400);
    expect(await rows(order.id)).toEqual([]);
    expect(await objectsOf(order.id)).toEqual([]);
    expect(await pendingOf(order.id)).toBe(0);
    expect((await stagesOf(order.id))[0].status).toBe("PENDING");
    // The decoder is still sound after a file it could not read.
    expect((await post(cookie, { orderId: order.id, files: [png(picture(300, 200))] })).status).toBe(200);
  });

  it("a posting over the pixel budget is refused by its headers before a picture is decoded; nothing stored (issue 45)", async () => {
    const order = await stagedOrder();
    // Three pictures of 12 megapixels each (each within the per-picture limit): 36 megapixels, over the 24 of a
    // posting. Their headers lie (8 × 8 pixels follow), so a decode of any of them would fail as "unsupported type".
    const response = await post(order.seller.cookie, {
      orderId: order.id,
      files: Array.from({ length: 3 }, (_, i) => png(claimedPng(4000, 3000), `${i}.png`)),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "media_error_preview_pixels",
      error:
        "Error: these pictures are too large to prepare together. One posting takes pictures of up to 24 megapixels in all: send fewer or smaller ones.",
    });
    // A GIF whose 10 × 10 screen holds a 5000 × 5000 frame: refused by that frame's own size, never decoded.
    const gif = await post(order.seller.cookie, {
      orderId: order.id,
      files: [new File([GIF_HUGE_FRAME], "tiny.gif", { type: "image/gif" })],
    });
    expect(gif.status).toBe(400);
    expect(await gif.json()).toMatchObject({ code: "media_error_too_large" });
    expect(await rows(order.id)).toEqual([]);
    expect(await objectsOf(order.id)).toEqual([]);
    expect(await pendingOf(order.id)).toBe(0);
    expect((await stagesOf(order.id))[0].status).toBe("PENDING");
  });

  it("no stage, an empty stage, or no files: a 400 that says what is wrong, nothing stored (issue 45)", async () => {
    const order = await stagedOrder();
    for (const stage of [null, "", " ", "0.0", "01", "-0", "1e0"]) {
      const response = await post(order.seller.cookie, { orderId: order.id, stage, files: [png(picture(8, 8))] });
      expect(response.status, String(stage)).toBe(400);
      expect(await response.json()).toEqual({ error: "invalid_request" });
    }
    const none = await post(order.seller.cookie, { orderId: order.id, files: [] });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ code: "media_error_no_files", error: "Error: choose at least one file." });
    expect(await rows(order.id)).toEqual([]);
    expect(await objectsOf(order.id)).toEqual([]);
    expect((await stagesOf(order.id))[0].status).toBe("PENDING");
  });

  it("the order refuses a stage that is not current, and what was stored for it is deleted", async () => {
    const order = await stagedOrder();
    const later = await post(order.seller.cookie, { orderId: order.id, stage: "1", files: [png(picture(640, 480))] });
    expect(later.status).toBe(409);
    expect(await later.json()).toEqual({
      error: "stage_not_current",
      message: expect.stringMatching(/not the one in progress/),
    });
    expect(await objectsOf(order.id)).toEqual([]);
    expect(await pendingOf(order.id)).toBe(0);
    expect((await post(order.seller.cookie, { orderId: order.id, files: [png(picture(640, 480))] })).status).toBe(200);
    // Under review, the stage takes no second posting until the client answers.
    const again = await post(order.seller.cookie, { orderId: order.id, files: [png(picture(640, 480))] });
    expect(again.status).toBe(409);
    expect(await rows(order.id)).toHaveLength(1);
    expect(await objectsOf(order.id)).toHaveLength(2);
  });

  it("the generic upload and signed writes cannot write a preview's folders", async () => {
    const order = await stagedOrder();
    for (const field of ["stage_previews", "stage_preview_copies"]) {
      const form = new FormData();
      form.append("files", png(picture(8, 8)));
      form.set("domainPath", "commission-order");
      form.set("domainIdPath", order.id);
      form.set("fieldPath", field);
      const upload = await call("/api/google/storage/upload", {
        method: "POST",
        body: form,
        cookie: order.seller.cookie,
      });
      // Told where such files go (issue 45), not that the file's type is not supported.
      const doorOnly = {
        code: "media_error_door_only",
        error: "Error: a stage's preview files are posted with the preview, not uploaded here.",
      };
      expect(upload.status).toBe(400);
      expect(await upload.json()).toEqual(doorOnly);
      const sign = await call("/api/google/storage/sign/write", {
        method: "POST",
        cookie: order.seller.cookie,
        json: { path: `v1/commission-order/${order.id}/${field}`, contentType: "image/png", size: 100 },
      });
      expect(sign.status).toBe(400);
      expect(await sign.json()).toEqual(doorOnly);
    }
    expect(await objectsOf(order.id)).toEqual([]);
  });
});

describe("what each party reads", { timeout: 30_000 }, () => {
  it("the client reads only the watermarked copy until completion, by any URL; then the original", async () => {
    const order = await stagedOrder();
    const original = picture(1600, 1200);
    expect((await post(order.seller.cookie, { orderId: order.id, files: [png(original)] })).status).toBe(200);
    const [row] = await rows(order.id);
    const open = (url: string, cookie: string) => call(pathOf(url), { cookie });

    const [client] = await stagePreviewViews(env, order.id, { side: "buyer", orderProgress: "APPROVED" });
    expect(client).toMatchObject({ watermarked: true, mediaType: "image", width: 1600, height: 1200 });
    expect(client.clientCopyUrl).toBeUndefined();
    expect(client.url).toContain(row.preview_key!);
    const shown = await open(client.url, order.buyer.cookie);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/jpeg");

    const [seller] = await stagePreviewViews(env, order.id, { side: "seller", orderProgress: "APPROVED" });
    expect(seller).toMatchObject({ watermarked: false });
    expect(seller.url).toContain(row.original_key);
    expect(seller.clientCopyUrl).toContain(row.preview_key!);
    expect(await bytesOf(await open(seller.url, order.seller.cookie))).toEqual(original);

    // The original, to the client, before completion: the seller's own URL, a URL signed for the key, /media/, sign/read.
    expect((await open(seller.url, order.buyer.cookie)).status).toBe(403);
    const signedForKey = (await signReadUrl(env, row.original_key, null)).url;
    expect((await open(signedForKey, order.buyer.cookie)).status).toBe(403);
    expect((await call(`/media/${row.original_key}`, { cookie: order.buyer.cookie })).status).toBe(404);
    const signRead = () =>
      call("/api/google/storage/sign/read", {
        method: "POST",
        cookie: order.buyer.cookie,
        json: { path: row.original_key },
      });
    expect((await signRead()).status).toBe(403);
    // A guess at the original beside the copy (the copy's id with the picture's extension) is no object of theirs.
    const guessed = row.preview_key!.replace(/\.jpg$/, ".png");
    expect((await open((await signReadUrl(env, guessed, null)).url, order.buyer.cookie)).status).not.toBe(200);
    expect((await open(seller.url, order.stranger.cookie)).status).toBe(403);

    await env.DB.prepare("UPDATE commission_orders SET order_progress_status = 'COMPLETED' WHERE id = ?")
      .bind(order.id)
      .run();
    const [completed] = await stagePreviewViews(env, order.id, { side: "buyer", orderProgress: "COMPLETED" });
    expect(completed).toMatchObject({ watermarked: false });
    expect(await bytesOf(await open(completed.url, order.buyer.cookie))).toEqual(original);
    expect((await signRead()).status).toBe(200);
  });
});

describe("the seller's control", () => {
  it("names the stage and offers the pictures and clips the door takes", () => {
    const html = renderToStaticMarkup(
      createElement(StagePreviewUpload, { orderId: "o", stageIndex: 0, stageTitle: "Sketch", onPosted: () => {} }),
    );
    expect(html).toContain("Preview files for “Sketch”");
    const accept = /accept="([^"]*)"/.exec(html)![1].split(",");
    expect(accept).toEqual(expect.arrayContaining(["image/jpeg", "image/png", "image/gif", "video/mp4", ".wav"]));
    expect(accept).not.toContain("application/pdf");
  });
});
