// Stripe's bad days (issue 32): the emulator's fault switch (emulators/stripe/faults.ts) makes the next calls about one
// order fail as Stripe can fail (500, 429, a connection lost before or after the work). The SDK retries as in
// production; what gets past its retries reaches the buyer as a 503 with a clear message, never a 500, and paying
// again charges once. Each fault is scoped to its order's calls (`match`), so other suites sharing the emulator are
// untouched.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { checkOrderMoney } from "#worker/orders/services/money-check";
import { loadWallet } from "#worker/orders/services/wallet";
import { accountOf, creator, onboard } from "../support/connect-helpers";
import { call, db } from "../support/helpers";
import { approvedOrder, platform } from "../support/payments-helpers";
import { orderStub } from "#worker/orders/order-stub";

type Order = Awaited<ReturnType<typeof approvedOrder>>;
const faultSwitch = `http://${env.STRIPE_API_HOST}:${env.STRIPE_API_PORT}/_emulator/faults`;
const armed: string[] = [];

async function arm(rule: { fault: string; count: number; match: string; path?: string; method?: string }) {
  const response = await fetch(faultSwitch, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(rule),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  armed.push(id);
  return id;
}

/** How often a rule fired. */
async function fired(id: string): Promise<number> {
  const { rules } = (await (await fetch(faultSwitch)).json()) as { rules: { id: string; fired: number }[] };
  return rules.find((rule) => rule.id === id)?.fired ?? 0;
}

afterEach(async () => {
  for (const id of armed.splice(0)) await fetch(`${faultSwitch}/${id}`, { method: "DELETE" });
});

const pay = (order: Order) =>
  call("/api/features/commission/order/pay", {
    method: "POST",
    cookie: order.buyer.cookie,
    json: { orderId: order.id, confirmed: true },
  });
const intentsOf = async (order: Order) =>
  (await platform().paymentIntents.list({ limit: 100 })).data.filter((intent) => intent.metadata.orderId === order.id);
const transactions = async (order: Order) =>
  (
    await env.DB.prepare("SELECT transaction_status AS status FROM payment_transactions WHERE order_id = ?")
      .bind(order.id)
      .all<{ status: string }>()
  ).results.map((t) => t.status);

async function expectPaidOnce(order: Order) {
  const succeeded = (await intentsOf(order)).filter((intent) => intent.status === "succeeded");
  expect(succeeded.map((intent) => intent.amount)).toEqual([10_000]);
  expect(await transactions(order)).toEqual(["COMPLETED"]);
  const report = await checkOrderMoney({ d1: env.DB, stripe: platform() }, order.id);
  expect(report!.disagreements).toEqual([]);
}

describe("paying on Stripe's bad day", () => {
  it("Stripe answers 500 to every try at making the payment: the buyer gets 503 and the message to try again; nothing is recorded; the next try pays once", async () => {
    const order = await approvedOrder();
    // The SDK's first call and its two retries.
    const rule = await arm({
      fault: "api_error",
      count: 3,
      method: "POST",
      path: "/v1/payment_intents",
      match: order.id,
    });
    const refused = await pay(order);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ error: "payment_unavailable" });
    expect(await fired(rule)).toBe(3);
    expect(await transactions(order)).toEqual([]);
    expect((await pay(order)).status).toBe(200);
    await expectPaidOnce(order);
  });

  it("a 500 that the SDK's retries ride out: the buyer never notices", async () => {
    const order = await approvedOrder();
    const rule = await arm({
      fault: "api_error",
      count: 2,
      method: "POST",
      path: "/v1/payment_intents",
      match: order.id,
    });
    const response = await pay(order);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "succeeded" });
    expect(await fired(rule)).toBe(2);
    await expectPaidOnce(order);
  });

  it("429 (rate limited, which the SDK does not retry): 503, then paid once", async () => {
    const order = await approvedOrder();
    await arm({ fault: "rate_limit", count: 1, method: "POST", path: "/v1/payment_intents", match: order.id });
    expect((await pay(order)).status).toBe(503);
    expect((await pay(order)).status).toBe(200);
    await expectPaidOnce(order);
  });

  it("the intent is made but every answer is lost (three dropped connections): the retries replay it, never a second intent", async () => {
    const order = await approvedOrder();
    const rule = await arm({
      fault: "drop_after",
      count: 3,
      method: "POST",
      path: "/v1/payment_intents",
      match: order.id,
    });
    expect((await pay(order)).status).toBe(503);
    expect(await fired(rule)).toBe(3);
    expect((await pay(order)).status).toBe(200);
    expect(await intentsOf(order)).toHaveLength(1);
    await expectPaidOnce(order);
  });

  it("the card is charged but the confirmation's answers are all lost: the Worker reads the intent, and the order is paid, once", async () => {
    const order = await approvedOrder();
    const rule = await arm({
      fault: "drop_after",
      count: 3,
      method: "POST",
      path: "/v1/payment_intents/*/confirm",
      match: order.id,
    });
    const response = await pay(order);
    expect(await fired(rule)).toBe(3);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "succeeded" });
    await expectPaidOnce(order);
  });

  it("a cancel while Stripe cannot void the payment: the order is cancelled at once, and the void is paid when Stripe is back", async () => {
    const order = await approvedOrder("4000002760003184");
    const pending = (await (await pay(order)).json()) as { status: string; intentId: string };
    expect(pending.status).toBe("requires_action");
    await arm({
      fault: "api_error",
      count: 3,
      method: "POST",
      path: "/v1/payment_intents/*/cancel",
      match: pending.intentId,
    });
    const canceled = await call("/api/features/commission/order/cancel", {
      method: "POST",
      cookie: order.seller.cookie,
      json: { orderId: order.id, confirmed: true },
    });
    expect(canceled.status).toBe(200);
    expect((await platform().paymentIntents.retrieve(pending.intentId)).status).toBe("requires_action");
    // Stripe is back; the object's retry (its alarm, a few seconds later) voids it.
    const { runDurableObjectAlarm } = await import("cloudflare:test");
    await runDurableObjectAlarm(orderStub(env.ORDER, order.id));
    expect((await platform().paymentIntents.retrieve(pending.intentId)).status).toBe("canceled");
    const report = await checkOrderMoney({ d1: env.DB, stripe: platform() }, order.id);
    expect(report!.disagreements).toEqual([]);
  });
});

describe("the wallet on Stripe's bad day", () => {
  it("still opens: the account as Comet last saw it, the sales and held amounts, no balance, and a note that Stripe can't be reached", async () => {
    const seller = await creator();
    await onboard(seller.cookie, "complete");
    const account = (await accountOf(seller))!;
    const read = () =>
      loadWallet(db(), platform(), {
        userAccountId: seller.userAccountId,
        page: 1,
        locale: "en",
        displayCurrencyCode: "JPY",
      });
    expect(await read()).toMatchObject({ stripeUnavailable: false, status: { state: "ready" } });

    // Every read of the account fails, retries included.
    await arm({ fault: "api_error", count: 3, method: "GET", path: "/v1/accounts/*", match: account });
    const wallet = await read();
    expect(wallet).toMatchObject({
      stripeUnavailable: true,
      status: { state: "ready", connected: true },
      balance: null,
      payouts: [],
      held: [],
    });
    expect(wallet.sales.items).toEqual([]);
  });
});
