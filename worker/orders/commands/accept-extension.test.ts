// The client accepts the creator's new delivery date (decision 090) through both doors: done, or refused as the order's
// state (409 with its words; the page's own where nothing words it).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { formDoor, jsonDoor, orderIn } from "#tests/worker/support/command-doors";
import type { Party } from "#tests/worker/support/order-states";
import { extensionErrorMessage } from "../../messages/extensions";
import { orderRefusalMessage } from "../../messages/orders";

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

/** A paid order whose creator has asked for 5 more days. */
async function askedOrder() {
  const order = await orderIn("PAID");
  const row = await env.DB.prepare("SELECT delivery_deadline FROM commission_orders WHERE id = ?")
    .bind(order.id)
    .first<{ delivery_deadline: number }>();
  const proposed = row!.delivery_deadline + 5 * DAY;
  const asked = await json("/extension/request", order.seller, {
    orderId: order.id,
    deliveryDeadline: proposed,
    reason: "The flu.",
  });
  expect(asked.status).toBe(200);
  return { ...order, deadline: row!.delivery_deadline, proposed };
}

describe("accept-extension", () => {
  it("the JSON door refuses the creator, then moves the date for the client", async () => {
    const order = await askedOrder();
    expect(await json("/extension/accept", order.seller, { orderId: order.id })).toEqual({
      status: 409,
      body: { error: "buyer_only", message: orderRefusalMessage("buyer_only", "en") },
    });
    expect(await json("/extension/accept", order.buyer, { orderId: order.id })).toEqual({
      status: 200,
      body: {
        data: { deliveryDeadline: order.proposed, extensionRequest: null, originalDeliveryDeadline: order.deadline },
      },
    });
  });

  it("the form door moves the date, then refuses a second answer", async () => {
    const order = await askedOrder();
    const fields = { intent: "acceptExtension", orderId: order.id };
    expect(await form(order.buyer, "buyer", fields)).toEqual({
      status: 200,
      body: { ok: true, intent: "acceptExtension" },
    });
    expect(await form(order.buyer, "buyer", fields)).toEqual({
      status: 409,
      body: { ok: false, intent: "acceptExtension", message: extensionErrorMessage("no_extension", "en") },
    });
  });
});
