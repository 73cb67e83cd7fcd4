// Doors that trusted their input (issue 31, decision 048), each reproduced on fef98ca: the Stripe webhook read any
// body before its signature, a sign-up with a handle that is not a string was read as a sign-in and sent a code,
// a stranger could tell a real order id from an unknown one, and /pay charged the default card for a made-up
// transaction id.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { freshUser } from "../support/auth-helpers";
import { BASE, call } from "../support/helpers";
import { approvedOrder, newUser } from "../support/payments-helpers";

const mails = async (email: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM dev_mails WHERE `to` = ?")
    .bind(email.toLowerCase())
    .first<{ n: number }>())!.n;

describe("the doors refuse what they cannot take, and change nothing", () => {
  it("a 2 MB webhook body is refused with 413 before any of it is trusted", async () => {
    const body = JSON.stringify({
      id: "evt_big",
      type: "payment_intent.succeeded",
      padding: "x".repeat(2 * 1024 * 1024),
    });
    const response = await exports.default.fetch(
      new Request(`${BASE}/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
        body,
      }),
    );
    expect(response.status).toBe(413);
    expect(
      await env.DB.prepare("SELECT 1 FROM processed_webhook_events WHERE event_id = 'evt_big'").first(),
    ).toBeNull();
  });

  it("a sign-up whose handle is not a string is refused, and no code is sent", async () => {
    for (const handle of [123, null, true, ["abcd"], { handle: "abcd" }]) {
      const { email } = freshUser();
      const response = await call("/api/auth/email/send", { method: "POST", json: { handle, email } });
      expect(response.status, JSON.stringify(handle)).toBe(400);
      expect(await mails(email)).toBe(0);
    }
  });

  it("a stranger gets the same answer for a real order as for an unknown id", async () => {
    const order = await approvedOrder();
    const stranger = await newUser();
    for (const path of ["cancel", "approve", "complete", "update"]) {
      const real = await call(`/api/features/commission/order/${path}`, {
        method: "POST",
        cookie: stranger.cookie,
        json: { orderId: order.id, priceAmount: 20_000, confirmed: true },
      });
      const unknown = await call(`/api/features/commission/order/${path}`, {
        method: "POST",
        cookie: stranger.cookie,
        json: { orderId: crypto.randomUUID(), priceAmount: 20_000, confirmed: true },
      });
      expect([real.status, await real.json()], path).toEqual([unknown.status, await unknown.json()]);
    }
  });

  it("paying with a transaction id that is not the order's is refused, and nothing is charged", async () => {
    const order = await approvedOrder();
    const response = await call("/api/features/commission/order/pay", {
      method: "POST",
      cookie: order.buyer.cookie,
      json: { orderId: order.id, transactionId: "made-up", confirmed: true },
    });
    expect(response.status).toBe(404);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM payment_transactions WHERE order_id = ?").bind(order.id).first(),
    ).toEqual({ n: 0 });
  });
});
