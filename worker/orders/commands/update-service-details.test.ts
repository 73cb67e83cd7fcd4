// The `update-service-details` command through both doors: JSON /service/update and the page's updateServiceDetails.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { formDoor, jsonDoor, orderIn } from "#tests/worker/support/command-doors";

/** A pending order with the service snapshot whose details the seller edits. */
async function orderWithSnapshot() {
  const order = await orderIn("DRAFT");
  await env.DB.prepare(
    "INSERT INTO commission_order_services (id, order_id, price_currency_id) VALUES (?, ?, (SELECT id FROM currencies WHERE code = 'JPY'))",
  )
    .bind(crypto.randomUUID(), order.id)
    .run();
  return order;
}

describe("update-service-details", () => {
  it("JSON: the seller replaces the title and description; the client is refused", async () => {
    const order = await orderWithSnapshot();
    const details = { orderId: order.id, title: "Full body", description: "A coat", languageCode: "en" };
    const done = await jsonDoor("/service/update", order.seller, details);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ data: { orderProgressStatus: "DRAFT" } });
    expect((await jsonDoor("/service/update", order.buyer, details)).status).toBe(409);
    expect(await (await jsonDoor("/service/update", order.seller, { ...details, title: " " })).json()).toEqual({
      error: "invalid_request",
    });
  });

  it("form: the seller's post is done; a blank title is refused, 400", async () => {
    const order = await orderWithSnapshot();
    const fields = { orderId: order.id, intent: "updateServiceDetails", description: "A coat" };
    expect(await formDoor(order.seller, "seller", { ...fields, title: "Full body" })).toEqual({
      data: { ok: true, intent: "updateServiceDetails" },
      init: { status: 200 },
    });
    const blank = await formDoor(order.seller, "seller", { ...fields, title: "  " });
    expect(blank.init.status).toBe(400);
    expect(blank.data).toMatchObject({ ok: false, intent: "updateServiceDetails" });
  });
});
