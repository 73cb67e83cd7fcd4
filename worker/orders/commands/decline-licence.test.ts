// The creator declines the client's licence request (issue 63) through both doors: the licence stays; a stranger is
// told what an unknown order gets.
import { describe, expect, it } from "vitest";
import { formAnswer, jsonAnswer, orderRow } from "#tests/worker/support/command-doors";
import { licenceAskedOrder } from "#tests/worker/support/licence-orders";

const PERSONAL = { scope: "personal" };

describe("decline-licence", () => {
  it("the JSON door refuses a stranger (404), then keeps the licence for the creator", async () => {
    const order = await licenceAskedOrder();
    expect(await jsonAnswer("/licence/decline", order.stranger, { orderId: order.id })).toEqual({
      status: 404,
      body: { error: "not_found" },
    });
    expect(await jsonAnswer("/licence/decline", order.seller, { orderId: order.id })).toEqual({
      status: 200,
      body: { data: { licence: PERSONAL, licenceRequest: null } },
    });
    const row = await orderRow(order.id);
    expect([JSON.parse(String(row!.licence)), row!.licence_request]).toEqual([PERSONAL, null]);
  });

  it("the form door refuses a stranger bare (404), then declines for the creator", async () => {
    const order = await licenceAskedOrder();
    const fields = { intent: "declineLicence", orderId: order.id };
    expect(await formAnswer(order.stranger, "buyer", fields)).toEqual({
      status: 404,
      body: { ok: false, intent: "declineLicence" },
    });
    expect(await formAnswer(order.seller, "seller", fields)).toEqual({
      status: 200,
      body: { ok: true, intent: "declineLicence" },
    });
  });
});
