// Connect: connected accounts, onboarding through the emulator's page, login links, transfers and balances.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningStripeEmulator } from "../../emulators/stripe/server.ts";
import { call, form, rejection, start } from "./helpers.ts";

let emulator: RunningStripeEmulator;
let stripe: Stripe;
beforeAll(async () => ({ emulator, stripe } = await start()));
afterAll(() => emulator.close());

async function onboard(accountId: string, outcome: "complete" | "incomplete"): Promise<Response> {
  const link = await stripe.accountLinks.create({
    account: accountId, type: "account_onboarding", return_url: "http://localhost:5173/payouts/done", refresh_url: "http://localhost:5173/payouts/again",
  });
  const url = new URL(link.url);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(">Complete onboarding</button>");
  expect(html).toContain(">Leave incomplete</button>");
  return call(emulator, url.pathname, { method: "POST", ...form({ ...Object.fromEntries(url.searchParams), outcome }) });
}

async function onboardedAccount(): Promise<Stripe.Account> {
  const account = await stripe.accounts.create({ type: "express", country: "JP", email: "creator@example.com" });
  await onboard(account.id, "complete");
  return stripe.accounts.retrieve(account.id);
}

function amountIn(entries: { amount: number; currency: string }[], currency: string): number {
  return entries.find((entry) => entry.currency === currency)?.amount ?? 0;
}

describe("accounts", () => {
  it("creates an express account that cannot be paid yet, retrieves, updates, lists and deletes it", async () => {
    const account = await stripe.accounts.create({ type: "express", country: "JP", email: "a@example.com", capabilities: { transfers: { requested: true } } });
    expect(account).toMatchObject({
      object: "account", type: "express", country: "JP", default_currency: "jpy", details_submitted: false, charges_enabled: false, payouts_enabled: false,
      capabilities: { transfers: "inactive" },
    });
    expect(account.requirements?.currently_due?.length).toBeGreaterThan(0);
    expect((await stripe.accounts.retrieve(account.id)).id).toBe(account.id);
    expect((await stripe.accounts.update(account.id, { metadata: { user: "u1" } })).metadata).toEqual({ user: "u1" });
    expect((await stripe.accounts.list()).data.map((item) => item.id)).toContain(account.id);
    expect(await stripe.accounts.del(account.id)).toMatchObject({ id: account.id, deleted: true });
    expect((await rejection(stripe.accounts.retrieve(account.id))).code).toBe("resource_missing");
  });

  it("completes onboarding on the emulator page: enabled, transfers active, account.updated with previous_attributes, back to return_url", async () => {
    const account = await stripe.accounts.create({ type: "express", country: "JP" });
    const response = await onboard(account.id, "complete");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:5173/payouts/done");
    const after = await stripe.accounts.retrieve(account.id);
    expect(after).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true, capabilities: { transfers: "active" }, requirements: { currently_due: [] } });
    const events = await stripe.events.list({}, { stripeAccount: account.id });
    expect(events.data[0]).toMatchObject({ type: "account.updated", account: account.id, data: { previous_attributes: { details_submitted: false, charges_enabled: false } } });
    // A platform listing does not show connected accounts' events, as with Stripe.
    expect((await stripe.events.list({ type: "account.updated" })).data.filter((event) => event.account === account.id)).toEqual([]);
  });

  it("leaves onboarding incomplete: back to refresh_url, nothing enabled", async () => {
    const account = await stripe.accounts.create({ type: "express", country: "JP" });
    const response = await onboard(account.id, "incomplete");
    expect(response.headers.get("location")).toBe("http://localhost:5173/payouts/again");
    expect((await stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);
  });

  it("makes login links to the emulator's dashboard page once onboarded", async () => {
    const fresh = await stripe.accounts.create({ type: "express", country: "JP" });
    expect(await rejection(stripe.accounts.createLoginLink(fresh.id))).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const account = await onboardedAccount();
    const link = await stripe.accounts.createLoginLink(account.id);
    expect(link).toMatchObject({ object: "login_link", url: `${emulator.url}/_emulator/connect/dashboard/${account.id}` });
    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(account.id);
  });

  it("retrieves the account a Stripe-Account header names, or the platform's own", async () => {
    const account = await stripe.accounts.create({ type: "express", country: "JP" });
    expect((await stripe.accounts.retrieveCurrent({}, { stripeAccount: account.id })).id).toBe(account.id);
    expect((await stripe.accounts.retrieveCurrent()).charges_enabled).toBe(true);
  });
});

describe("transfers and balance", () => {
  it("refuses a transfer to an account without the transfers capability", async () => {
    const account = await stripe.accounts.create({ type: "express", country: "JP" });
    const error = await rejection(stripe.transfers.create({ amount: 100, currency: "jpy", destination: account.id }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.code).toBe("insufficient_capabilities_for_transfer");
  });

  it("keeps card funds pending, refuses a transfer beyond the available balance, and transfers once funds are available", async () => {
    await call(emulator, "/_emulator/reset", { method: "POST" });
    const account = await onboardedAccount();
    await stripe.paymentIntents.create({ amount: 10000, currency: "jpy", payment_method: "pm_card_visa", confirm: true });
    const pending = await stripe.balance.retrieve();
    expect(amountIn(pending.pending, "jpy")).toBe(10000);
    expect(amountIn(pending.available, "jpy")).toBe(0);
    const error = await rejection(stripe.transfers.create({ amount: 5000, currency: "jpy", destination: account.id }));
    expect(error.code).toBe("balance_insufficient");
    expect(error.message).toMatch(/^You have insufficient available funds in your Stripe account/);
    expect((await call(emulator, "/_emulator/balance/make_available", { method: "POST" })).status).toBe(200);
    expect(amountIn((await stripe.balance.retrieve()).available, "jpy")).toBe(10000);
    const transfer = await stripe.transfers.create({ amount: 6000, currency: "jpy", destination: account.id, transfer_group: "order_1" });
    expect(transfer).toMatchObject({ object: "transfer", amount: 6000, destination: account.id, transfer_group: "order_1", reversed: false });
    expect(amountIn((await stripe.balance.retrieve()).available, "jpy")).toBe(4000);
    expect(amountIn((await stripe.balance.retrieve({}, { stripeAccount: account.id })).available, "jpy")).toBe(6000);
    expect((await stripe.transfers.retrieve(transfer.id)).amount).toBe(6000);
    expect((await stripe.transfers.list({ destination: account.id })).data.map((item) => item.id)).toEqual([transfer.id]);
    expect((await stripe.events.list({ type: "transfer.created" })).data[0]?.data.object).toMatchObject({ id: transfer.id });
  });

  it("puts bypassPending charges straight into the available balance", async () => {
    await call(emulator, "/_emulator/reset", { method: "POST" });
    await stripe.paymentIntents.create({ amount: 7000, currency: "jpy", payment_method: "pm_card_bypassPending", confirm: true });
    const balance = await stripe.balance.retrieve();
    expect(amountIn(balance.available, "jpy")).toBe(7000);
    expect(amountIn(balance.pending, "jpy")).toBe(0);
  });

  it("transfers from a pending charge with source_transaction, up to the charge's amount", async () => {
    await call(emulator, "/_emulator/reset", { method: "POST" });
    const account = await onboardedAccount();
    const intent = await stripe.paymentIntents.create({ amount: 3000, currency: "jpy", payment_method: "pm_card_visa", confirm: true });
    const transfer = await stripe.transfers.create({ amount: 2000, currency: "jpy", destination: account.id, source_transaction: intent.latest_charge as string });
    expect(transfer.source_transaction).toBe(intent.latest_charge);
    expect(amountIn((await stripe.balance.retrieve({}, { stripeAccount: account.id })).pending, "jpy")).toBe(2000);
    const error = await rejection(stripe.transfers.create({ amount: 1001, currency: "jpy", destination: account.id, source_transaction: intent.latest_charge as string }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it("sends a destination charge's share to the connected account", async () => {
    await call(emulator, "/_emulator/reset", { method: "POST" });
    const account = await onboardedAccount();
    const intent = await stripe.paymentIntents.create({
      amount: 10000, currency: "jpy", payment_method: "pm_card_visa", confirm: true, application_fee_amount: 1036, transfer_data: { destination: account.id },
    });
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge.transfer).toMatch(/^tr_/);
    expect((await stripe.transfers.retrieve(charge.transfer as string)).amount).toBe(8964);
    expect(amountIn((await stripe.balance.retrieve({}, { stripeAccount: account.id })).pending, "jpy")).toBe(8964);
    expect(amountIn((await stripe.balance.retrieve()).pending, "jpy")).toBe(1036);
  });

  it("refuses a destination that does not exist", async () => {
    const error = await rejection(stripe.transfers.create({ amount: 100, currency: "jpy", destination: "acct_missing" }));
    expect(error).toMatchObject({ code: "resource_missing", param: "destination" });
  });
});
