// Strict parameters (emulators/stripe/strict-params.ts): what Stripe's own description of a call does not allow is a
// 400 before the call runs, with Stripe's wording, as the real SDK sees it.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRESENTMENT_CURRENCIES } from "#emulators/stripe/currencies.ts";
import type { RunningStripeEmulator } from "#emulators/stripe/server.ts";
import { call, rejection, start } from "./helpers.ts";

let emulator: RunningStripeEmulator;
let stripe: Stripe;
beforeAll(async () => ({ emulator, stripe } = await start()));
afterAll(() => emulator.close());

/** Parameters the SDK's types would refuse at compile time: the point is what the server answers. */
function untyped<T>(params: object): T {
  return params as T;
}

const intent = { amount: 1000, currency: "jpy" };

async function refusal(promise: Promise<unknown>) {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  expect(error.statusCode).toBe(400);
  return { code: error.code, param: error.param, message: error.message };
}

describe("unknown parameters", () => {
  it("refuses one at the top, with Stripe's code and wording", async () => {
    expect(await refusal(stripe.paymentIntents.create(untyped({ ...intent, colour: "red" })))).toEqual({
      code: "parameter_unknown",
      param: "colour",
      message: "Received unknown parameter: colour",
    });
  });

  it("refuses one nested in a described object, named with its path", async () => {
    const params = untyped<Stripe.PaymentIntentCreateParams>({
      ...intent,
      payment_method_options: { card: { request_three_d_secure: "any", bogus: "1" } },
    });
    expect(await refusal(stripe.paymentIntents.create(params))).toEqual({
      code: "parameter_unknown",
      param: "payment_method_options[card][bogus]",
      message: "Received unknown parameter: payment_method_options[card][bogus]",
    });
  });

  it("leaves metadata open: any key, as Stripe does", async () => {
    const created = await stripe.paymentIntents.create({
      ...intent,
      metadata: { orderId: "o1", "any key at all": "v" },
    });
    expect(created.metadata).toEqual({ orderId: "o1", "any key at all": "v" });
  });

  it("checks a GET's query too", async () => {
    expect(await refusal(stripe.customers.list(untyped({ limit: 3, sort: "name" })))).toMatchObject({
      code: "parameter_unknown",
      param: "sort",
    });
  });

  it("knows what the pinned API version added (allowed_payment_method_types) and refuses what it withdrew (payment_method_types)", async () => {
    const created = await stripe.paymentIntents.create({ ...intent, allowed_payment_method_types: ["card"] });
    expect(created.allowed_payment_method_types).toEqual(["card"]);
    expect(
      await refusal(stripe.paymentIntents.create(untyped({ ...intent, payment_method_types: ["card"] }))),
    ).toMatchObject({
      code: "parameter_unknown",
      param: "payment_method_types",
    });
  });
});

describe("values", () => {
  it("refuses a value outside an enum, listing the allowed ones", async () => {
    expect(await refusal(stripe.paymentIntents.create(untyped({ ...intent, capture_method: "sometimes" })))).toEqual({
      code: undefined,
      param: "capture_method",
      message: "Invalid capture_method: must be one of automatic, automatic_async, or manual",
    });
  });

  it("refuses a non-integer where Stripe takes an integer", async () => {
    expect(await refusal(stripe.paymentIntents.create(untyped({ amount: "12.5", currency: "jpy" })))).toEqual({
      code: "parameter_invalid_integer",
      param: "amount",
      message: "Invalid integer: 12.5",
    });
  });

  it("refuses a boolean that is not true or false", async () => {
    expect(await refusal(stripe.paymentIntents.create(untyped({ ...intent, confirm: "yes" })))).toMatchObject({
      param: "confirm",
      message: "Invalid boolean: yes",
    });
  });

  it("refuses a hash where Stripe takes a string, and a string where it takes a hash", async () => {
    expect(await refusal(stripe.customers.create(untyped({ email: { first: "a@example.com" } })))).toMatchObject({
      param: "email",
      message: expect.stringMatching(/^Invalid string/),
    });
    expect(await refusal(stripe.paymentIntents.create(untyped({ ...intent, transfer_data: "acct_1" })))).toMatchObject({
      param: "transfer_data",
      message: "Invalid hash",
    });
  });

  it("refuses a missing required parameter", async () => {
    expect(await refusal(stripe.paymentIntents.create(untyped({ amount: 1000 })))).toEqual({
      code: "parameter_missing",
      param: "currency",
      message: "Missing required param: currency.",
    });
  });

  it("refuses a currency Stripe does not support, with its list; takes every one it does", async () => {
    expect(await refusal(stripe.paymentIntents.create({ amount: 1000, currency: "zzz" }))).toEqual({
      code: undefined,
      param: "currency",
      message: `Invalid currency: zzz. Stripe currently supports these currencies: ${PRESENTMENT_CURRENCIES.join(", ")}`,
    });
    expect(
      await refusal(stripe.transfers.create({ amount: 100, currency: "abc", destination: "acct_1" })),
    ).toMatchObject({ param: "currency" });
    expect(PRESENTMENT_CURRENCIES).toEqual(expect.arrayContaining(["usd", "jpy", "eur", "gbp"]));
  });
});

describe("expand[]", () => {
  it("expands what Stripe lets expand, at any depth, and in lists under data.", async () => {
    const paid = await stripe.paymentIntents.create({
      ...intent,
      payment_method: "pm_card_visa",
      confirm: true,
      expand: ["latest_charge.balance_transaction", "payment_method"],
    });
    expect(typeof paid.latest_charge).toBe("object");
    expect((await stripe.paymentIntents.list({ expand: ["data.latest_charge"] })).data[0]?.latest_charge).toEqual(
      expect.objectContaining({ object: "charge" }),
    );
  });

  it("refuses a field that cannot be expanded, and points a list at data.", async () => {
    const created = await stripe.paymentIntents.create(intent);
    expect(await refusal(stripe.paymentIntents.retrieve(created.id, { expand: ["amount"] }))).toEqual({
      code: undefined,
      param: "expand",
      message: "This property cannot be expanded (amount).",
    });
    expect(
      await refusal(stripe.paymentIntents.retrieve(created.id, { expand: ["latest_charge.colour"] })),
    ).toMatchObject({ message: "This property cannot be expanded (latest_charge.colour)." });
    expect(await refusal(stripe.paymentIntents.list({ expand: ["customer"] }))).toMatchObject({
      message: "This property cannot be expanded (customer). You may want to try expanding 'data.customer' instead.",
    });
  });
});

describe("where the check stands", () => {
  it("answers before anything runs, so a refused request is not stored under its idempotency key", async () => {
    const key = `strict-${Date.now()}`;
    await refusal(stripe.customers.create(untyped({ email: "a@example.com", nickname: "A" }), { idempotencyKey: key }));
    const created = await stripe.customers.create({ email: "a@example.com" }, { idempotencyKey: key });
    expect(created.object).toBe("customer");
    expect(
      (await stripe.events.list({ type: "customer.created" })).data.filter(
        (event) => (event.data.object as Stripe.Customer).id === created.id,
      ),
    ).toHaveLength(1);
  });

  it("leaves emulator-only routes alone", async () => {
    const response = await call(emulator, "/_emulator/webhooks/attempts?anything=1");
    expect(response.status).toBe(200);
  });
});
