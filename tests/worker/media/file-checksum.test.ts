// Comet's own checksum (issue 75): after a multipart completion the server hashes the stored object itself,
// streaming (its body piped into a DigestStream), in the background; the SHA-256 both parties see is the server's, and
// a browser's claim that is not it marks the file "differs". A background run claims a file first, so runs that meet
// (the completion's, the cron's) hash it once; the cron takes what is still pending, a few at a time.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { fileFacts } from "#worker/db/schema";
import { CHECK_CLAIM_MS } from "#worker/media/domain/file-checksum";
import { checkPendingFiles, checkStoredFile } from "#worker/media/services/file-checksum";
import type { PartTarget } from "#worker/media/services/multipart-parts";
import type { UploadState } from "#worker/media/services/multipart-upload-rows";
import { getOrderDetail } from "#worker/orders/services/order-views";
import { call, db } from "../support/helpers";
import { pathOf } from "../support/media-fixtures";
import { insertOrderIn, newPartyWithProfile } from "../support/order-states";

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1];
const MIB = 1024 * 1024;

/** `size` bytes that sniff as a PNG, the rest different from file to file. */
function pngOf(size: number, seed = Math.floor(Math.random() * 255)): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed + (i >> 12)) & 0xff;
  bytes.set(PNG_HEAD);
  return bytes;
}

async function sha256Of(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const factsOf = (key: string) => db().select().from(fileFacts).where(eq(fileFacts.objectKey, key)).get();

async function newOrder() {
  const seller = await newPartyWithProfile();
  const buyer = await newPartyWithProfile();
  const order = await insertOrderIn("PAID", seller, buyer);
  return { seller, buyer, ...order };
}
type Order = Awaited<ReturnType<typeof newOrder>>;

/** The file sent through the multipart door as the page sends it, completed with `claimed` as its SHA-256. */
async function uploadThroughDoor(order: Order, bytes: Uint8Array<ArrayBuffer>, claimed: string, name: string) {
  const tabId = `tab-${crypto.randomUUID().slice(0, 8)}`;
  const cookie = order.seller.cookie;
  const started = await call("/api/uploads", {
    method: "POST",
    cookie,
    json: {
      domain: "commission-order",
      id: order.id,
      field: "deliverables",
      name,
      size: bytes.length,
      kind: "png",
      lastModified: 1_760_000_000_000,
      tabId,
    },
  });
  expect(started.status).toBe(200);
  const { upload } = await started.json<{ upload: UploadState }>();
  const partNumbers = Array.from({ length: upload.partCount }, (_, i) => i + 1);
  const signed = await call(`/api/uploads/${upload.id}/parts`, {
    method: "POST",
    cookie,
    json: { partNumbers, tabId },
  });
  for (const target of (await signed.json<{ parts: PartTarget[] }>()).parts) {
    const from = (target.partNumber - 1) * upload.partSize;
    const body = bytes.subarray(from, Math.min(bytes.length, from + upload.partSize));
    expect((await call(pathOf(target.url), { method: "PUT", body })).status).toBe(200);
  }
  const completed = await call(`/api/uploads/${upload.id}/complete`, {
    method: "POST",
    cookie,
    json: { sha256: claimed, tabId },
  });
  expect(completed.status).toBe(200);
  const { url, key } = await completed.json<{ url: string; key: string }>();
  const attached = await call("/api/features/commission/order/deliverable/create", {
    method: "POST",
    cookie,
    json: { orderId: order.id, medias: [{ url, name }] },
  });
  expect(attached.status).toBe(200);
  return key;
}

/** The completion's background run has written its verdict (it runs after the answer). */
async function checked(key: string) {
  for (let tries = 0; tries < 200; tries++) {
    const facts = await factsOf(key);
    if (facts && facts.checksum !== "pending") return facts;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${key}: still pending`);
}

const viewerOf = (party: Order["seller"]) => ({
  commissionAccountId: party.commissionAccountId,
  profileId: party.profileId,
  locale: "en" as const,
  displayCurrencyCode: "JPY",
});
async function shownTo(order: Order, party: Order["seller"], name: string) {
  const detail = await getOrderDetail(db(), env, order.code, viewerOf(party));
  return detail!.deliverables.find((file) => file.name === name)!;
}

/** A DigestStream that counts itself and what it was written, put in the runtime's place for a test. */
const runtime = crypto as Crypto & { DigestStream: typeof DigestStream };
const RealDigestStream = runtime.DigestStream;
function countDigests() {
  const made: DigestStream[] = [];
  runtime.DigestStream = class extends RealDigestStream {
    constructor(...args: ConstructorParameters<typeof DigestStream>) {
      super(...args);
      made.push(this);
    }
  };
  return made;
}
afterEach(() => {
  runtime.DigestStream = RealDigestStream;
});

/** An object stored with its facts pending, as a completion leaves it, without the door. */
async function storedPending(bytes: Uint8Array<ArrayBuffer>, claimed: string, createdAt = Date.now()) {
  const key = `v1/commission-order/${crypto.randomUUID()}/deliverables/${crypto.randomUUID()}.png`;
  await env.MEDIA.put(key, bytes);
  await db()
    .insert(fileFacts)
    .values({ objectKey: key, sha256: claimed, createdAt: new Date(createdAt) });
  return key;
}

describe("Comet's own checksum", () => {
  it("a completed upload whose browser claimed a wrong hash ends 'differs', the server's hash stored and shown to both", async () => {
    const order = await newOrder();
    const bytes = pngOf(11 * MIB);
    const real = await sha256Of(bytes);
    const wrong = "0".repeat(64);
    const key = await uploadThroughDoor(order, bytes, wrong, "wrong-claim.png");

    expect(await checked(key)).toMatchObject({ sha256: wrong, serverSha256: real, checksum: "differs" });
    expect((await factsOf(key))!.checkedAt).toBeInstanceOf(Date);
    for (const party of [order.seller, order.buyer])
      expect(await shownTo(order, party, "wrong-claim.png")).toMatchObject({
        sha256: real,
        checksum: "differs",
        claimedSha256: wrong,
      });
  });

  it("a right claim ends 'verified' with the server's hash, shown as the file's", async () => {
    const order = await newOrder();
    const bytes = pngOf(6 * MIB);
    const real = await sha256Of(bytes);
    const key = await uploadThroughDoor(order, bytes, real, "right-claim.png");

    expect(await checked(key)).toMatchObject({ sha256: real, serverSha256: real, checksum: "verified" });
    expect(await shownTo(order, order.buyer, "right-claim.png")).toMatchObject({
      sha256: real,
      checksum: "verified",
      claimedSha256: null,
    });
  });

  it("until the server has hashed it, the file shows no hash, as being checked", async () => {
    const order = await newOrder();
    const bytes = pngOf(64 * 1024);
    const key = `v1/commission-order/${order.id}/deliverables/${crypto.randomUUID()}.png`;
    await env.MEDIA.put(key, bytes);
    await db()
      .insert(fileFacts)
      .values({ objectKey: key, sha256: await sha256Of(bytes), createdAt: new Date() });
    const attached = await call("/api/features/commission/order/deliverable/create", {
      method: "POST",
      cookie: order.seller.cookie,
      json: { orderId: order.id, medias: [{ url: `/media/${key}`, name: "waiting.png" }] },
    });
    expect(attached.status).toBe(200);
    expect(await shownTo(order, order.seller, "waiting.png")).toMatchObject({
      sha256: null,
      checksum: "pending",
      claimedSha256: null,
    });
  });

  it("hashes the stored object's body as a stream through a DigestStream, every byte once", async () => {
    const bytes = pngOf(3 * MIB + 17);
    const key = await storedPending(bytes, await sha256Of(bytes));
    const made = countDigests();
    expect(await checkStoredFile({ db: db(), bucket: env.MEDIA }, key)).toBe("verified");
    expect(made).toHaveLength(1);
    expect(Number(made[0]!.bytesWritten)).toBe(bytes.length);
  });

  it("runs that meet do the work once: the second finds it claimed or done, and the verdict is written once", async () => {
    const bytes = pngOf(2 * MIB);
    const key = await storedPending(bytes, "f".repeat(64));
    const made = countDigests();
    const deps = { db: db(), bucket: env.MEDIA };
    const outcomes = await Promise.all([checkStoredFile(deps, key), checkStoredFile(deps, key)]);
    expect(outcomes.sort()).toEqual(["differs", null]);
    const first = await factsOf(key);
    expect(await checkStoredFile(deps, key, Date.now() + 2 * CHECK_CLAIM_MS)).toBeNull();
    expect(await factsOf(key)).toEqual(first);
    expect(made).toHaveLength(1);
  });

  it("the cron takes the pending files no live run holds, oldest first, and leaves the rest for its next run", async () => {
    const bytes = pngOf(256 * 1024);
    const right = await sha256Of(bytes);
    // Older than anything other tests leave pending, so this run's batch starts with them.
    const lapsed = await storedPending(bytes, right, 1);
    const held = await storedPending(bytes, right, 2);
    const now = Date.now();
    await db()
      .update(fileFacts)
      .set({ checkStartedAt: new Date(now - CHECK_CLAIM_MS - 1) })
      .where(eq(fileFacts.objectKey, lapsed));
    await db()
      .update(fileFacts)
      .set({ checkStartedAt: new Date(now - 1000) })
      .where(eq(fileFacts.objectKey, held));

    expect(await checkPendingFiles({ db: db(), bucket: env.MEDIA }, now)).toBeGreaterThanOrEqual(1);
    expect(await factsOf(lapsed)).toMatchObject({ checksum: "verified", serverSha256: right });
    expect(await factsOf(held)).toMatchObject({ checksum: "pending", serverSha256: null });
  });

  it("a file whose object is gone loses its facts instead of staying pending", async () => {
    const bytes = pngOf(1024);
    const key = await storedPending(bytes, await sha256Of(bytes));
    await env.MEDIA.delete(key);
    expect(await checkStoredFile({ db: db(), bucket: env.MEDIA }, key)).toBeNull();
    expect(await factsOf(key)).toBeUndefined();
  });
});
