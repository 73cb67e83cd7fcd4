// Downloads as users expect (issue 60): the file's own name, Japanese ones too, in Content-Disposition (RFC 6266 with
// RFC 5987's filename*), signed into the read URL so its holder cannot rename it; inline only for what a browser shows;
// and resumable: Accept-Ranges, 206 with Content-Range and Content-Length, If-Range by the ETag, 416 past the end.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signReadUrl } from "#worker/media/services/media-access";
import { getOrderDetail } from "#worker/orders/services/order-views";
import { call, db } from "../support/helpers";
import { newMember, newWork, PNG, pathOf } from "../support/media-fixtures";
import { insertOrder } from "../support/order-fixtures";
import { newPartyWithProfile } from "../support/order-states";

/** 1,000 bytes that say where they are: byte i is i % 251, so a wrong offset shows. */
const BYTES = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);

async function stored(prefix: string, ext: string, contentType: string, body: Uint8Array = BYTES) {
  const key = `${prefix}/${crypto.randomUUID()}.${ext}`;
  await env.MEDIA.put(key, body, { httpMetadata: { contentType } });
  return key;
}

/** A private work's file, read by its owner through a signed URL naming `name` (null: none). */
async function privateFile(ext = "zip", contentType = "application/zip", name: string | null = null) {
  const owner = await newMember("Mdlw");
  const key = await stored(`v1/portfolio-work/${await newWork(owner.profileId, "PRIVATE")}/medias`, ext, contentType);
  const { url } = await signReadUrl(env, key, owner.profileId, { shownIn: "page", name });
  const get = (headers: Record<string, string> = {}, method = "GET") =>
    call(pathOf(url), { cookie: owner.cookie, headers, method });
  return { owner, key, url, get };
}

const bytes = async (response: Response) => new Uint8Array(await response.arrayBuffer());
const filenameStar = (response: Response) =>
  decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "");

const party = newPartyWithProfile;

describe("the file's own name", () => {
  it("a deliverable sent as 納品データ_最終.png: the order page's link downloads it under that name", async () => {
    const [seller, buyer] = await Promise.all([party(), party()]);
    const order = await insertOrder({
      sellerId: seller.commissionAccountId,
      buyerId: buyer.commissionAccountId,
      priceAmount: 10_000,
      approvalDeadline: Date.now() + 86_400_000,
    });
    await env.DB.prepare(
      "UPDATE commission_orders SET order_progress_status = 'APPROVED', order_payment_status = 'COMPLETED' WHERE id = ?",
    )
      .bind(order.id)
      .run();
    const form = new FormData();
    form.append("files", new File([PNG], "納品データ_最終.png", { type: "image/png" }));
    form.set("domainPath", "commission-order");
    form.set("domainIdPath", order.id);
    form.set("fieldPath", "deliverables");
    const uploaded = await call("/api/google/storage/upload", { method: "POST", body: form, cookie: seller.cookie });
    const [url] = (await uploaded.json<{ urls: string[] }>()).urls;
    const created = await call("/api/features/commission/order/deliverable/create", {
      method: "POST",
      cookie: seller.cookie,
      json: { orderId: order.id, medias: [{ url, name: "納品データ_最終.png" }] },
    });
    expect(created.status).toBe(200);
    const viewer = {
      commissionAccountId: buyer.commissionAccountId,
      profileId: buyer.profileId,
      locale: "ja" as const,
      displayCurrencyCode: "JPY",
    };
    const [file] = (await getOrderDetail(db(), env, order.code, viewer))!.deliverables;
    expect(file.name).toBe("納品データ_最終.png");
    const response = await call(pathOf(file.url!), { cookie: buyer.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      `inline; filename="download.png"; filename*=UTF-8''${encodeURIComponent("納品データ_最終.png")}`,
    );
    expect(await bytes(response)).toEqual(PNG);

    // The page's Download signs afresh on each click (POST /sign/read): the fresh link keeps the name.
    const fresh = await call("/api/google/storage/sign/read", { method: "POST", cookie: buyer.cookie, json: { url } });
    const again = await call(pathOf((await fresh.json<{ url: string }>()).url), { cookie: buyer.cookie });
    expect(filenameStar(again)).toBe("納品データ_最終.png");
  });

  it("a Japanese name signed into the URL comes back whole in filename*, with an ASCII fallback", async () => {
    const file = await privateFile("zip", "application/zip", "納品データ_最終.zip");
    const response = await file.get();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="download.zip"; filename*=UTF-8''${encodeURIComponent("納品データ_最終.zip")}`,
    );
    expect(filenameStar(response)).toBe("納品データ_最終.zip");
    expect(await bytes(response)).toEqual(BYTES);
  });

  it("the name is part of the signature: a URL whose token is changed opens nothing", async () => {
    const file = await privateFile("zip", "application/zip", "final.zip");
    const [path, token] = pathOf(file.url).split("?token=");
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    const renamed = btoa(JSON.stringify({ ...claims, name: "invoice.zip" }))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    const forged = await call(`${path}?token=${header}.${renamed}.${signature}`, { cookie: file.owner.cookie });
    expect(forged.status).toBe(403);
  });

  it("without a name, the stored key's file name; a name claiming another kind gets the stored kind's extension", async () => {
    const plain = await privateFile("zip", "application/zip");
    const keyName = plain.key.split("/").pop()!;
    expect((await plain.get()).headers.get("content-disposition")).toBe(
      `attachment; filename="${keyName}"; filename*=UTF-8''${keyName}`,
    );
    const disguised = await privateFile("zip", "application/zip", "notes.html");
    expect(filenameStar(await disguised.get())).toBe("notes.html.zip");
  });

  it("pictures, sounds and videos are inline (under their name); a PSD, a model, a PDF and a ZIP are saved", async () => {
    const owner = await newMember("Mdlw");
    const workId = await newWork(owner.profileId);
    const cases: [string, string, string][] = [
      ["png", "image/png", "inline"],
      ["mp4", "video/mp4", "inline"],
      ["wav", "audio/wav", "inline"],
      ["psd", "image/vnd.adobe.photoshop", "attachment"],
      ["glb", "model/gltf-binary", "attachment"],
      ["vrm", "model/gltf-binary", "attachment"],
      ["pdf", "application/pdf", "attachment"],
      ["zip", "application/zip", "attachment"],
      ["7z", "application/x-7z-compressed", "attachment"],
    ];
    for (const [ext, type, disposition] of cases) {
      const key = await stored(`v1/portfolio-work/${workId}/medias`, ext, type);
      const response = await call(`/media/${key}`);
      expect([ext, response.status]).toEqual([ext, 200]);
      expect([ext, response.headers.get("content-disposition")?.split(";")[0]]).toEqual([ext, disposition]);
      expect([ext, response.headers.get("x-content-type-options")]).toEqual([ext, "nosniff"]);
      await response.arrayBuffer();
    }
  });
});

describe("a download that resumes", () => {
  it("the whole file says it takes ranges, and its length and ETag; HEAD says the same without a body", async () => {
    const file = await privateFile();
    const whole = await file.get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-length")).toBe("1000");
    expect(whole.headers.get("etag")).toMatch(/^"[^"]+"$/);
    expect(whole.headers.get("content-range")).toBeNull();
    expect((await bytes(whole)).length).toBe(1000);
    const head = await file.get({}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("1000");
    expect(head.headers.get("accept-ranges")).toBe("bytes");
    expect((await bytes(head)).length).toBe(0);
  });

  it("a Range is 206 with its Content-Range and Content-Length: first-last, first- and a suffix", async () => {
    const file = await privateFile();
    const cases: [string, number, number][] = [
      ["bytes=0-99", 0, 99],
      ["bytes=600-", 600, 999],
      ["bytes=-100", 900, 999],
      ["bytes=990-5000", 990, 999],
      // A download manager's first question: does the server resume? 206 for all of it says yes.
      ["bytes=0-", 0, 999],
    ];
    for (const [range, first, last] of cases) {
      const response = await file.get({ range });
      expect([range, response.status]).toEqual([range, 206]);
      expect([range, response.headers.get("content-range")]).toEqual([range, `bytes ${first}-${last}/1000`]);
      expect([range, response.headers.get("content-length")]).toEqual([range, String(last - first + 1)]);
      expect([range, await bytes(response)]).toEqual([range, BYTES.slice(first, last + 1)]);
    }
  });

  it("If-Range with the file's ETag resumes; with another ETag, a weak one or a date the whole file comes from byte 0", async () => {
    const file = await privateFile();
    const etag = (await file.get({}, "HEAD")).headers.get("etag")!;
    const resumed = await file.get({ range: "bytes=500-", "if-range": etag });
    expect(resumed.status).toBe(206);
    expect(resumed.headers.get("content-range")).toBe("bytes 500-999/1000");
    expect(await bytes(resumed)).toEqual(BYTES.slice(500));
    for (const ifRange of ['"another-version"', `W/${etag}`, "Wed, 21 Oct 2015 07:28:00 GMT"]) {
      const restarted = await file.get({ range: "bytes=500-", "if-range": ifRange });
      expect([ifRange, restarted.status]).toEqual([ifRange, 200]);
      expect([ifRange, restarted.headers.get("content-range")]).toEqual([ifRange, null]);
      expect([ifRange, restarted.headers.get("content-length")]).toEqual([ifRange, "1000"]);
      expect([ifRange, await bytes(restarted)]).toEqual([ifRange, BYTES]);
    }
  });

  it("a file replaced under the same key: the old ETag's If-Range gets the new file whole", async () => {
    const file = await privateFile();
    const etag = (await file.get({}, "HEAD")).headers.get("etag")!;
    const replaced = BYTES.map((b) => 255 - b);
    await env.MEDIA.put(file.key, replaced, { httpMetadata: { contentType: "application/zip" } });
    const response = await file.get({ range: "bytes=500-", "if-range": etag });
    expect(response.status).toBe(200);
    expect(await bytes(response)).toEqual(replaced);
  });

  it("a range past the end is 416 naming the size, never the whole file in silence", async () => {
    const file = await privateFile();
    for (const range of ["bytes=1000-", "bytes=5000-6000", "bytes=-0"]) {
      const response = await file.get({ range });
      expect([range, response.status]).toEqual([range, 416]);
      expect([range, response.headers.get("content-range")]).toEqual([range, "bytes */1000"]);
      expect([range, (await bytes(response)).length]).toEqual([range, 0]);
    }
    // The same at /media/, for a public file.
    const owner = await newMember("Mdlw");
    const key = await stored(`v1/portfolio-work/${await newWork(owner.profileId)}/medias`, "mp4", "video/mp4");
    const past = await call(`/media/${key}`, { headers: { range: "bytes=2000-" } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */1000");
  });

  it("a Range it does not honour (several ranges, another unit, reversed, malformed) gets the whole file", async () => {
    const file = await privateFile();
    for (const range of ["bytes=0-9,20-29", "items=0-9", "bytes=50-10", "bytes=abc", "bytes=-"]) {
      const response = await file.get({ range });
      expect([range, response.status]).toEqual([range, 200]);
      expect([range, response.headers.get("content-length")]).toEqual([range, "1000"]);
      expect([range, await bytes(response)]).toEqual([range, BYTES]);
    }
  });
});
