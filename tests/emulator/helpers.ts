// Shared set-up for the emulator's tests: a server on a free port, SDK clients pointed at it, and a local webhook
// receiver that records what it is sent.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { startStripeEmulator, type RunningStripeEmulator, type StartOptions } from "#emulators/stripe/server.ts";

export const SECRET_KEY = "sk_test_emulator_suite";
export const PUBLISHABLE_KEY = "pk_test_emulator_suite";

export function sdk(emulator: RunningStripeEmulator, key = SECRET_KEY, options: Stripe.StripeConfig = {}): Stripe {
  return new Stripe(key, {
    host: "127.0.0.1",
    port: emulator.port,
    protocol: "http",
    maxNetworkRetries: 0,
    ...options,
  });
}

/**
 * The suite's platform is the first (the default) one: the endpoints configured at start (`webhooks`) and the keyless
 * emulator controls (`/_emulator/balance/make_available`…) are the default platform's.
 */
export async function start(options: StartOptions = {}): Promise<{ emulator: RunningStripeEmulator; stripe: Stripe }> {
  const emulator = await startStripeEmulator({
    port: 0,
    webhookRetryDelaysMs: [20, 40, 80],
    platforms: [{ secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY }],
    ...options,
  });
  return { emulator, stripe: sdk(emulator) };
}

/** A platform of the test's own (`POST /_emulator/platforms`): random keys, data nobody else sees. */
export async function newPlatform(
  emulator: RunningStripeEmulator,
): Promise<{ secretKey: string; publishableKey: string; stripe: Stripe }> {
  const response = await call(emulator, "/_emulator/platforms", { method: "POST" });
  const keys = (await response.json()) as { secret_key: string; publishable_key: string };
  return { secretKey: keys.secret_key, publishableKey: keys.publishable_key, stripe: sdk(emulator, keys.secret_key) };
}

/** A raw call, for what the SDK does not expose (emulator pages, pk calls from a browser, headers). */
export function call(emulator: RunningStripeEmulator, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${emulator.url}${path}`, { redirect: "manual", ...init });
}

export function form(values: Record<string, string>): { body: string; headers: Record<string, string> } {
  return {
    body: new URLSearchParams(values).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  };
}

export interface Received {
  body: string;
  signature: string;
}

/** A webhook receiver on a free port; `status` decides each answer (default 200). */
export async function receiver(status: (received: Received, index: number) => number = () => 200) {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const entry = {
        body: Buffer.concat(chunks).toString("utf8"),
        signature: String(req.headers["stripe-signature"] ?? ""),
      };
      received.push(entry);
      res.statusCode = status(entry, received.length - 1);
      res.end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  return {
    url,
    received,
    types: () => received.map((entry) => (JSON.parse(entry.body) as Stripe.Event).type),
    /** Resolves once `predicate` holds over what has arrived. */
    async until(predicate: (all: Received[]) => boolean, timeoutMs = 5000): Promise<Received[]> {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline)
          throw new Error(
            `webhooks did not arrive in time; got ${received.length}: ${received.map((entry) => (JSON.parse(entry.body) as Stripe.Event).type).join(", ")}`,
          );
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error("expected the call to fail");
}
