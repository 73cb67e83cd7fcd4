// Issue 75, finding 1: a closed order takes no file, through any door. The doors are read off the router: every
// write route (POST, PUT, PATCH, DELETE) under the paths that store files (the storage calls, the multipart uploads,
// a stage's preview) is either driven below against a completed and a canceled order, or named as one that writes no
// bytes, with why. A new door there that this file does not name fails the first test. And every API module that
// hands the bucket to a service must be mounted under those paths, or be named with why it never writes into an
// existing order's folder: a door that stores files elsewhere is caught too.
//
// Each door is driven against an open order first (it stores: the driver is right), then, on a world made while the
// order was open (a signed write, a multipart upload with a part's link) and closed since, against the closed order:
// 409 `upload_error_order_closed` with the words in the caller's language, and nothing in the order's folder in R2.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { m } from "#app/paraglide/messages.js";
import { createApp } from "#worker/app";
import type { PartTarget } from "#worker/media/services/multipart-parts";
import type { UploadState } from "#worker/media/services/multipart-upload-rows";
import { call } from "../support/helpers";
import { PNG, pathOf } from "../support/media-fixtures";
import { insertOrderIn, newPartyWithProfile, type Party } from "../support/order-states";
import { setStagesOnRow } from "../support/stage-fixtures";

/** Where the doors that store files live; a write route under these is a door this file must name. */
const STORING_PATHS = ["/api/google/storage/", "/api/uploads", "/api/features/commission/order/stage/preview"];

/** API modules handed the bucket that are mounted elsewhere, and why none writes into an existing order's folder. */
const BUCKET_ELSEWHERE: Record<string, string> = {
  "/api/account": "a profile picture's attach: the user's own folder, never an order's",
  "/media": "reads only (GET and HEAD)",
  "/api/features/commission":
    "a request's answers are copied into the folder of the order the same request makes, a draft (never a closed one)",
};

/** Write routes under STORING_PATHS that write no bytes, and why. */
const NOT_WRITES: Record<string, string> = {
  "POST /api/google/storage/sign/read": "signs a read",
  "POST /api/google/storage/delete": "deletes the caller's own unattached file: it frees, never stores",
  "DELETE /api/uploads/:uploadId": "cancels the caller's unfinished upload: its parts go",
  "POST /api/uploads/:uploadId/parts/:partNumber/report":
    "records the ETag of a part R2 already holds (production); refused at the upload's lease like every part door",
};

const JA = { "accept-language": "ja" };
/** One part's worth of a PNG: a deliverable sent through the multipart doors. */
const DELIVERABLE = (() => {
  const bytes = new Uint8Array(4096);
  bytes.set(PNG);
  return bytes;
})();
/** The head of an MP4 and some bytes: a stage preview's clip, stored as posted (no picture to decode). */
const CLIP = new Uint8Array([
  ...[0, 0, 0, 0x18],
  ...new TextEncoder().encode("ftypisom"),
  ...[0, 0, 2, 0],
  ...new Uint8Array(64),
]);

async function sha256Of(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** An order and what was begun on it while it was open: a signed write's URL, a multipart upload and its part's link. */
interface World {
  seller: Party & { profileId: string };
  buyer: Party & { profileId: string };
  orderId: string;
  signedPut: string;
  upload: UploadState;
  tab: string;
  part: PartTarget;
}

const TAB = () => `tab-${crypto.randomUUID().slice(0, 12)}`;

async function ok<T>(response: Response, what: string): Promise<T> {
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json<T>();
}

/** A paid order of two stages, with a signed write and a multipart upload begun on it by its seller. */
async function openWorld(): Promise<World> {
  const [seller, buyer] = await Promise.all([newPartyWithProfile(), newPartyWithProfile()]);
  const order = await insertOrderIn("PAID", seller, buyer);
  await setStagesOnRow(order.id, [
    { title: "Sketch", sharePercent: 40, includedRevisions: 1 },
    { title: "Colour", sharePercent: 60, includedRevisions: 1 },
  ]);
  const signed = await ok<{ url: string }>(
    await call("/api/google/storage/sign/write", {
      method: "POST",
      cookie: seller.cookie,
      json: { path: `v1/commission-order/${order.id}/deliverables`, contentType: "image/png", size: PNG.length },
    }),
    "sign/write",
  );
  const tab = TAB();
  const { upload } = await ok<{ upload: UploadState }>(
    await call("/api/uploads", {
      method: "POST",
      cookie: seller.cookie,
      json: { ...multipartFile(order.id, 1), tabId: tab },
    }),
    "start",
  );
  const { parts } = await ok<{ parts: PartTarget[] }>(
    await call(`/api/uploads/${upload.id}/parts`, {
      method: "POST",
      cookie: seller.cookie,
      json: { partNumbers: [1], tabId: tab },
    }),
    "parts",
  );
  return { seller, buyer, orderId: order.id, signedPut: signed.url, upload, tab, part: parts[0] };
}

const multipartFile = (orderId: string, lastModified: number) => ({
  domain: "commission-order",
  id: orderId,
  field: "deliverables",
  name: "final.png",
  size: DELIVERABLE.length,
  kind: "png",
  lastModified,
});

function uploadForm(orderId: string, field: string) {
  const form = new FormData();
  form.append("domainPath", "commission-order");
  form.append("domainIdPath", orderId);
  form.append("fieldPath", field);
  form.append("files", new File([PNG], "final.png", { type: "image/png" }));
  return form;
}

/** Every door that writes into an order's folders, and how to drive it on a world (in this order). */
const DOORS: Record<string, (w: World) => Promise<Response>> = {
  "POST /api/google/storage/upload": (w) =>
    call("/api/google/storage/upload", {
      method: "POST",
      cookie: w.seller.cookie,
      headers: JA,
      body: uploadForm(w.orderId, "deliverable_sources"),
    }),
  "POST /api/google/storage/sign/write": (w) =>
    call("/api/google/storage/sign/write", {
      method: "POST",
      cookie: w.seller.cookie,
      headers: JA,
      json: { path: `v1/commission-order/${w.orderId}/deliverables`, contentType: "image/png", size: PNG.length },
    }),
  "PUT /api/google/storage/object/*": (w) =>
    call(pathOf(w.signedPut), { method: "PUT", headers: { ...JA, "content-type": "image/png" }, body: PNG }),
  "POST /api/uploads": (w) =>
    call("/api/uploads", {
      method: "POST",
      cookie: w.seller.cookie,
      headers: JA,
      json: { ...multipartFile(w.orderId, 2), tabId: TAB() },
    }),
  "POST /api/uploads/:uploadId/parts": (w) =>
    call(`/api/uploads/${w.upload.id}/parts`, {
      method: "POST",
      cookie: w.seller.cookie,
      headers: JA,
      json: { partNumbers: [1], tabId: w.tab },
    }),
  "PUT /api/uploads/:uploadId/parts/:partNumber": (w) =>
    call(pathOf(w.part.url), { method: "PUT", headers: JA, body: DELIVERABLE }),
  "POST /api/uploads/:uploadId/complete": async (w) =>
    call(`/api/uploads/${w.upload.id}/complete`, {
      method: "POST",
      cookie: w.seller.cookie,
      headers: JA,
      json: { sha256: await sha256Of(DELIVERABLE), tabId: w.tab },
    }),
  "POST /api/features/commission/order/stage/preview": (w) => {
    const form = new FormData();
    form.append("orderId", w.orderId);
    form.append("stage", "0");
    form.append("files", new File([CLIP], "clip.mp4", { type: "video/mp4" }));
    return call("/api/features/commission/order/stage/preview", {
      method: "POST",
      cookie: w.seller.cookie,
      headers: JA,
      body: form,
    });
  },
};

const routeName = (method: string, path: string) => `${method} ${path.replace(/\/$/, "")}`;

async function folderKeys(orderId: string): Promise<string[]> {
  const listed = await env.MEDIA.list({ prefix: `v1/commission-order/${orderId}/` });
  return listed.objects.map((o) => o.key).sort();
}

async function closeOrder(orderId: string, progress: "COMPLETED" | "CANCELED") {
  await env.DB.prepare(
    "UPDATE commission_orders SET order_progress_status = ?, order_chat_status = 'CLOSED', payout_held_until = NULL WHERE id = ?",
  )
    .bind(progress, orderId)
    .run();
}

const closedWords = { code: "upload_error_order_closed", message: m.upload_error_order_closed({}, { locale: "ja" }) };

describe("a closed order takes no file, through any door", () => {
  it("every write door under the storing paths is driven here or named as writing no bytes", () => {
    const writes = new Set(
      createApp()
        .routes.filter(({ method }) => ["POST", "PUT", "PATCH", "DELETE"].includes(method))
        .filter(({ path }) => STORING_PATHS.some((prefix) => `${path}/`.startsWith(prefix)))
        .map(({ method, path }) => routeName(method, path)),
    );
    expect([...writes].sort()).toEqual([...Object.keys(DOORS), ...Object.keys(NOT_WRITES)].sort());
  });

  it("every API module handed the bucket is mounted under the storing paths, or named with why it writes no order's files", () => {
    const modules = import.meta.glob<string>(["../../../worker/api/*.ts", "!**/*.test.ts"], {
      query: "?raw",
      import: "default",
      eager: true,
    });
    const app = import.meta.glob<string>("../../../worker/app.ts", { query: "?raw", import: "default", eager: true });
    const appSource = Object.values(app)[0];
    const mounts = new Map([...appSource.matchAll(/app\.route\("([^"]+)",\s*(\w+)\)/g)].map((r) => [r[2], r[1]]));
    const handed = Object.entries(modules)
      .filter(([, source]) => /\benv\.MEDIA\b/.test(source))
      .map(([file, source]) => {
        const exported = source.match(/export const (\w+) = new Hono/)?.[1];
        return { file, mount: exported ? mounts.get(exported) : undefined };
      });
    expect(handed.length).toBeGreaterThan(0);
    for (const { file, mount } of handed) {
      expect(mount, `${file} is mounted by app.route`).toBeDefined();
      const storing = STORING_PATHS.some((prefix) => `${mount}/`.startsWith(prefix));
      expect(storing || mount! in BUCKET_ELSEWHERE, `${file} at ${mount}`).toBe(true);
    }
  });

  it("an open order takes a file at every door (the drivers store)", async () => {
    const world = await openWorld();
    for (const [door, drive] of Object.entries(DOORS)) {
      const response = await drive(world);
      expect(response.status, `${door}: ${await response.clone().text()}`).toBe(200);
    }
    expect((await folderKeys(world.orderId)).length).toBeGreaterThan(0);
  });

  for (const progress of ["COMPLETED", "CANCELED"] as const) {
    it(`a ${progress.toLowerCase()} order: every door answers 409 in the caller's words and stores nothing`, async () => {
      const world = await openWorld();
      await closeOrder(world.orderId, progress);
      for (const [door, drive] of Object.entries(DOORS)) {
        const response = await drive(world);
        const body = await response.json<{ code?: string; message?: string }>();
        expect([response.status, body.code, body.message], door).toEqual([409, closedWords.code, closedWords.message]);
        expect(await folderKeys(world.orderId), door).toEqual([]);
      }
      const parts = await env.DB.prepare("SELECT count(*) AS n FROM multipart_upload_parts WHERE upload_id = ?")
        .bind(world.upload.id)
        .first<{ n: number }>();
      expect(parts?.n).toBe(0);
      // Either party's files: the chat's folder is closed with the chat.
      const chat = await call("/api/google/storage/upload", {
        method: "POST",
        cookie: world.buyer.cookie,
        body: uploadForm(world.orderId, "chat_medias"),
      });
      expect([chat.status, (await chat.json<{ code: string }>()).code]).toEqual([409, "upload_error_order_closed"]);
    });
  }

  it("a completed order still takes a dispute's evidence while it may be disputed, and only then", async () => {
    const world = await openWorld();
    await closeOrder(world.orderId, "COMPLETED");
    const evidence = () =>
      call("/api/google/storage/upload", {
        method: "POST",
        cookie: world.buyer.cookie,
        body: uploadForm(world.orderId, "dispute_files"),
      });
    expect((await evidence()).status).toBe(409);
    // The client's week: the payout waits (decision 092).
    await env.DB.prepare("UPDATE commission_orders SET payout_held_until = ? WHERE id = ?")
      .bind(Date.now() + 86_400_000, world.orderId)
      .run();
    expect((await evidence()).status).toBe(200);
    // A canceled order's dispute is over.
    await closeOrder(world.orderId, "CANCELED");
    expect((await evidence()).status).toBe(409);
    // An open dispute, whatever the payout.
    await env.DB.prepare("UPDATE commission_orders SET disputed_since = ? WHERE id = ?")
      .bind(Date.now(), world.orderId)
      .run();
    expect((await evidence()).status).toBe(200);
  });
});
