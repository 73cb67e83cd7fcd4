// The client accepts the creator's new delivery date (decision 090) through both doors: done, or refused as the order's
// state (409 with its words; the page's own where nothing words it).
import { describe, expect, it } from "vitest";
import { askedOrder, formAnswer, jsonAnswer } from "#tests/worker/support/command-doors";
import { extensionErrorMessage } from "../../messages/extensions";
import { orderRefusalMessage } from "../../messages/orders";

describe("accept-extension", () => {
  it("the JSON door refuses the creator, then moves the date for the client", async () => {
    const order = await askedOrder();
    expect(await jsonAnswer("/extension/accept", order.seller, { orderId: order.id })).toEqual({
      status: 409,
      body: { error: "buyer_only", message: orderRefusalMessage("buyer_only", "en") },
    });
    expect(await jsonAnswer("/extension/accept", order.buyer, { orderId: order.id })).toEqual({
      status: 200,
      body: {
        data: { deliveryDeadline: order.proposed, extensionRequest: null, originalDeliveryDeadline: order.deadline },
      },
    });
  });

  it("the form door moves the date, then refuses a second answer", async () => {
    const order = await askedOrder();
    const fields = { intent: "acceptExtension", orderId: order.id };
    expect(await formAnswer(order.buyer, "buyer", fields)).toEqual({
      status: 200,
      body: { ok: true, intent: "acceptExtension" },
    });
    expect(await formAnswer(order.buyer, "buyer", fields)).toEqual({
      status: 409,
      body: { ok: false, intent: "acceptExtension", message: extensionErrorMessage("no_extension", "en") },
    });
  });
});
