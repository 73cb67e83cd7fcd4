// PaymentIntents, charges and refunds: capture modes, each test card's behaviour, 3-D Secure, off-session
// authentication, and the refund rules.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningStripeEmulator } from "#emulators/stripe/server.ts";
import { call, form, PUBLISHABLE_KEY, rejection, start } from "./helpers.ts";

let emulator: RunningStripeEmulator;
let stripe: Stripe;
beforeAll(async () => ({ emulator, stripe } = await start()));
afterAll(() => emulator.close());

async function customerWith(card: string): Promise<{ customer: string; pm: string }> {
  const customer = await stripe.customers.create({});
  const setup = await stripe.setupIntents.create({
    customer: customer.id,
    payment_method: card,
    confirm: true,
    usage: "off_session",
  });
  return { customer: customer.id, pm: setup.payment_method as string };
}

async function passChallenge(intent: Stripe.PaymentIntent, outcome: "succeed" | "fail"): Promise<URL> {
  const url = new URL(intent.next_action!.redirect_to_url!.url!);
  expect((await fetch(url)).status).toBe(200);
  const response = await call(emulator, url.pathname, {
    method: "POST",
    ...form({ client_secret: url.searchParams.get("client_secret")!, outcome }),
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location")!);
}

async function eventTypesFor(id: string): Promise<string[]> {
  const events = await stripe.events.list({ limit: 100 });
  return events.data
    .filter((event) => (event.data.object as { id?: string }).id === id)
    .map((event) => event.type)
    .reverse();
}

describe("payment intents", () => {
  it("charges at once with automatic capture: succeeded, a captured charge, and the events", async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1200,
      currency: "jpy",
      payment_method: "pm_card_visa",
      confirm: true,
      metadata: { order: "o1" },
    });
    expect(intent).toMatchObject({
      status: "succeeded",
      amount_received: 1200,
      amount_capturable: 0,
      capture_method: "automatic",
      metadata: { order: "o1" },
    });
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({
      amount: 1200,
      amount_captured: 1200,
      captured: true,
      paid: true,
      status: "succeeded",
      payment_intent: intent.id,
    });
    expect(charge.payment_method_details?.card).toMatchObject({ brand: "visa", last4: "4242" });
    expect(await eventTypesFor(intent.id)).toEqual(["payment_intent.created", "payment_intent.succeeded"]);
    expect(await eventTypesFor(charge.id)).toEqual(["charge.succeeded"]);
    expect((await stripe.charges.list({ payment_intent: intent.id })).data.map((item) => item.id)).toEqual([charge.id]);
  });

  it("creates, updates, then confirms in separate steps", async () => {
    const created = await stripe.paymentIntents.create({ amount: 500, currency: "usd" });
    expect(created.status).toBe("requires_payment_method");
    const updated = await stripe.paymentIntents.update(created.id, {
      amount: 800,
      payment_method: "pm_card_mastercard",
      metadata: { a: "b" },
    });
    expect(updated).toMatchObject({ amount: 800, status: "requires_confirmation", metadata: { a: "b" } });
    const confirmed = await stripe.paymentIntents.confirm(created.id);
    expect(confirmed).toMatchObject({ status: "succeeded", amount_received: 800 });
    const error = await rejection(stripe.paymentIntents.update(created.id, { amount: 900 }));
    expect(error.code).toBe("payment_intent_unexpected_state");
  });

  it("holds with manual capture, then captures part and reports the rest released", async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 3000,
      currency: "jpy",
      payment_method: "pm_card_visa",
      confirm: true,
      capture_method: "manual",
    });
    expect(intent).toMatchObject({ status: "requires_capture", amount_capturable: 3000, amount_received: 0 });
    const tooMuch = await rejection(stripe.paymentIntents.capture(intent.id, { amount_to_capture: 3001 }));
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const captured = await stripe.paymentIntents.capture(intent.id, { amount_to_capture: 2000 });
    expect(captured).toMatchObject({ status: "succeeded", amount_received: 2000, amount_capturable: 0 });
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ captured: true, amount_captured: 2000, amount_refunded: 1000 });
    expect(await eventTypesFor(intent.id)).toEqual([
      "payment_intent.created",
      "payment_intent.amount_capturable_updated",
      "payment_intent.succeeded",
    ]);
    expect(await eventTypesFor(charge.id)).toEqual(["charge.succeeded", "charge.captured"]);
    const again = await rejection(stripe.paymentIntents.capture(intent.id));
    expect(again.code).toBe("payment_intent_unexpected_state");
    expect(again.message).toMatch(/could not be captured because it has a status of succeeded/);
  });

  it("cancels an uncaptured intent (the hold is released) and refuses to cancel a succeeded one", async () => {
    const held = await stripe.paymentIntents.create({
      amount: 1000,
      currency: "jpy",
      payment_method: "pm_card_visa",
      confirm: true,
      capture_method: "manual",
    });
    const canceled = await stripe.paymentIntents.cancel(held.id, { cancellation_reason: "requested_by_customer" });
    expect(canceled).toMatchObject({
      status: "canceled",
      cancellation_reason: "requested_by_customer",
      amount_capturable: 0,
    });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    expect(await stripe.charges.retrieve(held.latest_charge as string)).toMatchObject({
      refunded: true,
      amount_refunded: 1000,
    });
    const paid = await stripe.paymentIntents.create({
      amount: 1000,
      currency: "jpy",
      payment_method: "pm_card_visa",
      confirm: true,
    });
    const error = await rejection(stripe.paymentIntents.cancel(paid.id));
    expect(error.code).toBe("payment_intent_unexpected_state");
  });

  it("lists by customer, newest first, and expands latest_charge and payment_method", async () => {
    const { customer, pm } = await customerWith("pm_card_visa");
    const one = await stripe.paymentIntents.create({
      amount: 100,
      currency: "jpy",
      customer,
      payment_method: pm,
      confirm: true,
    });
    const two = await stripe.paymentIntents.create({ amount: 200, currency: "jpy", customer });
    expect((await stripe.paymentIntents.list({ customer })).data.map((intent) => intent.id)).toEqual([two.id, one.id]);
    const expanded = await stripe.paymentIntents.retrieve(one.id, { expand: ["latest_charge", "payment_method"] });
    expect((expanded.latest_charge as Stripe.Charge).object).toBe("charge");
    expect((expanded.payment_method as Stripe.PaymentMethod).id).toBe(pm);
  });

  it("refuses an amount below Stripe's minimum", async () => {
    const error = await rejection(stripe.paymentIntents.create({ amount: 10, currency: "jpy" }));
    expect(error.code).toBe("amount_too_small");
  });
});

describe("test cards on payments", () => {
  it.each([
    ["pm_card_chargeDeclined", "card_declined", "generic_decline", "Your card was declined."],
    ["pm_card_visa_chargeDeclined", "card_declined", "generic_decline", "Your card was declined."],
    [
      "pm_card_chargeDeclinedInsufficientFunds",
      "card_declined",
      "insufficient_funds",
      "Your card has insufficient funds.",
    ],
    ["pm_card_chargeDeclinedLostCard", "card_declined", "lost_card", "Your card was declined."],
    ["pm_card_chargeDeclinedStolenCard", "card_declined", "stolen_card", "Your card was declined."],
    ["pm_card_chargeDeclinedExpiredCard", "expired_card", "expired_card", "Your card has expired."],
    ["pm_card_chargeDeclinedIncorrectCvc", "incorrect_cvc", "incorrect_cvc", "Your card's security code is incorrect."],
    [
      "pm_card_chargeDeclinedProcessingError",
      "processing_error",
      "processing_error",
      "An error occurred while processing your card. Try again in a little bit.",
    ],
    ["pm_card_chargeCustomerFail", "card_declined", "generic_decline", "Your card was declined."],
  ])(
    "declines %s with 402 %s / %s, a failed charge and requires_payment_method",
    async (card, code, declineCode, message) => {
      const intent = await stripe.paymentIntents.create({ amount: 1000, currency: "jpy" });
      const error = await rejection(stripe.paymentIntents.confirm(intent.id, { payment_method: card }));
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({
        statusCode: 402,
        type: "StripeCardError",
        code,
        decline_code: declineCode,
        message,
      });
      expect(error.charge).toMatch(/^ch_/);
      expect((error.raw as { payment_intent: Stripe.PaymentIntent }).payment_intent).toMatchObject({
        id: intent.id,
        status: "requires_payment_method",
      });
      const after = await stripe.paymentIntents.retrieve(intent.id);
      expect(after).toMatchObject({
        status: "requires_payment_method",
        last_payment_error: { type: "card_error", code, decline_code: declineCode },
        latest_charge: error.charge,
      });
      expect(await stripe.charges.retrieve(error.charge!)).toMatchObject({
        status: "failed",
        paid: false,
        failure_code: code,
        outcome: { reason: declineCode },
      });
      expect(await eventTypesFor(intent.id)).toEqual(["payment_intent.created", "payment_intent.payment_failed"]);
    },
  );

  it("saves chargeCustomerFail on a customer, then declines its off-session charge", async () => {
    const { customer, pm } = await customerWith("pm_card_chargeCustomerFail");
    const error = await rejection(
      stripe.paymentIntents.create({
        amount: 1000,
        currency: "jpy",
        customer,
        payment_method: pm,
        confirm: true,
        off_session: true,
      }),
    );
    expect(error).toMatchObject({ code: "card_declined", decline_code: "generic_decline" });
  });

  it.each([
    "pm_card_amex",
    "pm_card_jcb",
    "pm_card_diners",
    "pm_card_discover",
    "pm_card_mastercard",
    "pm_card_visa_debit",
  ])("charges %s", async (card) => {
    const intent = await stripe.paymentIntents.create({
      amount: 1000,
      currency: "jpy",
      payment_method: card,
      confirm: true,
    });
    expect(intent.status).toBe("succeeded");
  });

  it("asks for 3-D Secure on-session; completing it charges, with Stripe.js's return parameters", async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 5000,
      currency: "jpy",
      payment_method: "pm_card_authenticationRequired",
      confirm: true,
      return_url: "http://localhost:5173/pay/return",
    });
    expect(intent).toMatchObject({ status: "requires_action", next_action: { type: "redirect_to_url" } });
    const back = await passChallenge(intent, "succeed");
    expect(Object.fromEntries(back.searchParams)).toEqual({
      payment_intent: intent.id,
      payment_intent_client_secret: intent.client_secret,
      redirect_status: "succeeded",
    });
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: "succeeded",
      amount_received: 5000,
    });
    expect(await eventTypesFor(intent.id)).toEqual([
      "payment_intent.created",
      "payment_intent.requires_action",
      "payment_intent.succeeded",
    ]);
  });

  it("fails the payment when 3-D Secure fails", async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 5000,
      currency: "jpy",
      payment_method: "pm_card_threeDSecure2Required",
      confirm: true,
      return_url: "http://localhost:5173/pay/return",
    });
    const back = await passChallenge(intent, "fail");
    expect(back.searchParams.get("redirect_status")).toBe("failed");
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "payment_intent_authentication_failure" },
    });
  });

  it("declines after authentication for the authenticate-then-insufficient-funds card", async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 5000,
      currency: "jpy",
      payment_method: "pm_card_authenticationRequiredChargeDeclinedInsufficientFunds",
      confirm: true,
      return_url: "http://localhost/r",
    });
    const back = await passChallenge(intent, "succeed");
    expect(back.searchParams.get("redirect_status")).toBe("failed");
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { decline_code: "insufficient_funds" },
    });
  });

  it("answers 402 authentication_required off-session for a card that always needs it, then the buyer authenticates on-session", async () => {
    const customer = await stripe.customers.create({});
    const pm = await stripe.paymentMethods.attach("pm_card_authenticationRequired", { customer: customer.id });
    const error = await rejection(
      stripe.paymentIntents.create({
        amount: 2000,
        currency: "jpy",
        customer: customer.id,
        payment_method: pm.id,
        confirm: true,
        off_session: true,
      }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ code: "authentication_required", decline_code: "authentication_required" });
    const intentId = (error.raw as { payment_intent: Stripe.PaymentIntent }).payment_intent.id;
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "authentication_required" },
    });
    const retried = await stripe.paymentIntents.confirm(intentId, {
      payment_method: pm.id,
      off_session: false,
      return_url: "http://localhost/back",
    });
    expect(retried.status).toBe("requires_action");
    await passChallenge(retried, "succeed");
    expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe("succeeded");
  });

  it("charges a card set up with 3-D Secure off-session without asking again, but asks on-session", async () => {
    const customer = await stripe.customers.create({});
    const setup = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: "pm_card_authenticationRequiredOnSetup",
      confirm: true,
      return_url: "http://localhost/s",
    });
    const unauthenticated = await rejection(
      stripe.paymentIntents.create({
        amount: 1000,
        currency: "jpy",
        customer: customer.id,
        payment_method: setup.payment_method as string,
        confirm: true,
        off_session: true,
      }),
    );
    expect(unauthenticated.code).toBe("authentication_required");
    const url = new URL(setup.next_action!.redirect_to_url!.url!);
    await call(emulator, url.pathname, {
      method: "POST",
      ...form({ client_secret: url.searchParams.get("client_secret")!, outcome: "succeed" }),
    });
    const offSession = await stripe.paymentIntents.create({
      amount: 1000,
      currency: "jpy",
      customer: customer.id,
      payment_method: setup.payment_method as string,
      confirm: true,
      off_session: true,
    });
    expect(offSession.status).toBe("succeeded");
    const onSession = await stripe.paymentIntents.create({
      amount: 1000,
      currency: "jpy",
      customer: customer.id,
      payment_method: setup.payment_method as string,
      confirm: true,
    });
    expect(onSession.status).toBe("requires_action");
  });

  it("lets a browser on another origin confirm with the publishable key and client secret, as Stripe.js does", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 2500, currency: "jpy" });
    const headers = {
      Authorization: `Bearer ${PUBLISHABLE_KEY}`,
      Origin: "http://localhost:5173",
      "Content-Type": "application/x-www-form-urlencoded",
    };
    const created = await call(emulator, "/v1/payment_methods", {
      method: "POST",
      headers,
      body: new URLSearchParams({
        type: "card",
        "card[number]": "4000002760003184",
        "card[exp_month]": "12",
        "card[exp_year]": String(new Date().getFullYear() + 3),
        "card[cvc]": "123",
      }).toString(),
    });
    expect(created.headers.get("access-control-allow-origin")).toBe("*");
    const pm = (await created.json()) as Stripe.PaymentMethod;
    const confirm = (params: Record<string, string>) =>
      call(emulator, `/v1/payment_intents/${intent.id}/confirm`, {
        method: "POST",
        headers,
        body: new URLSearchParams(params).toString(),
      });
    expect((await confirm({ payment_method: pm.id })).status).toBe(403);
    const confirmed = await confirm({
      payment_method: pm.id,
      client_secret: intent.client_secret!,
      return_url: "http://localhost:5173/pay/return",
    });
    expect(confirmed.status).toBe(200);
    const body = (await confirmed.json()) as Stripe.PaymentIntent;
    expect(body).toMatchObject({
      status: "requires_action",
      next_action: { type: "redirect_to_url", redirect_to_url: { return_url: "http://localhost:5173/pay/return" } },
    });
    const read = await call(
      emulator,
      `/v1/payment_intents/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret!)}`,
      { headers },
    );
    expect(((await read.json()) as Stripe.PaymentIntent).status).toBe("requires_action");
  });

  it("refuses a card saved by another customer", async () => {
    const { pm } = await customerWith("pm_card_visa");
    const other = await stripe.customers.create({});
    const error = await rejection(
      stripe.paymentIntents.create({
        amount: 1000,
        currency: "jpy",
        customer: other.id,
        payment_method: pm,
        confirm: true,
      }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.param).toBe("payment_method");
  });
});

describe("refunds", () => {
  it("refunds part, then the rest, then refuses: charge_already_refunded", async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1000,
      currency: "jpy",
      payment_method: "pm_card_visa",
      confirm: true,
    });
    const part = await stripe.refunds.create({
      payment_intent: intent.id,
      amount: 300,
      reason: "requested_by_customer",
    });
    expect(part).toMatchObject({
      object: "refund",
      amount: 300,
      status: "succeeded",
      payment_intent: intent.id,
      reason: "requested_by_customer",
      currency: "jpy",
    });
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({
      amount_refunded: 300,
      refunded: false,
    });
    const tooMuch = await rejection(stripe.refunds.create({ payment_intent: intent.id, amount: 701 }));
    expect(tooMuch.code).toBe("amount_too_large");
    const rest = await stripe.refunds.create({ charge: intent.latest_charge as string });
    expect(rest.amount).toBe(700);
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({
      amount_refunded: 1000,
      refunded: true,
    });
    const again = await rejection(stripe.refunds.create({ payment_intent: intent.id }));
    expect(again.code).toBe("charge_already_refunded");
    expect((await stripe.refunds.list({ payment_intent: intent.id })).data.map((refund) => refund.id)).toEqual([
      rest.id,
      part.id,
    ]);
    expect((await stripe.refunds.retrieve(part.id)).amount).toBe(300);
    const types = (await stripe.events.list({ limit: 100 })).data.map((event) => event.type);
    expect(types).toContain("refund.created");
    expect(types).toContain("charge.refunded");
  });

  it("refuses to refund an intent without a successful charge", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: "jpy" });
    const error = await rejection(stripe.refunds.create({ payment_intent: intent.id }));
    expect(error.message).toBe(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`);
    const missing = await rejection(stripe.refunds.create({}));
    expect(missing.code).toBe("parameter_missing");
  });
});
