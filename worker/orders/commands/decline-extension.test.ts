// The client declines the creator's new delivery date (decision 090) through both doors: the date stays; a stranger
// is told what an unknown order gets.
import { describe, expect, it } from "vitest";
import { askedOrder, formAnswer, jsonAnswer } from "#tests/worker/support/command-doors";

describe("decline-extension", () => {
  it("the JSON door refuses a stranger (404), then keeps the date for the client", async () => {
    const order = await askedOrder();
    expect(await jsonAnswer("/extension/decline", order.stranger, { orderId: order.id })).toEqual({
      status: 404,
      body: { error: "not_found" },
    });
    expect(await jsonAnswer("/extension/decline", order.buyer, { orderId: order.id })).toEqual({
      status: 200,
      body: { data: { deliveryDeadline: order.deadline, extensionRequest: null, originalDeliveryDeadline: null } },
    });
  });

  it("the form door refuses a stranger bare (404), then declines for the client", async () => {
    const order = await askedOrder();
    const fields = { intent: "declineExtension", orderId: order.id };
    expect(await formAnswer(order.stranger, "buyer", fields)).toEqual({
      status: 404,
      body: { ok: false, intent: "declineExtension" },
    });
    expect(await formAnswer(order.buyer, "buyer", fields)).toEqual({
      status: 200,
      body: { ok: true, intent: "declineExtension" },
    });
  });
});
