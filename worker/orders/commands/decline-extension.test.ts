// The client declines the creator's new delivery date (decision 090) through both doors: the date stays; a stranger
// is told what an unknown order gets.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { formDoor, jsonDoor, orderIn } from "#tests/worker/support/command-doors";
import type { Party } from "#tests/worker/support/order-states";

const DAY = 86_400_000;

/** Each door's answer as `{ status, body }`. */
const json = async (path: string, who: Party, body: unknown) => {
  const response = await jsonDoor(path, who, body);
  return { status: response.status, body: await response.json<Record<string, unknown>>() };
};
const form = async (who: Party, side: "seller" | "buyer", fields: Record<string, string>) => {
  const answer = await formDoor(who, side, fields);
  return { status: answer.init.status, body: answer.data };
};

/** A paid order whose creator has asked for 5 more days, and a stranger to it. */
async function askedOrder() {
  const order = await orderIn("PAID");
  const row = await env.DB.prepare("SELECT delivery_deadline FROM commission_orders WHERE id = ?")
    .bind(order.id)
    .first<{ delivery_deadline: number }>();
  const body = { orderId: order.id, deliveryDeadline: row!.delivery_deadline + 5 * DAY, reason: "The flu." };
  expect((await json("/extension/request", order.seller, body)).status).toBe(200);
  return { ...order, deadline: row!.delivery_deadline };
}

describe("decline-extension", () => {
  it("the JSON door refuses a stranger (404), then keeps the date for the client", async () => {
    const order = await askedOrder();
    expect(await json("/extension/decline", order.stranger, { orderId: order.id })).toEqual({
      status: 404,
      body: { error: "not_found" },
    });
    expect(await json("/extension/decline", order.buyer, { orderId: order.id })).toEqual({
      status: 200,
      body: { data: { deliveryDeadline: order.deadline, extensionRequest: null, originalDeliveryDeadline: null } },
    });
  });

  it("the form door refuses a stranger bare (404), then declines for the client", async () => {
    const order = await askedOrder();
    const fields = { intent: "declineExtension", orderId: order.id };
    expect(await form(order.stranger, "buyer", fields)).toEqual({
      status: 404,
      body: { ok: false, intent: "declineExtension" },
    });
    expect(await form(order.buyer, "buyer", fields)).toEqual({
      status: 200,
      body: { ok: true, intent: "declineExtension" },
    });
  });
});
