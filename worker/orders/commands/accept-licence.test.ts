// The creator accepts the client's licence request (issue 63) through both doors: done, or refused as the order's
// state; and exactly once, however many accepts arrive, one after another or at once.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { formAnswer, jsonAnswer, orderRow } from "#tests/worker/support/command-doors";
import { licenceAskedOrder } from "#tests/worker/support/licence-orders";
import { licenceErrorMessage } from "../licence-answer";
import { orderRefusalMessage } from "../../messages/orders";

const EXCLUSIVE = { scope: "exclusive" };

const licenceEvents = async (orderId: string) =>
  (
    await env.DB.prepare(
      "SELECT event_type FROM commission_order_events WHERE order_id = ? AND event_type LIKE 'LICENCE_%' ORDER BY version",
    )
      .bind(orderId)
      .all<{ event_type: string }>()
  ).results.map((e) => e.event_type);

describe("accept-licence", () => {
  it("the JSON door refuses the client, then changes the licence for the creator, once", async () => {
    const order = await licenceAskedOrder();
    expect(await jsonAnswer("/licence/accept", order.buyer, { orderId: order.id })).toEqual({
      status: 409,
      body: { error: "seller_only", message: orderRefusalMessage("seller_only", "en") },
    });
    expect(await jsonAnswer("/licence/accept", order.seller, { orderId: order.id })).toEqual({
      status: 200,
      body: { data: { licence: EXCLUSIVE, licenceRequest: null } },
    });
    const row = await orderRow(order.id);
    expect([JSON.parse(String(row!.licence)), row!.licence_request]).toEqual([EXCLUSIVE, null]);
    // A second accept has nothing to accept: refused, not a second change.
    expect(await jsonAnswer("/licence/accept", order.seller, { orderId: order.id })).toEqual({
      status: 409,
      body: { error: "no_licence_request", message: licenceErrorMessage("no_licence_request", "en") },
    });
    expect(await licenceEvents(order.id)).toEqual(["LICENCE_REQUESTED", "LICENCE_ACCEPTED"]);
    const notices = await env.DB.prepare(
      "SELECT notification_type FROM notifications WHERE order_id = ? AND notification_type LIKE '%LICENCE_ACCEPTED'",
    )
      .bind(order.id)
      .all<{ notification_type: string }>();
    expect(notices.results).toHaveLength(1);
  });

  it("two accepts at once change the licence once: one is done, the other finds nothing waiting", async () => {
    const order = await licenceAskedOrder();
    const answers = await Promise.all([
      jsonAnswer("/licence/accept", order.seller, { orderId: order.id }),
      jsonAnswer("/licence/accept", order.seller, { orderId: order.id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toBe("no_licence_request");
    expect(await licenceEvents(order.id)).toEqual(["LICENCE_REQUESTED", "LICENCE_ACCEPTED"]);
    expect(JSON.parse(String((await orderRow(order.id))!.licence))).toEqual(EXCLUSIVE);
  });

  it("the form door changes the licence, then refuses a second answer with its words", async () => {
    const order = await licenceAskedOrder();
    const fields = { intent: "acceptLicence", orderId: order.id };
    expect(await formAnswer(order.seller, "seller", fields)).toEqual({
      status: 200,
      body: { ok: true, intent: "acceptLicence" },
    });
    expect(await formAnswer(order.seller, "seller", fields)).toEqual({
      status: 409,
      body: { ok: false, intent: "acceptLicence", message: licenceErrorMessage("no_licence_request", "en") },
    });
  });
});
