// The `payment-pending` command (JSON only): the order's open payment, for its buyer alone.
import { describe, expect, it } from "vitest";
import { jsonDoor } from "#tests/worker/support/command-doors";
import { approvedOrder } from "#tests/worker/support/payments-helpers";

describe("payment-pending", () => {
  it("reads null before paying and for anyone but the buyer", async () => {
    const order = await approvedOrder();
    for (const who of [order.buyer, order.seller, order.stranger]) {
      const answer = await jsonDoor("/payment/pending", who, { orderId: order.id });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ payment: null });
    }
    expect((await jsonDoor("/payment/pending", null, { orderId: order.id })).status).toBe(401);
  });
});
