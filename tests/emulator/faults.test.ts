// Stripe's bad days (faults.ts): each fault answers as Stripe does and the real SDK raises what the Worker would see;
// retries with an idempotency key end with one object; rules are counted, scoped, seeded and cleared; emulator
// controls and pages are never faulted; a key still in flight gets 409; the server answers requests concurrently.
import { spawn } from "node:child_process";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createStripeEmulator } from "#emulators/stripe/emulator.ts";
import { ConnectionDroppedError, type FaultRuleInput, type FaultRuleView } from "#emulators/stripe/faults.ts";
import type { RunningStripeEmulator } from "#emulators/stripe/server.ts";
import { call, rejection, SECRET_KEY, sdk, start } from "./helpers.ts";

let emulator: RunningStripeEmulator;
/** As the Worker builds it: the fetch client (workerd's), no retries. */
let worker: Stripe;
beforeAll(async () => {
  ({ emulator } = await start());
  worker = sdk(emulator, SECRET_KEY, { httpClient: Stripe.createFetchHttpClient() });
});
afterEach(async () => {
  await call(emulator, "/_emulator/faults", { method: "DELETE" });
});
afterAll(() => emulator.close());

async function addFault(rule: FaultRuleInput): Promise<FaultRuleView> {
  const response = await call(emulator, "/_emulator/faults", {
    method: "POST",
    body: JSON.stringify(rule),
    headers: { "Content-Type": "application/json" },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as FaultRuleView;
}

async function faultRules(): Promise<FaultRuleView[]> {
  return ((await (await call(emulator, "/_emulator/faults")).json()) as { rules: FaultRuleView[] }).rules;
}

let tags = 0;
/** A text no other test's calls contain, for `match` and for finding this test's objects. */
function uniqueTag(): string {
  return `order_${process.pid}_${++tags}`;
}

function createIntent(
  client: Stripe,
  tag: string,
  options: Stripe.RequestOptions = {},
): Promise<Stripe.Response<Stripe.PaymentIntent>> {
  return client.paymentIntents.create({ amount: 1200, currency: "jpy", metadata: { order: tag } }, options);
}

async function intentsTagged(tag: string): Promise<Stripe.PaymentIntent[]> {
  const all = await sdk(emulator).paymentIntents.list({ limit: 100 });
  return all.data.filter((intent) => intent.metadata.order === tag);
}

const authorized = { Authorization: `Bearer ${SECRET_KEY}` };

/** The fetch client hands over fetch's own `Headers` as `lastResponse.headers`, whatever the SDK's types say. */
function responseHeader(object: { lastResponse: { headers: unknown } }, name: string): string | null | undefined {
  const headers = object.lastResponse.headers;
  return headers instanceof Headers ? headers.get(name) : (headers as Record<string, string>)[name];
}

describe("each fault as Stripe answers it", () => {
  it("lock_timeout: 429 with Stripe-Should-Retry: true, a StripeRateLimitError with code lock_timeout", async () => {
    const tag = uniqueTag();
    await addFault({ fault: "lock_timeout", match: tag });
    const error = await rejection(createIntent(worker, tag));
    expect(error).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    expect(error).toMatchObject({ statusCode: 429, code: "lock_timeout", rawType: "invalid_request_error" });
    expect(error.headers?.["stripe-should-retry"]).toBe("true");
    expect(error.headers?.["stripe-emulator-fault"]).toMatch(/^lock_timeout fault_/);
    expect(await intentsTagged(tag)).toHaveLength(0);
  });

  it("rate_limit: 429 with no retry advice, a StripeRateLimitError with code rate_limit", async () => {
    const tag = uniqueTag();
    await addFault({ fault: "rate_limit", match: tag });
    const error = await rejection(createIntent(worker, tag));
    expect(error).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    expect(error).toMatchObject({ statusCode: 429, code: "rate_limit" });
    expect(error.headers?.["stripe-should-retry"]).toBeUndefined();
  });

  it("idempotency_in_progress: 409 idempotency_key_in_use naming the key, a StripeAPIError (the SDK picks classes by status)", async () => {
    const tag = uniqueTag();
    await addFault({ fault: "idempotency_in_progress", match: tag });
    const error = await rejection(createIntent(worker, tag, { idempotencyKey: `pay-${tag}` }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(error).toMatchObject({ statusCode: 409, code: "idempotency_key_in_use", rawType: "invalid_request_error" });
    expect(error.message).toContain(`pay-${tag}`);
  });

  it("api_error: 500, a StripeAPIError, and nothing done", async () => {
    const tag = uniqueTag();
    await addFault({ fault: "api_error", match: tag });
    const error = await rejection(createIntent(worker, tag));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(error).toMatchObject({ statusCode: 500, rawType: "api_error" });
    expect(await intentsTagged(tag)).toHaveLength(0);
  });

  it("timeout: held past the client's timeout, a StripeConnectionError, and never performed", async () => {
    const tag = uniqueTag();
    await addFault({ fault: "timeout", match: tag, holdMs: 5000 });
    const impatient = sdk(emulator, SECRET_KEY, { httpClient: Stripe.createFetchHttpClient(), timeout: 300 });
    const started = Date.now();
    const error = await rejection(createIntent(impatient, tag));
    expect(error).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(error.message).toBe("Request aborted due to timeout being reached (300ms)");
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await intentsTagged(tag)).toHaveLength(0);
  });

  it("drop_before: the connection is lost, a StripeConnectionError, and nothing happened", async () => {
    const tag = uniqueTag();
    await addFault({ fault: "drop_before", match: tag });
    const error = await rejection(createIntent(worker, tag));
    expect(error).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(await intentsTagged(tag)).toHaveLength(0);
  });

  it("drop_after: a StripeConnectionError although the work was done, its events sent", async () => {
    const tag = uniqueTag();
    await addFault({ fault: "drop_after", match: tag });
    const error = await rejection(createIntent(worker, tag));
    expect(error).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    const [intent] = await intentsTagged(tag);
    expect(intent).toBeDefined();
    const events = await sdk(emulator).events.list({ type: "payment_intent.created", limit: 100 });
    expect(events.data.some((event) => (event.data.object as Stripe.PaymentIntent).id === intent!.id)).toBe(true);
  });
});

describe("retries", () => {
  it("drop_after on creation with an idempotency key: the SDK's retry gets the replay, so one PaymentIntent", async () => {
    const tag = uniqueTag();
    const rule = await addFault({
      fault: "drop_after",
      method: "POST",
      path: "/v1/payment_intents",
      match: tag,
      count: 1,
    });
    const retrying = sdk(emulator, SECRET_KEY, { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 2 });
    const intent = await createIntent(retrying, tag, { idempotencyKey: `pay-${tag}` });
    expect(responseHeader(intent, "idempotent-replayed")).toBe("true");
    expect((await intentsTagged(tag)).map((stored) => stored.id)).toEqual([intent.id]);
    expect((await faultRules()).find((listed) => listed.id === rule.id)?.fired).toBe(1);
  });

  it("drop_after without an idempotency key: sending again does the work twice", async () => {
    const tag = uniqueTag();
    await addFault({ fault: "drop_after", match: tag, count: 1 });
    // The SDK puts a key on every POST, so only a raw call can go without one.
    const send = () =>
      call(emulator, "/v1/payment_intents", {
        method: "POST",
        body: new URLSearchParams({ amount: "1200", currency: "jpy", "metadata[order]": tag }),
        headers: { ...authorized, "Content-Type": "application/x-www-form-urlencoded" },
      });
    await expect(send()).rejects.toThrow();
    expect((await send()).status).toBe(200);
    expect(await intentsTagged(tag)).toHaveLength(2);
  });

  it("the SDK retries a lock timeout (Stripe-Should-Retry), a 500 and a lost connection, but not a rate limit", async () => {
    const retrying = sdk(emulator, SECRET_KEY, { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 1 });
    for (const fault of ["lock_timeout", "api_error", "drop_before"] as const) {
      const tag = uniqueTag();
      await addFault({ fault, match: tag, count: 1 });
      await expect(createIntent(retrying, tag)).resolves.toMatchObject({ metadata: { order: tag } });
    }
    const tag = uniqueTag();
    await addFault({ fault: "rate_limit", match: tag, count: 1 });
    expect(await rejection(createIntent(retrying, tag))).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
  });

  it("Node's http client retries a reset connection once even with maxNetworkRetries 0 (the fetch client does not)", async () => {
    const tag = uniqueTag();
    await addFault({ fault: "drop_before", match: tag, count: 1 });
    await expect(createIntent(sdk(emulator), tag)).resolves.toMatchObject({ metadata: { order: tag } });
  });
});

describe("rules", () => {
  it("count: 1 fires once; GET counts what matched and what fired", async () => {
    const tag = uniqueTag();
    const rule = await addFault({ fault: "api_error", match: tag, count: 1 });
    expect(await rejection(createIntent(worker, tag))).toBeInstanceOf(Stripe.errors.StripeAPIError);
    await createIntent(worker, tag);
    expect((await faultRules()).find((listed) => listed.id === rule.id)).toMatchObject({
      fault: "api_error",
      count: 1,
      matched: 1,
      fired: 1,
    });
  });

  it("match scopes a rule to one order's calls, by body or Idempotency-Key; method and path narrow it", async () => {
    const mine = uniqueTag();
    const theirs = uniqueTag();
    await addFault({ fault: "api_error", match: mine });
    await createIntent(worker, theirs);
    expect(await rejection(createIntent(worker, mine))).toBeInstanceOf(Stripe.errors.StripeAPIError);
    await call(emulator, "/_emulator/faults", { method: "DELETE" });

    await addFault({ fault: "api_error", match: `key-${mine}` });
    const byKey = await rejection(worker.customers.create({}, { idempotencyKey: `key-${mine}` }));
    expect(byKey).toBeInstanceOf(Stripe.errors.StripeAPIError);
    await call(emulator, "/_emulator/faults", { method: "DELETE" });

    // The request line names the intent: a rule can follow one object past its creation.
    const intent = await createIntent(worker, mine);
    await addFault({ fault: "api_error", method: "POST", path: "/v1/payment_intents/*/confirm", match: intent.id });
    await worker.paymentIntents.retrieve(intent.id);
    await worker.paymentIntents.update(intent.id, { description: "not a confirm" });
    expect(
      await rejection(worker.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" })),
    ).toBeInstanceOf(Stripe.errors.StripeAPIError);
  });

  it("rate with a seed fails the same calls every time; another seed, others", async () => {
    const pattern = async (seed: number): Promise<boolean[]> => {
      const tag = uniqueTag();
      await addFault({ fault: "api_error", rate: 0.5, seed, match: tag });
      const failed: boolean[] = [];
      for (let i = 0; i < 16; i++)
        failed.push((await call(emulator, `/v1/customers?limit=1&tag=${tag}`, { headers: authorized })).status === 500);
      await call(emulator, "/_emulator/faults", { method: "DELETE" });
      return failed;
    };
    const first = await pattern(7);
    expect(await pattern(7)).toEqual(first);
    expect(first).toContain(true);
    expect(first).toContain(false);
    expect(await pattern(8)).not.toEqual(first);
  });

  it("DELETE clears every rule, or one by id; bad rules are refused with the reason", async () => {
    const kept = await addFault({ fault: "rate_limit", match: uniqueTag() });
    const dropped = await addFault({ fault: "api_error", match: uniqueTag() });
    expect((await call(emulator, `/_emulator/faults/${dropped.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await faultRules()).map((rule) => rule.id)).toEqual([kept.id]);
    expect((await call(emulator, `/_emulator/faults/${dropped.id}`, { method: "DELETE" })).status).toBe(404);
    expect(await (await call(emulator, "/_emulator/faults", { method: "DELETE" })).json()).toEqual({ deleted: 1 });
    expect(await faultRules()).toEqual([]);

    for (const bad of [
      { fault: "meteor" },
      { fault: "api_error", rate: 0.5, seed: 1.5 },
      { fault: "api_error", seed: 1 },
      { fault: "latency" },
      { fault: "api_error", path: "/_emulator/reset" },
      "[{",
    ]) {
      const response = await call(emulator, "/_emulator/faults", {
        method: "POST",
        body: typeof bad === "string" ? bad : JSON.stringify(bad),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).not.toBe("");
    }
  });

  it("never faults /_emulator controls, pages or preflights, only /v1 calls", async () => {
    await addFault({ fault: "drop_before" });
    expect((await call(emulator, "/_emulator/webhooks/attempts")).status).toBe(200);
    expect((await call(emulator, "/_emulator/balance/make_available", { method: "POST" })).status).toBe(200);
    expect((await call(emulator, "/_emulator/faults")).status).toBe(200);
    expect((await call(emulator, "/v1/customers", { method: "OPTIONS" })).status).toBe(204);
    await expect(call(emulator, "/v1/customers", { headers: authorized })).rejects.toThrow();
  });
});

describe("concurrency", () => {
  it("a second request with an Idempotency-Key still in flight gets 409 idempotency_key_in_use; a retry gets the first's answer", async () => {
    const tag = uniqueTag();
    await addFault({ fault: "latency", latencyMs: 300, match: tag });
    const key = `pay-${tag}`;
    const first = createIntent(worker, tag, { idempotencyKey: key });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await rejection(createIntent(worker, tag, { idempotencyKey: key }));
    expect(second).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(second).toMatchObject({ statusCode: 409, code: "idempotency_key_in_use" });
    const created = await first;

    const retrying = sdk(emulator, SECRET_KEY, { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 2 });
    const otherKey = `pay-again-${tag}`;
    const [one, two] = await Promise.all([
      createIntent(retrying, tag, { idempotencyKey: otherKey }),
      new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
        createIntent(retrying, tag, { idempotencyKey: otherKey }),
      ),
    ]);
    expect(two.id).toBe(one.id);
    expect((await intentsTagged(tag)).map((intent) => intent.id).sort()).toEqual([created.id, one.id].sort());
  });

  it("answers other requests while one is held", async () => {
    const slowTag = uniqueTag();
    await addFault({ fault: "latency", latencyMs: 600, match: slowTag });
    const finished: string[] = [];
    const slow = createIntent(worker, slowTag).then(() => finished.push("slow"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fast = createIntent(worker, uniqueTag()).then(() => finished.push("fast"));
    await Promise.all([slow, fast]);
    expect(finished).toEqual(["fast", "slow"]);
  });
});

describe("outside the server", () => {
  it("handle() rejects with ConnectionDroppedError, which the SDK's fetch client reports as a StripeConnectionError", async () => {
    const core = createStripeEmulator({ faults: [{ fault: "drop_before", path: "/v1/customers" }] });
    try {
      const request = new Request("http://stripe.emulator.invalid/v1/customers", {
        method: "POST",
        headers: authorized,
      });
      await expect(core.handle(request)).rejects.toBeInstanceOf(ConnectionDroppedError);
      const inProcess = new Stripe(SECRET_KEY, {
        host: "stripe.emulator.invalid",
        protocol: "http",
        maxNetworkRetries: 0,
        httpClient: Stripe.createFetchHttpClient((input, init) => core.handle(new Request(input, init))),
      });
      expect(await rejection(inProcess.customers.create({}))).toBeInstanceOf(Stripe.errors.StripeConnectionError);
      await expect(inProcess.paymentIntents.list()).resolves.toMatchObject({ object: "list" });
    } finally {
      await core.close();
    }
  });

  it("STRIPE_EMULATOR_FAULTS starts `npm run emulator:stripe` on a bad day, and a bad value stops it", async () => {
    const run = (faults: string) =>
      spawn(process.execPath, ["emulators/stripe/main.ts"], {
        env: { ...process.env, STRIPE_EMULATOR_PORT: "0", STRIPE_EMULATOR_FAULTS: faults },
        stdio: ["ignore", "pipe", "pipe"],
      });
    const child = run(JSON.stringify([{ fault: "api_error", path: "/v1/customers", count: 1 }]));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = "";
        child.stdout!.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening on (http:\/\/\S+)[\s\S]*faults on/.exec(output);
          if (match) resolve(match[1]!);
        });
        child.once("exit", () => reject(new Error(`exited: ${output}`)));
      });
      const { hostname, port } = new URL(url);
      const fromEnv = new Stripe(SECRET_KEY, { host: hostname, port, protocol: "http", maxNetworkRetries: 0 });
      expect(await rejection(fromEnv.customers.create({}))).toMatchObject({ statusCode: 500 });
      await expect(fromEnv.customers.create({})).resolves.toMatchObject({ object: "customer" });
    } finally {
      child.kill("SIGTERM");
    }

    const refused = run(`[{"fault":"api_eror"}]`);
    let stderr = "";
    refused.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await new Promise<number | null>((resolve) => refused.once("exit", resolve))).toBe(1);
    expect(stderr).toContain("STRIPE_EMULATOR_FAULTS");
  });
});
