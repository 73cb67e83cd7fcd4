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
