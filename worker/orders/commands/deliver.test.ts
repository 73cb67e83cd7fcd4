// The `deliver` command through both doors: JSON /deliver and the managements page's deliver.
import { describe, expect, it } from "vitest";
import { formDoor, jsonDoor, orderIn, orderRow } from "#tests/worker/support/command-doors";

describe("deliver", () => {
  it("JSON: the seller delivers a paid order; the client is refused", async () => {
    const order = await orderIn("PAID");
    const refused = await jsonDoor("/deliver", order.buyer, { orderId: order.id });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "seller_only" });
    const done = await jsonDoor("/deliver", order.seller, { orderId: order.id });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ data: { orderProgressStatus: "DELIVERED" } });
  });

  it("form: an unpaid order is refused, 409; a paid one is delivered", async () => {
    const unpaid = await orderIn("APPROVED");
    expect((await formDoor(unpaid.seller, "seller", { orderId: unpaid.id, intent: "deliver" })).init.status).toBe(409);
    expect(await orderRow(unpaid.id)).toMatchObject({ order_progress_status: "APPROVED" });
    const paid = await orderIn("PAID");
    expect(await formDoor(paid.seller, "seller", { orderId: paid.id, intent: "deliver" })).toEqual({
      data: { ok: true, intent: "deliver" },
      init: { status: 200 },
    });
  });
});
