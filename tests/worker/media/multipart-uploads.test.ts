import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fileFacts, multipartUploadParts, multipartUploads, pendingUploads } from "#worker/db/schema";
import { DELIVERABLE_FILE_MAX_BYTES, MB, ORDER_DELIVERABLES_MAX_TOTAL_BYTES } from "#worker/media/domain/media-limits";
import { FILE_KINDS, type FileKind } from "#worker/media/domain/media-sniff";
import { UPLOAD_IDLE_MS, UPLOAD_LEASE_MS } from "#worker/media/domain/multipart-plan";
import { abortAbandonedUploads } from "#worker/media/services/multipart-cleanup";
import { signParts, type PartTarget } from "#worker/media/services/multipart-parts";
import type { UploadState } from "#worker/media/services/multipart-upload-rows";
import { startUpload } from "#worker/media/services/multipart-uploads";
import { findUploadRule } from "#worker/media/domain/upload-rules";
import { UNREAD_BODY_DRAIN_BYTES } from "#worker/http/body-limit";
import { listR2Parts, type R2Credentials } from "#worker/media/services/r2-multipart-s3";
import { UNATTACHED_UPLOAD_TTL_MS, deleteUnattachedUploads } from "#worker/media/services/storage";
import { call, db } from "../support/helpers";
import { countingBody, pathOf } from "../support/media-fixtures";
import { insertOrderIn, newParty, type Party } from "../support/order-states";

/**
 * The resumable multipart upload of a deliverable (issue 60), against miniflare's R2 multipart API: real 5 MiB parts
 * (an 11 MiB file is parts of 5, 5 and 1 MiB), every refusal the issue lists, a resume, two tabs, and the cron.
 */

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1];

/** `size` bytes that sniff as a PNG, the rest a pattern (so a part out of place would show). */
function pngOf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 12)) & 0xff;
  bytes.set(PNG_HEAD);
  return bytes;
}

async function sha256Of(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

let serial = 0;
const newTab = () => `tab-${crypto.randomUUID().slice(0, 8)}-${serial++}`;

interface Delivery {
  seller: Party;
  buyer: Party;
  orderId: string;
}

async function newDelivery(): Promise<Delivery> {
  const seller = await newParty();
  const buyer = await newParty();
  const order = await insertOrderIn("PAID", seller, buyer);
  return { seller, buyer, orderId: order.id };
}

function fileFor(delivery: Delivery, bytes: { length: number }, overrides: Record<string, unknown> = {}) {
  return {
    domain: "commission-order",
    id: delivery.orderId,
    field: "deliverables",
    name: "Live2Dモデル_final.png",
    size: bytes.length,
    kind: "png",
    lastModified: 1_760_000_000_000,
    ...overrides,
  };
}

async function start(cookie: string, file: Record<string, unknown>, tabId: string) {
  const response = await call("/api/uploads", { method: "POST", cookie, json: { ...file, tabId } });
  return { status: response.status, body: await response.json<{ upload: UploadState; code?: string }>() };
}

async function startOk(cookie: string, file: Record<string, unknown>, tabId: string): Promise<UploadState> {
  const { status, body } = await start(cookie, file, tabId);
  if (status !== 200) throw new Error(`start: ${status} ${JSON.stringify(body)}`);
  return body.upload;
}

async function askParts(cookie: string, uploadId: string, partNumbers: number[], tabId: string) {
  const response = await call(`/api/uploads/${uploadId}/parts`, {
    method: "POST",
    cookie,
    json: { partNumbers, tabId },
  });
  return { status: response.status, body: await response.json<{ parts: PartTarget[]; code?: string }>() };
}

async function partsOk(cookie: string, uploadId: string, partNumbers: number[], tabId: string) {
  const { status, body } = await askParts(cookie, uploadId, partNumbers, tabId);
  if (status !== 200) throw new Error(`parts: ${status} ${JSON.stringify(body)}`);
  return body.parts;
}

const partBytes = (bytes: Uint8Array<ArrayBuffer>, upload: UploadState, partNumber: number) =>
  bytes.subarray((partNumber - 1) * upload.partSize, Math.min(bytes.length, partNumber * upload.partSize));

async function sendPart(target: PartTarget, body: BodyInit, headers: Record<string, string> = {}) {
  const response = await call(pathOf(target.url), { method: "PUT", body, headers });
  return { status: response.status, body: await response.json<{ etag?: string; code?: string }>() };
}

async function sendParts(bytes: Uint8Array<ArrayBuffer>, upload: UploadState, targets: PartTarget[]) {
  for (const target of targets) {
    const sent = await sendPart(target, partBytes(bytes, upload, target.partNumber));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  }
}

async function complete(cookie: string, uploadId: string, sha256: string, tabId: string) {
  const response = await call(`/api/uploads/${uploadId}/complete`, { method: "POST", cookie, json: { sha256, tabId } });
  return {
    status: response.status,
    body: await response.json<{
      url?: string;
      readUrl?: string;
      key?: string;
      sha256?: string;
      size?: number;
      code?: string;
      missing?: number[];
    }>(),
  };
}

const rowOf = (id: string) => db().select().from(multipartUploads).where(eq(multipartUploads.id, id)).get();
const partRows = (id: string) => db().select().from(multipartUploadParts).where(eq(multipartUploadParts.uploadId, id));

async function storedBytes(key: string): Promise<Uint8Array | null> {
  const object = await env.MEDIA.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

/** Equal without a per-byte expect over 11 MiB. */
function sameBytes(a: Uint8Array | null, b: Uint8Array): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const FILE_SIZE = 11 * MB;
const CHUNK = 64 * 1024;
/** What the app's drain reads of a refused body (worker/http/body-limit.ts), in chunks, with one in flight. */
const DRAINED_CHUNKS = UNREAD_BODY_DRAIN_BYTES / CHUNK + 1;

describe("a multipart deliverable", () => {
  it("goes up in three parts (the last short), completes, and is stored byte for byte, pending, with its facts", async () => {
    const delivery = await newDelivery();
    const tab = newTab();
    const bytes = pngOf(FILE_SIZE);
    const upload = await startOk(delivery.seller.cookie, fileFor(delivery, bytes), tab);
    expect(upload).toMatchObject({
      name: "Live2Dモデル_final.png",
      size: FILE_SIZE,
      kind: "png",
      partSize: 5 * MB,
      partCount: 3,
      doneParts: [],
      state: "uploading",
    });
    expect(upload.key).toMatch(
      new RegExp(`^v1/commission-order/${delivery.orderId}/deliverables/[0-9a-f-]{36}\\.png$`),
    );

    const targets = await partsOk(delivery.seller.cookie, upload.id, [1, 2, 3], tab);
    expect(targets.map((t) => [t.partNumber, t.method, t.report])).toEqual([
      [1, "PUT", false],
      [2, "PUT", false],
      [3, "PUT", false],
    ]);
    // In parallel, as the browser sends them.
    const sent = await Promise.all(
      targets.map((target) => sendPart(target, partBytes(bytes, upload, target.partNumber))),
    );
    expect(sent.map((s) => s.status)).toEqual([200, 200, 200]);

    const sha256 = await sha256Of(bytes);
    const done = await complete(delivery.seller.cookie, upload.id, sha256, tab);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ url: `/media/${upload.key}`, key: upload.key, sha256, size: FILE_SIZE });
    expect(done.body.readUrl).toContain(`/api/google/storage/object/${upload.key}?token=`);
    expect(sameBytes(await storedBytes(upload.key), bytes)).toBe(true);

    expect(await rowOf(upload.id)).toMatchObject({ state: "completed", sha256 });
    expect(await partRows(upload.id)).toEqual([]);
    expect(await db().select().from(pendingUploads).where(eq(pendingUploads.key, upload.key)).get()).toBeDefined();
    expect(await db().select().from(fileFacts).where(eq(fileFacts.objectKey, upload.key)).get()).toMatchObject({
      sha256,
    });
    // The uploader reads it before any record attaches it.
    const read = await call(pathOf(done.body.readUrl!), { cookie: delivery.seller.cookie });
    expect(read.status).toBe(200);
    expect((await read.arrayBuffer()).byteLength).toBe(FILE_SIZE);

    // Never attached, it goes with the day-old cleanup, and its facts with it.
    expect(await deleteUnattachedUploads(db(), env.MEDIA, Date.now() + UNATTACHED_UPLOAD_TTL_MS + 1)).toBeGreaterThan(
      0,
    );
    expect(await env.MEDIA.head(upload.key)).toBeNull();
    expect(await db().select().from(fileFacts).where(eq(fileFacts.objectKey, upload.key)).get()).toBeUndefined();
  });

  it("resumes after a reload: listed with its done parts, the same upload back for the same file, the rest finished", async () => {
    const delivery = await newDelivery();
    const bytes = pngOf(FILE_SIZE);
    const file = fileFor(delivery, bytes, { name: "package.png" });
    const firstTab = newTab();
    const upload = await startOk(delivery.seller.cookie, file, firstTab);
    const targets = await partsOk(delivery.seller.cookie, upload.id, [1, 3], firstTab);
    await sendParts(bytes, upload, targets);

    // The page reloads (a new tab id) after the first tab's lease lapsed.
    await db()
      .update(multipartUploads)
      .set({ leaseExpiresAt: new Date(Date.now() - 1) })
      .where(eq(multipartUploads.id, upload.id));
    const listed = await call(`/api/uploads?domain=commission-order&id=${delivery.orderId}&field=deliverables`, {
      cookie: delivery.seller.cookie,
    });
    expect(listed.status).toBe(200);
    const { uploads } = await listed.json<{ uploads: UploadState[] }>();
    expect(uploads.map((u) => [u.id, u.doneParts])).toEqual([[upload.id, [1, 3]]]);

    const secondTab = newTab();
    const resumed = await startOk(delivery.seller.cookie, file, secondTab);
    expect(resumed).toMatchObject({ id: upload.id, key: upload.key, doneParts: [1, 3] });
    const one = await call(`/api/uploads/${upload.id}`, { cookie: delivery.seller.cookie });
    expect((await one.json<{ upload: UploadState }>()).upload.doneParts).toEqual([1, 3]);

    await sendParts(bytes, upload, await partsOk(delivery.seller.cookie, upload.id, [2], secondTab));
    const done = await complete(delivery.seller.cookie, upload.id, await sha256Of(bytes), secondTab);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(sameBytes(await storedBytes(upload.key), bytes)).toBe(true);
    // Nothing left to resume.
    const after = await call(`/api/uploads?domain=commission-order&id=${delivery.orderId}&field=deliverables`, {
      cookie: delivery.seller.cookie,
    });
    expect((await after.json<{ uploads: UploadState[] }>()).uploads).toEqual([]);
  });
});

describe("refusals, each leaving nothing half-stored", () => {
  async function begun(name = "work.png") {
    const delivery = await newDelivery();
    const tab = newTab();
    const bytes = pngOf(FILE_SIZE);
    const upload = await startOk(delivery.seller.cookie, fileFor(delivery, bytes, { name }), tab);
    return { delivery, tab, bytes, upload, cookie: delivery.seller.cookie };
  }

  it("a part out of range, or more parts than declared, is never signed", async () => {
    const { upload, tab, cookie } = await begun();
    for (const [numbers, code] of [
      [[0], "upload_error_part_out_of_range"],
      [[-1], "upload_error_part_out_of_range"],
      [[10_001], "upload_error_part_out_of_range"],
      [[4], "upload_error_too_many_parts"],
      [[1, 2, 3, 4], "upload_error_too_many_parts"],
    ] as const) {
      const asked = await askParts(cookie, upload.id, [...numbers], tab);
      expect(asked.status).toBe(400);
      expect(asked.body.code).toBe(code);
    }
  });

  it("the part door takes only the part its token names, at its exact size", async () => {
    const { upload, tab, bytes, cookie } = await begun();
    const [first, , last] = await partsOk(cookie, upload.id, [1, 2, 3], tab);
    // A token for part 1 opens no other part, in range or not.
    for (const n of [2, 4, 0, 10_001]) {
      const sent = await sendPart(
        { ...first, url: first.url.replace("/parts/1?", `/parts/${n}?`) },
        new Uint8Array(10),
      );
      expect(sent.status).toBe(403);
      expect(sent.body.code).toBe("upload_error_token");
    }
    const forged = await sendPart(
      { ...first, url: first.url.replace(/token=[^&]+/, "token=x.y.z") },
      new Uint8Array(1),
    );
    expect(forged.body.code).toBe("upload_error_token");

    // The last part is 1 MiB: a body declared larger is refused before it is read, as is a shorter one.
    const lastBytes = partBytes(bytes, upload, 3);
    const larger = await sendPart(last, new Uint8Array(lastBytes.length + 1));
    expect([larger.status, larger.body.code]).toEqual([400, "upload_error_part_too_large"]);
    const shorter = await sendPart(last, lastBytes.subarray(1));
    expect([shorter.status, shorter.body.code]).toEqual([400, "upload_error_part_incomplete"]);
    expect((await rowOf(upload.id))?.state).toBe("uploading");
    expect(await partRows(upload.id)).toEqual([]);
  });

  it("a bad token or a wrong Content-Length is refused before the body is read", async () => {
    const { upload, tab, cookie } = await begun();
    const [first] = await partsOk(cookie, upload.id, [1], tab);
    const forged = countingBody(128, new Uint8Array(CHUNK));
    const refused = await sendPart(
      { ...first, url: first.url.replace(/token=[^&]+/, "token=not-a-token") },
      forged.stream,
    );
    expect(refused.status).toBe(403);
    expect(forged.pulled()).toBeLessThanOrEqual(1 + DRAINED_CHUNKS);
    const tooLong = countingBody(128, new Uint8Array(CHUNK));
    const declared = await sendPart(first, tooLong.stream, { "content-length": String(128 * CHUNK) });
    expect([declared.status, declared.body.code]).toEqual([400, "upload_error_part_too_large"]);
    expect(tooLong.pulled()).toBeLessThanOrEqual(1 + DRAINED_CHUNKS);
    expect(await partRows(upload.id)).toEqual([]);
  });

  it("a body longer than its Content-Length, or shorter, streams into nothing", async () => {
    const { upload, tab, bytes, cookie } = await begun();
    const [last] = await partsOk(cookie, upload.id, [3], tab);
    const exact = partBytes(bytes, upload, 3);
    const streamOf = (chunks: Uint8Array[]) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      });
    const longer = await sendPart(last, streamOf([exact, new Uint8Array(4096)]), {
      "content-length": String(exact.length),
    });
    expect(longer.status).toBe(400);
    expect(["upload_error_part_too_large", "upload_error_part_incomplete"]).toContain(longer.body.code);
    expect(await partRows(upload.id)).toEqual([]);
    // The same part, sent right, is taken: nothing of the refused one is in the way.
    expect((await sendPart(last, exact)).status).toBe(200);
    expect((await partRows(upload.id)).map((p) => p.partNumber)).toEqual([3]);
  });

  it("a completion with parts missing names them; a second completion is refused, a retried one answers the same", async () => {
    const { upload, tab, bytes, cookie } = await begun();
    await sendParts(bytes, upload, await partsOk(cookie, upload.id, [1], tab));
    const sha256 = await sha256Of(bytes);
    const early = await complete(cookie, upload.id, sha256, tab);
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ code: "upload_error_parts_missing", missing: [2, 3] });
    expect(await env.MEDIA.head(upload.key)).toBeNull();

    await sendParts(bytes, upload, await partsOk(cookie, upload.id, [2, 3], tab));
    const [first, second] = await Promise.all([
      complete(cookie, upload.id, sha256, tab),
      complete(cookie, upload.id, sha256, tab),
    ]);
    // One completes; the other, while it does, is refused (or, once it has, answered the same).
    const statuses = [first.status, second.status].sort();
    expect(statuses[0]).toBe(200);
    const other = [first, second][[first, second].findIndex((r) => r.status === 200) === 0 ? 1 : 0];
    if (other.status === 409) expect(other.body.code).toBe("upload_already_completed");
    else expect(other.body).toMatchObject({ key: upload.key, sha256 });
    // A retry after a lost answer: the same answer, nothing changed.
    const retried = await complete(cookie, upload.id, sha256, tab);
    expect([retried.status, retried.body.key, retried.body.sha256]).toEqual([200, upload.key, sha256]);
    // A completion describing other bytes is refused.
    const third = await complete(cookie, upload.id, "0".repeat(64), tab);
    expect([third.status, third.body.code]).toEqual([409, "upload_already_completed"]);
    expect(await db().select().from(fileFacts).where(eq(fileFacts.objectKey, upload.key)).get()).toMatchObject({
      sha256,
    });
    // A completed upload takes no more parts.
    expect((await askParts(cookie, upload.id, [1], tab)).body.code).toBe("upload_already_completed");
  });

  it("a checksum that is not 64 lowercase hex digits is a bad request", async () => {
    const { upload, tab, cookie } = await begun();
    for (const sha256 of ["ABC", "A".repeat(64), "g".repeat(64), ""]) {
      const refused = await complete(cookie, upload.id, sha256, tab);
      expect([refused.status, refused.body.code]).toEqual([400, "upload_error_invalid_request"]);
    }
  });

  it("a declared size over 5 GiB, or a kind the field does not take, starts nothing", async () => {
    const delivery = await newDelivery();
    const tab = newTab();
    const tooLarge = await start(
      delivery.seller.cookie,
      fileFor(delivery, { length: DELIVERABLE_FILE_MAX_BYTES + 1 }),
      tab,
    );
    expect([tooLarge.status, tooLarge.body.code]).toEqual([400, "media_error_too_large"]);
    // A kind the field does not take (the browser's claim is checked before anything starts).
    const taken = findUploadRule("commission-order", "deliverables")!.kinds;
    const notTaken = (Object.keys(FILE_KINDS) as FileKind[]).find((kind) => !taken.includes(kind));
    if (notTaken) {
      const other = await start(delivery.seller.cookie, fileFor(delivery, { length: 10 }, { kind: notTaken }), tab);
      expect([other.status, other.body.code]).toEqual([400, "media_error_unsupported_type"]);
    }
    const unknown = await start(delivery.seller.cookie, fileFor(delivery, { length: 10 }, { kind: "exe" }), tab);
    expect([unknown.status, unknown.body.code]).toEqual([400, "upload_error_invalid_request"]);
    const chat = await start(delivery.seller.cookie, fileFor(delivery, { length: 10 }, { field: "chat_medias" }), tab);
    expect([chat.status, chat.body.code]).toEqual([400, "media_error_unsupported_type"]);
    expect(await uploadsOf(delivery.orderId)).toEqual([]);
  });

  it("bytes that are not the kind declared are refused at completion, and the object is gone", async () => {
    const { upload, tab, cookie } = await begun();
    const bytes = new Uint8Array(FILE_SIZE); // zeros: no PNG
    await sendParts(bytes, upload, await partsOk(cookie, upload.id, [1, 2, 3], tab));
    const refused = await complete(cookie, upload.id, await sha256Of(bytes), tab);
    expect([refused.status, refused.body.code]).toEqual([400, "media_error_unsupported_type"]);
    expect(await env.MEDIA.head(upload.key)).toBeNull();
    expect(await rowOf(upload.id)).toMatchObject({ state: "refused" });
    expect(await partRows(upload.id)).toEqual([]);
    expect(await db().select().from(pendingUploads).where(eq(pendingUploads.key, upload.key)).get()).toBeUndefined();
    expect(await db().select().from(fileFacts).where(eq(fileFacts.objectKey, upload.key)).get()).toBeUndefined();
  });

  it("the order's client (not its seller) can start nothing on it", async () => {
    const delivery = await newDelivery();
    const refused = await start(delivery.buyer.cookie, fileFor(delivery, { length: FILE_SIZE }), newTab());
    expect([refused.status, refused.body.code]).toEqual([403, "upload_error_forbidden"]);
    const stranger = await newParty();
    const again = await start(stranger.cookie, fileFor(delivery, { length: FILE_SIZE }), newTab());
    expect(again.status).toBe(403);
    expect(await uploadsOf(delivery.orderId)).toEqual([]);
    const signedOut = await call("/api/uploads", {
      method: "POST",
      json: { ...fileFor(delivery, { length: 1 }), tabId: newTab() },
    });
    expect(signedOut.status).toBe(401);
  });

  it("a completed or canceled order takes no new upload: nothing is started", async () => {
    for (const state of ["COMPLETED", "CANCELED"] as const) {
      const seller = await newParty();
      const order = await insertOrderIn(state, seller, await newParty());
      const delivery = { seller, buyer: seller, orderId: order.id };
      const refused = await start(seller.cookie, fileFor(delivery, { length: FILE_SIZE }), newTab());
      expect([refused.status, refused.body.code]).toEqual([409, "upload_error_order_closed"]);
      expect(await uploadsOf(order.id)).toEqual([]);
    }
  });

  it("someone else can neither see, continue, complete nor cancel it: it does not exist for them", async () => {
    const { delivery, upload, tab, bytes } = await begun();
    const other = delivery.buyer.cookie;
    expect((await call(`/api/uploads/${upload.id}`, { cookie: other })).status).toBe(404);
    const asked = await askParts(other, upload.id, [1], tab);
    expect([asked.status, asked.body.code]).toEqual([404, "upload_error_not_found"]);
    expect((await complete(other, upload.id, await sha256Of(bytes), tab)).status).toBe(404);
    expect((await call(`/api/uploads/${upload.id}`, { method: "DELETE", cookie: other })).status).toBe(404);
    const listed = await call(`/api/uploads?domain=commission-order&id=${delivery.orderId}&field=deliverables`, {
      cookie: other,
    });
    expect((await listed.json<{ uploads: UploadState[] }>()).uploads).toEqual([]);
    expect(await rowOf(upload.id)).toMatchObject({ state: "uploading" });
  });

  it("a name with a path, NUL or a right-to-left override is refused, to be renamed", async () => {
    const delivery = await newDelivery();
    for (const [name, code] of [
      ["../x.zip", "upload_error_name_path"],
      ["x\u0000.png", "upload_error_name_characters"],
      ["photo\u202Egnp.png", "upload_error_name_direction"],
    ]) {
      const refused = await start(delivery.seller.cookie, fileFor(delivery, { length: FILE_SIZE }, { name }), newTab());
      expect([refused.status, refused.body.code], name).toEqual([400, code]);
    }
    expect(await uploadsOf(delivery.orderId)).toEqual([]);
  });

  it("two tabs: the second is refused while the first's lease is fresh, and takes over once it lapses", async () => {
    const { delivery, upload, tab, bytes, cookie } = await begun("two-tabs.png");
    const file = fileFor(delivery, bytes, { name: "two-tabs.png" });
    const [firstTabsPart] = await partsOk(cookie, upload.id, [1], tab);
    const secondTab = newTab();
    const refused = await start(cookie, file, secondTab);
    expect([refused.status, refused.body.code]).toEqual([409, "upload_in_another_tab"]);
    expect((await askParts(cookie, upload.id, [2], secondTab)).body.code).toBe("upload_in_another_tab");
    expect((await complete(cookie, upload.id, await sha256Of(bytes), secondTab)).body.code).toBe(
      "upload_in_another_tab",
    );

    // A minute later, the first tab silent: the second takes the upload over.
    const later = Date.now() + UPLOAD_LEASE_MS + 1000;
    const seller = await db()
      .select({ uploader: multipartUploads.uploaderProfileId })
      .from(multipartUploads)
      .where(eq(multipartUploads.id, upload.id))
      .get();
    const takenOver = await startUpload(
      { db: db(), env, bucket: env.MEDIA },
      { profileId: seller!.uploader },
      { ...file, kind: "png", tabId: secondTab },
      later,
    );
    expect(takenOver).toMatchObject({ ok: true, upload: { id: upload.id } });
    // The first tab's part (its token issued before) is refused now, and so is its asking for more.
    const late = await sendPart(firstTabsPart, partBytes(bytes, upload, 1));
    expect([late.status, late.body.code]).toEqual([409, "upload_in_another_tab"]);
    expect((await askParts(cookie, upload.id, [2], tab)).body.code).toBe("upload_in_another_tab");
    expect(await rowOf(upload.id)).toMatchObject({ leaseHolder: secondTab });
  });

  it("an order's deliverables add up to 20 GiB at most, its attached files and unfinished uploads counted", async () => {
    const delivery = await newDelivery(); // a PAID order holds one 68-byte deliverable already
    const tab = newTab();
    const room = ORDER_DELIVERABLES_MAX_TOTAL_BYTES - 68;
    const whole = Math.floor(room / DELIVERABLE_FILE_MAX_BYTES);
    for (let n = 1; n <= whole; n++)
      await startOk(
        delivery.seller.cookie,
        fileFor(delivery, { length: DELIVERABLE_FILE_MAX_BYTES }, { name: `master-${n}.png` }),
        tab,
      );
    const left = room - whole * DELIVERABLE_FILE_MAX_BYTES;
    const over = await start(
      delivery.seller.cookie,
      fileFor(delivery, { length: left + 1 }, { name: "last.png" }),
      tab,
    );
    expect([over.status, over.body.code]).toEqual([400, "upload_error_order_total"]);
    // The held-until-completion sources share the order's total.
    const sources = await start(
      delivery.seller.cookie,
      fileFor(delivery, { length: left + 1 }, { name: "last.png", field: "deliverable_sources" }),
      tab,
    );
    expect(sources.body.code).toBe("upload_error_order_total");
    if (left > 0) await startOk(delivery.seller.cookie, fileFor(delivery, { length: left }, { name: "last.png" }), tab);
    expect(await uploadsOf(delivery.orderId)).toHaveLength(whole + (left > 0 ? 1 : 0));
  });

  it("starting uploads is rate-limited per uploader; resuming one is not", async () => {
    const delivery = await newDelivery();
    const tab = newTab();
    const first = await startOk(delivery.seller.cookie, fileFor(delivery, { length: 1 }, { name: "f-0.png" }), tab);
    for (let n = 1; n < 30; n++)
      await startOk(delivery.seller.cookie, fileFor(delivery, { length: 1 }, { name: `f-${n}.png` }), tab);
    const limited = await start(delivery.seller.cookie, fileFor(delivery, { length: 1 }, { name: "f-30.png" }), tab);
    expect([limited.status, limited.body.code]).toEqual([429, "upload_error_rate_limited"]);
    const resumed = await startOk(delivery.seller.cookie, fileFor(delivery, { length: 1 }, { name: "f-0.png" }), tab);
    expect(resumed.id).toBe(first.id);
  });

  it("the local door takes no reported ETag: only R2's own answer records a part", async () => {
    const { upload, tab, cookie } = await begun();
    const reported = await call(`/api/uploads/${upload.id}/parts/1/report`, {
      method: "POST",
      cookie,
      json: { etag: "made-up", tabId: tab },
    });
    expect(reported.status).toBe(400);
    expect(await partRows(upload.id)).toEqual([]);
  });

  it("is cancelled by its uploader, idempotently: R2's parts and the rows' parts gone", async () => {
    const { upload, tab, bytes, cookie } = await begun();
    await sendParts(bytes, upload, await partsOk(cookie, upload.id, [1], tab));
    for (let i = 0; i < 2; i++) {
      const cancelled = await call(`/api/uploads/${upload.id}`, { method: "DELETE", cookie });
      expect(cancelled.status).toBe(200);
      expect((await cancelled.json<{ upload: UploadState }>()).upload).toMatchObject({
        state: "aborted",
        doneParts: [],
      });
    }
    expect(await partRows(upload.id)).toEqual([]);
    await expect(
      env.MEDIA.resumeMultipartUpload(upload.key, (await rowOf(upload.id))!.r2UploadId).uploadPart(
        2,
        new Uint8Array(5),
      ),
    ).rejects.toThrow();
    expect((await askParts(cookie, upload.id, [2], tab)).body.code).toBe("upload_error_closed");
  });
});

describe("production's presigned parts", () => {
  it("are S3 UploadPart URLs on R2, Content-Length signed, an hour's life, reported by the browser", async () => {
    const delivery = await newDelivery();
    const tab = newTab();
    const upload = await startOk(delivery.seller.cookie, fileFor(delivery, { length: FILE_SIZE }), tab);
    const row = (await rowOf(upload.id))!;
    const production = {
      ...env,
      R2_ACCOUNT_ID: "acc123",
      R2_ACCESS_KEY_ID: "key",
      R2_SECRET_ACCESS_KEY: "secret",
    } as Env;
    const signed = await signParts(
      { db: db(), env: production, bucket: env.MEDIA },
      { profileId: row.uploaderProfileId },
      upload.id,
      { partNumbers: [1, 3], tabId: tab },
      "http://localhost",
    );
    if (!signed.ok) throw new Error(signed.code);
    const [first, last] = signed.parts;
    expect(first).toMatchObject({ partNumber: 1, method: "PUT", report: true });
    const url = new URL(last.url);
    expect(url.origin).toBe("https://acc123.r2.cloudflarestorage.com");
    expect(url.pathname).toBe(`/comet-media/${upload.key}`);
    expect(url.searchParams.get("partNumber")).toBe("3");
    expect(url.searchParams.get("uploadId")).toBe(row.r2UploadId);
    expect(url.searchParams.get("X-Amz-Expires")).toBe("3600");
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toContain("content-length");
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("R2's ListParts, as completion reads it in production", () => {
  const page = (parts: [number, number, string][], next: number | null) =>
    `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>comet-media</Bucket><Key>k</Key><UploadId>u</UploadId>${
      next === null
        ? "<IsTruncated>false</IsTruncated>"
        : `<IsTruncated>true</IsTruncated><NextPartNumberMarker>${next}</NextPartNumberMarker>`
    }${parts
      .map(
        ([n, size, etag]) =>
          `<Part><PartNumber>${n}</PartNumber><ETag>&quot;${etag}&quot;</ETag><Size>${size}</Size></Part>`,
      )
      .join("")}</ListPartsResult>`;

  it("reads every page, and gives the ETags bare", async () => {
    const asked: string[] = [];
    const pages = [
      page(
        [
          [1, 5 * MB, "aa"],
          [2, 5 * MB, "bb"],
        ],
        2,
      ),
      page([[3, MB, "cc"]], null),
    ];
    const client = {
      fetch: async (url: URL) => {
        asked.push(url.searchParams.get("part-number-marker") ?? "");
        return new Response(pages.shift());
      },
    };
    const parts = await listR2Parts(
      { client, bucketUrl: "https://a.r2.cloudflarestorage.com/b" } as unknown as R2Credentials,
      "k",
      "u",
    );
    expect(parts).toEqual([
      { partNumber: 1, size: 5 * MB, etag: "aa" },
      { partNumber: 2, size: 5 * MB, etag: "bb" },
      { partNumber: 3, size: MB, etag: "cc" },
    ]);
    expect(asked).toEqual(["", "2"]);
  });

  it("is null when R2 cannot be asked", async () => {
    const client = { fetch: async () => new Response("<Error/>", { status: 403 }) };
    expect(await listR2Parts({ client, bucketUrl: "https://x" } as unknown as R2Credentials, "k", "u")).toBeNull();
  });
});

async function uploadsOf(orderId: string) {
  return db().select().from(multipartUploads).where(eq(multipartUploads.targetId, orderId));
}

describe("the cron", () => {
  it("aborts an upload idle for more than a day, not a fresh one, and running twice is harmless", async () => {
    const delivery = await newDelivery();
    const tab = newTab();
    const bytes = pngOf(FILE_SIZE);
    const stale = await startOk(delivery.seller.cookie, fileFor(delivery, bytes, { name: "stale.png" }), tab);
    await sendParts(bytes, stale, await partsOk(delivery.seller.cookie, stale.id, [1], tab));
    const fresh = await startOk(delivery.seller.cookie, fileFor(delivery, bytes, { name: "fresh.png" }), tab);
    const now = Date.now();
    await db()
      .update(multipartUploads)
      .set({ updatedAt: new Date(now - UPLOAD_IDLE_MS - 60_000), createdAt: new Date(now - UPLOAD_IDLE_MS - 60_000) })
      .where(eq(multipartUploads.id, stale.id));
    await db()
      .update(multipartUploads)
      .set({ updatedAt: new Date(now - UPLOAD_IDLE_MS + 60_000) })
      .where(eq(multipartUploads.id, fresh.id));

    expect(await abortAbandonedUploads(db(), env.MEDIA, now)).toBeGreaterThanOrEqual(1);
    const rows = await db()
      .select({ id: multipartUploads.id, state: multipartUploads.state })
      .from(multipartUploads)
      .where(inArray(multipartUploads.id, [stale.id, fresh.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.state]))).toEqual({
      [stale.id]: "aborted",
      [fresh.id]: "uploading",
    });
    expect(await partRows(stale.id)).toEqual([]);
    const staleRow = (await rowOf(stale.id))!;
    await expect(
      env.MEDIA.resumeMultipartUpload(stale.key, staleRow.r2UploadId).uploadPart(2, new Uint8Array(5)),
    ).rejects.toThrow();

    await abortAbandonedUploads(db(), env.MEDIA, now);
    expect(await rowOf(stale.id)).toMatchObject({ state: "aborted" });
    expect(await rowOf(fresh.id)).toMatchObject({ state: "uploading" });
    // The stale file's resume starts afresh; the aborted upload is not offered.
    const listed = await call(`/api/uploads?domain=commission-order&id=${delivery.orderId}&field=deliverables`, {
      cookie: delivery.seller.cookie,
    });
    expect((await listed.json<{ uploads: UploadState[] }>()).uploads.map((u) => u.id)).toEqual([fresh.id]);
  });
});
