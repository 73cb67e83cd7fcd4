// The contract check (emulators/stripe/contract.ts): every request the main flows send with the real SDK, every
// answer and every event the emulator produces, held against Stripe's own OpenAPI description (2024-04-10) plus the
// pinned API version's listed differences. First the check itself (it must catch what it claims to), then the flows.
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exchangeViolations, schemaProblems, type ContractExchange } from "#emulators/stripe/contract.ts";
import { ContractLog } from "#emulators/stripe/contract-recorder.ts";
import type { RunningStripeEmulator } from "#emulators/stripe/server.ts";
import { call, form, rejection, start } from "./helpers.ts";

const RETURN_URL = "http://localhost:5173/back";

function exchange(overrides: Partial<ContractExchange>): ContractExchange {
  return { method: "GET", path: "/v1/customers/cus_1", params: {}, status: 200, body: null, events: [], ...overrides };
}

const customer = {
  id: "cus_1",
  object: "customer",
  address: null,
  balance: 0,
  created: 1,
  currency: null,
  default_source: null,
  delinquent: false,
  description: null,
  discount: null,
  email: null,
  invoice_prefix: "ABC",
  invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
  livemode: false,
  metadata: {},
  name: null,
  next_invoice_sequence: 1,
  phone: null,
  preferred_locales: [],
  shipping: null,
  tax_exempt: "none",
  test_clock: null,
};

describe("the check itself", () => {
  const asCustomer = (body: object) => schemaProblems(body, { $ref: "#/components/schemas/customer" }, "customer");

  it("accepts a customer shaped as Stripe describes it", () => {
    expect(asCustomer(customer)).toEqual([]);
  });

  it("finds a field Stripe does not describe, a missing required field, a wrong type, a null Stripe forbids and a value outside an enum", () => {
    const { livemode: _livemode, ...withoutLivemode } = customer;
    expect(asCustomer({ ...customer, loyalty_points: 3 })).toEqual([
      { path: "customer.loyalty_points", problem: expect.stringContaining("does not have") },
    ]);
    expect(asCustomer(withoutLivemode)).toEqual([
      { path: "customer.livemode", problem: "a field customer requires is missing" },
    ]);
    expect(asCustomer({ ...customer, balance: "0" })).toEqual([
      { path: "customer.balance", problem: "is a string, not a integer" },
    ]);
    expect(asCustomer({ ...customer, created: null })[0]).toMatchObject({
      path: "customer.created",
      problem: expect.stringContaining("null"),
    });
    expect(asCustomer({ ...customer, tax_exempt: "sometimes" })[0]).toMatchObject({
      path: "customer.tax_exempt",
      problem: expect.stringContaining("not one of"),
    });
    // A nested object is as closed as the top: Stripe describes each one's fields.
    expect(
      asCustomer({ ...customer, invoice_settings: { ...customer.invoice_settings, colour: "red" } })[0],
    ).toMatchObject({ path: "customer.invoice_settings.colour" });
  });

  it("takes metadata as an open map of strings, and an expandable id as its id or its expanded object", () => {
    expect(asCustomer({ ...customer, metadata: { anything: "goes" } })).toEqual([]);
    expect(asCustomer({ ...customer, metadata: { count: 3 } })[0]).toMatchObject({ path: "customer.metadata.count" });
    const withDefault = (value: unknown) =>
      asCustomer({ ...customer, invoice_settings: { ...customer.invoice_settings, default_payment_method: value } });
    expect(withDefault("pm_1")).toEqual([]);
    expect(withDefault({ id: "pm_1", object: "payment_method" })[0]?.path).toMatch(
      /^customer\.invoice_settings\.default_payment_method\./,
    );
  });

  it("reports a request parameter Stripe does not know, an answer off its schema, an error body and an event", () => {
    const violations = exchangeViolations(
      exchange({
        method: "POST",
        path: "/v1/customers",
        params: { nickname: "x" },
        body: { ...customer, mood: "happy" },
        events: [
          {
            id: "evt_1",
            object: "event",
            api_version: "x",
            created: 1,
            data: { object: { ...customer, mood: "happy" } },
            livemode: false,
            pending_webhooks: 0,
            request: { id: null, idempotency_key: null },
            type: "customer.created",
          } as unknown as Stripe.Event,
        ],
      }),
    );
    expect(violations).toEqual(
      expect.arrayContaining([
        {
          where: "POST /v1/customers → 200",
          path: "nickname",
          problem: "request: Received unknown parameter: nickname",
        },
        { where: "POST /v1/customers → 200", path: "customer.mood", problem: expect.any(String) },
        { where: "event customer.created", path: "event.data.object.mood", problem: expect.any(String) },
      ]),
    );
    const error = exchangeViolations(
      exchange({
        status: 404,
        body: { error: { type: "invalid_request_error", message: "No such customer", colour: "red" } },
      }),
    );
    expect(error).toEqual([
      { where: "GET /v1/customers/{customer} → 404", path: "error.error.colour", problem: expect.any(String) },
    ]);
  });

  it("leaves emulator-only routes alone and takes what the pinned API version added", () => {
    expect(
      exchangeViolations(
        exchange({ method: "POST", path: "/_emulator/reset", params: { anything: "1" }, body: { reset: true } }),
      ),
    ).toEqual([]);
    const pinned = exchangeViolations(
      exchange({
        method: "POST",
        path: "/v1/payment_intents",
        params: { amount: "100", currency: "usd", allowed_payment_method_types: ["card"] },
        status: 400,
        body: { error: { type: "invalid_request_error", message: "x" } },
      }),
    );
    expect(pinned).toEqual([]);
  });
});

describe("the main flows, with the real SDK", () => {
  const log = new ContractLog();
  let emulator: RunningStripeEmulator;
  let stripe: Stripe;
  beforeAll(async () => ({ emulator, stripe } = await start({ contract: log.record })));
  afterAll(() => emulator.close());

  async function passChallenge(url: string, outcome: "succeed" | "fail"): Promise<void> {
    const page = new URL(url);
    const response = await call(emulator, page.pathname, {
      method: "POST",
      ...form({ client_secret: page.searchParams.get("client_secret")!, outcome }),
    });
    expect([200, 303]).toContain(response.status);
  }

  async function onboardedAccount(): Promise<Stripe.Account> {
    const account = await stripe.accounts.create({
      type: "express",
      country: "JP",
      email: "creator@example.com",
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { user: "u1" },
    });
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: "account_onboarding",
      return_url: RETURN_URL,
      refresh_url: RETURN_URL,
    });
    const url = new URL(link.url);
    await call(emulator, url.pathname, {
      method: "POST",
      ...form({ ...Object.fromEntries(url.searchParams), outcome: "complete" }),
    });
    return stripe.accounts.retrieve(account.id);
  }

  it("customers and payment methods", async () => {
    const created = await stripe.customers.create({
      email: "buyer@example.com",
      name: "Buyer",
      metadata: { userAccountId: "u1" },
    });
    await stripe.customers.retrieve(created.id);
    await stripe.customers.update(created.id, { description: "a buyer", metadata: { tier: "gold" } });
    await stripe.customers.list({ limit: 3, email: "buyer@example.com" });
    const method = await stripe.paymentMethods.create({
      type: "card",
      card: { number: "4242424242424242", exp_month: 12, exp_year: 2040, cvc: "123" },
      billing_details: { name: "Buyer" },
    } as Stripe.PaymentMethodCreateParams);
    await stripe.paymentMethods.attach(method.id, { customer: created.id });
    await stripe.customers.update(created.id, { invoice_settings: { default_payment_method: method.id } });
    await stripe.customers.retrieve(created.id, { expand: ["invoice_settings.default_payment_method"] });
    await stripe.paymentMethods.update(method.id, { metadata: { label: "main" } });
    await stripe.paymentMethods.retrieve(method.id);
    await stripe.paymentMethods.list({ customer: created.id, type: "card" });
    await stripe.customers.listPaymentMethods(created.id);
    await stripe.paymentMethods.detach(method.id);
    await rejection(stripe.paymentMethods.retrieve("pm_missing"));
    await stripe.customers.del(created.id);
    await stripe.customers.retrieve(created.id);
  });

  it("setup intents: saved, with 3-D Secure, declined and canceled", async () => {
    const buyer = await stripe.customers.create({});
    const saved = await stripe.setupIntents.create({
      customer: buyer.id,
      usage: "off_session",
      allowed_payment_method_types: ["card"],
      metadata: { userAccountId: "u1" },
    });
    await stripe.setupIntents.confirm(saved.id, { payment_method: "pm_card_visa" });
    await stripe.setupIntents.retrieve(saved.id, { expand: ["payment_method"] });
    const challenged = await stripe.setupIntents.create({
      customer: buyer.id,
      payment_method: "pm_card_authenticationRequiredOnSetup",
      confirm: true,
      return_url: RETURN_URL,
    });
    expect(challenged.status).toBe("requires_action");
    await passChallenge(challenged.next_action!.redirect_to_url!.url!, "succeed");
    await stripe.setupIntents.retrieve(challenged.id);
    await rejection(
      stripe.setupIntents.create({ customer: buyer.id, payment_method: "pm_card_chargeDeclined", confirm: true }),
    );
    const abandoned = await stripe.setupIntents.create({ customer: buyer.id });
    await stripe.setupIntents.update(abandoned.id, { metadata: { step: "2" } });
    await stripe.setupIntents.cancel(abandoned.id, { cancellation_reason: "abandoned" });
    await stripe.setupIntents.list({ customer: buyer.id, limit: 10 });
  });

  it("payment intents: paid, held and captured, 3-D Secure passed and failed, declined, off-session, canceled; charges and refunds", async () => {
    const buyer = await stripe.customers.create({});
    const paid = await stripe.paymentIntents.create({
      amount: 2000,
      currency: "jpy",
      customer: buyer.id,
      payment_method: "pm_card_visa",
      confirm: true,
      allowed_payment_method_types: ["card"],
      metadata: { orderId: "o1" },
    });
    await stripe.paymentIntents.retrieve(paid.id, { expand: ["latest_charge", "payment_method", "customer"] });
    const held = await stripe.paymentIntents.create({
      amount: 3000,
      currency: "usd",
      payment_method: "pm_card_mastercard",
      confirm: true,
      capture_method: "manual",
    });
    await stripe.paymentIntents.capture(held.id, { amount_to_capture: 2500 });
    const staged = await stripe.paymentIntents.create({
      amount: 1000,
      currency: "jpy",
      customer: buyer.id,
      allowed_payment_method_types: ["card"],
      metadata: { orderId: "o2" },
    });
    await stripe.paymentIntents.update(staged.id, { amount: 1200, description: "order o2" });
    const challenged = await stripe.paymentIntents.confirm(staged.id, {
      payment_method: "pm_card_authenticationRequired",
      return_url: RETURN_URL,
    });
    expect(challenged.status).toBe("requires_action");
    await passChallenge(challenged.next_action!.redirect_to_url!.url!, "fail");
    const retried = await stripe.paymentIntents.confirm(staged.id, {
      payment_method: "pm_card_threeDSecure2Required",
      return_url: RETURN_URL,
    });
    await passChallenge(retried.next_action!.redirect_to_url!.url!, "succeed");
    await stripe.paymentIntents.retrieve(staged.id);
    await rejection(
      stripe.paymentIntents.create({
        amount: 1500,
        currency: "jpy",
        payment_method: "pm_card_chargeDeclinedInsufficientFunds",
        confirm: true,
      }),
    );
    const saved = await stripe.setupIntents.create({
      customer: buyer.id,
      payment_method: "pm_card_authenticationRequired",
      confirm: true,
      usage: "off_session",
      return_url: RETURN_URL,
    });
    await passChallenge(saved.next_action!.redirect_to_url!.url!, "succeed");
    await rejection(
      stripe.paymentIntents.create({
        amount: 1500,
        currency: "jpy",
        customer: buyer.id,
        payment_method: saved.payment_method as string,
        confirm: true,
        off_session: true,
      }),
    );
    const voided = await stripe.paymentIntents.create({ amount: 800, currency: "jpy" });
    await stripe.paymentIntents.cancel(voided.id, { cancellation_reason: "requested_by_customer" });
    await stripe.paymentIntents.list({ customer: buyer.id, limit: 5 });
    await stripe.charges.retrieve(paid.latest_charge as string);
    await stripe.charges.list({ payment_intent: paid.id, limit: 100 });
    const partial = await stripe.refunds.create({
      payment_intent: paid.id,
      amount: 500,
      reason: "requested_by_customer",
      metadata: { orderId: "o1" },
    });
    await stripe.refunds.create({ charge: paid.latest_charge as string });
    await stripe.refunds.retrieve(partial.id);
    await stripe.refunds.list({ payment_intent: paid.id });
    await rejection(stripe.refunds.create({ payment_intent: paid.id }));
  });

  it("Connect: accounts, links, transfers, payouts and balances", async () => {
    const account = await onboardedAccount();
    await stripe.accounts.update(account.id, { metadata: { tier: "pro" } });
    await stripe.accounts.list({ limit: 5 });
    await stripe.accounts.createLoginLink(account.id);
    await stripe.accounts.retrieveCurrent({}, { stripeAccount: account.id });
    const charge = await stripe.paymentIntents.create({
      amount: 5000,
      currency: "jpy",
      payment_method: "pm_card_visa",
      confirm: true,
    });
    const transfer = await stripe.transfers.create({
      amount: 4000,
      currency: "jpy",
      destination: account.id,
      source_transaction: charge.latest_charge as string,
      transfer_group: "order-o1",
      metadata: { orderId: "o1" },
    });
    await stripe.transfers.retrieve(transfer.id);
    await stripe.transfers.list({ destination: account.id });
    await stripe.paymentIntents.create({
      amount: 3000,
      currency: "jpy",
      payment_method: "pm_card_visa",
      confirm: true,
      transfer_data: { destination: account.id },
      application_fee_amount: 300,
    });
    await call(emulator, "/_emulator/balance/make_available", { method: "POST" });
    await stripe.balance.retrieve();
    await stripe.balance.retrieve({}, { stripeAccount: account.id });
    const payout = await stripe.payouts.create({ amount: 1000, currency: "jpy" }, { stripeAccount: account.id });
    await stripe.payouts.retrieve(payout.id, {}, { stripeAccount: account.id });
    await stripe.payouts.list({ limit: 10 }, { stripeAccount: account.id });
    const gone = await stripe.accounts.create({ type: "express", country: "JP" });
    await stripe.accounts.del(gone.id);
  });

  it("events and webhook endpoints", async () => {
    const endpoint = await stripe.webhookEndpoints.create({
      url: "http://127.0.0.1:9/hook",
      enabled_events: ["payment_intent.succeeded"],
      description: "orders",
    });
    await stripe.webhookEndpoints.retrieve(endpoint.id);
    await stripe.webhookEndpoints.update(endpoint.id, { disabled: true, metadata: { owner: "ops" } });
    await stripe.webhookEndpoints.list();
    await stripe.webhookEndpoints.del(endpoint.id);
    const events = await stripe.events.list({ limit: 100 });
    await stripe.events.list({ type: "payment_intent.*" });
    await stripe.events.retrieve(events.data[0]!.id);
  });

  it("disputes: each test card's, evidence staged and submitted, won, lost, accepted; early fraud warnings", async () => {
    const disputeOf = async (paymentMethod: string): Promise<Stripe.Dispute> => {
      const intent = await stripe.paymentIntents.create({
        amount: 4200,
        currency: "jpy",
        payment_method: paymentMethod,
        confirm: true,
      });
      for (let tries = 0; tries < 100; tries++) {
        const [dispute] = (await stripe.disputes.list({ payment_intent: intent.id })).data;
        if (dispute) return dispute;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no dispute on ${intent.id}`);
    };
    const settled = async (id: string, status: string): Promise<void> => {
      for (let tries = 0; tries < 100; tries++) {
        if ((await stripe.disputes.retrieve(id)).status === status) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`dispute ${id} never became ${status}`);
    };
    const won = await disputeOf("pm_card_createDispute");
    await stripe.disputes.update(won.id, {
      evidence: { product_description: "An illustration", customer_email_address: "buyer@example.com" },
      metadata: { chargeback: "cb_1" },
      submit: false,
    });
    await stripe.disputes.update(won.id, { evidence: { uncategorized_text: "winning_evidence" }, submit: true });
    await settled(won.id, "won");
    await stripe.disputes.retrieve(won.id, { expand: ["charge", "payment_intent"] });
    const lost = await disputeOf("pm_card_createDisputeProductNotReceived");
    await stripe.disputes.update(lost.id, { evidence: { uncategorized_text: "losing_evidence" } });
    await settled(lost.id, "lost");
    const inquiry = await disputeOf("pm_card_createDisputeInquiry");
    await stripe.disputes.close(inquiry.id);
    await rejection(stripe.disputes.close(inquiry.id));
    await rejection(stripe.disputes.retrieve("du_missing"));
    await stripe.disputes.list({ limit: 2 });
    await stripe.disputes.list({ charge: won.charge as string });
    const warned = await stripe.paymentIntents.create({
      amount: 4200,
      currency: "jpy",
      payment_method: "pm_card_createIssuerFraudRecord",
      confirm: true,
    });
    for (let tries = 0; tries < 100; tries++) {
      const { data } = await stripe.radar.earlyFraudWarnings.list({ payment_intent: warned.id });
      if (data[0]) {
        await stripe.radar.earlyFraudWarnings.retrieve(data[0].id);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it("every request was one Stripe knows, and every answer and event is shaped as Stripe describes it", () => {
    expect(log.exchanges).toBeGreaterThan(75);
    expect(log.events).toBeGreaterThan(60);
    // Every call the emulator serves was made at least once.
    expect([...log.operations].sort()).toEqual(
      expect.arrayContaining([
        "DELETE /v1/accounts/{account}",
        "DELETE /v1/customers/{customer}",
        "DELETE /v1/webhook_endpoints/{webhook_endpoint}",
        "GET /v1/account",
        "GET /v1/accounts",
        "GET /v1/accounts/{account}",
        "GET /v1/balance",
        "GET /v1/charges",
        "GET /v1/charges/{charge}",
        "GET /v1/customers",
        "GET /v1/customers/{customer}",
        "GET /v1/customers/{customer}/payment_methods",
        "GET /v1/disputes",
        "GET /v1/disputes/{dispute}",
        "GET /v1/events",
        "GET /v1/events/{id}",
        "GET /v1/payment_intents",
        "GET /v1/payment_intents/{intent}",
        "GET /v1/payment_methods",
        "GET /v1/payment_methods/{payment_method}",
        "GET /v1/payouts",
        "GET /v1/payouts/{payout}",
        "GET /v1/radar/early_fraud_warnings",
        "GET /v1/radar/early_fraud_warnings/{early_fraud_warning}",
        "GET /v1/refunds",
        "GET /v1/refunds/{refund}",
        "GET /v1/setup_intents",
        "GET /v1/setup_intents/{intent}",
        "GET /v1/transfers",
        "GET /v1/transfers/{transfer}",
        "GET /v1/webhook_endpoints",
        "GET /v1/webhook_endpoints/{webhook_endpoint}",
        "POST /v1/account_links",
        "POST /v1/accounts",
        "POST /v1/accounts/{account}",
        "POST /v1/accounts/{account}/login_links",
        "POST /v1/customers",
        "POST /v1/customers/{customer}",
        "POST /v1/disputes/{dispute}",
        "POST /v1/disputes/{dispute}/close",
        "POST /v1/payment_intents",
        "POST /v1/payment_intents/{intent}",
        "POST /v1/payment_intents/{intent}/cancel",
        "POST /v1/payment_intents/{intent}/capture",
        "POST /v1/payment_intents/{intent}/confirm",
        "POST /v1/payment_methods",
        "POST /v1/payment_methods/{payment_method}",
        "POST /v1/payment_methods/{payment_method}/attach",
        "POST /v1/payment_methods/{payment_method}/detach",
        "POST /v1/payouts",
        "POST /v1/refunds",
        "POST /v1/setup_intents",
        "POST /v1/setup_intents/{intent}",
        "POST /v1/setup_intents/{intent}/cancel",
        "POST /v1/setup_intents/{intent}/confirm",
        "POST /v1/transfers",
        "POST /v1/webhook_endpoints",
        "POST /v1/webhook_endpoints/{webhook_endpoint}",
      ]),
    );
    expect(log.describe()).toBe("");
  });
});
