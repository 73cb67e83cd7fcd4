// A file's name keeps the text rules at every door that takes one (issue 59, worker/media/domain/file-names.ts): NUL,
// control characters, bidirectional overrides and lone surrogates sent as an upload's name are never stored (a lone
// surrogate cannot be stored as UTF-8), whether the file is a dispute's evidence, a deliverable or a chat message's.
// The name is cleaned, not refused: the door answers 200 and the file keeps what shows of its name.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chatOrder, fileMedia, sent } from "../support/chat-fixtures";
import { call } from "../support/helpers";
import { PNG } from "../support/media-fixtures";
import { insertOrderIn, newParty, type Party } from "../support/order-states";

/** A name with every kind of character no file name keeps: "invoice\u202Efdp.exe" shows as "invoiceexe.pdf". */
const HOSTILE = "in\u0000vo\u0007ice\uD800\u202Efdp.exe\u001B\u0085\r\n";
const CLEANED = "invoicefdp.exe";

async function uploaded(who: { cookie: string }, orderId: string, field: string): Promise<string> {
  const form = new FormData();
  form.append("files", new File([PNG], "any.png", { type: "image/png" }));
  form.set("domainPath", "commission-order");
  form.set("domainIdPath", orderId);
  form.set("fieldPath", field);
  const response = await call("/api/google/storage/upload", { method: "POST", body: form, cookie: who.cookie });
  expect(response.status).toBe(200);
  return (await response.json<{ urls: string[] }>()).urls[0]!;
}
const post = (path: string, who: Party, json: unknown) =>
  call(`/api/features/commission/order/${path}`, { method: "POST", cookie: who.cookie, json });

describe("a file's name at the doors", () => {
  it("a dispute's evidence keeps its name without the characters no text stores", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    const order = await insertOrderIn("PAID", seller, buyer);
    const url = await uploaded(buyer, order.id, "dispute_files");
    const opened = await post("dispute/open", buyer, {
      orderId: order.id,
      reason: "quality",
      statement: "See the file.",
      files: [{ url, name: HOSTILE }],
    });
    expect(opened.status).toBe(200);
    const file = await env.DB.prepare("SELECT name FROM order_dispute_files WHERE order_id = ?")
      .bind(order.id)
      .first<{ name: string }>();
    expect(file).toEqual({ name: CLEANED });
    await env.DB.prepare("UPDATE commission_orders SET disputed_since = NULL WHERE id = ?").bind(order.id).run();
  });

  it("a deliverable keeps its name so; a name of nothing storable is the stored file's", async () => {
    const [seller, buyer] = await Promise.all([newParty(), newParty()]);
    const order = await insertOrderIn("PAID", seller, buyer);
    const [named, blank] = [
      await uploaded(seller, order.id, "deliverables"),
      await uploaded(seller, order.id, "deliverables"),
    ];
    const created = await post("deliverable/update", seller, {
      orderId: order.id,
      medias: [
        { url: named, name: HOSTILE },
        { url: blank, name: "\u202E\u0000\uDC00" },
      ],
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const names = await env.DB.prepare("SELECT file_url, file_name FROM media WHERE file_url IN (?, ?)")
      .bind(named, blank)
      .all<{ file_url: string; file_name: string }>();
    expect(Object.fromEntries(names.results.map((r) => [r.file_url, r.file_name]))).toEqual({
      [named]: CLEANED,
      [blank]: blank.split("/").pop(),
    });
  });

  it("a chat message's file keeps its name so", async () => {
    const order = await chatOrder();
    const url = await uploaded(order.seller, order.id, "chat_medias");
    const message = await sent(order.seller.cookie, order.roomId, { medias: [fileMedia(url, HOSTILE)] });
    expect(message.messageMedias[0]).toMatchObject({ name: CLEANED });
    const stored = await env.DB.prepare("SELECT file_name FROM media WHERE file_url = ?")
      .bind(url)
      .first<{ file_name: string }>();
    expect(stored).toEqual({ file_name: CLEANED });
  });
});
