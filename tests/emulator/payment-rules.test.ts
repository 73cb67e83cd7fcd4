// Stripe's rules around paying that the emulator keeps: the minimum charge per currency, a detached PaymentMethod
// being spent, an unknown PaymentMethod in the path being a 404, the refund's later update, `return_url` where
// automatic payment methods may redirect, and `allowed_payment_method_types`.
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningStripeEmulator } from "#emulators/stripe/server.ts";
import { rejection, start } from "./helpers.ts";

let emulator: RunningStripeEmulator;
let stripe: Stripe;
beforeAll(async () => ({ emulator, stripe } = await start()));
afterAll(() => emulator.close());

const RETURN_URL = "http://localhost:5173/back";

async function eventTypesFor(id: string): Promise<string[]> {
  const events = await stripe.events.list({ limit: 100 });
  return events.data
    .filter((event) => (event.data.object as { id?: string }).id === id)
    .map((event) => event.type)
    .reverse();
}

describe("the minimum charge per currency (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts)", () => {
  it.each([
    ["usd", 49, "$0.50"],
    ["jpy", 49, "¥50"],
    ["gbp", 29, "£0.30"],
    ["hkd", 399, "HK$4.00"],
    ["mxn", 999, "MX$10.00"],
  ])("refuses %s %i with amount_too_small and Stripe's wording (%s)", async (currency, amount, minimum) => {
    const error = await rejection(stripe.paymentIntents.create({ amount, currency }));
    expect(error).toMatchObject({
      statusCode: 400,
      code: "amount_too_small",
      param: "amount",
      message: `Amount must be at least ${minimum} ${currency}`,
    });
  });

  // The platform settles in JPY and knows the USD rate only (settlement.ts): the two currencies a charge can be made in.
  it.each([
    ["usd", 50],
    ["jpy", 50],
  ])("takes %s %i, the minimum itself", async (currency, amount) => {
    expect((await stripe.paymentIntents.create({ amount, currency })).amount).toBe(amount);
  });

  it("applies the minimum again when an update changes the amount or the currency", async () => {
    const created = await stripe.paymentIntents.create({ amount: 60, currency: "usd" });
    expect((await rejection(stripe.paymentIntents.update(created.id, { amount: 40 }))).code).toBe("amount_too_small");
    expect((await stripe.paymentIntents.update(created.id, { amount: 50 })).amount).toBe(50);
    expect((await rejection(stripe.paymentIntents.update(created.id, { currency: "gbp", amount: 20 }))).code).toBe(
      "amount_too_small",
    );
  });
});

describe("payment methods", () => {
  it("refuses to attach or charge a detached PaymentMethod again", async () => {
    const customer = await stripe.customers.create({});
    const method = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    await stripe.paymentMethods.detach(method.id);
    const message =
      "This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.";
    expect(await rejection(stripe.paymentMethods.attach(method.id, { customer: customer.id }))).toMatchObject({
      statusCode: 400,
      param: "payment_method",
      message,
    });
    expect(
      await rejection(
        stripe.paymentIntents.create({ amount: 1000, currency: "jpy", payment_method: method.id, confirm: true }),
      ),
    ).toMatchObject({ statusCode: 400, message });
    // Still readable, as on Stripe.
    expect((await stripe.paymentMethods.retrieve(method.id)).customer).toBeNull();
  });

  it("answers 404 resource_missing for an unknown PaymentMethod in the path, 400 for one named by a parameter", async () => {
    const customer = await stripe.customers.create({});
    for (const call of [
      stripe.paymentMethods.retrieve("pm_nope"),
      stripe.paymentMethods.attach("pm_nope", { customer: customer.id }),
      stripe.paymentMethods.detach("pm_nope"),
    ]) {
      expect(await rejection(call)).toMatchObject({
        statusCode: 404,
        code: "resource_missing",
        message: "No such PaymentMethod: 'pm_nope'",
      });
    }
    expect(
      await rejection(stripe.paymentIntents.create({ amount: 1000, currency: "jpy", payment_method: "pm_nope" })),
    ).toMatchObject({
      statusCode: 400,
      code: "resource_missing",
      param: "payment_method",
    });
  });
});

describe("refunds", () => {
  it("sends refund.updated (and charge.refund.updated) when the card refund's reference arrives, after refund.created and charge.refunded", async () => {
    const paid = await stripe.paymentIntents.create({
      amount: 1000,
      currency: "jpy",
      payment_method: "pm_card_visa",
      confirm: true,
    });
    const refund = await stripe.refunds.create({ payment_intent: paid.id, amount: 400 });
    expect(refund.destination_details?.card).toMatchObject({ reference_status: "pending" });
    expect(await eventTypesFor(refund.id)).toEqual(["refund.created", "refund.updated", "charge.refund.updated"]);
    const updated = (await stripe.events.list({ type: "refund.updated" })).data.find(
      (event) => (event.data.object as Stripe.Refund).id === refund.id,
    )!;
    expect(updated.data.object).toMatchObject({
      destination_details: { card: { reference_status: "available", reference: expect.any(String) } },
    });
    expect(updated.data.previous_attributes).toMatchObject({
      destination_details: { card: { reference_status: "pending" } },
    });
    expect((await stripe.refunds.retrieve(refund.id)).destination_details?.card?.reference_status).toBe("available");
    const chargeEvents = await eventTypesFor(paid.latest_charge as string);
    expect(chargeEvents).toContain("charge.refunded");
  });
});

describe("return_url where automatic payment methods may redirect", () => {
  const redirects = { enabled: true } as const;

  it("refuses to confirm without one, on a PaymentIntent and a SetupIntent, and creates nothing", async () => {
    const before = (await stripe.paymentIntents.list({ limit: 100 })).data.length;
    const error = await rejection(
      stripe.paymentIntents.create({
        amount: 1000,
        currency: "jpy",
        automatic_payment_methods: redirects,
        payment_method: "pm_card_visa",
        confirm: true,
      }),
    );
    expect(error).toMatchObject({
      statusCode: 400,
      param: "return_url",
      message: expect.stringMatching(
        /^A `return_url` must be specified because this Payment Intent is configured to automatically accept/,
      ),
    });
    expect((await stripe.paymentIntents.list({ limit: 100 })).data.length).toBe(before);
    const staged = await stripe.paymentIntents.create({
      amount: 1000,
      currency: "jpy",
      automatic_payment_methods: redirects,
    });
    expect((await rejection(stripe.paymentIntents.confirm(staged.id, { payment_method: "pm_card_visa" }))).param).toBe(
      "return_url",
    );
    expect(
      (await stripe.paymentIntents.confirm(staged.id, { payment_method: "pm_card_visa", return_url: RETURN_URL }))
        .status,
    ).toBe("succeeded");
    const setup = await stripe.setupIntents.create({ automatic_payment_methods: redirects });
    expect(
      (await rejection(stripe.setupIntents.confirm(setup.id, { payment_method: "pm_card_visa" }))).message,
    ).toMatch(/this Setup Intent is configured/);
  });

  it("does not need one when redirects are off, or when the intent takes listed types", async () => {
    const noRedirects = await stripe.paymentIntents.create({
      amount: 1000,
      currency: "jpy",
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      payment_method: "pm_card_visa",
      confirm: true,
    });
    expect(noRedirects).toMatchObject({
      status: "succeeded",
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
    });
    const listed = await stripe.paymentIntents.create({
      amount: 1000,
      currency: "jpy",
      allowed_payment_method_types: ["card"],
      payment_method: "pm_card_visa",
      confirm: true,
    });
    expect(listed.status).toBe("succeeded");
  });
});

describe("allowed_payment_method_types", () => {
  it("is answered back, with payment_method_types the types the intent takes", async () => {
    const payment = await stripe.paymentIntents.create({
      amount: 1000,
      currency: "jpy",
      allowed_payment_method_types: ["card"],
    });
    expect(payment).toMatchObject({ allowed_payment_method_types: ["card"], payment_method_types: ["card"] });
    const setup = await stripe.setupIntents.create({ allowed_payment_method_types: ["card"] });
    expect(setup).toMatchObject({ allowed_payment_method_types: ["card"], payment_method_types: ["card"] });
    // Without a list: cards, and no allowed list.
    expect(await stripe.paymentIntents.create({ amount: 1000, currency: "jpy" })).toMatchObject({
      allowed_payment_method_types: null,
      payment_method_types: ["card"],
    });
  });

  it("refuses a card where the list leaves cards out, and takes it once an update lets cards in", async () => {
    const konbiniOnly = await stripe.paymentIntents.create({
      amount: 1000,
      currency: "jpy",
      allowed_payment_method_types: ["konbini"],
    });
    expect(konbiniOnly.payment_method_types).toEqual(["konbini"]);
    const error = await rejection(stripe.paymentIntents.confirm(konbiniOnly.id, { payment_method: "pm_card_visa" }));
    expect(error).toMatchObject({
      statusCode: 400,
      code: "payment_intent_incompatible_payment_method",
      param: "payment_method",
      message:
        'The PaymentMethod provided (card) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: konbini. Alternatively, update the allowed payment_method_types for this PaymentIntent to include "card".',
    });
    expect((await stripe.paymentIntents.retrieve(konbiniOnly.id)).status).toBe("requires_payment_method");
    await stripe.paymentIntents.update(konbiniOnly.id, { allowed_payment_method_types: ["konbini", "card"] });
    expect((await stripe.paymentIntents.confirm(konbiniOnly.id, { payment_method: "pm_card_visa" })).status).toBe(
      "succeeded",
    );
    const setup = await stripe.setupIntents.create({ allowed_payment_method_types: ["us_bank_account"] });
    expect(
      (await rejection(stripe.setupIntents.confirm(setup.id, { payment_method: "pm_card_visa" }))).message,
    ).toMatch(/not allowed for this SetupIntent/);
  });
});
