// The `approve` command through both doors: JSON /approve and the managements page's approve.
import { describe, expect, it } from "vitest";
import { formDoor, jsonDoor, orderIn, orderRow } from "#tests/worker/support/command-doors";

describe("approve", () => {
  it("JSON: the seller approves a request; the client is refused, a stranger is told 404", async () => {
    const order = await orderIn("DRAFT");
    expect((await jsonDoor("/approve", order.stranger, { orderId: order.id })).status).toBe(404);
    const refused = await jsonDoor("/approve", order.buyer, { orderId: order.id });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "seller_only" });
    const done = await jsonDoor("/approve", order.seller, { orderId: order.id });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ data: { orderProgressStatus: "APPROVED" } });
  });

  it("JSON: a byStage that is no boolean is refused, 400, and the request still waits", async () => {
    const order = await orderIn("DRAFT");
    for (const byStage of ["yes", 1, null, "\u200b"]) {
      const refused = await jsonDoor("/approve", order.seller, { orderId: order.id, byStage });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: "invalid_request" });
    }
    expect(await orderRow(order.id)).toMatchObject({ order_progress_status: "DRAFT" });
  });

  it("form: the seller's post approves; a second is refused, 409, and changes nothing", async () => {
    const order = await orderIn("DRAFT");
    const fields = { orderId: order.id, intent: "approve" };
    expect(await formDoor(order.seller, "seller", fields)).toEqual({
      data: { ok: true, intent: "approve" },
      init: { status: 200 },
    });
    expect((await formDoor(order.seller, "seller", fields)).init.status).toBe(409);
    expect(await orderRow(order.id)).toMatchObject({ order_progress_status: "APPROVED" });
  });
});
