// Saved cards through the Worker's real routes and the real `stripe` SDK, against the local Stripe emulator
// (spec section 7's setup intent calls; issue 9). The card form's part is the app's own emulator-cards module.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../support/helpers";
import {
  approvedOrder,
  cardRows,
  completeThreeDSecure,
  confirmSetup,
  createSetup,
  enterCard,
  newUser,
  platform,
  RETURN_URL,
} from "../support/payments-helpers";

describe("saving a card", () => {
  it("saves a card whose setup succeeded, with its brand, last 4 and expiry, once however often it is confirmed", async () => {
    const user = await newUser();
    const { setup, result } = await enterCard(user.cookie, "4242424242424242");
    expect(result).toEqual({ status: "succeeded" });

    const first = await confirmSetup(user.cookie, setup.intentId);
    expect(first.status).toBe(200);
    const saved = (await first.json()) as { paymentAccountMethodId: string; stripeMethodId: string; card: unknown };
    expect(saved.stripeMethodId).toMatch(/^pm_/);
    expect(saved.card).toEqual({
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
    });

    const again = await confirmSetup(user.cookie, setup.intentId);
    expect(await again.json()).toEqual(saved);
    expect(await cardRows(user.email)).toHaveLength(1);
  });

  it("saves a card that needs 3-D Secure once the cardholder completes it on the emulator's page", async () => {
    const user = await newUser();
    const { setup, result } = await enterCard(user.cookie, "4000002500003155");
    if (result.status !== "requires_action") throw new Error(`expected 3-D Secure, got ${result.status}`);

    // Not yet: the intent waits for the cardholder.
    expect((await confirmSetup(user.cookie, setup.intentId)).status).toBe(409);
    expect(await cardRows(user.email)).toHaveLength(0);

    const back = await completeThreeDSecure(result.action.url, "succeed");
    expect(back.origin + back.pathname).toBe(RETURN_URL);
    expect(back.searchParams.get("setup_intent")).toBe(setup.intentId);
    expect(back.searchParams.get("redirect_status")).toBe("succeeded");

    const saved = await confirmSetup(user.cookie, setup.intentId);
    expect(saved.status).toBe(200);
    expect(await cardRows(user.email)).toMatchObject([{ brand: "visa", last4: "3155" }]);
  });

  it("saves nothing when 3-D Secure fails", async () => {
    const user = await newUser();
    const { setup, result } = await enterCard(user.cookie, "4000002500003155");
    if (result.status !== "requires_action") throw new Error(`expected 3-D Secure, got ${result.status}`);
    const back = await completeThreeDSecure(result.action.url, "fail");
    expect(back.searchParams.get("redirect_status")).toBe("failed");
    expect((await confirmSetup(user.cookie, setup.intentId)).status).toBe(409);
    expect(await cardRows(user.email)).toHaveLength(0);
  });

  for (const [number, declineCode] of [
    ["4000000000000002", "generic_decline"],
    ["4000000000009995", "insufficient_funds"],
  ] as const) {
    it(`a declined card (${declineCode}) says why and saves nothing`, async () => {
      const user = await newUser();
      const { setup, result } = await enterCard(user.cookie, number);
      expect(result).toMatchObject({
        status: "failed",
        error: { type: "card_error", code: "card_declined", decline_code: declineCode },
      });
      expect((await confirmSetup(user.cookie, setup.intentId)).status).toBe(409);
      expect(await cardRows(user.email)).toHaveLength(0);
    });
  }

  it("creates one Stripe customer for a user, however many setups start at once", async () => {
    const user = await newUser();
    const setups = await Promise.all(Array.from({ length: 5 }, () => createSetup(user.cookie)));
    const intents = await Promise.all(setups.map((setup) => platform().setupIntents.retrieve(setup.intentId)));
    expect(new Set(intents.map((intent) => intent.customer)).size).toBe(1);
    const { results } = await env.DB.prepare(
      "SELECT c.stripe_customer_id FROM stripe_customers c JOIN user_accounts u ON u.id = c.user_account_id WHERE u.email = ?",
    )
      .bind(user.email)
      .all<{ stripe_customer_id: string }>();
    expect(results).toEqual([{ stripe_customer_id: intents[0].customer }]);
  });
});

describe("deleting a card", () => {
  it("detaches the card at Stripe and removes it", async () => {
    const user = await newUser();
    const { setup } = await enterCard(user.cookie, "5555555555554444");
    const saved = (await (await confirmSetup(user.cookie, setup.intentId)).json()) as {
      paymentAccountMethodId: string;
      stripeMethodId: string;
    };
    const deleted = await call("/api/stripe/payment/method/delete", {
      method: "POST",
      cookie: user.cookie,
      json: { methodId: saved.paymentAccountMethodId },
    });
    expect(deleted.status).toBe(200);
    expect(await cardRows(user.email)).toHaveLength(0);
    expect((await platform().paymentMethods.retrieve(saved.stripeMethodId)).customer).toBeNull();
  });
});

describe("nobody reaches another user's cards or intents", () => {
  it("refuses signed-out callers", async () => {
    expect((await call("/api/stripe/intent/setup/create")).status).toBe(401);
    expect(
      (await call("/api/stripe/intent/setup/confirm", { method: "POST", json: { intentId: "seti_x" } })).status,
    ).toBe(401);
    expect((await call("/api/stripe/payment/method/delete", { method: "POST", json: { methodId: "x" } })).status).toBe(
      401,
    );
  });

  it("answers 404 to confirming someone else's intent or deleting someone else's card, and changes nothing", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const { setup } = await enterCard(owner.cookie, "4242424242424242");
    // The stranger has a customer of their own, so this is not merely "no customer yet".
    await createSetup(stranger.cookie);

    expect((await confirmSetup(stranger.cookie, setup.intentId)).status).toBe(404);
    expect(await cardRows(stranger.email)).toHaveLength(0);
    expect(await cardRows(owner.email)).toHaveLength(0);

    const saved = (await (await confirmSetup(owner.cookie, setup.intentId)).json()) as {
      paymentAccountMethodId: string;
      stripeMethodId: string;
    };
    const refused = await call("/api/stripe/payment/method/delete", {
      method: "POST",
      cookie: stranger.cookie,
      json: { methodId: saved.paymentAccountMethodId },
    });
    expect(refused.status).toBe(404);
    expect(await cardRows(owner.email)).toHaveLength(1);
    expect((await platform().paymentMethods.retrieve(saved.stripeMethodId)).customer).not.toBeNull();
  });

  it("answers 404 to an intent that does not exist", async () => {
    const user = await newUser();
    await createSetup(user.cookie);
    expect((await confirmSetup(user.cookie, "seti_doesnotexist")).status).toBe(404);
  });
});

describe("a Stripe id from the browser is checked before Stripe sees it (issue 59)", () => {
  const refusedIds = [
    "\ud800",
    "seti_\ud800",
    "seti_x/../../customers",
    "seti_",
    "pi_123",
    "seti x",
    `seti_${"a".repeat(300)}`,
  ];

  it("the setup confirm answers 400 with a message in the caller's language, and never 500", async () => {
    const user = await newUser();
    await createSetup(user.cookie);
    for (const intentId of refusedIds) {
      const answer = await confirmSetup(user.cookie, intentId);
      expect(answer.status, JSON.stringify(intentId)).toBe(400);
      expect(await answer.json()).toEqual({
        error: "invalid_request",
        message: "This card setup could not be read. Reload the page and add the card again.",
      });
    }
    const ja = await confirmSetup(`${user.cookie}; app-language=ja`, "\ud800");
    expect(((await ja.json()) as { message: string }).message).toMatch(/カード/);
    // A well-formed id that names nothing is still the 404 it was.
    expect((await confirmSetup(user.cookie, "seti_1AbC_doesnotexist")).status).toBe(404);
  });

  it("the payment check answers 400 to an id that is not a payment intent's, and never 500", async () => {
    const user = await newUser();
    for (const intentId of ["\ud800", "seti_123", "pi_x?expand[]=customer", `pi_${"a".repeat(300)}`]) {
      const answer = await call("/api/stripe/intent/payment/get", {
        method: "POST",
        cookie: user.cookie,
        json: { intentId, transactionId: "t1" },
      });
      expect(answer.status, JSON.stringify(intentId)).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toBe(
        "This payment could not be read. Reload the order page and try again.",
      );
    }
    const unknown = await call("/api/stripe/intent/payment/get", {
      method: "POST",
      cookie: user.cookie,
      json: { intentId: "pi_1AbCdoesnotexist", transactionId: "t1" },
    });
    expect(unknown.status).toBe(404);
  });
});

describe("a customer Stripe no longer knows (issue 59)", () => {
  const storedCustomer = (email: string) =>
    env.DB.prepare(
      "SELECT c.stripe_customer_id FROM stripe_customers c JOIN user_accounts u ON u.id = c.user_account_id WHERE u.email = ?",
    )
      .bind(email)
      .all<{ stripe_customer_id: string }>()
      .then((r) => r.results.map((row) => row.stripe_customer_id));

  it("is made again on the next card setup, stored once; the cards saved with the old one are dropped", async () => {
    const user = await newUser();
    const { setup } = await enterCard(user.cookie, "4242424242424242");
    expect((await confirmSetup(user.cookie, setup.intentId)).status).toBe(200);
    const [old] = await storedCustomer(user.email);
    expect(await cardRows(user.email)).toHaveLength(1);
    await platform().customers.del(old!);

    const again = await call("/api/stripe/intent/setup/create", { cookie: user.cookie });
    expect(again.status).toBe(200);
    const { intentId } = (await again.json()) as { intentId: string };
    const fresh = (await platform().setupIntents.retrieve(intentId)).customer as string;
    expect(fresh).toMatch(/^cus_/);
    expect(fresh).not.toBe(old);
    expect(await storedCustomer(user.email)).toEqual([fresh]);
    expect(await platform().customers.retrieve(fresh)).toMatchObject({
      email: user.email,
      metadata: { userAccountId: expect.any(String) },
    });
    // The old card went with the old customer: it is no longer offered.
    expect(await cardRows(user.email)).toEqual([]);
    // A new card saves against the new customer.
    const { setup: next } = await enterCard(user.cookie, "5555555555554444");
    expect((await confirmSetup(user.cookie, next.intentId)).status).toBe(200);
    expect(await cardRows(user.email)).toMatchObject([{ last4: "4444" }]);
  });

  it("paying with a card saved with it is refused as no card (409, never 500); a card added then pays", async () => {
    const order = await approvedOrder();
    const [old] = await storedCustomer(order.buyer.email);
    await platform().customers.del(old!);
    const pay = () =>
      call("/api/features/commission/order/pay", {
        method: "POST",
        cookie: order.buyer.cookie,
        json: { orderId: order.id, confirmed: true },
      });
    const refused = await pay();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: "no_payment_method" });
    expect(await cardRows(order.buyer.email)).toEqual([]);
    const [fresh] = await storedCustomer(order.buyer.email);
    expect(fresh).not.toBe(old);

    const { setup } = await enterCard(order.buyer.cookie, "4242424242424242");
    expect((await confirmSetup(order.buyer.cookie, setup.intentId)).status).toBe(200);
    expect((await platform().setupIntents.retrieve(setup.intentId)).customer).toBe(fresh);
    const paid = await pay();
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ status: "succeeded" });
  });

  it("two tabs at once make one new customer, and both setups are for it", async () => {
    const user = await newUser();
    await createSetup(user.cookie);
    const [old] = await storedCustomer(user.email);
    await platform().customers.del(old!);
    const setups = await Promise.all(Array.from({ length: 4 }, () => createSetup(user.cookie)));
    const intents = await Promise.all(setups.map((s) => platform().setupIntents.retrieve(s.intentId)));
    const customers = new Set(intents.map((intent) => intent.customer));
    expect(customers.size).toBe(1);
    const [fresh] = customers;
    expect(fresh).not.toBe(old);
    expect(await storedCustomer(user.email)).toEqual([fresh]);
    const made = await platform().customers.list({ email: user.email, limit: 10 });
    expect(made.data.map((c) => c.id)).toEqual([fresh]);
  });
});
