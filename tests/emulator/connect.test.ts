// Connect: connected accounts, onboarding through the emulator's page, login links, transfers and balances.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningStripeEmulator } from "#emulators/stripe/server.ts";
import { onboardingState } from "#worker/orders/domain/payouts.ts";
import { call, form, newPlatform, receiver, rejection, start } from "./helpers.ts";

let emulator: RunningStripeEmulator;
let stripe: Stripe;
beforeAll(async () => ({ emulator, stripe } = await start()));
afterAll(() => emulator.close());

type PageOutcome = "complete" | "requirements_due" | "review" | "incomplete";

async function onboard(accountId: string, outcome: PageOutcome, on = { emulator, stripe }): Promise<Response> {
  const { emulator, stripe } = on;
  const link = await stripe.accountLinks.create({
    account: accountId,
    type: "account_onboarding",
    return_url: "http://localhost:5173/payouts/done",
    refresh_url: "http://localhost:5173/payouts/again",
  });
  const url = new URL(link.url);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(">Complete onboarding</button>");
  expect(html).toContain(">Leave incomplete</button>");
  return call(emulator, url.pathname, {
    method: "POST",
    ...form({ ...Object.fromEntries(url.searchParams), outcome }),
  });
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
    const account = await stripe.accounts.create({
      type: "express",
      country: "JP",
      email: "a@example.com",
      capabilities: { transfers: { requested: true } },
    });
    expect(account).toMatchObject({
      object: "account",
      type: "express",
      country: "JP",
      default_currency: "jpy",
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { transfers: "inactive" },
    });
    expect(account.requirements?.currently_due?.length).toBeGreaterThan(0);
    expect((await stripe.accounts.retrieve(account.id)).id).toBe(account.id);
    expect((await stripe.accounts.update(account.id, { metadata: { user: "u1" } })).metadata).toEqual({ user: "u1" });
    expect((await stripe.accounts.list()).data.map((item) => item.id)).toContain(account.id);
    expect(await stripe.accounts.del(account.id)).toMatchObject({ id: account.id, deleted: true });
    // Stripe answers a deleted account with 403 account_invalid, not 404 (the "accounts out of reach" tests below).
    expect((await rejection(stripe.accounts.retrieve(account.id))).code).toBe("account_invalid");
  });

  it("completes onboarding on the emulator page: submitted, then verified (at once here), each step an account.updated; back to return_url", async () => {
    const account = await stripe.accounts.create({ type: "express", country: "JP" });
    const response = await onboard(account.id, "complete");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:5173/payouts/done");
    const after = await stripe.accounts.retrieve(account.id);
    expect(after).toMatchObject({
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      capabilities: { transfers: "active" },
      requirements: { currently_due: [] },
    });
    const updates = (
      await stripe.events.list({ type: "account.updated" }, { stripeAccount: account.id })
    ).data.reverse();
    expect(updates.map((event) => event.data.previous_attributes)).toMatchObject([
      { details_submitted: false },
      { charges_enabled: false, payouts_enabled: false },
    ]);
    expect(updates.every((event) => event.account === account.id)).toBe(true);
    // A platform listing does not show connected accounts' events, as with Stripe.
    expect(
      (await stripe.events.list({ type: "account.updated" })).data.filter((event) => event.account === account.id),
    ).toEqual([]);
  });

  it("leaves onboarding incomplete: back to refresh_url, nothing enabled", async () => {
    const account = await stripe.accounts.create({ type: "express", country: "JP" });
    const response = await onboard(account.id, "incomplete");
    expect(response.headers.get("location")).toBe("http://localhost:5173/payouts/again");
    expect((await stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);
  });

  it("makes login links to the emulator's dashboard page once onboarded", async () => {
    const fresh = await stripe.accounts.create({ type: "express", country: "JP" });
    expect(await rejection(stripe.accounts.createLoginLink(fresh.id))).toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    const account = await onboardedAccount();
    const link = await stripe.accounts.createLoginLink(account.id);
    expect(link).toMatchObject({
      object: "login_link",
      url: `${emulator.url}/_emulator/connect/dashboard/${account.id}`,
    });
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
    await stripe.paymentIntents.create({
      amount: 10000,
      currency: "jpy",
      payment_method: "pm_card_visa",
      confirm: true,
    });
    const pending = await stripe.balance.retrieve();
    // The charge's net: ¥10,000 less Stripe Japan's 3.6% card fee (settlement.ts, decision 050).
    expect(amountIn(pending.pending, "jpy")).toBe(9640);
    expect(amountIn(pending.available, "jpy")).toBe(0);
    const error = await rejection(stripe.transfers.create({ amount: 5000, currency: "jpy", destination: account.id }));
    expect(error.code).toBe("balance_insufficient");
    expect(error.message).toMatch(/^You have insufficient available funds in your Stripe account/);
    expect((await call(emulator, "/_emulator/balance/make_available", { method: "POST" })).status).toBe(200);
    expect(amountIn((await stripe.balance.retrieve()).available, "jpy")).toBe(9640);
    const transfer = await stripe.transfers.create({
      amount: 6000,
      currency: "jpy",
      destination: account.id,
      transfer_group: "order_1",
    });
    expect(transfer).toMatchObject({
      object: "transfer",
      amount: 6000,
      destination: account.id,
      transfer_group: "order_1",
      reversed: false,
    });
    expect(amountIn((await stripe.balance.retrieve()).available, "jpy")).toBe(3640);
    expect(amountIn((await stripe.balance.retrieve({}, { stripeAccount: account.id })).available, "jpy")).toBe(6000);
    expect((await stripe.transfers.retrieve(transfer.id)).amount).toBe(6000);
    expect((await stripe.transfers.list({ destination: account.id })).data.map((item) => item.id)).toEqual([
      transfer.id,
    ]);
    expect((await stripe.events.list({ type: "transfer.created" })).data[0]?.data.object).toMatchObject({
      id: transfer.id,
    });
  });

  it("puts bypassPending charges straight into the available balance", async () => {
    await call(emulator, "/_emulator/reset", { method: "POST" });
    await stripe.paymentIntents.create({
      amount: 7000,
      currency: "jpy",
      payment_method: "pm_card_bypassPending",
      confirm: true,
    });
    const balance = await stripe.balance.retrieve();
    expect(amountIn(balance.available, "jpy")).toBe(6748);
    expect(amountIn(balance.pending, "jpy")).toBe(0);
  });

  it("transfers from a pending charge with source_transaction, up to the charge's net (¥3,000 less the ¥108 fee)", async () => {
    await call(emulator, "/_emulator/reset", { method: "POST" });
    const account = await onboardedAccount();
    const intent = await stripe.paymentIntents.create({
      amount: 3000,
      currency: "jpy",
      payment_method: "pm_card_visa",
      confirm: true,
    });
    const transfer = await stripe.transfers.create({
      amount: 2000,
      currency: "jpy",
      destination: account.id,
      source_transaction: intent.latest_charge as string,
    });
    expect(transfer.source_transaction).toBe(intent.latest_charge);
    expect(amountIn((await stripe.balance.retrieve({}, { stripeAccount: account.id })).pending, "jpy")).toBe(2000);
    const error = await rejection(
      stripe.transfers.create({
        amount: 1001,
        currency: "jpy",
        destination: account.id,
        source_transaction: intent.latest_charge as string,
      }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it("sends a destination charge's share to the connected account", async () => {
    await call(emulator, "/_emulator/reset", { method: "POST" });
    const account = await onboardedAccount();
    const intent = await stripe.paymentIntents.create({
      amount: 10000,
      currency: "jpy",
      payment_method: "pm_card_visa",
      confirm: true,
      application_fee_amount: 1036,
      transfer_data: { destination: account.id },
    });
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge.transfer).toMatch(/^tr_/);
    expect((await stripe.transfers.retrieve(charge.transfer as string)).amount).toBe(8964);
    expect(amountIn((await stripe.balance.retrieve({}, { stripeAccount: account.id })).pending, "jpy")).toBe(8964);
    // The platform pays Stripe's fee on a destination charge: ¥1,036 kept, less ¥360.
    expect(amountIn((await stripe.balance.retrieve()).pending, "jpy")).toBe(676);
  });

  it("refuses a destination that does not exist", async () => {
    const error = await rejection(
      stripe.transfers.create({ amount: 100, currency: "jpy", destination: "acct_missing" }),
    );
    expect(error).toMatchObject({ code: "resource_missing", param: "destination" });
  });
});

describe("onboarding over time", () => {
  const DOCUMENT = "individual.verification.document";
  const eventsOf = async (accountId: string, client = stripe) =>
    (await client.events.list({ limit: 100 }, { stripeAccount: accountId })).data.reverse();
  const control = (path: string, values: Record<string, string> = {}) =>
    call(emulator, path, { method: "POST", ...form(values) });

  it("a submission is in review (pending_verification, nothing enabled) until verification answers; every step emits account.updated and capability.updated", async () => {
    const account = await stripe.accounts.create({
      type: "express",
      country: "JP",
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    });
    expect((await onboard(account.id, "review")).headers.get("location")).toBe("http://localhost:5173/payouts/done");
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      details_submitted: true,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { card_payments: "pending", transfers: "pending" },
      requirements: {
        currently_due: [],
        past_due: [],
        pending_verification: [DOCUMENT],
        disabled_reason: "requirements.pending_verification",
      },
    });
    const submitted = await eventsOf(account.id);
    expect(submitted.map((event) => event.type)).toEqual([
      "capability.updated",
      "capability.updated",
      "account.updated",
    ]);
    expect(submitted[0]).toMatchObject({
      account: account.id,
      request: { id: null },
      data: {
        object: { object: "capability", account: account.id, status: "pending" },
        previous_attributes: { status: "inactive" },
      },
    });

    const verified = await control(`/_emulator/connect/accounts/${account.id}/verify`);
    expect(verified.status).toBe(200);
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      charges_enabled: true,
      payouts_enabled: true,
      capabilities: { card_payments: "active", transfers: "active" },
      requirements: { currently_due: [], pending_verification: [], disabled_reason: null },
    });
    const later = (await eventsOf(account.id)).slice(submitted.length);
    expect(later.map((event) => [event.type, (event.data.object as { status?: string }).status ?? null])).toEqual([
      ["capability.updated", "active"],
      ["capability.updated", "active"],
      ["account.updated", null],
    ]);
    expect(later[2]!.data.previous_attributes).toMatchObject({ charges_enabled: false, payouts_enabled: false });
  });

  it("verification can ask for more: requirements due (currently_due, past_due, an error), disabled; submitting again makes it ready", async () => {
    const account = await stripe.accounts.create({ type: "express", country: "JP" });
    await onboard(account.id, "requirements_due");
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      details_submitted: true,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { transfers: "inactive" },
      requirements: {
        currently_due: [DOCUMENT],
        past_due: [DOCUMENT],
        pending_verification: [],
        disabled_reason: "requirements.past_due",
        errors: [{ requirement: DOCUMENT, code: "verification_document_failed_other" }],
      },
    });
    await onboard(account.id, "complete");
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      payouts_enabled: true,
      requirements: { currently_due: [], past_due: [], errors: [] },
    });
  });

  it("requirements come due later: past due disables the account, currently due keeps it enabled until a deadline", async () => {
    const account = await onboardedAccount();
    expect(
      (
        await control(`/_emulator/connect/accounts/${account.id}/require`, {
          "fields[0]": "business_profile.url",
          past_due: "false",
        })
      ).status,
    ).toBe(200);
    const warned = await stripe.accounts.retrieve(account.id);
    expect(warned).toMatchObject({
      payouts_enabled: true,
      capabilities: { transfers: "active" },
      requirements: { currently_due: ["business_profile.url"], past_due: [], disabled_reason: null },
    });
    expect(warned.requirements!.current_deadline).toBeGreaterThan(Date.now() / 1000);

    const before = (await eventsOf(account.id)).length;
    await control(`/_emulator/connect/accounts/${account.id}/require`);
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { transfers: "inactive" },
      requirements: { currently_due: [DOCUMENT], past_due: [DOCUMENT], disabled_reason: "requirements.past_due" },
    });
    expect((await eventsOf(account.id)).slice(before).map((event) => event.type)).toContain("capability.updated");
  });

  it("changes nothing when a finished onboarding is submitted again (racing completions make no events)", async () => {
    const account = await onboardedAccount();
    const before = (await eventsOf(account.id)).length;
    await Promise.all([1, 2, 3].map(() => onboard(account.id, "complete")));
    expect(await eventsOf(account.id)).toHaveLength(before);
  });

  it("reaches each state the creator wallet shows (worker/orders/domain/payouts.ts), read as worker/payments/connect.ts reads an account", async () => {
    const walletState = async (accountId: string) => {
      const account = await stripe.accounts.retrieve(accountId);
      const requirementsDue = [
        ...(account.requirements?.past_due ?? []),
        ...(account.requirements?.currently_due ?? []),
      ];
      return onboardingState({
        connected: true,
        detailsSubmitted: account.details_submitted,
        chargesEnabled: account.charges_enabled,
        payoutsEnabled: account.payouts_enabled,
        requirementsDue,
      });
    };
    const account = await stripe.accounts.create({ type: "express", country: "JP" });
    expect(await walletState(account.id)).toBe("incomplete");
    await onboard(account.id, "review");
    expect(await walletState(account.id)).toBe("in_review");
    await control(`/_emulator/connect/accounts/${account.id}/verify`, { outcome: "requirements_due" });
    expect(await walletState(account.id)).toBe("requirements_due");
    await onboard(account.id, "complete");
    expect(await walletState(account.id)).toBe("ready");
    await control(`/_emulator/connect/accounts/${account.id}/require`, { past_due: "false" });
    expect(await walletState(account.id)).toBe("requirements_due");
  });

  it("refuses to verify an account that has not submitted (409), and answers 404 for an unknown one", async () => {
    const account = await stripe.accounts.create({ type: "express", country: "JP" });
    expect((await control(`/_emulator/connect/accounts/${account.id}/verify`)).status).toBe(409);
    expect((await control(`/_emulator/connect/accounts/${account.id}/require`)).status).toBe(409);
    expect((await control("/_emulator/connect/accounts/acct_missing/verify")).status).toBe(404);
  });

  it("with a verification delay: in review on the way back, ready later, the late events delivered to the Connect endpoint", async () => {
    const hook = await receiver();
    const slow = await start({
      accountVerificationDelayMs: 150,
      webhooks: [{ url: hook.url, secret: "whsec_connect_suite", connect: true }],
    });
    try {
      const account = await slow.stripe.accounts.create({ type: "express", country: "JP" });
      await onboard(account.id, "complete", slow);
      expect(await slow.stripe.accounts.retrieve(account.id)).toMatchObject({
        details_submitted: true,
        payouts_enabled: false,
        requirements: { pending_verification: [DOCUMENT] },
      });
      await hook.until(
        (all) => all.filter((entry) => (JSON.parse(entry.body) as Stripe.Event).type === "account.updated").length >= 2,
        3000,
      );
      expect(await slow.stripe.accounts.retrieve(account.id)).toMatchObject({
        charges_enabled: true,
        payouts_enabled: true,
        requirements: { pending_verification: [] },
      });
      const delivered = hook.received.map((entry) => JSON.parse(entry.body) as Stripe.Event);
      expect(delivered.every((event) => event.account === account.id)).toBe(true);
      expect(delivered.map((event) => event.type)).toEqual([
        "capability.updated",
        "capability.updated",
        "account.updated",
        "capability.updated",
        "capability.updated",
        "account.updated",
      ]);
    } finally {
      await slow.emulator.close();
      await hook.close();
    }
  });

  it("a reset cancels a verification still waiting: it never fires, nothing more is delivered", async () => {
    const hook = await receiver();
    const slow = await start({
      accountVerificationDelayMs: 100,
      webhooks: [{ url: hook.url, secret: "whsec_connect_suite", connect: true }],
    });
    try {
      const account = await slow.stripe.accounts.create({ type: "express", country: "JP" });
      await onboard(account.id, "complete", slow);
      await hook.until((all) => all.length >= 3);
      await call(slow.emulator, "/_emulator/reset", { method: "POST" });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(hook.types()).toEqual(["capability.updated", "capability.updated", "account.updated"]);
    } finally {
      await slow.emulator.close();
      await hook.close();
    }
  });
});

describe("accounts out of reach", () => {
  // Stripe answers an account the key cannot reach (deleted, another platform's, never made) with 403
  // `account_invalid`, the SDK's StripePermissionError; a transfer to one is refused as "No such destination".
  const OUT_OF_REACH =
    /^The provided key 'sk_test_\*+\w{4}' does not have access to account 'acct_\w+' \(or that account does not exist\)\. Application access may have been revoked\.$/;

  async function expectOutOfReach(client: Stripe, accountId: string): Promise<void> {
    const calls = [
      client.accounts.retrieve(accountId),
      client.accounts.update(accountId, { metadata: { note: "x" } }),
      client.accountLinks.create({
        account: accountId,
        type: "account_onboarding",
        return_url: "http://x/done",
        refresh_url: "http://x/again",
      }),
      client.accounts.createLoginLink(accountId),
      client.balance.retrieve({}, { stripeAccount: accountId }),
      client.accounts.del(accountId),
    ];
    for (const failed of await Promise.all(calls.map((promise) => rejection(promise)))) {
      expect(failed).toBeInstanceOf(Stripe.errors.StripePermissionError);
      expect(failed).toMatchObject({ statusCode: 403, type: "StripePermissionError", code: "account_invalid" });
      expect(failed.message).toMatch(OUT_OF_REACH);
      expect(failed.message).toContain(accountId);
    }
    const transfer = await rejection(client.transfers.create({ amount: 100, currency: "jpy", destination: accountId }));
    expect(transfer).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(transfer).toMatchObject({
      code: "resource_missing",
      param: "destination",
      message: `No such destination: '${accountId}'`,
    });
  }

  it("a deleted connected account", async () => {
    const account = await onboardedAccount();
    await stripe.accounts.del(account.id);
    await expectOutOfReach(stripe, account.id);
  });

  it("another platform's connected account", async () => {
    const other = await newPlatform(emulator);
    const theirs = await other.stripe.accounts.create({ type: "express", country: "JP" });
    await expectOutOfReach(stripe, theirs.id);
    // Still theirs, untouched.
    expect((await other.stripe.accounts.retrieve(theirs.id)).id).toBe(theirs.id);
  });
});
