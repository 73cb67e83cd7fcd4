// Payouts (`/v1/payouts`): a connected account's available balance paid to its bank, listed per account as Stripe
// lists them; what the creator wallet reads.
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningStripeEmulator } from "#emulators/stripe/server.ts";
import { call, form, rejection, start } from "./helpers.ts";

let emulator: RunningStripeEmulator;
let stripe: Stripe;
beforeAll(async () => ({ emulator, stripe } = await start()));
afterAll(() => emulator.close());

async function onboardedAccount(): Promise<Stripe.Account> {
  const account = await stripe.accounts.create({ type: "express", country: "JP" });
  const url = new URL(
    (
      await stripe.accountLinks.create({
        account: account.id,
        type: "account_onboarding",
        return_url: "http://x/done",
        refresh_url: "http://x/again",
      })
    ).url,
  );
  await call(emulator, url.pathname, {
    method: "POST",
    ...form({ ...Object.fromEntries(url.searchParams), outcome: "complete" }),
  });
  return account;
}

describe("payouts", () => {
  it("pays out a connected account's available balance, lists it for that account only, and refuses more than is available", async () => {
    const account = await onboardedAccount();
    const other = await onboardedAccount();
    const intent = await stripe.paymentIntents.create({
      amount: 5000,
      currency: "jpy",
      payment_method: "pm_card_visa",
      confirm: true,
    });
    await stripe.transfers.create({
      amount: 4000,
      currency: "jpy",
      destination: account.id,
      source_transaction: intent.latest_charge as string,
    });
    // Pending funds cannot be paid out yet.
    expect(
      (await rejection(stripe.payouts.create({ amount: 1000, currency: "jpy" }, { stripeAccount: account.id }))).code,
    ).toBe("balance_insufficient");
    await call(emulator, "/_emulator/balance/make_available", { method: "POST" });

    const payout = await stripe.payouts.create({ amount: 3000, currency: "jpy" }, { stripeAccount: account.id });
    expect(payout).toMatchObject({
      object: "payout",
      amount: 3000,
      currency: "jpy",
      status: "pending",
      type: "bank_account",
    });
    expect(payout.arrival_date).toBeGreaterThan(payout.created);
    const balance = await stripe.balance.retrieve({}, { stripeAccount: account.id });
    expect(balance.available.find((entry) => entry.currency === "jpy")?.amount).toBe(1000);
    expect((await stripe.payouts.list({}, { stripeAccount: account.id })).data.map((p) => p.id)).toEqual([payout.id]);
    expect((await stripe.payouts.retrieve(payout.id, {}, { stripeAccount: account.id })).id).toBe(payout.id);
    // Another account sees neither the payout in its list nor by id.
    expect((await stripe.payouts.list({}, { stripeAccount: other.id })).data).toEqual([]);
    expect((await rejection(stripe.payouts.retrieve(payout.id, {}, { stripeAccount: other.id }))).code).toBe(
      "resource_missing",
    );
    const event = (await stripe.events.list({ type: "payout.created" }, { stripeAccount: account.id })).data[0];
    expect(event).toMatchObject({ account: account.id, data: { object: { id: payout.id } } });
  });

  it("refuses payouts from an account that has not completed onboarding", async () => {
    const account = await stripe.accounts.create({ type: "express", country: "JP" });
    expect(
      (await rejection(stripe.payouts.create({ amount: 100, currency: "jpy" }, { stripeAccount: account.id }))).code,
    ).toBe("payouts_not_allowed");
  });
});

describe("payouts after a reset", () => {
  // The routes once kept the state they were built with, so after `/_emulator/reset` payouts read the forgotten
  // accounts and balances: a fresh account's payout failed (or an old payout was still listed).
  it("reads the state in force: a payout after /_emulator/reset uses the fresh accounts and balances", async () => {
    const before = await onboardedAccount();
    await stripe.paymentIntents.create({
      amount: 2000,
      currency: "jpy",
      payment_method: "pm_card_bypassPending",
      confirm: true,
    });
    await stripe.transfers.create({ amount: 1000, currency: "jpy", destination: before.id });
    const old = await stripe.payouts.create({ amount: 500, currency: "jpy" }, { stripeAccount: before.id });

    expect((await call(emulator, "/_emulator/reset", { method: "POST" })).status).toBe(200);
    const account = await onboardedAccount();
    await stripe.paymentIntents.create({
      amount: 3000,
      currency: "jpy",
      payment_method: "pm_card_bypassPending",
      confirm: true,
    });
    await stripe.transfers.create({ amount: 2000, currency: "jpy", destination: account.id });
    const payout = await stripe.payouts.create({ amount: 1500, currency: "jpy" }, { stripeAccount: account.id });
    expect(payout).toMatchObject({ amount: 1500, status: "pending" });
    expect((await stripe.payouts.list({}, { stripeAccount: account.id })).data.map((p) => p.id)).toEqual([payout.id]);
    expect((await rejection(stripe.payouts.retrieve(old.id, {}, { stripeAccount: account.id }))).code).toBe(
      "resource_missing",
    );
  });
});
