// Customers and card PaymentMethods: the magic ids, raw test numbers, card checks, attach and detach.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CARDS } from "#emulators/stripe/cards.ts";
import type { RunningStripeEmulator } from "#emulators/stripe/server.ts";
import { rejection, start } from "./helpers.ts";

let emulator: RunningStripeEmulator;
let stripe: Stripe;
beforeAll(async () => ({ emulator, stripe } = await start()));
afterAll(() => emulator.close());

const nextYear = new Date().getFullYear() + 1;

describe("customers", () => {
  it("creates, retrieves, updates, lists and deletes", async () => {
    const created = await stripe.customers.create({
      email: "c@example.com",
      name: "Client",
      metadata: { account: "a1" },
    });
    expect(created).toMatchObject({
      object: "customer",
      email: "c@example.com",
      name: "Client",
      metadata: { account: "a1" },
      livemode: false,
    });
    expect(created.id).toMatch(/^cus_/);
    expect(await stripe.customers.retrieve(created.id)).toMatchObject({ id: created.id, email: "c@example.com" });
    const updated = await stripe.customers.update(created.id, { name: "Renamed", metadata: { extra: "x" } });
    expect(updated).toMatchObject({ name: "Renamed", metadata: { account: "a1", extra: "x" } });
    const listed = await stripe.customers.list({ email: "c@example.com" });
    expect(listed.data.map((customer) => customer.id)).toEqual([created.id]);
    const deleted = await stripe.customers.del(created.id);
    expect(deleted).toEqual(expect.objectContaining({ id: created.id, deleted: true }));
    expect(await stripe.customers.retrieve(created.id)).toMatchObject({ id: created.id, deleted: true });
  });

  it("a deleted customer takes its cards with it, and calls naming it are refused as Stripe refuses them", async () => {
    // What Comet reads to make a new customer (issue 59): 400 resource_missing on `customer`, "No such customer".
    const customer = await stripe.customers.create({ email: "gone@example.com" });
    const card = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    await stripe.customers.del(customer.id);
    expect((await stripe.paymentMethods.retrieve(card.id)).customer).toBeNull();
    for (const call of [
      () => stripe.setupIntents.create({ customer: customer.id, usage: "off_session" }),
      () => stripe.paymentIntents.create({ amount: 1000, currency: "jpy", customer: customer.id }),
    ]) {
      expect(await rejection(call())).toMatchObject({
        type: "StripeInvalidRequestError",
        statusCode: 400,
        code: "resource_missing",
        param: "customer",
        message: `No such customer: '${customer.id}'`,
      });
    }
    expect(await rejection(stripe.customers.del(customer.id))).toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
  });

  it("pages lists newest first with starting_after", async () => {
    const email = `page-${Date.now()}@example.com`;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await stripe.customers.create({ email })).id);
    const first = await stripe.customers.list({ email, limit: 2 });
    expect(first.data.map((customer) => customer.id)).toEqual([ids[2], ids[1]]);
    expect(first.has_more).toBe(true);
    const second = await stripe.customers.list({ email, limit: 2, starting_after: ids[1] });
    expect(second.data.map((customer) => customer.id)).toEqual([ids[0]]);
    expect(second.has_more).toBe(false);
  });
});

describe("payment methods", () => {
  it("makes a new pm_ for each use of a magic id, with the card's brand and last 4", async () => {
    const customer = await stripe.customers.create({});
    const first = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    const second = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    expect(first.id).not.toBe(second.id);
    expect(first.card).toMatchObject({ brand: "visa", last4: "4242" });
    expect(first.card?.fingerprint).toBe(second.card?.fingerprint);
  });

  it.each([
    ["4242424242424242", "visa"],
    ["5555555555554444", "mastercard"],
    ["3566002020360505", "jcb"],
    ["378282246310005", "amex"],
    ["3056930009020004", "diners"],
    ["6011111111111117", "discover"],
  ])("creates a card from the raw test number %s (%s)", async (number, brand) => {
    const pm = await stripe.paymentMethods.create({
      type: "card",
      card: { number, exp_month: 4, exp_year: nextYear, cvc: "123" },
      billing_details: { name: "Ada" },
    });
    expect(pm).toMatchObject({ type: "card", customer: null, billing_details: { name: "Ada" } });
    expect(pm.card).toMatchObject({ brand, last4: number.slice(-4), exp_month: 4, exp_year: nextYear });
  });

  it("knows every test card by number and by each of its magic ids (pm_card_* and tok_*)", async () => {
    for (const card of TEST_CARDS) {
      const byNumber = await stripe.paymentMethods.create({
        type: "card",
        card: { number: card.number, exp_month: 1, exp_year: nextYear },
      });
      expect(byNumber.card?.last4).toBe(card.number.slice(-4));
      for (const alias of card.aliases) {
        expect((await stripe.paymentMethods.retrieve(`pm_card_${alias}`)).card?.last4).toBe(card.number.slice(-4));
        const byToken = await stripe.paymentMethods.create({ type: "card", card: { token: `tok_${alias}` } });
        expect(byToken.card?.last4).toBe(card.number.slice(-4));
      }
    }
  });

  it.each([
    [
      { number: "4242424242424241", exp_month: 1, exp_year: nextYear },
      "incorrect_number",
      "Your card number is incorrect.",
    ],
    [
      { number: "4242424242424242", exp_month: 13, exp_year: nextYear },
      "invalid_expiry_month",
      "Your card's expiration month is invalid.",
    ],
    [
      { number: "4242424242424242", exp_month: 1, exp_year: 2001 },
      "invalid_expiry_year",
      "Your card's expiration year is invalid.",
    ],
    [
      { number: "4242424242424242", exp_month: 1, exp_year: nextYear, cvc: "12" },
      "invalid_cvc",
      "Your card's security code is invalid.",
    ],
    [
      { number: "4111111111111111", exp_month: 1, exp_year: nextYear },
      "card_declined",
      expect.stringMatching(/used a non test \(live\) card/),
    ],
  ])("refuses card %o with 402 %s", async (card, code, message) => {
    const error = await rejection(stripe.paymentMethods.create({ type: "card", card }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error.code).toBe(code);
    expect(error.message).toEqual(message);
  });

  it("attaches, lists by customer and detaches, with events", async () => {
    const customer = await stripe.customers.create({});
    const pm = await stripe.paymentMethods.create({ type: "card", card: { token: "tok_mastercard" } });
    const attached = await stripe.paymentMethods.attach(pm.id, { customer: customer.id });
    expect(attached.customer).toBe(customer.id);
    expect((await stripe.paymentMethods.list({ customer: customer.id })).data.map((item) => item.id)).toEqual([pm.id]);
    expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((item) => item.id)).toEqual([pm.id]);
    const detached = await stripe.paymentMethods.detach(pm.id);
    expect(detached.customer).toBeNull();
    expect((await stripe.paymentMethods.list({ customer: customer.id })).data).toEqual([]);
    const types = (await stripe.events.list({ limit: 100 })).data
      .filter((event) => (event.data.object as { id?: string }).id === pm.id)
      .map((event) => event.type);
    expect(types).toEqual(["payment_method.detached", "payment_method.attached"]);
    const error = await rejection(stripe.paymentMethods.detach(pm.id));
    expect(error.code).toBe("payment_method_unexpected_state");
  });

  it("refuses to attach a card that declines (402 card_declined), but attaches chargeCustomerFail", async () => {
    const customer = await stripe.customers.create({});
    const error = await rejection(stripe.paymentMethods.attach("pm_card_chargeDeclined", { customer: customer.id }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ code: "card_declined", decline_code: "generic_decline" });
    const failing = await stripe.paymentMethods.attach("pm_card_chargeCustomerFail", { customer: customer.id });
    expect(failing.customer).toBe(customer.id);
  });

  it("refuses to attach a card to a second customer", async () => {
    const [one, two] = [await stripe.customers.create({}), await stripe.customers.create({})];
    const pm = await stripe.paymentMethods.attach("pm_card_visa", { customer: one.id });
    const error = await rejection(stripe.paymentMethods.attach(pm.id, { customer: two.id }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });
});
