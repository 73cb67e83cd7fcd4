// Sources the creator holds until completion, and the facts both parties see of every delivered file (issue 60,
// decision 096): a file of the order's deliverable_sources folder attaches as a deliverable does (the seller alone,
// the same states, one limit for both folders); its buyer sees its name, size, checksum and listing at once but gets
// no read of its bytes until the order completes; its seller reads it always; a stranger never. The order's view
// joins each file's `file_facts` row by its key, in one query; a file from before issue 60 has no checksum.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, db } from "../support/helpers";
import { PNG, pathOf } from "../support/media-fixtures";
import { insertOrder } from "../support/order-fixtures";
import type { FileDetails } from "#worker/media/domain/file-details";
import { getOrderDetail } from "#worker/orders/services/order-views";
import { newPartyWithProfile } from "../support/order-states";

const party = newPartyWithProfile;
type Party = Awaited<ReturnType<typeof party>>;

async function newOrder(progress = "APPROVED") {
  const [seller, buyer, stranger] = await Promise.all([party(), party(), party()]);
  const { id, code } = await insertOrder({
    sellerId: seller.commissionAccountId,
    buyerId: buyer.commissionAccountId,
    priceAmount: 10_000,
    approvalDeadline: Date.now() + 86_400_000,
  });
  await setProgress(id, progress);
  return { id, code, seller, buyer, stranger };
}
const setProgress = (id: string, progress: string) =>
  env.DB.prepare(
    "UPDATE commission_orders SET order_progress_status = ?, order_payment_status = 'COMPLETED' WHERE id = ?",
  )
    .bind(progress, id)
    .run();

type Field = "deliverables" | "deliverable_sources";
async function uploaded(cookie: string, orderId: string, field: Field, count = 1): Promise<string[]> {
  const form = new FormData();
  for (let i = 0; i < count; i++) form.append("files", new File([PNG], `layers-${i}.png`, { type: "image/png" }));
  form.set("domainPath", "commission-order");
  form.set("domainIdPath", orderId);
  form.set("fieldPath", field);
  const response = await call("/api/google/storage/upload", { method: "POST", body: form, cookie });
  expect(response.status).toBe(200);
  return (await response.json<{ urls: string[] }>()).urls;
}
const attach = (cookie: string, orderId: string, urls: string[], name = "source.png") =>
  call("/api/features/commission/order/deliverable/create", {
    method: "POST",
    cookie,
    json: { orderId, medias: urls.map((url) => ({ url, name })) },
  });
const remove = (cookie: string, orderId: string, mediaIds: string[]) =>
  call("/api/features/commission/order/deliverable/update", {
    method: "POST",
    cookie,
    json: { orderId, mediaIdsToDelete: mediaIds },
  });
const keyOf = (url: string) => url.replace(/^\/media\//, "");
const mediaIdOf = (url: string) => url.slice(url.lastIndexOf("/") + 1, url.lastIndexOf("."));
const signRead = (cookie: string, url: string) =>
  call("/api/google/storage/sign/read", { method: "POST", cookie, json: { url } });
const viewerOf = (p: Party) => ({
  commissionAccountId: p.commissionAccountId,
  profileId: p.profileId,
  locale: "en" as const,
  displayCurrencyCode: "JPY",
});

const SHA = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
const LISTING: FileDetails = {
  zip: {
    entries: [
      { name: "model/", size: 0, compressedSize: 0, directory: true },
      { name: "model/hiyori.moc3", size: 1_204_112, compressedSize: 803_221, directory: false },
    ],
    totalEntries: 2,
    totalSize: 1_204_112,
  },
};
/** The facts the multipart door writes at completion (worker/media/services/multipart-uploads.ts), written here directly. */
const putFacts = (url: string, sha256: string, details: FileDetails | null) =>
  // As the server's check leaves them (issue 75): the claim verified, the hash shown the server's.
  env.DB.prepare(
    `INSERT INTO file_facts (object_key, sha256, details, created_at, server_sha256, checksum, checked_at)
     VALUES (?1, ?2, ?3, ?4, ?2, 'verified', ?4)`,
  )
    .bind(keyOf(url), sha256, details === null ? null : JSON.stringify(details), Date.now())
    .run();

describe("a source held until completion", () => {
  it("attaches from deliverable_sources by the seller alone, in the states deliverables take", async () => {
    const order = await newOrder();
    const [url] = await uploaded(order.seller.cookie, order.id, "deliverable_sources");
    expect((await attach(order.buyer.cookie, order.id, [url])).status).toBe(409);
    expect((await attach(order.stranger.cookie, order.id, [url])).status).toBe(404);
    const attached = await attach(order.seller.cookie, order.id, [url]);
    expect(attached.status).toBe(200);
    expect(await attached.json()).toMatchObject({ data: { deliverableCount: 1 } });
    // The buyer cannot write into the sources folder at all.
    const form = new FormData();
    form.append("files", new File([PNG], "x.png", { type: "image/png" }));
    form.set("domainPath", "commission-order");
    form.set("domainIdPath", order.id);
    form.set("fieldPath", "deliverable_sources");
    expect(
      (await call("/api/google/storage/upload", { method: "POST", body: form, cookie: order.buyer.cookie })).status,
    ).toBe(403);

    // DELIVERED: still added, no longer deleted; COMPLETED: neither (each order in its state before its object wakes).
    const delivered = await newOrder("DELIVERED");
    const [later] = await uploaded(delivered.seller.cookie, delivered.id, "deliverable_sources");
    expect((await attach(delivered.seller.cookie, delivered.id, [later])).status).toBe(200);
    const refused = await remove(delivered.seller.cookie, delivered.id, [mediaIdOf(later)]);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "not_editable" });
    // A file stored before the order completed is not attached after (a completed order takes no upload: issue 75).
    const completed = await newOrder("DELIVERED");
    const [late] = await uploaded(completed.seller.cookie, completed.id, "deliverable_sources");
    await setProgress(completed.id, "COMPLETED");
    expect((await attach(completed.seller.cookie, completed.id, [late])).status).toBe(409);
  });

  it("is deleted while APPROVED, its object too", async () => {
    const order = await newOrder();
    const [url] = await uploaded(order.seller.cookie, order.id, "deliverable_sources");
    expect((await attach(order.seller.cookie, order.id, [url])).status).toBe(200);
    expect((await remove(order.seller.cookie, order.id, [mediaIdOf(url)])).status).toBe(200);
    expect(await env.MEDIA.head(keyOf(url))).toBeNull();
    const detail = await getOrderDetail(db(), env, order.code, viewerOf(order.seller));
    expect(detail!.deliverables).toEqual([]);
  });

  it("counts against the one file limit with the ordinary deliverables", async () => {
    const order = await newOrder();
    expect(
      (await attach(order.seller.cookie, order.id, await uploaded(order.seller.cookie, order.id, "deliverables", 6)))
        .status,
    ).toBe(200);
    const sources = await uploaded(order.seller.cookie, order.id, "deliverable_sources", 5);
    const tooMany = await attach(order.seller.cookie, order.id, sources);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({ error: "too_many_files" });
    expect((await attach(order.seller.cookie, order.id, sources.slice(0, 4))).status).toBe(200);
  });

  it("is listed to the buyer with its facts but not read until the order completes; the seller reads it always", async () => {
    const order = await newOrder("DELIVERED");
    const [source] = await uploaded(order.seller.cookie, order.id, "deliverable_sources");
    const [ordinary] = await uploaded(order.seller.cookie, order.id, "deliverables");
    await putFacts(source, SHA, LISTING);
    expect((await attach(order.seller.cookie, order.id, [source], "hiyori.zip")).status).toBe(200);
    expect((await attach(order.seller.cookie, order.id, [ordinary], "final.png")).status).toBe(200);

    // The buyer's view: the source's name, size, checksum and listing, held, with no URL; the ordinary file signed.
    const asBuyer = (await getOrderDetail(db(), env, order.code, viewerOf(order.buyer)))!.deliverables;
    const heldSource = asBuyer.find((d) => d.name === "hiyori.zip")!;
    expect(heldSource).toMatchObject({
      heldUntilCompletion: true,
      held: true,
      url: null,
      size: PNG.byteLength,
      sha256: SHA,
      details: LISTING,
      kind: "png",
      mediaType: "IMAGE",
    });
    const plain = asBuyer.find((d) => d.name === "final.png")!;
    expect(plain).toMatchObject({ heldUntilCompletion: false, held: false, sha256: null, details: null });
    expect((await call(plain.url!, { cookie: order.buyer.cookie })).status).toBe(200);

    // No read is signed for the buyer, and a URL signed for the seller does not open with the buyer's session.
    expect((await signRead(order.buyer.cookie, source)).status).toBe(403);
    expect((await signRead(order.stranger.cookie, source)).status).toBe(403);
    const asSeller = (await getOrderDetail(db(), env, order.code, viewerOf(order.seller)))!.deliverables;
    const sellersCopy = asSeller.find((d) => d.name === "hiyori.zip")!;
    expect(sellersCopy).toMatchObject({ heldUntilCompletion: true, held: false, sha256: SHA, details: LISTING });
    expect(sellersCopy.url).toContain("token=");
    expect((await call(sellersCopy.url!, { cookie: order.seller.cookie })).status).toBe(200);
    expect((await call(sellersCopy.url!, { cookie: order.buyer.cookie })).status).toBe(403);
    const { signReadUrl } = await import("#worker/media/services/media-access");
    const forBuyer = await signReadUrl(env, keyOf(source), order.buyer.profileId, { shownIn: "page" });
    expect((await call(forBuyer.url, { cookie: order.buyer.cookie })).status).toBe(403);
    expect((await call(source)).status).toBe(404);

    // Completed: the same unexpired URL now opens, the view signs one, and /sign/read answers; a stranger still nothing.
    await setProgress(order.id, "COMPLETED");
    expect((await call(forBuyer.url, { cookie: order.buyer.cookie })).status).toBe(200);
    const released = (await getOrderDetail(db(), env, order.code, viewerOf(order.buyer)))!.deliverables.find(
      (d) => d.name === "hiyori.zip",
    )!;
    expect(released).toMatchObject({ heldUntilCompletion: true, held: false, sha256: SHA });
    const body = await (await call(released.url!, { cookie: order.buyer.cookie })).arrayBuffer();
    expect(new Uint8Array(body)).toEqual(PNG);
    const signed = await signRead(order.buyer.cookie, source);
    expect(signed.status).toBe(200);
    expect(
      (await call(pathOf((await signed.json<{ url: string }>()).url), { cookie: order.buyer.cookie })).status,
    ).toBe(200);
    expect((await signRead(order.stranger.cookie, source)).status).toBe(403);
    expect((await call(released.url!, { cookie: order.stranger.cookie })).status).toBe(403);
  });
});

describe("the facts in the order's view", () => {
  it("joins each file's facts by its key; a file from before issue 60 has none", async () => {
    const order = await newOrder();
    const urls = await uploaded(order.seller.cookie, order.id, "deliverables", 3);
    const psd: FileDetails = { psd: { format: "psd", width: 3000, height: 4000, layers: 42 } };
    await putFacts(urls[0], SHA, psd);
    await putFacts(urls[1], SHA.replace(/^9f/, "00"), null);
    expect((await attach(order.seller.cookie, order.id, urls)).status).toBe(200);
    for (const viewer of [order.seller, order.buyer]) {
      const files = (await getOrderDetail(db(), env, order.code, viewerOf(viewer)))!.deliverables;
      expect(files.map((f) => [f.url === null, f.held, f.sha256, f.details, f.size])).toEqual([
        [false, false, SHA, psd, PNG.byteLength],
        [false, false, SHA.replace(/^9f/, "00"), null, PNG.byteLength],
        [false, false, null, null, PNG.byteLength],
      ]);
    }
  });

  it("reads the deliverables and their facts in one statement, whatever their number, by the facts' key", async () => {
    const order = await newOrder();
    const urls = await uploaded(order.seller.cookie, order.id, "deliverables", 8);
    for (const url of urls) await putFacts(url, SHA, LISTING);
    expect((await attach(order.seller.cookie, order.id, urls)).status).toBe(200);
    const prepared: string[] = [];
    const d1 = env.DB;
    const counting = new Proxy(d1, {
      get(target, prop, receiver) {
        if (prop === "prepare")
          return (sql: string) => {
            prepared.push(sql);
            return target.prepare(sql);
          };
        const value = Reflect.get(target, prop, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const { createDb } = await import("#worker/db/client");
    const files = (await getOrderDetail(createDb(counting), env, order.code, viewerOf(order.buyer)))!.deliverables;
    expect(files).toHaveLength(8);
    expect(files.every((f) => f.sha256 === SHA && f.details?.zip?.totalEntries === 2)).toBe(true);
    const withFacts = prepared.filter((sql) => sql.includes("file_facts"));
    expect(withFacts).toHaveLength(1);
    // Each file's facts are found by the table's key, not by a scan of every file ever stored.
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${withFacts[0]}`).bind(order.id).all<{ detail: string }>();
    const factsStep = plan.results.map((r) => r.detail).find((detail) => detail.includes("ff"));
    expect(factsStep).toMatch(/SEARCH ff USING INDEX sqlite_autoindex_file_facts_1 \(object_key=\?\)/);
  });
});
