// The `grant-revision` command through both doors: JSON /stage/grant and the timeline's grantRevision.
import { describe, expect, it } from "vitest";
import { formDoor, IN_REVIEW, jsonDoor, orderIn } from "#tests/worker/support/command-doors";

describe("grant-revision", () => {
  it("JSON: the creator grants one more revision; the client is refused", async () => {
    const order = await orderIn("PAID", [{ ...IN_REVIEW, revisionsUsed: 1 }]);
    const refused = await jsonDoor("/stage/grant", order.buyer, { orderId: order.id, stage: 0 });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "seller_only" });
    const done = await jsonDoor("/stage/grant", order.seller, { orderId: order.id, stage: 0 });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ data: { stages: [{ extraRevisions: 1 }, {}] } });
  });

  it("form: the creator's post is done; the client's is refused, 409", async () => {
    const order = await orderIn("PAID", [{ ...IN_REVIEW, revisionsUsed: 1 }]);
    const fields = { orderId: order.id, intent: "grantRevision", stage: "0" };
    expect((await formDoor(order.buyer, "buyer", fields)).init.status).toBe(409);
    expect(await formDoor(order.seller, "seller", fields)).toEqual({
      data: { ok: true, intent: "grantRevision" },
      init: { status: 200 },
    });
  });
});
