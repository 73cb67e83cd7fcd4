// Creator payouts (issue 12, decision 029): Connect onboarding through the Worker's calls and the emulator's page,
// the creator's share transferred exactly once (concurrent completion, replayed webhooks, racing releases), held
// funds released by account.updated, nothing for a refunded order, and no creator reaching another's wallet. A dollar
// order's share goes in yen, the platform's settlement currency, converted at its charge's own rate (decision 050).
// The real `stripe` SDK against the emulator; fresh users and accounts each run, so every test can run twice. The
// orders were delivered over a week ago, so a completion pays out at once; the client's week after delivery, which
// holds a payout (decision 092), is tests/worker/disputes/payout-clearance.test.ts.
import { env } from "cloudflare:workers";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { sellerTransferAmount, shareInSettlementCurrency } from "#worker/domain/money";
import { checkOrderMoney } from "#worker/orders/services/money-check";
import { releaseHeldPayouts } from "#worker/orders/services/payouts";
import { runScheduledJobs } from "#worker/scheduled";
import { listPayments, listSales } from "#worker/orders/services/order-history";
import { loadWallet } from "#worker/orders/services/wallet";
import { call, db } from "../support/helpers";
import { accountOf, connectGet, creator, onboard, paidOrder } from "../support/connect-helpers";
import { newParty, type Party } from "../support/order-states";
import { deliver, platform, shuffledDeliveries } from "../support/payments-helpers";
import { WHOLE_CRON_TIMEOUT } from "../support/whole-cron";

/** The seller completes a delivered order (spec section 6: approve, cancel, deliver, complete are the seller's). */
const complete = (seller: Party, orderId: string) =>
  call("/api/features/commission/order/complete", {
    method: "POST",
    cookie: seller.cookie,
    json: { orderId, confirmed: true },
  });
const payoutRow = (orderId: string) =>
  env.DB.prepare("SELECT * FROM creator_payouts WHERE order_id = ?").bind(orderId).first<Record<string, unknown>>();
const transfersTo = async (account: string) =>
  (await platform().transfers.list({ destination: account, limit: 100 })).data;
const countEvents = async (orderId: string, type: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM commission_order_events WHERE order_id = ? AND event_type = ?")
    .bind(orderId, type)
    .first<{ n: number }>())!.n;

/** The order's charge at Stripe and its balance transaction: what the client paid, and what that became in yen. */
async function chargeOf(orderId: string) {
  const row = await env.DB.prepare("SELECT stripe_payment_intent_id AS id FROM payment_transactions WHERE order_id = ?")
    .bind(orderId)
    .first<{ id: string }>();
  const intent = await platform().paymentIntents.retrieve(row!.id, { expand: ["latest_charge.balance_transaction"] });
  const charge = intent.latest_charge as Stripe.Charge;
  return { charge, settled: charge.balance_transaction as Stripe.BalanceTransaction };
}

/** The emulator's account.updated events about this account (as Stripe would deliver them to a Connect endpoint). */
async function accountEvents(account: string): Promise<Stripe.Event[]> {
  return (await platform().events.list({ type: "account.updated", limit: 100 }, { stripeAccount: account })).data;
}

describe("Connect onboarding", () => {
  it("walks a creator through each state: not connected, incomplete (left, and again), ready; one account however often signup is asked", async () => {
    const seller = await creator();
    expect((await connectGet(seller.cookie)).body).toMatchObject({
      state: "not_connected",
      connected: false,
      detailsSubmitted: false,
      payoutsEnabled: false,
    });
    expect((await call("/api/stripe/connect/signin", { method: "POST", cookie: seller.cookie })).status).toBe(409);

    // Three first signups at once make one connected account.
    const links = await Promise.all(
      [1, 2, 3].map(() => call("/api/stripe/connect/signup", { method: "POST", cookie: seller.cookie })),
    );
    expect(links.map((r) => r.status)).toEqual([200, 200, 200]);
    const account = await accountOf(seller);
    expect(
      (await platform().accounts.list({ limit: 100 })).data
        .filter((a) => a.metadata?.userAccountId === seller.userAccountId)
        .map((a) => a.id),
    ).toEqual([account]);

    const incomplete = await connectGet(seller.cookie);
    expect(incomplete.body).toMatchObject({
      state: "incomplete",
      connected: true,
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
      accountId: account,
    });
    expect((incomplete.body.requirementsDue as string[]).length).toBeGreaterThan(0);

    const refresh = await onboard(seller.cookie, "incomplete");
    expect(refresh.pathname + refresh.search).toBe("/dashboard/creator/wallet?onboarding=refresh");
    expect((await connectGet(seller.cookie)).body).toMatchObject({ state: "incomplete" });
    expect((await call("/api/stripe/connect/signin", { method: "POST", cookie: seller.cookie })).status).toBe(409);

    const back = await onboard(seller.cookie, "complete");
    expect(back.pathname + back.search).toBe("/dashboard/creator/wallet?onboarding=return");
    expect((await connectGet(seller.cookie)).body).toMatchObject({
      state: "ready",
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      requirementsDue: [],
    });
    const signin = await call("/api/stripe/connect/signin", { method: "POST", cookie: seller.cookie });
    expect(signin.status).toBe(200);
    expect(((await signin.json()) as { url: string }).url).toContain(`/_emulator/connect/dashboard/${account}`);
  });

  it("starts over when the account is gone at Stripe (deleted; locally, an emulator restart)", async () => {
    const seller = await creator();
    await onboard(seller.cookie, "complete");
    await platform().accounts.del((await accountOf(seller))!);
    expect((await connectGet(seller.cookie)).body).toMatchObject({ state: "not_connected", accountId: null });
    expect(await accountOf(seller)).toBeNull();
  });

  it("is for creators and admins only", async () => {
    const client = await newParty();
    for (const [method, path] of [
      ["POST", "signup"],
      ["GET", "signup"],
      ["POST", "signin"],
      ["GET", "get"],
      ["GET", "payout?order=x"],
    ]) {
      expect((await call(`/api/stripe/connect/${path}`, { method, cookie: client.cookie })).status).toBe(403);
      expect((await call(`/api/stripe/connect/${path}`, { method })).status).toBe(401);
    }
    expect(await accountOf(client)).toBeNull();
  });
});

describe("the creator's share of a completed order", { timeout: WHOLE_CRON_TIMEOUT }, () => {
  it("goes once to a ready account when five completions race, and replayed webhooks and the cron add nothing", async () => {
    const [seller, buyer] = [await creator(), await newParty()];
    await onboard(seller.cookie, "complete");
    const account = (await accountOf(seller))!;
    const order = await paidOrder("DELIVERED_WEEK_AGO", seller, buyer);

    const responses = await Promise.all([1, 2, 3, 4, 5].map(() => complete(seller, order.id)));
    // One completes it; the others find it completed already (409), as with any second action on a finished order.
    expect(responses.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await countEvents(order.id, "COMPLETED")).toBe(1);
    const transfers = await transfersTo(account);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      amount: 9_147,
      currency: "jpy",
      transfer_group: `order-${order.id}`,
      metadata: { orderId: order.id },
    });
    // A yen order is not converted: the share is what is sent, and the row says so in both places.
    expect(await payoutRow(order.id)).toMatchObject({
      payout_status: "TRANSFERRED",
      amount: 9_147,
      transfer_amount: 9_147,
      transfer_currency: "JPY",
      stripe_transfer_id: transfers[0].id,
      idempotency_key: `comet-order-${order.id}-transfer`,
    });

    const events = [
      ...(await accountEvents(account)),
      ...(await platform().events.list({ type: "transfer.created", limit: 100 })).data.filter(
        (e) => (e.data.object as Stripe.Transfer).destination === account,
      ),
    ];
    for (const event of shuffledDeliveries(events, 3)) expect((await deliver(event)).status).toBe(200);
    await runScheduledJobs(env, Date.now());
    await Promise.all(
      [1, 2, 3].map(() => releaseHeldPayouts({ d1: env.DB, stripe: platform() }, seller.userAccountId)),
    );
    expect(await transfersTo(account)).toHaveLength(1);
  });

  it("is held while the creator has no ready account, and goes once when account.updated (replayed, concurrent) says it can", async () => {
    const [seller, buyer] = [await creator(), await newParty()];
    const order = await paidOrder("DELIVERED_WEEK_AGO", seller, buyer, { amount: 12_050, currency: "USD" });
    expect((await complete(seller, order.id)).status).toBe(200);
    // No account at all: held, the share in dollars; what it will be in yen is known only when it is sent.
    expect(await payoutRow(order.id)).toMatchObject({
      payout_status: "HELD",
      amount: 11_022,
      transfer_amount: null,
      transfer_currency: null,
      stripe_transfer_id: null,
    });

    // Onboarding started but left incomplete: still held, and the wallet's data says so.
    await onboard(seller.cookie, "incomplete");
    const account = (await accountOf(seller))!;
    expect(await payoutRow(order.id)).toMatchObject({ payout_status: "HELD" });
    expect(await transfersTo(account)).toHaveLength(0);
    const wallet = await loadWallet(db(), platform(), {
      userAccountId: seller.userAccountId,
      page: 1,
      locale: "en",
      displayCurrencyCode: "JPY",
    });
    expect(wallet.status.state).toBe("incomplete");
    expect(wallet.held).toEqual([{ currencyCode: "USD", amount: 11_022, count: 1 }]);
    expect(wallet.sales.items.find((e) => e.code === order.code)!.payout).toMatchObject({
      status: "HELD",
      amount: 11_022,
      transferId: null,
    });

    // Completed on Stripe's page (the creator does not come back); the account.updated events arrive three times each, all at once.
    await onboard(seller.cookie, "complete", { landOnWallet: false });
    expect(await payoutRow(order.id)).toMatchObject({ payout_status: "HELD" });
    const events = await accountEvents(account);
    expect(events.length).toBeGreaterThan(0);
    const deliveries = await Promise.all(shuffledDeliveries(events, 3).map((event) => deliver(event)));
    expect(deliveries.every((r) => r.status === 200)).toBe(true);
    const transfers = await transfersTo(account);
    expect(transfers).toHaveLength(1);
    // $110.22 sent as yen at the charge's rate: $120.50 settled as ¥17,462, so 11,022 × 17,462 / 12,050 → ¥15,972.
    expect(transfers[0]).toMatchObject({ amount: 15_972, currency: "jpy" });
    expect(await payoutRow(order.id)).toMatchObject({
      payout_status: "TRANSFERRED",
      amount: 11_022,
      transfer_amount: 15_972,
      transfer_currency: "JPY",
      stripe_transfer_id: transfers[0].id,
    });
    // The creator's own status read (the wallet page, back from onboarding) releases nothing more.
    expect((await connectGet(seller.cookie)).body).toMatchObject({ state: "ready" });
    expect(await transfersTo(account)).toHaveLength(1);
    expect(sellerTransferAmount(12_050, [1036])).toBe(11_022);
  });

  it("goes once when the order completes by itself at its completion deadline (the cron, run twice)", async () => {
    const [seller, buyer] = [await creator(), await newParty()];
    await onboard(seller.cookie, "complete");
    const account = (await accountOf(seller))!;
    const order = await paidOrder("DELIVERED_WEEK_AGO", seller, buyer, { amount: 30_000 });
    await env.DB.prepare("UPDATE commission_orders SET completion_deadline = ? WHERE id = ?")
      .bind(Date.now() - 60_000, order.id)
      .run();
    await runScheduledJobs(env, Date.now());
    await runScheduledJobs(env, Date.now());
    expect(await countEvents(order.id, "COMPLETED")).toBe(1);
    // ¥30,000: fee 2,560 (27,273 − 24,713), so 27,440 to the creator.
    expect((await transfersTo(account)).map((t) => t.amount)).toEqual([27_440]);
  });

  it("is nothing for an order refunded before completion", async () => {
    const [seller, buyer] = [await creator(), await newParty()];
    await onboard(seller.cookie, "complete");
    const account = (await accountOf(seller))!;
    const order = await paidOrder("PAID", seller, buyer);
    const cancel = await call("/api/features/commission/order/cancel", {
      method: "POST",
      cookie: seller.cookie,
      json: { orderId: order.id, confirmed: true },
    });
    expect(cancel.status).toBe(200);
    expect(
      await env.DB.prepare("SELECT transaction_status FROM payment_transactions WHERE order_id = ?")
        .bind(order.id)
        .first(),
    ).toEqual({ transaction_status: "REFUNDED" });
    expect((await complete(seller, order.id)).status).not.toBe(200);
    await runScheduledJobs(env, Date.now());
    expect(await payoutRow(order.id)).toBeNull();
    expect(await transfersTo(account)).toHaveLength(0);
  });
});

describe("a dollar order on a platform that settles in yen (decision 050)", () => {
  it("transfers yen from the charge's balance transaction: the share at the charge's own rate, which the money check accepts", async () => {
    const [seller, buyer] = [await creator(), await newParty()];
    await onboard(seller.cookie, "complete");
    const account = (await accountOf(seller))!;
    const order = await paidOrder("DELIVERED_WEEK_AGO", seller, buyer, { amount: 1_000, currency: "USD" });
    expect((await complete(seller, order.id)).status).toBe(200);

    // The client paid $10.00; at Stripe that charge exists in the platform's balance only as yen.
    const { charge, settled } = await chargeOf(order.id);
    expect(charge).toMatchObject({ amount: 1_000, currency: "usd" });
    expect(settled).toMatchObject({ currency: "jpy", amount: 1_449, exchange_rate: 144.91 });
    const share = sellerTransferAmount(1_000, [1036]);
    expect(share).toBe(915);
    const expected = shareInSettlementCurrency(
      share,
      { amount: charge.amount_captured, currency: charge.currency },
      settled,
    );
    expect(expected).toEqual({ amount: 1_325, currency: "JPY" });

    const transfers = await transfersTo(account);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      amount: 1_325,
      currency: "jpy",
      source_transaction: charge.id,
      transfer_group: `order-${order.id}`,
    });
    expect(await payoutRow(order.id)).toMatchObject({
      payout_status: "TRANSFERRED",
      amount: 915,
      transfer_amount: 1_325,
      transfer_currency: "JPY",
      last_error: null,
      idempotency_key: `comet-order-${order.id}-transfer`,
      stripe_transfer_id: transfers[0].id,
    });
    // The creator's own payout call tells both amounts; the connected account holds yen only.
    const own = await call(`/api/stripe/connect/payout?order=${order.code}`, { cookie: seller.cookie });
    expect(await own.json()).toMatchObject({
      status: "TRANSFERRED",
      amount: 915,
      currencyCode: "USD",
      transferAmount: 1_325,
      transferCurrencyCode: "JPY",
    });
    const wallet = await loadWallet(db(), platform(), {
      userAccountId: seller.userAccountId,
      page: 1,
      locale: "ja",
      displayCurrencyCode: "JPY",
    });
    expect(wallet.balance?.pending).toEqual([{ amount: 1_325, currencyCode: "JPY" }]);
    expect(wallet.sales.items.find((e) => e.code === order.code)!).toMatchObject({
      breakdown: { currencyCode: "USD", totalAmount: 1_000 },
      payout: { status: "TRANSFERRED", amount: 915, transferred: { amount: 1_325, currencyCode: "JPY" } },
    });

    // The reconciler converts the allowance the same way, so it agrees to the yen.
    const report = await checkOrderMoney({ d1: env.DB, stripe: platform() }, order.id);
    expect(report!.ledger).toMatchObject({
      transferred: 1_325,
      transferCurrency: "JPY",
      settled: { amount: 1_449, currency: "JPY" },
      captured: 1_000,
      feeAmount: 85,
    });
    expect(report!.disagreements).toEqual([]);

    // Released again (the cron, racing releases): the same key, the same yen amount, one transfer.
    await env.DB.prepare(
      "UPDATE creator_payouts SET payout_status = 'HELD', stripe_transfer_id = NULL WHERE order_id = ?",
    )
      .bind(order.id)
      .run();
    await Promise.all(
      [1, 2, 3].map(() => releaseHeldPayouts({ d1: env.DB, stripe: platform() }, seller.userAccountId)),
    );
    expect(await transfersTo(account)).toHaveLength(1);
    expect(await payoutRow(order.id)).toMatchObject({
      payout_status: "TRANSFERRED",
      transfer_amount: 1_325,
      stripe_transfer_id: transfers[0].id,
    });
  });
});

describe("one creator's wallet", () => {
  it("cannot be reached by another creator or a client", async () => {
    const [seller, other, buyer] = [await creator(), await creator(), await newParty()];
    await onboard(seller.cookie, "complete");
    const order = await paidOrder("DELIVERED_WEEK_AGO", seller, buyer);
    expect((await complete(seller, order.id)).status).toBe(200);

    const own = await call(`/api/stripe/connect/payout?order=${order.code}`, { cookie: seller.cookie });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({
      orderCode: order.code,
      status: "TRANSFERRED",
      amount: 9_147,
      currencyCode: "JPY",
    });
    expect((await call(`/api/stripe/connect/payout?order=${order.code}`, { cookie: other.cookie })).status).toBe(404);
    expect((await call(`/api/stripe/connect/payout?order=${order.code}`, { cookie: buyer.cookie })).status).toBe(403);
    // The other creator's status is their own: not connected, no account id of the seller's.
    expect((await connectGet(other.cookie)).body).toMatchObject({ state: "not_connected", accountId: null });
    expect((await call("/api/stripe/connect/signin", { method: "POST", cookie: other.cookie })).status).toBe(409);
  });
});

describe("one source for the wallet and the histories", () => {
  it("shows each sale's breakdown and payout the same in the wallet, the sales history and the client's billing history", async () => {
    const [seller, other, buyer] = [await creator(), await creator(), await newParty()];
    await onboard(seller.cookie, "complete");
    const yen = await paidOrder("DELIVERED_WEEK_AGO", seller, buyer);
    const dollars = await paidOrder("DELIVERED_WEEK_AGO", seller, buyer, { amount: 1_000, currency: "USD" });
    expect((await complete(seller, yen.id)).status).toBe(200);
    const input = (party: Party) => ({
      userAccountId: party.userAccountId,
      page: 1,
      locale: "en" as const,
      displayCurrencyCode: "JPY",
    });

    const wallet = await loadWallet(db(), platform(), input(seller));
    const sales = await listSales(db(), input(seller));
    const payments = await listPayments(db(), input(buyer));
    for (const code of [yen.code, dollars.code]) {
      const inWallet = wallet.sales.items.find((e) => e.code === code)!;
      const inSales = sales.items.find((e) => e.code === code)!;
      const inBilling = payments.items.find((e) => e.code === code)!;
      // The same split; the wallet adds the viewer's approximation of the total, as billing does.
      const { displayCurrencyCode: _a, displayTotalAmount: _b, ...split } = inSales.breakdown;
      expect(inWallet.breakdown).toMatchObject(split);
      expect(inWallet.breakdown).toEqual(inBilling.breakdown);
      expect(inWallet.payout).toEqual(inSales.payout);
    }
    // ¥10,000 completed: ¥9,147 transferred (total 10,000 − fee 853); $10.00 not completed: no payout yet.
    expect(wallet.sales.items.find((e) => e.code === yen.code)!.payout).toMatchObject({
      status: "TRANSFERRED",
      amount: 9_147,
    });
    expect(wallet.sales.items.find((e) => e.code === dollars.code)!.payout).toBeNull();
    expect(wallet.status.state).toBe("ready");
    expect(wallet.balance?.pending).toContainEqual({ amount: 9_147, currencyCode: "JPY" });

    // $10.00 completed while Comet's copy of the account says it cannot be paid out (an account.updated not yet
    // arrived): held. The wallet's own status read finds the account ready at Stripe and releases it.
    await env.DB.prepare("UPDATE stripe_connected_accounts SET payouts_enabled = 0 WHERE user_account_id = ?")
      .bind(seller.userAccountId)
      .run();
    expect((await complete(seller, dollars.id)).status).toBe(200);
    expect(await payoutRow(dollars.id)).toMatchObject({ payout_status: "HELD", amount: 915, transfer_amount: null });
    const held = await loadWallet(db(), platform(), input(seller));
    // The share is $9.15 (1,000 cents − fee 85); the charge settled as ¥1,449, so ¥1,325 (915 × 1,449 / 1,000) was sent.
    expect(held.sales.items.find((e) => e.code === dollars.code)!.payout).toMatchObject({
      status: "TRANSFERRED",
      amount: 915,
      transferred: { amount: 1_325, currencyCode: "JPY" },
    });
    expect(held.sales.items.find((e) => e.code === yen.code)!.payout).toMatchObject({
      amount: 9_147,
      transferred: { amount: 9_147, currencyCode: "JPY" },
    });

    // Another creator's wallet has none of it.
    const theirs = await loadWallet(db(), platform(), input(other));
    expect(theirs.sales.items).toEqual([]);
    expect(theirs.held).toEqual([]);
    expect(theirs.balance).toBeNull();
    expect(theirs.status.state).toBe("not_connected");
  });
});
