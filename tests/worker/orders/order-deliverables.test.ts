// Deliverables (decision 024): uploads under v1/commission-order/{orderId}/deliverables by the order's seller only,
// attached and deleted through the Order Durable Object with the editability of spec section 4, exactly once under
// repeated requests, and readable by the two parties only, by signed URL.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, db } from "../support/helpers";
import { PNG, pathOf } from "../support/media-fixtures";
import { insertOrder } from "../support/order-fixtures";
import { getOrderDetail } from "#worker/orders/services/order-views";
import { newPartyWithProfile } from "../support/order-states";

const party = newPartyWithProfile;

/** An order between three fresh people, put in `progress` / `payment` before its Durable Object first reads it. */
async function newOrder(progress = "APPROVED", payment = "COMPLETED") {
  const [seller, buyer, stranger] = await Promise.all([party(), party(), party()]);
  const { id, code } = await insertOrder({
    sellerId: seller.commissionAccountId,
    buyerId: buyer.commissionAccountId,
    priceAmount: 10_000,
    approvalDeadline: Date.now() + 86_400_000,
  });
  await env.DB.prepare("UPDATE commission_orders SET order_progress_status = ?, order_payment_status = ? WHERE id = ?")
    .bind(progress, payment, id)
    .run();
  return { id, code, seller, buyer, stranger };
}

function upload(cookie: string, orderId: string, files = [new File([PNG], "final.png", { type: "image/png" })]) {
  const form = new FormData();
  for (const file of files) form.append("files", file);
  form.set("domainPath", "commission-order");
  form.set("domainIdPath", orderId);
  form.set("fieldPath", "deliverables");
  return call("/api/google/storage/upload", { method: "POST", body: form, cookie });
}
async function uploaded(cookie: string, orderId: string) {
  const response = await upload(cookie, orderId);
  expect(response.status).toBe(200);
  return (await response.json<{ urls: string[] }>()).urls[0];
}
const create = (cookie: string, orderId: string, urls: string[]) =>
  call("/api/features/commission/order/deliverable/create", {
    method: "POST",
    cookie,
    json: { orderId, medias: urls.map((url) => ({ url, name: "final.png" })) },
  });
const remove = (cookie: string, orderId: string, mediaIds: string[]) =>
  call("/api/features/commission/order/deliverable/update", {
    method: "POST",
    cookie,
    json: { orderId, mediaIdsToDelete: mediaIds },
  });
const events = async (id: string) =>
  (
    await env.DB.prepare("SELECT event_type FROM commission_order_events WHERE order_id = ? ORDER BY version")
      .bind(id)
      .all<{ event_type: string }>()
  ).results.map((e) => e.event_type);
const files = async (id: string) =>
  (
    await env.DB.prepare(
      `SELECT m.id, m.file_url, m.file_name FROM commission_order_deliverables d JOIN media_attachments a ON a.owner_type = 'commission_order_deliverable' AND a.owner_id = d.id
       JOIN media m ON m.id = a.media_id WHERE d.order_id = ?`,
    )
      .bind(id)
      .all<{ id: string; file_url: string; file_name: string }>()
  ).results;
const keyOf = (url: string) => url.replace(/^\/media\//, "");

describe("who may write deliverables", () => {
  it("only the seller uploads into the order's folder and attaches from it", async () => {
    const order = await newOrder();
    expect((await upload(order.buyer.cookie, order.id)).status).toBe(403);
    expect((await upload(order.stranger.cookie, order.id)).status).toBe(403);
    const url = await uploaded(order.seller.cookie, order.id);

    expect((await create(order.buyer.cookie, order.id, [url])).status).toBe(409);
    expect((await create(order.stranger.cookie, order.id, [url])).status).toBe(404);
    expect(await files(order.id)).toEqual([]);

    const response = await create(order.seller.cookie, order.id, [url]);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { deliverableCount: 1 } });
    expect((await files(order.id)).map((f) => [f.file_url, f.file_name])).toEqual([[url, "final.png"]]);
    expect(await events(order.id)).toEqual(["DELIVERABLE_ADDED"]);
    const pending = await env.DB.prepare("SELECT count(*) AS n FROM pending_uploads WHERE key = ?")
      .bind(keyOf((await files(order.id))[0].file_url))
      .first<{ n: number }>();
    expect(pending!.n).toBe(0);
  });

  it("refuses a file from another order's folder, and a file whose bytes are not what it claims", async () => {
    const [order, other] = await Promise.all([newOrder(), newOrder()]);
    const foreign = await uploaded(other.seller.cookie, other.id);
    expect((await create(order.seller.cookie, order.id, [foreign])).status).toBe(403);
    expect(await env.MEDIA.head(keyOf(foreign))).not.toBeNull();
    const fake = `v1/commission-order/${order.id}/deliverables/${crypto.randomUUID()}.png`;
    await env.MEDIA.put(fake, new TextEncoder().encode("<html>not a picture</html>"));
    expect((await create(order.seller.cookie, order.id, [`/media/${fake}`])).status).toBe(400);
    expect(await env.MEDIA.head(fake)).toBeNull();
    expect(await files(order.id)).toEqual([]);
  });
});

describe("editability and exactly once", () => {
  it("five identical requests racing attach the file once, with one event", async () => {
    const order = await newOrder();
    const url = await uploaded(order.seller.cookie, order.id);
    const responses = await Promise.all(Array.from({ length: 5 }, () => create(order.seller.cookie, order.id, [url])));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await files(order.id)).toHaveLength(1);
    expect(await events(order.id)).toEqual(["DELIVERABLE_ADDED"]);
  });

  it("deletes while APPROVED (the object too), once; a second delete changes nothing", async () => {
    const order = await newOrder();
    const url = await uploaded(order.seller.cookie, order.id);
    await create(order.seller.cookie, order.id, [url]);
    const [file] = await files(order.id);
    expect((await remove(order.buyer.cookie, order.id, [file.id])).status).toBe(409);
    expect((await remove(order.seller.cookie, order.id, [file.id])).status).toBe(200);
    expect((await remove(order.seller.cookie, order.id, [file.id])).status).toBe(200);
    expect(await files(order.id)).toEqual([]);
    expect(await env.MEDIA.head(keyOf(file.file_url))).toBeNull();
    expect(await events(order.id)).toEqual(["DELIVERABLE_ADDED", "DELIVERABLE_DELETED"]);
  });

  it("when DELIVERED the seller may still add but not delete; when COMPLETED neither", async () => {
    const delivered = await newOrder("DELIVERED");
    const first = await uploaded(delivered.seller.cookie, delivered.id);
    expect((await create(delivered.seller.cookie, delivered.id, [first])).status).toBe(200);
    const [file] = await files(delivered.id);
    const refused = await remove(delivered.seller.cookie, delivered.id, [file.id]);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "not_editable" });
    expect(await files(delivered.id)).toHaveLength(1);

    // A file stored before the order completed is not attached after (a completed order takes no upload: issue 75).
    const completed = await newOrder("DELIVERED");
    const url = await uploaded(completed.seller.cookie, completed.id);
    await env.DB.prepare("UPDATE commission_orders SET order_progress_status = 'COMPLETED' WHERE id = ?")
      .bind(completed.id)
      .run();
    expect((await upload(completed.seller.cookie, completed.id)).status).toBe(409);
    expect((await create(completed.seller.cookie, completed.id, [url])).status).toBe(409);
    expect(await files(completed.id)).toEqual([]);
  });

  it("lets the seller deliver once a file is attached", async () => {
    const order = await newOrder();
    const deliver = () =>
      call("/api/features/commission/order/deliver", {
        method: "POST",
        cookie: order.seller.cookie,
        json: { orderId: order.id },
      });
    expect(await (await deliver()).json()).toEqual({ error: "no_deliverables" });
    await create(order.seller.cookie, order.id, [await uploaded(order.seller.cookie, order.id)]);
    expect((await deliver()).status).toBe(200);
    expect(await events(order.id)).toEqual(["DELIVERABLE_ADDED", "DELIVERED"]);
  });
});

// commissionOrderDeliverable.update {medias, mediaIdsToDelete} (spec section 7): files added (checked as create checks
// them) and deleted in one call, the whole change or none of it, exactly once under a repeat.
const change = (cookie: string, orderId: string, body: { medias?: string[]; mediaIdsToDelete?: string[] }) =>
  call("/api/features/commission/order/deliverable/update", {
    method: "POST",
    cookie,
    json: {
      orderId,
      ...(body.medias && { medias: body.medias.map((url) => ({ url, name: "v2.png" })) }),
      ...(body.mediaIdsToDelete && { mediaIdsToDelete: body.mediaIdsToDelete }),
    },
  });
const mediaIdOf = (url: string) => url.slice(url.lastIndexOf("/") + 1, url.lastIndexOf("."));

describe("update: add and delete in one call", () => {
  it("replaces a file in one call, deleting first; the same call again changes nothing", async () => {
    const order = await newOrder();
    const first = await uploaded(order.seller.cookie, order.id);
    await create(order.seller.cookie, order.id, [first]);
    const second = await uploaded(order.seller.cookie, order.id);
    const replace = () =>
      change(order.seller.cookie, order.id, { medias: [second], mediaIdsToDelete: [mediaIdOf(first)] });
    const response = await replace();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { deliverableCount: 1 } });
    expect((await files(order.id)).map((f) => [f.file_url, f.file_name])).toEqual([[second, "v2.png"]]);
    expect(await env.MEDIA.head(keyOf(first))).toBeNull();
    expect((await replace()).status).toBe(200);
    expect(await files(order.id)).toHaveLength(1);
    expect(await events(order.id)).toEqual(["DELIVERABLE_ADDED", "DELIVERABLE_DELETED", "DELIVERABLE_ADDED"]);
    // Either list alone still works: medias only adds, as create does.
    const third = await uploaded(order.seller.cookie, order.id);
    expect((await change(order.seller.cookie, order.id, { medias: [third] })).status).toBe(200);
    expect(await files(order.id)).toHaveLength(2);
  });

  it("a change the state forbids in part is refused whole: DELIVERED takes the file but not the deletion", async () => {
    const order = await newOrder("DELIVERED");
    const first = await uploaded(order.seller.cookie, order.id);
    await create(order.seller.cookie, order.id, [first]);
    const second = await uploaded(order.seller.cookie, order.id);
    const refused = await change(order.seller.cookie, order.id, {
      medias: [second],
      mediaIdsToDelete: [mediaIdOf(first)],
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "not_editable" });
    expect((await files(order.id)).map((f) => f.file_url)).toEqual([first]);
    expect(await events(order.id)).toEqual(["DELIVERABLE_ADDED"]);
    expect((await change(order.seller.cookie, order.id, { medias: [second] })).status).toBe(200);
    expect((await files(order.id)).map((f) => f.file_url).sort()).toEqual([first, second].sort());
  });

  it("bad input is a 4xx that changes nothing", async () => {
    const [order, other] = await Promise.all([newOrder(), newOrder()]);
    const first = await uploaded(order.seller.cookie, order.id);
    await create(order.seller.cookie, order.id, [first]);
    const keep = [mediaIdOf(first)];
    const unchanged = async () => {
      expect((await files(order.id)).map((f) => f.file_url)).toEqual([first]);
      expect(await env.MEDIA.head(keyOf(first))).not.toBeNull();
      expect(await events(order.id)).toEqual(["DELIVERABLE_ADDED"]);
    };
    // A file from another order's folder, a file whose bytes are not what it claims, a URL that names no upload.
    const foreign = await uploaded(other.seller.cookie, other.id);
    expect((await change(order.seller.cookie, order.id, { medias: [foreign], mediaIdsToDelete: keep })).status).toBe(
      403,
    );
    const fake = `v1/commission-order/${order.id}/deliverables/${crypto.randomUUID()}.png`;
    await env.MEDIA.put(fake, new TextEncoder().encode("<html>not a picture</html>"));
    expect(
      (await change(order.seller.cookie, order.id, { medias: [`/media/${fake}`], mediaIdsToDelete: keep })).status,
    ).toBe(400);
    expect(
      (await change(order.seller.cookie, order.id, { medias: ["https://example.com/x.png"], mediaIdsToDelete: keep }))
        .status,
    ).toBe(400);
    // Nothing asked, and a file both added and deleted.
    expect((await change(order.seller.cookie, order.id, {})).status).toBe(400);
    expect((await change(order.seller.cookie, order.id, { medias: [], mediaIdsToDelete: [] })).status).toBe(400);
    const second = await uploaded(order.seller.cookie, order.id);
    const both = await change(order.seller.cookie, order.id, {
      medias: [second],
      mediaIdsToDelete: [...keep, mediaIdOf(second)],
    });
    expect(both.status).toBe(400);
    expect(await both.json()).toEqual({ error: "invalid_request" });
    // The buyer and a stranger.
    expect((await change(order.buyer.cookie, order.id, { mediaIdsToDelete: keep })).status).toBe(409);
    expect((await change(order.stranger.cookie, order.id, { mediaIdsToDelete: keep })).status).toBe(404);
    await unchanged();
  });

  it("the file limit counts the deletions of the same call", async () => {
    const order = await newOrder();
    const nine = await upload(
      order.seller.cookie,
      order.id,
      Array.from({ length: 9 }, (_, i) => new File([PNG], `f${i}.png`, { type: "image/png" })),
    );
    const urls = (await nine.json<{ urls: string[] }>()).urls;
    expect((await create(order.seller.cookie, order.id, urls)).status).toBe(200);
    const more = await upload(order.seller.cookie, order.id, [
      new File([PNG], "a.png", { type: "image/png" }),
      new File([PNG], "b.png", { type: "image/png" }),
    ]);
    const two = (await more.json<{ urls: string[] }>()).urls;
    const tooMany = await change(order.seller.cookie, order.id, { medias: two });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({ error: "too_many_files" });
    expect(await files(order.id)).toHaveLength(9);
    expect(
      (await change(order.seller.cookie, order.id, { medias: two, mediaIdsToDelete: [mediaIdOf(urls[0])] })).status,
    ).toBe(200);
    expect(await files(order.id)).toHaveLength(10);
  });
});

describe("who may read deliverables", () => {
  it("the seller and the buyer by signed URL; a stranger and the public nothing", async () => {
    const order = await newOrder();
    await create(order.seller.cookie, order.id, [await uploaded(order.seller.cookie, order.id)]);
    const [file] = await files(order.id);
    const signRead = (cookie: string) =>
      call("/api/google/storage/sign/read", { method: "POST", cookie, json: { url: file.file_url } });
    expect((await signRead(order.stranger.cookie)).status).toBe(403);
    expect((await call(file.file_url)).status).toBe(404);
    for (const p of [order.seller, order.buyer]) {
      const signed = await signRead(p.cookie);
      expect(signed.status).toBe(200);
      const body = await (
        await call(pathOf((await signed.json<{ url: string }>()).url), { cookie: p.cookie })
      ).arrayBuffer();
      expect(new Uint8Array(body)).toEqual(PNG);
    }
    // The order panel hands the buyer a signed URL that loads, and a stranger no order at all.
    const viewer = {
      commissionAccountId: order.buyer.commissionAccountId,
      profileId: order.buyer.profileId,
      locale: "en" as const,
      displayCurrencyCode: "JPY",
    };
    const detail = await getOrderDetail(db(), env, order.code, viewer);
    expect(detail!.deliverables).toHaveLength(1);
    expect(detail!.deliverables[0].url).toContain("token=");
    expect((await call(detail!.deliverables[0].url!, { cookie: order.buyer.cookie })).status).toBe(200);
    expect(
      await getOrderDetail(db(), env, order.code, {
        ...viewer,
        commissionAccountId: order.stranger.commissionAccountId,
        profileId: order.stranger.profileId,
      }),
    ).toBeNull();
  });
});

describe("deliverable links: short-lived and tied to the signed-in party (decision 059)", () => {
  /** The claims of the token in a signed URL (its payload, as issued; the signature is the Worker's business). */
  const claimsOf = (url: string) =>
    JSON.parse(
      atob(
        new URL(url, "http://localhost").searchParams.get("token")!.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"),
      ),
    ) as { iat: number; exp: number; sub?: string };
  const buyerView = (order: Awaited<ReturnType<typeof newOrder>>) => ({
    commissionAccountId: order.buyer.commissionAccountId,
    profileId: order.buyer.profileId,
    locale: "en" as const,
    displayCurrencyCode: "JPY",
  });

  it("the order page's link lives 5 minutes, names the buyer and opens with the buyer's session only", async () => {
    const order = await newOrder();
    await create(order.seller.cookie, order.id, [await uploaded(order.seller.cookie, order.id)]);
    const url = (await getOrderDetail(db(), env, order.code, buyerView(order)))!.deliverables[0].url!;
    const claims = claimsOf(url);
    expect(claims.exp - claims.iat).toBe(5 * 60);
    expect(claims.sub).toBe(order.buyer.profileId);

    const opened = await call(url, { cookie: order.buyer.cookie });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await opened.arrayBuffer())).toEqual(PNG);
    // Another signed-in user holding the link (a stranger, or even the order's other party), or nobody signed in: refused.
    for (const cookie of [order.stranger.cookie, order.seller.cookie, undefined]) {
      const refused = await call(url, { cookie });
      expect(refused.status).toBe(403);
      expect(refused.headers.get("cache-control")).toBe("private, no-store");
    }
    expect((await call(url, { cookie: order.buyer.cookie })).status).toBe(200);
  });

  it("a link signed more than 5 minutes ago is refused, even to its party; a fresh one opens", async () => {
    const { signReadUrl } = await import("#worker/media/services/media-access");
    const order = await newOrder();
    await create(order.seller.cookie, order.id, [await uploaded(order.seller.cookie, order.id)]);
    const [file] = await files(order.id);
    const stale = await signReadUrl(env, keyOf(file.file_url), order.buyer.profileId, {
      now: Date.now() - 5 * 60 * 1000 - 1000,
      shownIn: "page",
    });
    expect((await call(stale.url, { cookie: order.buyer.cookie })).status).toBe(403);
    const fresh = await signReadUrl(env, keyOf(file.file_url), order.buyer.profileId, { shownIn: "page" });
    expect((await call(fresh.url, { cookie: order.buyer.cookie })).status).toBe(200);
  });

  it("access is asked at every request: once the order no longer names them its buyer, their unexpired link is refused", async () => {
    const order = await newOrder();
    await create(order.seller.cookie, order.id, [await uploaded(order.seller.cookie, order.id)]);
    const url = (await getOrderDetail(db(), env, order.code, buyerView(order)))!.deliverables[0].url!;
    expect((await call(url, { cookie: order.buyer.cookie })).status).toBe(200);
    await env.DB.prepare("UPDATE commission_orders SET buyer_id = ? WHERE id = ?")
      .bind(order.stranger.commissionAccountId, order.id)
      .run();
    expect((await call(url, { cookie: order.buyer.cookie })).status).toBe(403);
  });
});
