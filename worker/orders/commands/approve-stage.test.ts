// The `approve-stage` command through both doors: JSON /stage/approve and the timeline's approveStage.
import { describe, expect, it } from "vitest";
import { formDoor, IN_REVIEW, jsonDoor, orderIn } from "#tests/worker/support/command-doors";

describe("approve-stage", () => {
  it("JSON: the client approves the stage under review; the creator is refused", async () => {
    const order = await orderIn("PAID", [IN_REVIEW]);
    expect((await jsonDoor("/stage/approve", order.seller, { orderId: order.id, stage: 0 })).status).toBe(409);
    const done = await jsonDoor("/stage/approve", order.buyer, { orderId: order.id, stage: 0 });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ data: { stages: [{ status: "APPROVED" }, { status: "PENDING" }] } });
  });

  it("form: the client's post is done; the creator's is refused, 409", async () => {
    const order = await orderIn("PAID", [IN_REVIEW]);
    const fields = { orderId: order.id, intent: "approveStage", stage: "0" };
    expect((await formDoor(order.seller, "seller", fields)).init.status).toBe(409);
    expect(await formDoor(order.buyer, "buyer", fields)).toEqual({
      data: { ok: true, intent: "approveStage" },
      init: { status: 200 },
    });
  });
});
