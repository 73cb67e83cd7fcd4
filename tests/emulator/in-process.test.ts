// The core is `handle(Request) → Response` with no server: the same emulator can run inside another process
// (or be routed to by the SDK's fetch client) without a port.
import Stripe from "stripe";
import { afterEach, expect, it } from "vitest";
import { createStripeEmulator, type StripeEmulator } from "#emulators/stripe/emulator.ts";
import { SECRET_KEY } from "./helpers.ts";

let emulator: StripeEmulator | undefined;
afterEach(() => emulator?.close());

it("serves the SDK through its fetch client with no server", async () => {
  const core = createStripeEmulator();
  emulator = core;
  const stripe = new Stripe(SECRET_KEY, {
    host: "stripe.emulator.invalid",
    protocol: "http",
    maxNetworkRetries: 0,
    httpClient: Stripe.createFetchHttpClient((input, init) => core.handle(new Request(input, init))),
  });
  const intent = await stripe.paymentIntents.create({
    amount: 1000,
    currency: "jpy",
    payment_method: "pm_card_authenticationRequired",
    confirm: true,
    return_url: "http://app.invalid/r",
  });
  expect(intent.status).toBe("requires_action");
  // Links to emulator pages are built on the origin the request used.
  expect(intent.next_action?.redirect_to_url?.url).toMatch(
    /^http:\/\/stripe\.emulator\.invalid(:\d+)?\/_emulator\/3ds\//,
  );
  const page = await core.handle(new Request(intent.next_action!.redirect_to_url!.url!));
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toMatch(/^text\/html/);
});
