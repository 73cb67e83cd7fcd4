// The `update` command through both doors: JSON /update (price or dates) and the page's updatePrice / updateSchedule.
import { describe, expect, it } from "vitest";
import { translateAuthoringErrors } from "#worker/messages/authoring";
import { formDoor, jsonDoor, orderIn, orderRow } from "#tests/worker/support/command-doors";

describe("update", () => {
  it("JSON: the seller sets the price or the dates; the client is refused", async () => {
    const order = await orderIn("DRAFT");
    const priced = await jsonDoor("/update", order.seller, { orderId: order.id, priceAmount: 12_000 });
    expect(priced.status).toBe(200);
    expect(await priced.json()).toMatchObject({ data: { orderProgressStatus: "DRAFT", priceAmount: 12_000 } });
    const dates = { orderId: order.id, estimatedStart: Date.UTC(2030, 0, 1), estimatedDelivery: Date.UTC(2030, 1, 1) };
    expect((await jsonDoor("/update", order.seller, dates)).status).toBe(200);
    expect((await jsonDoor("/update", order.buyer, { orderId: order.id, priceAmount: 1 })).status).toBe(409);
    expect((await jsonDoor("/update", order.seller, { orderId: order.id, priceAmount: 1.5 })).status).toBe(400);
    expect(await orderRow(order.id)).toMatchObject({ price_amount: 12_000, estimated_start: dates.estimatedStart });
  });

  it("form: the price in major units and the dates as typed; a field typed wrong is answered on its field", async () => {
    const order = await orderIn("DRAFT");
    const price = { orderId: order.id, intent: "updatePrice", currency: "JPY" };
    expect(await formDoor(order.seller, "seller", { ...price, price: " 13,000 " })).toEqual({
      data: { ok: true, intent: "updatePrice" },
      init: { status: 200 },
    });
    const yen = await formDoor(order.seller, "seller", { ...price, price: "12.5" }, "ja");
    expect(yen).toEqual({
      data: {
        ok: false,
        intent: "updatePrice",
        errors: translateAuthoringErrors({ price: "authoring_price_jpy" }, "ja"),
      },
      init: { status: 400 },
    });
    const schedule = { orderId: order.id, intent: "updateSchedule", estimatedDelivery: "2030-02-01" };
    expect((await formDoor(order.seller, "seller", { ...schedule, estimatedStart: "2030-01-01" })).data).toEqual({
      ok: true,
      intent: "updateSchedule",
    });
    const early = await formDoor(order.seller, "seller", { ...schedule, estimatedStart: "1999-12-31" });
    expect(early.init.status).toBe(400);
    expect(Object.keys(early.data.errors ?? {})).toEqual(["estimatedStart"]);
    expect(await orderRow(order.id)).toMatchObject({ price_amount: 13_000, estimated_start: Date.UTC(2030, 0, 1) });
  });
});
