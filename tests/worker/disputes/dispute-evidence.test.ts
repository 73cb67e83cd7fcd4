// A dispute statement's evidence (issue 49, decision 088): files uploaded to the order's own dispute folder by one of
// its parties, attached to the statement through the door, kept (no longer pending uploads) and refused from elsewhere.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../support/helpers";
import { insertOrderIn, newParty, type Party } from "../support/order-states";

async function paidOrder() {
  const [seller, buyer, stranger] = await Promise.all([newParty(), newParty(), newParty()]);
  const order = await insertOrderIn("PAID", seller, buyer);
  return { ...order, seller, buyer, stranger };
}
const open = (who: Party, json: unknown) =>
  call("/api/features/commission/order/dispute/open", { method: "POST", cookie: who.cookie, json });

describe("evidence files", () => {
  const PNG = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
    (c) => c.charCodeAt(0),
  );
  function upload(who: Party, orderId: string) {
    const form = new FormData();
    form.append("files", new File([PNG], "screenshot.png", { type: "image/png" }));
    form.set("domainPath", "commission-order");
    form.set("domainIdPath", orderId);
    form.set("fieldPath", "dispute_files");
    return call("/api/google/storage/upload", { method: "POST", body: form, cookie: who.cookie });
  }
  const urlOf = async (response: Response) => {
    const body = (await response.json()) as { data: { urls?: string[]; url?: string }[] | { urls: string[] } };
    return JSON.stringify(body).match(/\/media\/v1\/commission-order\/[^"?]+/)![0];
  };

  it("a party attaches files uploaded to the order's dispute folder; they stay attached, and a stranger's are refused", async () => {
    const order = await paidOrder();
    const uploaded = await upload(order.buyer, order.id);
    expect(uploaded.status).toBe(200);
    const url = await urlOf(uploaded);
    expect((await upload(order.stranger, order.id)).status).toBe(403);
    // A file from elsewhere (the chat folder) is not evidence: 404, nothing changes.
    const elsewhere = url.replace("/dispute_files/", "/chat_medias/");
    const refused = await open(order.buyer, {
      orderId: order.id,
      reason: "quality",
      statement: "See the screenshot.",
      files: [{ url: elsewhere }],
    });
    expect(refused.status).toBe(404);
    const opened = await open(order.buyer, {
      orderId: order.id,
      reason: "quality",
      statement: "See the screenshot.",
      files: [{ url, name: "colours.png" }],
    });
    expect(opened.status).toBe(200);
    const file = await env.DB.prepare(
      "SELECT f.name, f.content_type, s.kind FROM order_dispute_files f JOIN order_dispute_statements s ON s.id = f.statement_id WHERE f.order_id = ?",
    )
      .bind(order.id)
      .first();
    expect(file).toEqual({ name: "colours.png", content_type: "image/png", kind: "opening" });
    const pending = await env.DB.prepare("SELECT count(*) AS n FROM pending_uploads WHERE key = ?")
      .bind(url.replace(/^\/media\//, ""))
      .first<{ n: number }>();
    expect(pending?.n).toBe(0);
  });
});

describe("evidence is the stating party's own upload", () => {
  const PNG = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
    (c) => c.charCodeAt(0),
  );
  async function uploaded(who: Party, orderId: string): Promise<string> {
    const form = new FormData();
    form.append("files", new File([PNG], "mine.png", { type: "image/png" }));
    form.set("domainPath", "commission-order");
    form.set("domainIdPath", orderId);
    form.set("fieldPath", "dispute_files");
    const response = await call("/api/google/storage/upload", { method: "POST", body: form, cookie: who.cookie });
    expect(response.status).toBe(200);
    return JSON.stringify(await response.json()).match(/\/media\/v1\/commission-order\/[^"?]+/)![0];
  }
  const answer = (who: Party, json: unknown) =>
    call("/api/features/commission/order/dispute/answer", { method: "POST", cookie: who.cookie, json });
  /** What a refused statement must leave as it was. */
  const snapshot = async (orderId: string) =>
    env.DB.batch([
      env.DB.prepare("SELECT dispute, version FROM commission_orders WHERE id = ?").bind(orderId),
      env.DB.prepare("SELECT id FROM order_dispute_statements WHERE order_id = ?").bind(orderId),
      env.DB.prepare("SELECT object_key FROM order_dispute_files WHERE order_id = ?").bind(orderId),
      env.DB.prepare("SELECT count(*) AS n FROM commission_order_events WHERE order_id = ?").bind(orderId),
    ]).then((results) => results.map((r) => r.results));

  it("a party cannot cite the other party's file, pending or already attached: 404 as for another folder, nothing changes", async () => {
    const order = await paidOrder();
    const sellers = await uploaded(order.seller, order.id);
    // The seller's upload, not yet attached anywhere, cited by the client as their own.
    const before = await snapshot(order.id);
    const refused = await open(order.buyer, {
      orderId: order.id,
      reason: "quality",
      statement: "See the screenshot.",
      files: [{ url: sellers, name: "proof.png" }],
    });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: "not_found" });
    expect(await snapshot(order.id)).toEqual(before);

    // The client opens with a file of their own; the seller cannot then cite it in their answer.
    const buyers = await uploaded(order.buyer, order.id);
    const opened = await open(order.buyer, {
      orderId: order.id,
      reason: "quality",
      statement: "See the screenshot.",
      files: [{ url: buyers }],
    });
    expect(opened.status).toBe(200);
    const afterOpening = await snapshot(order.id);
    const stolen = await answer(order.seller, {
      orderId: order.id,
      statement: "Their own screenshot shows it is done.",
      files: [{ url: buyers, name: "mine.png" }],
    });
    expect(stolen.status).toBe(404);
    expect(await snapshot(order.id)).toEqual(afterOpening);

    // Their own upload is theirs to cite.
    const answered = await answer(order.seller, {
      orderId: order.id,
      statement: "My screenshot.",
      files: [{ url: sellers }],
    });
    expect(answered.status).toBe(200);
    const files = await env.DB.prepare(
      `SELECT s.side, f.object_key FROM order_dispute_files f JOIN order_dispute_statements s ON s.id = f.statement_id
       WHERE f.order_id = ? ORDER BY s.created_at`,
    )
      .bind(order.id)
      .all();
    expect(files.results).toEqual([
      { side: "buyer", object_key: buyers.replace(/^\/media\//, "") },
      { side: "seller", object_key: sellers.replace(/^\/media\//, "") },
    ]);
    await env.DB.prepare("UPDATE commission_orders SET disputed_since = NULL WHERE id = ?").bind(order.id).run();
  });
});
