// The client asks for another licence after payment (issue 63) through both doors: done, refused on its field (no
// licence, or the one the order has), refused as the order's state (the creator asking, a request already waiting),
// and a stranger told what an unknown order gets.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { formDoor, jsonAnswer, orderRow } from "#tests/worker/support/command-doors";
import { licenceErrorMessage } from "../licence-answer";
import { orderRefusalMessage } from "../../messages/orders";
import { licensedOrder } from "#tests/worker/support/licence-orders";

const STREAMING_AND_GOODS = { scope: "commercial", uses: ["streaming", "goods"] };

describe("request-licence", () => {
  it("the JSON door asks for the client and refuses the creator, a stranger, nothing named and the same licence", async () => {
    const order = await licensedOrder();
    const ask = (who: typeof order.buyer, licence: unknown) =>
      jsonAnswer("/licence/request", who, { orderId: order.id, licence });
    expect(await ask(order.stranger, ["goods"])).toEqual({ status: 404, body: { error: "not_found" } });
    expect(await ask(order.seller, ["goods"])).toEqual({
      status: 409,
      body: { error: "buyer_only", message: orderRefusalMessage("buyer_only", "en") },
    });
    const none = licenceErrorMessage("licence_invalid", "en");
    expect(await ask(order.buyer, [])).toEqual({
      status: 400,
      body: { error: "licence_invalid", message: none, errors: { licence: none } },
    });
    expect((await ask(order.buyer, ["printing"])).status).toBe(400);
    const same = licenceErrorMessage("licence_unchanged", "en");
    expect(await ask(order.buyer, ["personal"])).toEqual({
      status: 400,
      body: { error: "licence_unchanged", message: same, errors: { licence: same } },
    });
    const asked = await ask(order.buyer, ["goods", "streaming"]);
    expect(asked.status).toBe(200);
    expect(asked.body.data).toEqual({
      licence: { scope: "personal" },
      licenceRequest: { licence: STREAMING_AND_GOODS, requestedAt: expect.any(Number) },
    });
    expect(await ask(order.buyer, ["exclusive"])).toEqual({
      status: 409,
      body: { error: "licence_pending", message: licenceErrorMessage("licence_pending", "en") },
    });
    const row = await orderRow(order.id);
    expect([JSON.parse(String(row!.licence)), JSON.parse(String(row!.licence_request)).licence]).toEqual([
      { scope: "personal" },
      STREAMING_AND_GOODS,
    ]);
    // The creator hears of it, once.
    const notices = await env.DB.prepare(
      "SELECT notification_type FROM notifications WHERE order_id = ? AND notification_type LIKE '%LICENCE%'",
    )
      .bind(order.id)
      .all<{ notification_type: string }>();
    expect(notices.results.map((n) => n.notification_type)).toEqual(["COMMISSION_ORDER_LICENCE_REQUESTED"]);
  });

  it("the form door asks with the ticked boxes, and refuses none ticked on its field in the poster's language", async () => {
    const order = await licensedOrder();
    const fields = { intent: "requestLicence", orderId: order.id };
    const none = await formDoor(order.buyer, "buyer", fields, "ja");
    expect(none.init.status).toBe(400);
    expect(none.data).toEqual({
      ok: false,
      intent: "requestLicence",
      errors: { licence: licenceErrorMessage("licence_invalid", "ja") },
    });
    const asked = await formDoor(order.buyer, "buyer", { ...fields, licence: ["streaming", "goods"] });
    expect([asked.init.status, asked.data]).toEqual([200, { ok: true, intent: "requestLicence" }]);
    expect(JSON.parse(String((await orderRow(order.id))!.licence_request)).licence).toEqual(STREAMING_AND_GOODS);
  });
});
