// The `create-deliverable` command: JSON /deliverable/create only (the page uploads and attaches through the API).
import { describe, expect, it } from "vitest";
import { call } from "#tests/worker/support/helpers";
import { PNG } from "#tests/worker/support/media-fixtures";
import { jsonDoor, orderIn } from "#tests/worker/support/command-doors";

/** A file the seller uploaded to the order's deliverables folder: its URL. */
async function uploaded(cookie: string, orderId: string): Promise<string> {
  const form = new FormData();
  form.append("files", new File([PNG], "final.png", { type: "image/png" }));
  form.set("domainPath", "commission-order");
  form.set("domainIdPath", orderId);
  form.set("fieldPath", "deliverables");
  const response = await call("/api/google/storage/upload", { method: "POST", body: form, cookie });
  return (await response.json<{ urls: string[] }>()).urls[0]!;
}

describe("create-deliverable", () => {
  it("the seller attaches an uploaded file; the client is refused, a stranger told 404", async () => {
    const order = await orderIn("PAID");
    const medias = [{ url: await uploaded(order.seller.cookie, order.id), name: "final.png" }];
    expect((await jsonDoor("/deliverable/create", order.buyer, { orderId: order.id, medias })).status).toBe(409);
    expect((await jsonDoor("/deliverable/create", order.stranger, { orderId: order.id, medias })).status).toBe(404);
    const bad = await jsonDoor("/deliverable/create", order.seller, { orderId: order.id, medias: [{ url: "x" }] });
    expect([bad.status, await bad.json()]).toEqual([400, { error: "invalid_request" }]);
    const done = await jsonDoor("/deliverable/create", order.seller, { orderId: order.id, medias });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ data: { orderPaymentStatus: "COMPLETED", deliverableCount: 2 } });
  });
});
