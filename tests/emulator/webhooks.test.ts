// Webhooks: signed like Stripe's (verified with the SDK's constructEventAsync), retried after failures, replayable,
// and the events API behind them.
import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import type { RunningStripeEmulator } from "#emulators/stripe/server.ts";
import { call, receiver, start } from "./helpers.ts";

const SECRET = "whsec_test_suite_secret";
const cryptoProvider = Stripe.createSubtleCryptoProvider();
const verifier = new Stripe("sk_test_verifier");

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function setup(status?: Parameters<typeof receiver>[0], connect = false) {
  const hook = await receiver(status);
  const { emulator, stripe } = await start({ webhooks: [{ url: hook.url, secret: SECRET, connect }] });
  cleanups.push(
    () => emulator.close(),
    () => hook.close(),
  );
  return { hook, emulator, stripe };
}

function parse(body: string): Stripe.Event {
  return JSON.parse(body) as Stripe.Event;
}

describe("webhook delivery", () => {
  it("delivers signed events that constructEventAsync verifies, and a tampered body fails", async () => {
    const { hook, stripe } = await setup();
    const customer = await stripe.customers.create({ email: "hook@example.com" });
    const [received] = await hook.until((all) => all.length >= 1);
    expect(received!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = await verifier.webhooks.constructEventAsync(
      received!.body,
      received!.signature,
      SECRET,
      undefined,
      cryptoProvider,
    );
    expect(event).toMatchObject({
      type: "customer.created",
      object: "event",
      livemode: false,
      data: { object: { id: customer.id, email: "hook@example.com" } },
    });
    expect(event.request?.id).toMatch(/^req_/);
    expect(event.pending_webhooks).toBe(1);
    const tampered = received!.body.replace("hook@example.com", "evil@example.com");
    await expect(
      verifier.webhooks.constructEventAsync(tampered, received!.signature, SECRET, undefined, cryptoProvider),
    ).rejects.toThrow(/No signatures found matching the expected signature for payload/);
    await expect(
      verifier.webhooks.constructEventAsync(
        received!.body,
        received!.signature,
        "whsec_other",
        undefined,
        cryptoProvider,
      ),
    ).rejects.toThrow();
  });

  it("sends the events of one request in order, each a snapshot of its moment", async () => {
    const { hook, stripe } = await setup();
    const customer = await stripe.customers.create({});
    await stripe.setupIntents.create({ customer: customer.id, payment_method: "pm_card_visa", confirm: true });
    await hook.until((all) => all.length >= 4);
    expect(hook.types()).toEqual([
      "customer.created",
      "setup_intent.created",
      "payment_method.attached",
      "setup_intent.succeeded",
    ]);
    const created = parse(hook.received[1]!.body).data.object as Stripe.SetupIntent;
    expect(created.status).toBe("requires_confirmation");
  });

  it("retries after a 500 until the endpoint answers 2xx", async () => {
    const { hook, emulator, stripe } = await setup((_, index) => (index < 2 ? 500 : 200));
    await stripe.customers.create({});
    await hook.until((all) => all.length >= 3);
    const ids = hook.received.map((entry) => parse(entry.body).id);
    expect(new Set(ids).size).toBe(1);
    const attempts = (await (await call(emulator, "/_emulator/webhooks/attempts")).json()) as {
      attempts: { attempt: number; status: number }[];
    };
    expect(attempts.attempts.map((attempt) => [attempt.attempt, attempt.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
  });

  it("retries when the endpoint cannot be reached, and stops after the last scheduled attempt", async () => {
    const { emulator, stripe } = await start({
      webhooks: [{ url: "http://127.0.0.1:9/unreachable", secret: SECRET }],
      webhookRetryDelaysMs: [5, 5],
    });
    cleanups.push(() => emulator.close());
    await stripe.customers.create({});
    let attempts: { attempt: number; status: number | null; error: string | null }[] = [];
    for (let i = 0; i < 100 && attempts.length < 3; i++) {
      attempts = (
        (await (await call(emulator, "/_emulator/webhooks/attempts")).json()) as { attempts: typeof attempts }
      ).attempts;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(attempts.map((attempt) => attempt.attempt)).toEqual([1, 2, 3]);
    expect(attempts.every((attempt) => attempt.status === null && attempt.error)).toBe(true);
  });

  it("redelivers one event on demand", async () => {
    const { hook, emulator, stripe } = await setup();
    await stripe.customers.create({});
    await hook.until((all) => all.length >= 1);
    const event = parse(hook.received[0]!.body);
    const response = await call(emulator, `/_emulator/events/${event.id}/redeliver?times=2`, { method: "POST" });
    expect(await response.json()).toEqual({ deliveries: 2, order: [event.id, event.id] });
    expect(hook.received.map((entry) => parse(entry.body).id)).toEqual([event.id, event.id, event.id]);
    expect((await call(emulator, "/_emulator/events/evt_missing/redeliver", { method: "POST" })).status).toBe(404);
  });

  it("redelivers every event N times, shuffled, each signature still valid", async () => {
    const { hook, emulator, stripe } = await setup();
    await stripe.customers.create({});
    await stripe.customers.create({});
    await hook.until((all) => all.length >= 2);
    const response = await call(emulator, "/_emulator/events/redeliver?times=3&shuffle=1", { method: "POST" });
    const result = (await response.json()) as { deliveries: number; order: string[] };
    expect(result.deliveries).toBe(6);
    expect(hook.received).toHaveLength(8);
    expect(hook.received.slice(2).map((entry) => parse(entry.body).id)).toEqual(result.order);
    for (const entry of hook.received)
      await verifier.webhooks.constructEventAsync(entry.body, entry.signature, SECRET, undefined, cryptoProvider);
  });

  it("sends connected accounts' events only to Connect endpoints", async () => {
    const platformHook = await receiver();
    const connectHook = await receiver();
    const { emulator, stripe } = await start({
      webhooks: [
        { url: platformHook.url, secret: SECRET },
        { url: connectHook.url, secret: SECRET, connect: true },
      ],
    });
    cleanups.push(
      () => emulator.close(),
      () => platformHook.close(),
      () => connectHook.close(),
    );
    const account = await stripe.accounts.create({ type: "express", country: "JP" });
    await stripe.accounts.update(account.id, { email: "creator@example.com" });
    await stripe.customers.create({});
    await platformHook.until((all) => all.length >= 1);
    await connectHook.until((all) => all.length >= 1);
    const connectEvent = parse(connectHook.received[0]!.body);
    expect(connectEvent).toMatchObject({
      type: "account.updated",
      account: account.id,
      data: { previous_attributes: { email: null } },
    });
    expect(platformHook.types()).toEqual(["customer.created"]);
  });
});

describe("webhook endpoints and events API", () => {
  let emulator: RunningStripeEmulator;

  it("creates an endpoint that returns its whsec_ secret once, delivers to it, and deletes it", async () => {
    const hook = await receiver();
    const started = await start();
    emulator = started.emulator;
    const { stripe } = started;
    cleanups.push(
      () => emulator.close(),
      () => hook.close(),
    );
    const endpoint = await stripe.webhookEndpoints.create({ url: hook.url, enabled_events: ["customer.updated"] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect((await stripe.webhookEndpoints.retrieve(endpoint.id)).secret).toBeUndefined();
    const customer = await stripe.customers.create({});
    await stripe.customers.update(customer.id, { name: "Named" });
    const [received] = await hook.until((all) => all.length >= 1);
    const event = await verifier.webhooks.constructEventAsync(
      received!.body,
      received!.signature,
      endpoint.secret!,
      undefined,
      cryptoProvider,
    );
    expect(event.type).toBe("customer.updated");
    expect(event.data.previous_attributes).toEqual({ name: null });
    expect(await stripe.webhookEndpoints.del(endpoint.id)).toMatchObject({ id: endpoint.id, deleted: true });
    expect((await stripe.webhookEndpoints.list()).data).toEqual([]);
  });

  it("lists events newest first, filters by type, and retrieves one", async () => {
    const started = await start();
    emulator = started.emulator;
    const { stripe } = started;
    cleanups.push(() => emulator.close());
    const customer = await stripe.customers.create({});
    await stripe.customers.update(customer.id, { name: "A" });
    const all = await stripe.events.list();
    expect(all.data.map((event) => event.type)).toEqual(["customer.updated", "customer.created"]);
    const created = await stripe.events.list({ type: "customer.created" });
    expect(created.data).toHaveLength(1);
    expect((await stripe.events.retrieve(created.data[0]!.id)).id).toBe(created.data[0]!.id);
    expect((await stripe.events.list({ type: "customer.*" })).data).toHaveLength(2);
  });

  it("forgets everything on /_emulator/reset", async () => {
    const started = await start();
    emulator = started.emulator;
    const { stripe } = started;
    cleanups.push(() => emulator.close());
    const customer = await stripe.customers.create({});
    expect((await call(emulator, "/_emulator/reset", { method: "POST" })).status).toBe(200);
    await expect(stripe.customers.retrieve(customer.id)).rejects.toThrow(/No such customer/);
    expect((await stripe.events.list()).data).toEqual([]);
  });
});
