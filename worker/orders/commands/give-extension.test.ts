// The client gives more time at once (decision 090) through both doors: the date moves; a date the rule refuses is the
// caller's input, 400 on `deliveryDeadline` (the JSON door's message, the page's field).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { formAnswer, jsonAnswer, orderIn } from "#tests/worker/support/command-doors";
import { extensionErrorMessage } from "../../messages/extensions";

const DAY = 86_400_000;

const DATE_WORDS = extensionErrorMessage("extension_date_invalid", "en");

async function paidOrder() {
  const order = await orderIn("PAID");
  const row = await env.DB.prepare("SELECT delivery_deadline FROM commission_orders WHERE id = ?")
    .bind(order.id)
    .first<{ delivery_deadline: number }>();
  return { ...order, deadline: row!.delivery_deadline };
}

describe("give-extension", () => {
  it("the JSON door refuses an earlier date, then moves the date", async () => {
    const order = await paidOrder();
    const give = (deliveryDeadline: number) =>
      jsonAnswer("/extension/give", order.buyer, { orderId: order.id, deliveryDeadline });
    expect(await give(order.deadline - DAY)).toEqual({
      status: 400,
      body: { error: "extension_date_invalid", message: DATE_WORDS },
    });
    expect(await give(order.deadline + 3 * DAY)).toEqual({
      status: 200,
      body: {
        data: {
          deliveryDeadline: order.deadline + 3 * DAY,
          extensionRequest: null,
          originalDeliveryDeadline: order.deadline,
        },
      },
    });
  });

  it("the form door refuses an earlier day on its field, then moves the date", async () => {
    const order = await paidOrder();
    const day = (days: number) => new Date(order.deadline + days * DAY).toISOString().slice(0, 10);
    const give = (deliveryDeadline: string) =>
      formAnswer(order.buyer, "buyer", { intent: "giveExtension", orderId: order.id, deliveryDeadline });
    expect(await give(day(-2))).toEqual({
      status: 400,
      body: { ok: false, intent: "giveExtension", errors: { deliveryDeadline: DATE_WORDS } },
    });
    expect(await give(day(3))).toEqual({ status: 200, body: { ok: true, intent: "giveExtension" } });
  });
});
