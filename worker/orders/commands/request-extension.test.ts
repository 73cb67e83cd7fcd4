// The creator asks for a later delivery date (decision 090) through both doors: done with a reason, refused on its field.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { formAnswer, jsonAnswer, orderIn } from "#tests/worker/support/command-doors";
import { extensionErrorMessage } from "../../messages/extensions";

const DAY = 86_400_000;

async function paidOrder() {
  const order = await orderIn("PAID");
  const row = await env.DB.prepare("SELECT delivery_deadline FROM commission_orders WHERE id = ?")
    .bind(order.id)
    .first<{ delivery_deadline: number }>();
  return { ...order, deadline: row!.delivery_deadline };
}

describe("request-extension", () => {
  it("the JSON door asks, and refuses a blank reason on its field", async () => {
    const order = await paidOrder();
    const blank = await jsonAnswer("/extension/request", order.seller, {
      orderId: order.id,
      deliveryDeadline: order.deadline + 5 * DAY,
      reason: "  ",
    });
    const words = extensionErrorMessage("extension_reason_invalid", "en");
    expect(blank).toEqual({
      status: 400,
      body: { error: "extension_reason_invalid", message: words, errors: { reason: words } },
    });
    const asked = await jsonAnswer("/extension/request", order.seller, {
      orderId: order.id,
      deliveryDeadline: order.deadline + 5 * DAY,
      reason: "The flu.",
    });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({
      deliveryDeadline: order.deadline,
      extensionRequest: { proposedDeadline: order.deadline + 5 * DAY },
      originalDeliveryDeadline: null,
    });
  });

  it("the form door asks with a day, and refuses a bad date and a blank reason each on its field", async () => {
    const order = await paidOrder();
    const day = new Date(order.deadline + 5 * DAY).toISOString().slice(0, 10);
    const fields = { intent: "requestExtension", orderId: order.id };
    expect(await formAnswer(order.seller, "seller", { ...fields, deliveryDeadline: "soon", reason: "" })).toEqual({
      status: 400,
      body: {
        ok: false,
        intent: "requestExtension",
        errors: {
          deliveryDeadline: extensionErrorMessage("extension_date_invalid", "en"),
          reason: extensionErrorMessage("extension_reason_invalid", "en"),
        },
      },
    });
    expect(await formAnswer(order.seller, "seller", { ...fields, deliveryDeadline: day, reason: "The flu." })).toEqual({
      status: 200,
      body: { ok: true, intent: "requestExtension" },
    });
  });
});
