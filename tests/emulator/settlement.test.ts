// Settlement (docs/decisions/050): the emulator's platform is a Japanese account that settles in JPY. A charge becomes a
// balance transaction in yen (converted at the fixed table, Stripe Japan's card fee taken), the balance is in yen, a
// refund debits yen, and a source_transaction transfer must be in yen and within what the charge brought in.
//   $10.00  → 1,000 × 144.91 / 100 = 1,449.1 → ¥1,449; fee 5.6% (3.6% + 2% conversion) = 81.1 → ¥81; net ¥1,368
//   ¥10,000 → not converted; fee 3.6% = ¥360; net ¥9,640
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RunningStripeEmulator } from "#emulators/stripe/server.ts";
import { call, form, rejection, SECRET_KEY, start } from "./helpers.ts";

let emulator: RunningStripeEmulator;
let stripe: Stripe;
beforeAll(async () => ({ emulator, stripe } = await start()));
afterAll(() => emulator.close());
// Emulator controls act on the platform whose key they carry (this suite's), like the API calls.
const control = (path: string) =>
  call(emulator, path, { method: "POST", headers: { Authorization: `Bearer ${SECRET_KEY}` } });
beforeEach(async () => {
  await control("/_emulator/reset");
});

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

const pay = (amount: number, currency: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
  stripe.paymentIntents.create({ amount, currency, payment_method: "pm_card_visa", confirm: true, ...extra });

async function settledCharge(
  intent: Stripe.PaymentIntent,
): Promise<{ charge: Stripe.Charge; settled: Stripe.BalanceTransaction }> {
  const charge = await stripe.charges.retrieve(intent.latest_charge as string, { expand: ["balance_transaction"] });
  return { charge, settled: charge.balance_transaction as Stripe.BalanceTransaction };
}

const amountIn = (entries: { amount: number; currency: string }[], currency: string) =>
  entries.find((entry) => entry.currency === currency)?.amount;

describe("a charge's balance transaction", () => {
  it("converts a dollar charge to yen at the stated rate and takes the card fee plus the conversion fee", async () => {
    const { charge, settled } = await settledCharge(await pay(1_000, "usd"));
    expect(charge).toMatchObject({ amount: 1_000, currency: "usd" });
    expect(settled).toMatchObject({
      object: "balance_transaction",
      type: "charge",
      reporting_category: "charge",
      source: charge.id,
      status: "pending",
      amount: 1_449,
      currency: "jpy",
      exchange_rate: 144.91,
      fee: 81,
      net: 1_368,
      fee_details: [
        { amount: 81, currency: "jpy", type: "stripe_fee", application: null, description: "Stripe processing fees" },
      ],
    });
    expect(settled.net).toBe(settled.amount - settled.fee);
    expect(settled.available_on).toBeGreaterThan(settled.created);
  });

  it("keeps a yen charge unconverted: no exchange rate, the 3.6% card fee only", async () => {
    const { settled } = await settledCharge(await pay(10_000, "jpy"));
    expect(settled).toMatchObject({ amount: 10_000, currency: "jpy", exchange_rate: null, fee: 360, net: 9_640 });
  });

  it("is a stored object: retrieved by id, listed by source and type, expanded from the intent, and private to its account", async () => {
    const intent = await pay(12_050, "usd");
    const { charge, settled } = await settledCharge(intent);
    // $120.50 → 17,461.655 → ¥17,462; fee 977.9 → ¥978.
    expect(settled).toMatchObject({ amount: 17_462, fee: 978, net: 16_484 });
    expect(await stripe.balanceTransactions.retrieve(settled.id)).toEqual(settled);
    expect((await stripe.balanceTransactions.list({ source: charge.id })).data.map((t) => t.id)).toEqual([settled.id]);
    expect((await stripe.balanceTransactions.list({ type: "charge" })).data.map((t) => t.id)).toContain(settled.id);
    const expanded = await stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge.balance_transaction"] });
    expect(((expanded.latest_charge as Stripe.Charge).balance_transaction as Stripe.BalanceTransaction).id).toBe(
      settled.id,
    );
    const listed = await stripe.charges.list({ payment_intent: intent.id, expand: ["data.balance_transaction"] });
    expect((listed.data[0]!.balance_transaction as Stripe.BalanceTransaction).amount).toBe(17_462);

    const other = await onboardedAccount();
    expect(
      (await rejection(stripe.balanceTransactions.retrieve(settled.id, {}, { stripeAccount: other.id }))).code,
    ).toBe("resource_missing");
    expect((await stripe.balanceTransactions.list({}, { stripeAccount: other.id })).data).toEqual([]);
    expect((await rejection(stripe.balanceTransactions.retrieve("txn_missing"))).statusCode).toBe(404);
  });

  it("comes with the capture: none while authorized, the captured part converted", async () => {
    const intent = await pay(2_000, "usd", { capture_method: "manual" });
    expect((await stripe.charges.retrieve(intent.latest_charge as string)).balance_transaction).toBeNull();
    await stripe.paymentIntents.capture(intent.id, { amount_to_capture: 1_500 });
    // $15.00 → 2,173.65 → ¥2,174; fee 121.7 → ¥122.
    expect((await settledCharge(intent)).settled).toMatchObject({ amount: 2_174, fee: 122, net: 2_052 });
  });

  it("refuses a charge in a currency the emulator has no rate for, naming the currency", async () => {
    const error = await rejection(pay(1_000, "eur"));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.param).toBe("currency");
    expect(error.message).toContain("no exchange rate from eur");
  });
});

describe("the platform's balance", () => {
  it("is kept in the settlement currency: each charge's net, and time passing makes it and its transaction available", async () => {
    const dollars = await settledCharge(await pay(1_000, "usd"));
    await pay(10_000, "jpy");
    const balance = await stripe.balance.retrieve();
    expect(balance.pending).toEqual([
      { amount: 1_368 + 9_640, currency: "jpy", source_types: { card: 1_368 + 9_640 } },
    ]);
    expect(amountIn(balance.pending, "usd")).toBeUndefined();
    expect(amountIn(balance.available, "usd")).toBeUndefined();

    await control("/_emulator/balance/make_available");
    expect(amountIn((await stripe.balance.retrieve()).available, "jpy")).toBe(11_008);
    expect((await stripe.balanceTransactions.retrieve(dollars.settled.id)).status).toBe("available");
  });

  it("is debited by a refund's negative balance transaction, converted back, with Stripe's fee kept", async () => {
    const intent = await pay(1_000, "usd");
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 400 });
    const debited = await stripe.balanceTransactions.retrieve(refund.balance_transaction as string);
    // $4.00 → 579.64 → ¥580.
    expect(debited).toMatchObject({
      type: "refund",
      reporting_category: "refund",
      source: refund.id,
      amount: -580,
      fee: 0,
      net: -580,
      currency: "jpy",
      exchange_rate: 144.91,
    });
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect((await stripe.balanceTransactions.retrieve(rest.balance_transaction as string)).amount).toBe(-869);
    // Net ¥1,368 in, ¥1,449 back out: the fee (¥81) is the platform's loss.
    expect(amountIn((await stripe.balance.retrieve()).pending, "jpy")).toBe(-81);
  });
});

describe("a transfer with source_transaction", () => {
  it("is refused in the charge's presentment currency when that is not the settlement currency, in Stripe's words", async () => {
    const account = await onboardedAccount();
    const intent = await pay(1_000, "usd");
    const error = await rejection(
      stripe.transfers.create({
        amount: 915,
        currency: "usd",
        destination: account.id,
        source_transaction: intent.latest_charge as string,
      }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.message).toBe(
      "The currency of source_transaction's balance transaction (jpy) must be the same as the transfer currency (usd)",
    );
    expect((await stripe.transfers.list({ destination: account.id })).data).toEqual([]);
  });

  it("goes in the settlement currency, up to what the charge brought in (its net), less what it has funded already", async () => {
    const account = await onboardedAccount();
    const intent = await pay(1_000, "usd");
    const source = intent.latest_charge as string;
    const over = await rejection(
      stripe.transfers.create({ amount: 1_369, currency: "jpy", destination: account.id, source_transaction: source }),
    );
    expect(over).toMatchObject({ code: "balance_insufficient", param: "amount" });
    const transfer = await stripe.transfers.create({
      amount: 1_325,
      currency: "jpy",
      destination: account.id,
      source_transaction: source,
    });
    expect(transfer).toMatchObject({ amount: 1_325, currency: "jpy", source_transaction: source });
    expect(
      (
        await rejection(
          stripe.transfers.create({ amount: 44, currency: "jpy", destination: account.id, source_transaction: source }),
        )
      ).code,
    ).toBe("balance_insufficient");
    await stripe.transfers.create({ amount: 43, currency: "jpy", destination: account.id, source_transaction: source });

    // Both sides are balance transactions in yen; the connected account's balance is in yen, pending like the charge.
    expect(await stripe.balanceTransactions.retrieve(transfer.balance_transaction as string)).toMatchObject({
      type: "transfer",
      amount: -1_325,
      net: -1_325,
      currency: "jpy",
      source: transfer.id,
    });
    const received = (await stripe.balanceTransactions.list({ type: "payment" }, { stripeAccount: account.id })).data;
    expect(received.map((t) => [t.amount, t.currency, t.source])).toContainEqual([
      1_325,
      "jpy",
      transfer.destination_payment,
    ]);
    const connected = await stripe.balance.retrieve({}, { stripeAccount: account.id });
    expect(amountIn(connected.pending, "jpy")).toBe(1_368);
    expect(amountIn(connected.pending, "usd")).toBeUndefined();
    expect(amountIn((await stripe.balance.retrieve()).pending, "jpy")).toBe(0);
  });

  it("counts refunds against what the charge can still fund", async () => {
    const account = await onboardedAccount();
    const intent = await pay(10_000, "jpy");
    await stripe.refunds.create({ payment_intent: intent.id, amount: 1_000 });
    // Net ¥9,640, ¥1,000 refunded: ¥8,640 left.
    const over = await rejection(
      stripe.transfers.create({
        amount: 8_641,
        currency: "jpy",
        destination: account.id,
        source_transaction: intent.latest_charge as string,
      }),
    );
    expect(over.code).toBe("balance_insufficient");
    await stripe.transfers.create({
      amount: 8_640,
      currency: "jpy",
      destination: account.id,
      source_transaction: intent.latest_charge as string,
    });
  });

  it("is refused for a charge that was never captured", async () => {
    const account = await onboardedAccount();
    const intent = await pay(1_000, "usd", { capture_method: "manual" });
    const error = await rejection(
      stripe.transfers.create({
        amount: 100,
        currency: "jpy",
        destination: account.id,
        source_transaction: intent.latest_charge as string,
      }),
    );
    expect(error).toMatchObject({ param: "source_transaction" });
  });
});

describe("a destination charge in dollars", () => {
  it("moves its share to the connected account converted to yen, and leaves the platform the rest less Stripe's fee", async () => {
    const account = await onboardedAccount();
    const intent = await pay(1_000, "usd", { application_fee_amount: 100, transfer_data: { destination: account.id } });
    const { charge, settled } = await settledCharge(intent);
    const transfer = await stripe.transfers.retrieve(charge.transfer as string);
    // $9.00 → 1,304.19 → ¥1,304 to the account; the platform keeps 1,368 − 1,304 = ¥64.
    expect(transfer).toMatchObject({ amount: 1_304, currency: "jpy", source_transaction: charge.id });
    expect(settled).toMatchObject({ amount: 1_449, net: 1_368 });
    expect(amountIn((await stripe.balance.retrieve({}, { stripeAccount: account.id })).pending, "jpy")).toBe(1_304);
    expect(amountIn((await stripe.balance.retrieve()).pending, "jpy")).toBe(64);
  });
});
