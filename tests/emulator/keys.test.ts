// Platforms and their keys (platforms.ts): the emulator knows each platform's secret and publishable key, refuses a
// key it does not know as Stripe does, and keeps each platform's data apart; a test can make a platform of its own.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeEmulator } from "#emulators/stripe/emulator.ts";
import { startStripeEmulator, type RunningStripeEmulator } from "#emulators/stripe/server.ts";
import { call, form, newPlatform, PUBLISHABLE_KEY, receiver, rejection, sdk, SECRET_KEY, start } from "./helpers.ts";

let emulator: RunningStripeEmulator;
let stripe: Stripe;
beforeAll(async () => ({ emulator, stripe } = await start()));
afterAll(() => emulator.close());

const CARD = {
  type: "card" as const,
  card: { number: "4242424242424242", exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: "123" },
};

describe("the platforms known at start", () => {
  it("are the dev platform (wrangler.toml's keys) and the emulator suite's, each with a data set of its own", async () => {
    const defaults = await startStripeEmulator({ port: 0 });
    try {
      const comet = sdk(defaults, "sk_test_comet_local");
      const suite = sdk(defaults, SECRET_KEY);
      const customer = await comet.customers.create({ email: "dev@example.com" });
      expect((await comet.customers.retrieve(customer.id)).id).toBe(customer.id);
      expect(await rejection(suite.customers.retrieve(customer.id))).toMatchObject({
        statusCode: 404,
        code: "resource_missing",
      });
      expect((await suite.customers.list()).data).toEqual([]);
      // The publishable keys are known too, each for its own platform.
      expect((await sdk(defaults, "pk_test_comet_local").paymentMethods.create(CARD)).card?.last4).toBe("4242");
      expect((await sdk(defaults, PUBLISHABLE_KEY).paymentMethods.create(CARD)).card?.last4).toBe("4242");
    } finally {
      await defaults.close();
    }
  });

  it("refuses a well-formed key it does not know, with Stripe's 401 and the key redacted", async () => {
    for (const key of ["sk_test_51Unknown0000000000001234", "pk_test_51Unknown0000000000001234"]) {
      const error = await rejection(sdk(emulator, key).customers.list());
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(error.message).toBe(`Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(key.length - 12)}1234`);
    }
  });

  it("refuses options without a platform or with a malformed key", () => {
    expect(() => createStripeEmulator({ platforms: [] })).toThrow(/at least one platform/);
    expect(() =>
      createStripeEmulator({ platforms: [{ secretKey: "sk_live_x", publishableKey: "pk_test_x" }] }),
    ).toThrow(/sk_test_/);
    expect(() =>
      createStripeEmulator({
        platforms: [
          { secretKey: "sk_test_a", publishableKey: "pk_test_a" },
          { secretKey: "sk_test_a", publishableKey: "pk_test_b" },
        ],
      }),
    ).toThrow(/another platform/);
  });
});

describe("a platform of a test's own (POST /_emulator/platforms)", () => {
  it("has random keys and empty data; its objects, events and idempotency keys are invisible to the others", async () => {
    const mine = await newPlatform(emulator);
    expect(mine.secretKey).toMatch(/^sk_test_\w{32}$/);
    expect(mine.publishableKey).toMatch(/^pk_test_\w{32}$/);
    expect((await mine.stripe.customers.list()).data).toEqual([]);
    const customer = await mine.stripe.customers.create({ email: "mine@example.com" });
    expect(await rejection(stripe.customers.retrieve(customer.id))).toMatchObject({ code: "resource_missing" });
    expect(
      (await stripe.events.list({ type: "customer.created" })).data.map(
        (event) => (event.data.object as Stripe.Customer).id,
      ),
    ).not.toContain(customer.id);
    expect((await mine.stripe.events.list()).data.map((event) => event.type)).toEqual(["customer.created"]);
    // Its intents: its publishable key reads one with the client secret; another platform's key finds no such intent.
    const intent = await mine.stripe.paymentIntents.create({ amount: 1000, currency: "jpy" });
    const read = await sdk(emulator, mine.publishableKey).paymentIntents.retrieve(intent.id, {
      client_secret: intent.client_secret!,
    });
    expect(read.id).toBe(intent.id);
    expect(
      await rejection(
        sdk(emulator, PUBLISHABLE_KEY).paymentIntents.retrieve(intent.id, { client_secret: intent.client_secret! }),
      ),
    ).toMatchObject({ code: "resource_missing" });
  });

  it("acts on its own data in the emulator controls that carry its key", async () => {
    const mine = await newPlatform(emulator);
    await mine.stripe.paymentIntents.create({
      amount: 5000,
      currency: "jpy",
      payment_method: "pm_card_visa",
      confirm: true,
    });
    const response = await call(emulator, "/_emulator/balance/make_available", {
      method: "POST",
      headers: { Authorization: `Bearer ${mine.secretKey}` },
    });
    expect(response.status).toBe(200);
    const balance = await mine.stripe.balance.retrieve();
    expect(balance.pending.every((entry) => entry.amount === 0)).toBe(true);
    expect(balance.available.some((entry) => entry.amount > 0)).toBe(true);
  });

  it("is found by its objects on the pages reached without a key (3-D Secure, onboarding)", async () => {
    const mine = await newPlatform(emulator);
    const intent = await mine.stripe.paymentIntents.create({
      amount: 1000,
      currency: "jpy",
      payment_method: "pm_card_authenticationRequired",
      confirm: true,
      return_url: "http://app.invalid/back",
    });
    const challenge = new URL(intent.next_action!.redirect_to_url!.url!);
    const answered = await call(emulator, challenge.pathname, {
      method: "POST",
      ...form({ ...Object.fromEntries(challenge.searchParams), outcome: "succeed" }),
    });
    expect(answered.status).toBe(303);
    expect((await mine.stripe.paymentIntents.retrieve(intent.id)).status).toBe("succeeded");

    const account = await mine.stripe.accounts.create({ type: "express", country: "JP" });
    const link = new URL(
      (
        await mine.stripe.accountLinks.create({
          account: account.id,
          type: "account_onboarding",
          return_url: "http://x/done",
          refresh_url: "http://x/again",
        })
      ).url,
    );
    expect((await fetch(link)).status).toBe(200);
    await call(emulator, link.pathname, {
      method: "POST",
      ...form({ ...Object.fromEntries(link.searchParams), outcome: "complete" }),
    });
    expect((await mine.stripe.accounts.retrieve(account.id)).payouts_enabled).toBe(true);
  });
});

describe("webhook endpoints and reset across platforms", () => {
  it("gives the endpoints configured at start to the default platform only", async () => {
    const hook = await receiver();
    const withHook = await start({ webhooks: [{ url: hook.url, secret: "whsec_keys_suite" }] });
    try {
      const other = await newPlatform(withHook.emulator);
      await other.stripe.customers.create({ email: "other@example.com" });
      const ours = await withHook.stripe.customers.create({ email: "ours@example.com" });
      const [received] = await hook.until((all) => all.length >= 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(hook.received).toHaveLength(1);
      expect(JSON.parse(received!.body)).toMatchObject({ type: "customer.created", data: { object: { id: ours.id } } });
      expect((await other.stripe.webhookEndpoints.list()).data).toEqual([]);
    } finally {
      await withHook.emulator.close();
      await hook.close();
    }
  });

  it("resets every platform's data, keeps the configured platforms and their endpoints, and forgets the ones made since", async () => {
    const hook = await receiver();
    const second = { secretKey: "sk_test_keys_second", publishableKey: "pk_test_keys_second" };
    const run = await start({
      webhooks: [{ url: hook.url, secret: "whsec_keys_suite" }],
      platforms: [{ secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY }, second],
    });
    try {
      const secondClient = sdk(run.emulator, second.secretKey);
      const made = await newPlatform(run.emulator);
      await run.stripe.customers.create({});
      await secondClient.customers.create({});
      await made.stripe.customers.create({});
      expect((await call(run.emulator, "/_emulator/reset", { method: "POST" })).status).toBe(200);
      expect((await run.stripe.customers.list()).data).toEqual([]);
      expect((await secondClient.customers.list()).data).toEqual([]);
      expect(await rejection(made.stripe.customers.list())).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect((await run.stripe.webhookEndpoints.list()).data.map((endpoint) => endpoint.url)).toEqual([hook.url]);
    } finally {
      await run.emulator.close();
      await hook.close();
    }
  });
});
