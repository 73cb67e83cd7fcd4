// The API surface every resource shares: keys, error classes, CORS, response headers and idempotency keys.
import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningStripeEmulator } from "#emulators/stripe/server.ts";
import { call, form, newPlatform, PUBLISHABLE_KEY, rejection, sdk, SECRET_KEY, start } from "./helpers.ts";

let emulator: RunningStripeEmulator;
let stripe: Stripe;
beforeAll(async () => ({ emulator, stripe } = await start()));
afterAll(() => emulator.close());

describe("API keys", () => {
  it("answers 401 (StripeAuthenticationError) without a key", async () => {
    const response = await call(emulator, "/v1/customers");
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe("invalid_request_error");
    expect(body.error.message).toMatch(/You did not provide an API key/);
  });

  it("refuses live keys with 401: it is a test tool", async () => {
    for (const key of ["sk_live_abc", "pk_live_abc"]) {
      const error = await rejection(sdk(emulator, key).customers.list());
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(error.message).toMatch(/refuses live keys/);
    }
  });

  it("refuses a key that is not a Stripe test key", async () => {
    const error = await rejection(sdk(emulator, "not_a_key").customers.list());
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.message).toMatch(/Invalid API Key provided/);
  });

  it("accepts a secret key as HTTP Basic too", async () => {
    const response = await call(emulator, "/v1/customers", {
      headers: { Authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString("base64")}` },
    });
    expect(response.status).toBe(200);
  });

  it("refuses a publishable key on secret endpoints with 403 (StripePermissionError)", async () => {
    const error = await rejection(sdk(emulator, PUBLISHABLE_KEY).customers.create({ email: "a@example.com" }));
    expect(error).toBeInstanceOf(Stripe.errors.StripePermissionError);
    expect(error.message).toBe(
      "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.",
    );
  });

  it("lets a publishable key create a card PaymentMethod, as Stripe.js does", async () => {
    const pm = await sdk(emulator, PUBLISHABLE_KEY).paymentMethods.create({
      type: "card",
      card: { number: "4242424242424242", exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: "123" },
    });
    expect(pm.card?.last4).toBe("4242");
  });

  it("refuses a Stripe-Account that does not exist with 403", async () => {
    const error = await rejection(stripe.balance.retrieve({}, { stripeAccount: "acct_missing" }));
    expect(error).toBeInstanceOf(Stripe.errors.StripePermissionError);
    expect(error.code).toBe("account_invalid");
  });
});

describe("errors and headers", () => {
  it("answers an unknown route with 404 invalid_request_error 'Unrecognized request URL'", async () => {
    const response = await call(emulator, "/v1/subscriptions", { headers: { Authorization: `Bearer ${SECRET_KEY}` } });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe("invalid_request_error");
    expect(body.error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/subscriptions\)/);
  });

  it("raises StripeInvalidRequestError with code and param for a missing parameter", async () => {
    const error = await rejection(
      stripe.paymentIntents.create({ currency: "jpy" } as Stripe.PaymentIntentCreateParams),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.code).toBe("parameter_missing");
    expect(error.param).toBe("amount");
    expect(error.message).toBe("Missing required param: amount.");
  });

  it("raises StripeInvalidRequestError resource_missing (404) for an unknown id", async () => {
    const error = await rejection(stripe.customers.retrieve("cus_missing"));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.statusCode).toBe(404);
    expect(error.code).toBe("resource_missing");
    expect(error.message).toBe("No such customer: 'cus_missing'");
  });

  it("sends Request-Id and Stripe-Version, and CORS for browsers on other origins", async () => {
    const response = await call(emulator, "/v1/customers", {
      headers: { Authorization: `Bearer ${SECRET_KEY}`, Origin: "http://localhost:5173" },
    });
    expect(response.headers.get("request-id")).toMatch(/^req_/);
    expect(response.headers.get("stripe-version")).toBe("2026-10-28.endive");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("answers a CORS preflight", async () => {
    const response = await call(emulator, "/v1/payment_methods", {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,content-type",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toMatch(/authorization/);
    expect(response.headers.get("access-control-allow-methods")).toMatch(/POST/);
  });
});

describe("idempotency keys", () => {
  it("replays the stored response for the same key and parameters, marked Idempotent-Replayed", async () => {
    const key = randomUUID();
    const email = `same-${key}@example.com`;
    const first = await stripe.customers.create({ email }, { idempotencyKey: key });
    const second = await stripe.customers.create({ email }, { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers["idempotent-replayed"]).toBe("true");
    const listed = await stripe.customers.list({ email });
    expect(listed.data).toHaveLength(1);
  });

  it("raises StripeIdempotencyError (400 idempotency_error) for the same key with other parameters", async () => {
    const key = randomUUID();
    await stripe.customers.create({ email: "one@example.com" }, { idempotencyKey: key });
    const error = await rejection(stripe.customers.create({ email: "two@example.com" }, { idempotencyKey: key }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error.statusCode).toBe(400);
    expect(error.type).toBe("StripeIdempotencyError");
  });

  it("replays a decline (402) as well: the request ran", async () => {
    const key = randomUUID();
    const customer = await stripe.customers.create({});
    const params = {
      amount: 1000,
      currency: "jpy",
      customer: customer.id,
      payment_method: "pm_card_chargeDeclined",
      confirm: true,
    };
    const first = await rejection(stripe.paymentIntents.create(params, { idempotencyKey: key }));
    const second = await rejection(stripe.paymentIntents.create(params, { idempotencyKey: key }));
    expect(second).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(second.payment_intent?.id).toBe(first.payment_intent?.id);
    expect(second.charge).toBe(first.charge);
    expect(second.headers?.["idempotent-replayed"]).toBe("true");
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data).toHaveLength(1);
  });

  it("scopes keys per platform and per connected account", async () => {
    const key = randomUUID();
    const account = await stripe.accounts.create({ type: "express", country: "JP" });
    const platform = await stripe.customers.create({ email: "scope@example.com" }, { idempotencyKey: key });
    const otherKey = await (await newPlatform(emulator)).stripe.customers.create(
      { email: "scope@example.com" },
      { idempotencyKey: key },
    );
    const connected = await stripe.customers.create(
      { email: "scope@example.com" },
      { idempotencyKey: key, stripeAccount: account.id },
    );
    expect(new Set([platform.id, otherKey.id, connected.id]).size).toBe(3);
  });

  it("does not save a request whose parameters failed validation", async () => {
    const key = randomUUID();
    const bad = await call(emulator, "/v1/payment_intents", {
      method: "POST",
      ...form({ currency: "jpy" }),
      headers: { ...form({}).headers, Authorization: `Bearer ${SECRET_KEY}`, "Idempotency-Key": key },
    });
    expect(bad.status).toBe(400);
    const good = await call(emulator, "/v1/payment_intents", {
      method: "POST",
      ...form({ currency: "jpy", amount: "500" }),
      headers: { ...form({}).headers, Authorization: `Bearer ${SECRET_KEY}`, "Idempotency-Key": key },
    });
    expect(good.status).toBe(200);
    expect(good.headers.get("idempotent-replayed")).toBeNull();
  });
});
