// The `cancel` command through both doors: JSON /cancel and the managements page's cancel.
import { describe, expect, it } from "vitest";
import { formDoor, jsonDoor, orderIn, orderRow } from "#tests/worker/support/command-doors";

describe("cancel", () => {
  it("JSON: the seller cancels a paid order before delivery; a stranger is told 404", async () => {
    const order = await orderIn("PAID");
    expect((await jsonDoor("/cancel", order.stranger, { orderId: order.id })).status).toBe(404);
    const done = await jsonDoor("/cancel", order.seller, { orderId: order.id });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ data: { orderProgressStatus: "CANCELED" } });
  });

  it("form: the seller's post cancels a request; a completed order is refused, 409, and stays completed", async () => {
    const order = await orderIn("DRAFT");
    expect(await formDoor(order.seller, "seller", { orderId: order.id, intent: "cancel" })).toEqual({
      data: { ok: true, intent: "cancel" },
      init: { status: 200 },
    });
    expect(await orderRow(order.id)).toMatchObject({ order_progress_status: "CANCELED" });
    const completed = await orderIn("COMPLETED");
    const refused = await formDoor(completed.seller, "seller", { orderId: completed.id, intent: "cancel" });
    expect(refused.init.status).toBe(409);
    expect(await orderRow(completed.id)).toMatchObject({ order_progress_status: "COMPLETED" });
  });
});
