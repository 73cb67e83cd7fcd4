// What slips through every door (issue 31, decision 048): an unexpected error answers a plain 500 with a request id,
// never the error's text or stack; Stripe being unreachable answers 503, to try again, and charges nothing; an
// overloaded Durable Object answers 503 with Retry-After.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "#worker/app";
import { BASE } from "../support/helpers";
import { approvedOrder } from "../support/payments-helpers";

async function fetchWith(app: ReturnType<typeof createApp>, request: Request, environment: Env = env) {
  const ctx = createExecutionContext();
  const response = await app.fetch(request, environment, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe("unexpected errors", () => {
  it("a page whose rendering throws answers 500 with a request id, and none of the error's text", async () => {
    const app = createApp(() => {
      throw new Error("D1_ERROR: no such column: secret_column SELECT * FROM user_accounts");
    });
    const response = await fetchWith(app, new Request(`${BASE}/explore/creators`));
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toMatch(/request id: [0-9a-f-]{36}/);
    expect(body).not.toMatch(/secret_column|SELECT|D1_ERROR|at /);
  });

  it("a Durable Object too busy to take the call answers 503 with Retry-After, not a 500 with a request id", async () => {
    // What the runtime throws for an overloaded object: an Error with `overloaded: true`.
    const overloaded = Object.assign(new Error("Durable Object is overloaded. Too many requests queued."), {
      overloaded: true,
    });
    const app = createApp(() => {
      throw overloaded;
    });
    const response = await fetchWith(app, new Request(`${BASE}/democreator`));
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = await response.text();
    expect(body).not.toMatch(/request id|overloaded|queued/i);
  });

  it("paying while Stripe cannot be reached answers 503 payment_unavailable, and the order stays unpaid", async () => {
    const order = await approvedOrder();
    // The Order object calls Stripe itself (Order.pay): every connection it opens for this order is dropped before
    // Stripe reads it, as when Stripe cannot be reached at all (the emulator's fault switch, emulators/stripe/faults.ts).
    const faults = `http://${env.STRIPE_API_HOST}:${env.STRIPE_API_PORT}/_emulator/faults`;
    const armed = await fetch(faults, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ fault: "drop_before", count: 50, match: order.id }),
    });
    expect(armed.status).toBe(201);
    const { id } = (await armed.json()) as { id: string };
    const request = new Request(`${BASE}/api/features/commission/order/pay`, {
      method: "POST",
      headers: { cookie: order.buyer.cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ orderId: order.id, confirmed: true }),
    });
    const response = await fetchWith(createApp(), request).finally(() =>
      fetch(`${faults}/${id}`, { method: "DELETE" }),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: "payment_unavailable" });
    const row = await env.DB.prepare("SELECT order_payment_status FROM commission_orders WHERE id = ?")
      .bind(order.id)
      .first();
    expect(row).toEqual({ order_payment_status: "DRAFT" });
  });
});
