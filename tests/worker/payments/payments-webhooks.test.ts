// POST /webhooks/stripe: the signature over the raw body, then one effect per event however often and in whatever
// order Stripe delivers (issue 9). The events are the emulator's own, read through the API and delivered here as
// Stripe would push them (workerd under test listens on no port the emulator could reach).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  cardRows,
  confirmSetup,
  deliver,
  enterCard,
  eventsAbout,
  newUser,
  platform,
  postWebhook,
  shuffledDeliveries,
  sign,
} from "../support/payments-helpers";

const processed = async (eventId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM processed_webhook_events WHERE event_id = ?")
    .bind(eventId)
    .first<{ n: number }>())!.n;

/** A user whose card setup succeeded at the emulator, with no confirm call from the browser (it closed the tab). */
async function succeededSetupWithoutConfirm() {
  const user = await newUser();
  const { setup, result } = await enterCard(user.cookie, "4242424242424242");
  expect(result.status).toBe("succeeded");
  const intent = await platform().setupIntents.retrieve(setup.intentId);
  return { user, setup, intent, methodId: intent.payment_method as string };
}

describe("the webhook's signature", () => {
  it("refuses an unsigned, tampered, stale or wrongly keyed delivery with 400, and changes nothing", async () => {
    const { user, intent } = await succeededSetupWithoutConfirm();
    const [event] = (await eventsAbout([intent.id])).filter((e) => e.type === "setup_intent.succeeded");
    const body = JSON.stringify(event, null, 2);

    const unsigned = await postWebhook(body, null);
    // Signed correctly, then the body changed: the signature no longer matches.
    const tampered = await postWebhook(body.replace(event.id, `${event.id}x`), await sign(body));
    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const wrongKey = await deliver(event, { secret: "whsec_not_ours" });
    for (const response of [unsigned, tampered, stale, wrongKey]) expect(response.status).toBe(400);

    expect(await cardRows(user.email)).toHaveLength(0);
    expect(await processed(event.id)).toBe(0);
  });

  it("checks a connected account's events with the Connect endpoint's own secret, as Stripe signs them (and only there)", async () => {
    const account = await platform().accounts.create({
      type: "express",
      country: "JP",
      metadata: { suite: "connect-secret" },
    });
    await platform().accounts.update(account.id, {
      metadata: { suite: "connect-secret", touched: crypto.randomUUID() },
    });
    const [event] = (
      await platform().events.list({ type: "account.updated", limit: 10 }, { stripeAccount: account.id })
    ).data;
    expect(event.account).toBe(account.id);
    const body = JSON.stringify(event, null, 2);
    // Signed with the platform endpoint's secret (a Worker that knew one secret for both): refused at the Connect endpoint.
    expect((await postWebhook(body, await sign(body, { secret: env.STRIPE_WEBHOOK_SECRET }), "connect")).status).toBe(
      400,
    );
    // Signed with the Connect secret but sent to the platform endpoint: refused there.
    expect(
      (await postWebhook(body, await sign(body, { secret: env.STRIPE_CONNECT_WEBHOOK_SECRET }), "platform")).status,
    ).toBe(400);
    expect(await processed(event.id)).toBe(0);
    // As Stripe delivers it: the Connect endpoint, its own secret.
    expect(env.STRIPE_CONNECT_WEBHOOK_SECRET).not.toBe(env.STRIPE_WEBHOOK_SECRET);
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await processed(event.id)).toBe(1);
  });

  it("acknowledges event types it does not act on", async () => {
    const { intent } = await succeededSetupWithoutConfirm();
    const [created] = (await eventsAbout([intent.id])).filter((e) => e.type === "setup_intent.created");
    const response = await deliver(created);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "ignored" });
  });
});

describe("one effect per event", () => {
  it("saves the card from setup_intent.succeeded once, with every event delivered 3 times in a shuffled order", async () => {
    const { user, intent, methodId } = await succeededSetupWithoutConfirm();
    const events = await eventsAbout([intent.id, methodId, intent.customer as string]);
    expect(events.map((e) => e.type)).toContain("setup_intent.succeeded");

    const responses = await Promise.all(shuffledDeliveries(events, 3).map((event) => deliver(event)));
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    expect(await cardRows(user.email)).toMatchObject([{ stripe_method_id: methodId, last4: "4242" }]);
    for (const event of events) expect(await processed(event.id)).toBe(1);

    // The browser's confirm arriving after the webhook finds the card saved, not a second one.
    expect((await confirmSetup(user.cookie, intent.id)).status).toBe(200);
    expect(await cardRows(user.email)).toHaveLength(1);
  });

  it("does not bring back a card detached since, whatever order succeeded and detached arrive in", async () => {
    const { user, intent, methodId } = await succeededSetupWithoutConfirm();
    await platform().paymentMethods.detach(methodId);
    const events = (await eventsAbout([intent.id, methodId])).filter((e) =>
      ["setup_intent.succeeded", "payment_method.detached"].includes(e.type),
    );
    expect(events).toHaveLength(2);

    for (const event of shuffledDeliveries(events, 3)) expect((await deliver(event)).status).toBe(200);
    expect(await cardRows(user.email)).toHaveLength(0);
  });
});

describe("customer.deleted (issue 59)", () => {
  /** A user with a card saved, whose customer is then deleted at Stripe; the deletion's event, not yet delivered. */
  async function deletedCustomer() {
    const { user, intent } = await succeededSetupWithoutConfirm();
    expect((await confirmSetup(user.cookie, intent.id)).status).toBe(200);
    const customer = intent.customer as string;
    await platform().customers.del(customer);
    const events = (await eventsAbout([customer])).filter((e) => e.type === "customer.deleted");
    expect(events).toHaveLength(1);
    return { user, customer, event: events[0]! };
  }

  it("drops the cards saved with the customer, once however often it comes", async () => {
    const { user, event } = await deletedCustomer();
    expect(await cardRows(user.email)).toHaveLength(1);
    for (const delivery of shuffledDeliveries([event], 3)) expect((await deliver(delivery)).status).toBe(200);
    expect(await cardRows(user.email)).toEqual([]);
    expect(await processed(event.id)).toBe(1);
  });

  it("arriving after the user has a new customer and a new card, leaves that card alone", async () => {
    const { user, customer, event } = await deletedCustomer();
    const { setup } = await enterCard(user.cookie, "5555555555554444");
    expect((await platform().setupIntents.retrieve(setup.intentId)).customer).not.toBe(customer);
    expect((await confirmSetup(user.cookie, setup.intentId)).status).toBe(200);
    expect((await deliver(event)).status).toBe(200);
    expect(await cardRows(user.email)).toMatchObject([{ last4: "4444" }]);
  });
});
