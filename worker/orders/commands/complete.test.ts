// The `complete` command through both doors: JSON /complete and the managements page's complete (the creator closes
// a delivered order; spec section 4).
import { describe, expect, it } from "vitest";
import { formDoor, jsonDoor, orderIn, orderRow } from "#tests/worker/support/command-doors";

describe("complete", () => {
  it("JSON: the seller completes a delivered order; the client is refused", async () => {
    const order = await orderIn("DELIVERED");
    const refused = await jsonDoor("/complete", order.buyer, { orderId: order.id });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "seller_only" });
    const done = await jsonDoor("/complete", order.seller, { orderId: order.id });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ data: { orderProgressStatus: "COMPLETED" } });
  });

  it("form: an order not yet delivered is refused, 409; a delivered one is completed", async () => {
    const paid = await orderIn("PAID");
    expect((await formDoor(paid.seller, "seller", { orderId: paid.id, intent: "complete" })).init.status).toBe(409);
    expect(await orderRow(paid.id)).not.toMatchObject({ order_progress_status: "COMPLETED" });
    const delivered = await orderIn("DELIVERED");
    expect(await formDoor(delivered.seller, "seller", { orderId: delivered.id, intent: "complete" })).toEqual({
      data: { ok: true, intent: "complete" },
      init: { status: 200 },
    });
  });
});
