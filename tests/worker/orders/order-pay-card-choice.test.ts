// Issue 33: the client chooses which saved card pays (the pay API's accountMethodId), and the order's log says the
// client paid, with that card for the client's own eyes, never 'automatically'. The real `stripe` SDK against the
// emulator; cards saved the way the card form saves them.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, db } from "../support/helpers";
import { commissionAccountByEmail } from "../support/order-fixtures";
import { approvedOrder, cardRows, confirmSetup, enterCard, platform } from "../support/payments-helpers";
import { getOrderDetail } from "#worker/orders/services/order-views";

const pay = (cookie: string, orderId: string, accountMethodId?: string) =>
  call("/api/features/commission/order/pay", {
    method: "POST",
    cookie,
    json: { orderId, accountMethodId, confirmed: true },
  });
const transactions = async (id: string) =>
  (
    await env.DB.prepare("SELECT * FROM payment_transactions WHERE order_id = ?")
      .bind(id)
      .all<Record<string, unknown>>()
  ).results;

async function saveCard(cookie: string, number: string) {
  const { setup } = await enterCard(cookie, number);
  expect((await confirmSetup(cookie, setup.intentId)).status).toBe(200);
}

async function viewerOf(email: string) {
  const account = await commissionAccountByEmail(email);
  const profile = await env.DB.prepare("SELECT id FROM user_profiles WHERE account_id = ?")
    .bind(account.userAccountId)
    .first<{ id: string }>();
  return { commissionAccountId: account.id, profileId: profile!.id, locale: "en" as const, displayCurrencyCode: "JPY" };
}

const paidLine = async (code: string, email: string) =>
  (await getOrderDetail(db(), env, code, await viewerOf(email)))!.events.find((e) => e.type === "PAID");

describe("choosing the card that pays", () => {
  it("charges the second saved card when the client chooses it, and the log says the client paid with it", async () => {
    const order = await approvedOrder();
    await saveCard(order.buyer.cookie, "5555555555554444");
    const [visa, mastercard] = await cardRows(order.buyer.email);
    expect([visa.last4, mastercard.last4]).toEqual(["4242", "4444"]);

    const response = await pay(order.buyer.cookie, order.id, mastercard.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "succeeded" });
    const [transaction] = await transactions(order.id);
    expect(transaction).toMatchObject({ transaction_status: "COMPLETED", payment_account_method_id: mastercard.id });
    const intent = await platform().paymentIntents.retrieve(String(transaction.stripe_payment_intent_id));
    expect(intent.payment_method).toBe(mastercard.stripe_method_id);

    // The client's log: paid by the client, with the card used; the creator's: by the client, without the card.
    expect(await paidLine(order.code, order.buyer.email)).toMatchObject({
      actor: "buyer",
      card: { brand: "mastercard", last4: "4444" },
    });
    expect(await paidLine(order.code, order.seller.email)).toMatchObject({ actor: "buyer", card: null });

    // The card deleted afterwards: still the client's payment, the card no longer named.
    expect(
      (
        await call("/api/stripe/payment/method/delete", {
          method: "POST",
          cookie: order.buyer.cookie,
          json: { methodId: mastercard.id },
        })
      ).status,
    ).toBe(200);
    expect(await paidLine(order.code, order.buyer.email)).toMatchObject({ actor: "buyer", card: null });
  });

  it("without a choice the first saved card pays, as before", async () => {
    const order = await approvedOrder();
    await saveCard(order.buyer.cookie, "5555555555554444");
    const [visa] = await cardRows(order.buyer.email);
    expect((await pay(order.buyer.cookie, order.id)).status).toBe(200);
    expect((await transactions(order.id))[0]).toMatchObject({ payment_account_method_id: visa.id });
    expect(await paidLine(order.code, order.buyer.email)).toMatchObject({ actor: "buyer", card: { last4: "4242" } });
  });

  it("a first card declined, the second chosen pays the same payment, and the log names the second", async () => {
    const order = await approvedOrder("4000000000000341");
    await saveCard(order.buyer.cookie, "5555555555554444");
    const [declining, mastercard] = await cardRows(order.buyer.email);
    expect((await pay(order.buyer.cookie, order.id, declining.id)).status).toBe(402);
    expect((await pay(order.buyer.cookie, order.id, mastercard.id)).status).toBe(200);
    const rows = await transactions(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ transaction_status: "COMPLETED", payment_account_method_id: mastercard.id });
    expect(await paidLine(order.code, order.buyer.email)).toMatchObject({
      actor: "buyer",
      card: { brand: "mastercard", last4: "4444" },
    });
  });

  it("someone else's card, or one since deleted, charges nothing", async () => {
    const order = await approvedOrder();
    await saveCard(order.stranger.cookie, "5555555555554444");
    const [strangers] = await cardRows(order.stranger.email);
    const refused = await pay(order.buyer.cookie, order.id, strangers.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: "no_payment_method" });

    const [own] = await cardRows(order.buyer.email);
    expect(
      (
        await call("/api/stripe/payment/method/delete", {
          method: "POST",
          cookie: order.buyer.cookie,
          json: { methodId: own.id },
        })
      ).status,
    ).toBe(200);
    expect((await pay(order.buyer.cookie, order.id, own.id)).status).toBe(409);
    expect(await transactions(order.id)).toHaveLength(0);
  });
});
