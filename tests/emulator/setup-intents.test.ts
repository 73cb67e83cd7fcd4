// SetupIntents: saving a card, with 3-D Secure through the emulator's challenge page, declines and cancel.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningStripeEmulator } from "#emulators/stripe/server.ts";
import { call, form, PUBLISHABLE_KEY, rejection, sdk, start } from "./helpers.ts";

let emulator: RunningStripeEmulator;
let stripe: Stripe;
beforeAll(async () => ({ emulator, stripe } = await start()));
afterAll(() => emulator.close());

async function challenge(url: string, outcome: "succeed" | "fail"): Promise<Response> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<button type="submit" name="outcome" value="succeed"');
  expect(html).toContain(">Complete authentication</button>");
  expect(html).toContain(">Fail authentication</button>");
  const secret = new URL(url).searchParams.get("client_secret")!;
  const { pathname } = new URL(url);
  return call(emulator, pathname, { method: "POST", ...form({ client_secret: secret, outcome }) });
}

describe("setup intents", () => {
  it("creates, confirms with a card and attaches it to the customer", async () => {
    const customer = await stripe.customers.create({});
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    expect(intent).toMatchObject({ status: "requires_payment_method", usage: "off_session", customer: customer.id });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    const confirmed = await stripe.setupIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
    expect(confirmed.status).toBe("succeeded");
    const pm = await stripe.paymentMethods.retrieve(confirmed.payment_method as string);
    expect(pm.customer).toBe(customer.id);
    expect((await stripe.setupIntents.retrieve(intent.id)).status).toBe("succeeded");
  });

  it("lets the browser confirm with the publishable key and the client secret, not without it", async () => {
    const customer = await stripe.customers.create({});
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const browser = sdk(emulator, PUBLISHABLE_KEY);
    const pm = await browser.paymentMethods.create({
      type: "card",
      card: { number: "4242424242424242", exp_month: 1, exp_year: new Date().getFullYear() + 1, cvc: "314" },
    });
    const missing = await rejection(browser.setupIntents.confirm(intent.id, { payment_method: pm.id }));
    expect(missing).toBeInstanceOf(Stripe.errors.StripePermissionError);
    const wrong = await rejection(
      browser.setupIntents.confirm(intent.id, {
        payment_method: pm.id,
        client_secret: "seti_x_secret_y",
      } as Stripe.SetupIntentConfirmParams),
    );
    expect(wrong).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const confirmed = await browser.setupIntents.confirm(intent.id, {
      payment_method: pm.id,
      client_secret: intent.client_secret,
    } as Stripe.SetupIntentConfirmParams);
    expect(confirmed.status).toBe("succeeded");
    const read = await browser.setupIntents.retrieve(intent.id, { client_secret: intent.client_secret! });
    expect(read.status).toBe("succeeded");
  });

  it("sends a 3-D Secure card to the challenge page; completing it returns to return_url with Stripe.js's parameters", async () => {
    const customer = await stripe.customers.create({});
    const intent = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: "pm_card_authenticationRequiredOnSetup",
      confirm: true,
      return_url: "http://localhost:5173/cards?from=3ds",
    });
    expect(intent.status).toBe("requires_action");
    expect(intent.next_action?.type).toBe("redirect_to_url");
    const url = intent.next_action!.redirect_to_url!.url!;
    expect(url).toBe(
      `${emulator.url}/_emulator/3ds/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret!)}`,
    );
    const response = await challenge(url, "succeed");
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!);
    expect(location.origin + location.pathname).toBe("http://localhost:5173/cards");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      from: "3ds",
      setup_intent: intent.id,
      setup_intent_client_secret: intent.client_secret,
      redirect_status: "succeeded",
    });
    const after = await stripe.setupIntents.retrieve(intent.id);
    expect(after.status).toBe("succeeded");
    expect((await stripe.paymentMethods.retrieve(after.payment_method as string)).customer).toBe(customer.id);
  });

  it("fails the intent when authentication fails: redirect_status=failed and setup_intent_authentication_failure", async () => {
    const intent = await stripe.setupIntents.create({
      payment_method: "pm_card_authenticationRequired",
      confirm: true,
      return_url: "http://localhost:5173/back",
    });
    const response = await challenge(intent.next_action!.redirect_to_url!.url!, "fail");
    expect(new URL(response.headers.get("location")!).searchParams.get("redirect_status")).toBe("failed");
    const after = await stripe.setupIntents.retrieve(intent.id);
    expect(after).toMatchObject({
      status: "requires_payment_method",
      payment_method: null,
      last_setup_error: { code: "setup_intent_authentication_failure" },
    });
    const again = await call(
      emulator,
      new URL(intent.next_action!.redirect_to_url!.url!).pathname +
        new URL(intent.next_action!.redirect_to_url!.url!).search,
    );
    expect(again.status).toBe(409);
  });

  it("answers use_stripe_sdk with the same page when no return_url was given", async () => {
    const intent = await stripe.setupIntents.create({ payment_method: "pm_card_threeDSecure2Required", confirm: true });
    expect(intent.next_action?.type).toBe("use_stripe_sdk");
    const sdkAction = intent.next_action?.use_stripe_sdk as { type: string; stripe_js: string };
    expect(sdkAction.type).toBe("three_d_secure_redirect");
    const response = await challenge(sdkAction.stripe_js, "succeed");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Authentication finished");
    // Stripe.js's frame in the app's page: the finished page tells the page that framed it (decision 057).
    expect(html).toContain(
      `postMessage({"type":"stripe-emulator:3ds-done","intent":"${intent.id}","status":"succeeded"}, "*")`,
    );
    expect((await stripe.setupIntents.retrieve(intent.id)).status).toBe("succeeded");
  });

  it("tells the framing page when 3-D Secure fails in the use_stripe_sdk flow, and the intent waits for another card", async () => {
    const intent = await stripe.setupIntents.create({ payment_method: "pm_card_threeDSecure2Required", confirm: true });
    const response = await challenge((intent.next_action!.use_stripe_sdk as { stripe_js: string }).stripe_js, "fail");
    expect(await response.text()).toContain(
      `postMessage({"type":"stripe-emulator:3ds-done","intent":"${intent.id}","status":"failed"}, "*")`,
    );
    expect(await stripe.setupIntents.retrieve(intent.id)).toMatchObject({
      status: "requires_payment_method",
      last_setup_error: { code: "setup_intent_authentication_failure" },
    });
  });

  it("refuses the challenge page without the intent's client secret", async () => {
    const intent = await stripe.setupIntents.create({
      payment_method: "pm_card_authenticationRequired",
      confirm: true,
      return_url: "http://localhost/x",
    });
    const response = await call(emulator, `/_emulator/3ds/${intent.id}?client_secret=wrong`);
    expect(response.status).toBe(403);
    const post = await call(emulator, `/_emulator/3ds/${intent.id}`, {
      method: "POST",
      ...form({ client_secret: "wrong", outcome: "succeed" }),
    });
    expect(post.status).toBe(403);
    expect((await stripe.setupIntents.retrieve(intent.id)).status).toBe("requires_action");
  });

  it.each([
    ["pm_card_chargeDeclined", "card_declined", "generic_decline"],
    ["pm_card_chargeDeclinedInsufficientFunds", "card_declined", "insufficient_funds"],
    ["pm_card_chargeDeclinedLostCard", "card_declined", "lost_card"],
    ["pm_card_chargeDeclinedStolenCard", "card_declined", "stolen_card"],
    ["pm_card_chargeDeclinedExpiredCard", "expired_card", "expired_card"],
    ["pm_card_chargeDeclinedIncorrectCvc", "incorrect_cvc", "incorrect_cvc"],
    ["pm_card_chargeDeclinedProcessingError", "processing_error", "processing_error"],
  ])("declines %s on setup with 402 %s / %s and saves nothing", async (card, code, declineCode) => {
    const customer = await stripe.customers.create({});
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const error = await rejection(stripe.setupIntents.confirm(intent.id, { payment_method: card }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ code, decline_code: declineCode });
    expect((error.raw as { setup_intent: { id: string } }).setup_intent.id).toBe(intent.id);
    const after = await stripe.setupIntents.retrieve(intent.id);
    expect(after).toMatchObject({
      status: "requires_payment_method",
      last_setup_error: { code, decline_code: declineCode },
    });
    expect((await stripe.paymentMethods.list({ customer: customer.id })).data).toEqual([]);
  });

  it("cancels, and refuses to cancel or confirm again afterwards", async () => {
    const intent = await stripe.setupIntents.create({});
    const canceled = await stripe.setupIntents.cancel(intent.id, { cancellation_reason: "abandoned" });
    expect(canceled).toMatchObject({ status: "canceled", cancellation_reason: "abandoned" });
    const error = await rejection(stripe.setupIntents.cancel(intent.id));
    expect(error.code).toBe("setup_intent_unexpected_state");
    const confirm = await rejection(stripe.setupIntents.confirm(intent.id, { payment_method: "pm_card_visa" }));
    expect(confirm.code).toBe("setup_intent_unexpected_state");
  });

  it("lists by customer", async () => {
    const customer = await stripe.customers.create({});
    const one = await stripe.setupIntents.create({ customer: customer.id });
    const two = await stripe.setupIntents.create({ customer: customer.id });
    await stripe.setupIntents.create({});
    expect((await stripe.setupIntents.list({ customer: customer.id })).data.map((intent) => intent.id)).toEqual([
      two.id,
      one.id,
    ]);
  });
});
