// The `pay` command (JSON only: the page pays from the browser, for 3-D Secure): its answers at the top level.
import { describe, expect, it } from "vitest";
import { jsonDoor, orderRow } from "#tests/worker/support/command-doors";
import { approvedOrder } from "#tests/worker/support/payments-helpers";

describe("pay", () => {
  it("the buyer pays with their saved card once; a second pay is refused 409; a stranger is told 404", async () => {
    const order = await approvedOrder();
    expect((await jsonDoor("/pay", order.stranger, { orderId: order.id })).status).toBe(404);
    const paid = await jsonDoor("/pay", order.buyer, { orderId: order.id });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ status: "succeeded" });
    expect(await orderRow(order.id)).toMatchObject({ order_payment_status: "COMPLETED" });
    const again = await jsonDoor("/pay", order.buyer, { orderId: order.id });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "already_paid" });
  });

  it("a declined card is a failed payment, 402, with Stripe's codes; the order stays unpaid", async () => {
    const order = await approvedOrder("4000000000000341");
    const declined = await jsonDoor("/pay", order.buyer, { orderId: order.id });
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({ status: "failed", error: { code: "card_declined" } });
    expect(await orderRow(order.id)).not.toMatchObject({ order_payment_status: "COMPLETED" });
  });
});
