// Helpers of the payments tests: a signed-in user saving a card the way the local card form does (the app's own
// emulator-cards module, against the emulator the run started), and Stripe's webhook deliveries, signed with the
// Worker's secret, to the Worker's real route.
import { env, exports } from "cloudflare:workers";
import Stripe from "stripe";
import { confirmCardSetupOnEmulator, type CardDetails } from "#app/lib/payments/emulator-cards";
import { createStripe } from "#worker/payments/stripe-client";
import { expect } from "vitest";
import { freshUser } from "./auth-helpers";
import { BASE, call, signUp } from "./helpers";
import { commissionAccountByEmail, insertOrder } from "./order-fixtures";

const emulatorKeys = {
  apiUrl: `http://127.0.0.1:${env.STRIPE_API_PORT}`,
  publishableKey: env.STRIPE_PUBLISHABLE_KEY,
};
/** The platform's client, built by the Worker's own factory from the test environment. */
export const platform = () => createStripe(env);
export const RETURN_URL = `${BASE}/dashboard/setting/profile/payment`;

export async function newUser() {
  const user = freshUser();
  return { ...user, cookie: await signUp(user.handle, user.email) };
}

const card = (number: string): CardDetails => ({
  number,
  expMonth: "12",
  expYear: String(new Date().getUTCFullYear() + 3),
  cvc: "123",
});

export async function createSetup(cookie: string): Promise<{ intentId: string; clientSecret: string }> {
  const response = await call("/api/stripe/intent/setup/create", { cookie });
  if (response.status !== 200) throw new Error(`setup/create answered ${response.status}`);
  return response.json();
}

/** The card form's part: create the card at the emulator with the publishable key and confirm the intent. */
export async function enterCard(cookie: string, number: string) {
  const setup = await createSetup(cookie);
  const result = await confirmCardSetupOnEmulator(emulatorKeys, { ...setup, returnUrl: RETURN_URL }, card(number));
  return { setup, result };
}

export const confirmSetup = (cookie: string, intentId: string) =>
  call("/api/stripe/intent/setup/confirm", { method: "POST", cookie, json: { intentId } });

export async function cardRows(userEmail: string) {
  const { results } = await env.DB.prepare(
    `SELECT m.* FROM payment_account_methods m JOIN user_accounts u ON u.id = m.user_account_id WHERE u.email = ? ORDER BY m.created_at`,
  )
    .bind(userEmail)
    .all<{ id: string; stripe_method_id: string; brand: string; last4: string }>();
  return results;
}

/** The emulator's events about one object (newest first, as Stripe lists them), as raw JSON bodies. */
export async function eventsAbout(objectIds: string[]): Promise<Stripe.Event[]> {
  const events = await platform().events.list({ limit: 100 });
  return events.data.filter((event) => objectIds.includes((event.data.object as { id: string }).id));
}

/** A `t=…,v1=…` signature over a body, as Stripe makes it. */
export const sign = (
  payload: string,
  { secret = env.STRIPE_WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {},
) =>
  Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    timestamp,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });

/** POST /webhooks/stripe (or the Connect endpoint, /webhooks/stripe/connect) with this body and signature header (none when null). */
export function postWebhook(body: string, signature: string | null, endpoint: "platform" | "connect" = "platform") {
  const headers = new Headers({ "content-type": "application/json" });
  if (signature) headers.set("stripe-signature", signature);
  const path = endpoint === "connect" ? "/webhooks/stripe/connect" : "/webhooks/stripe";
  return exports.default.fetch(new Request(`${BASE}${path}`, { method: "POST", headers, body }));
}

/**
 * Delivers an event as Stripe does: the pretty-printed JSON body and a signature over exactly those bytes. A connected
 * account's event (`account` set) goes to the Connect endpoint, signed with that endpoint's own secret.
 */
export async function deliver(event: Stripe.Event, options: { secret?: string; timestamp?: number } = {}) {
  const body = JSON.stringify(event, null, 2);
  const endpoint = event.account ? "connect" : "platform";
  const secret =
    options.secret ?? (endpoint === "connect" ? env.STRIPE_CONNECT_WEBHOOK_SECRET : env.STRIPE_WEBHOOK_SECRET);
  return postWebhook(body, await sign(body, { ...options, secret }), endpoint);
}

/** Each event `times` times, in a shuffled order. */
export function shuffledDeliveries<T>(events: T[], times: number): T[] {
  const all = events.flatMap((event) => Array.from({ length: times }, () => event));
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all;
}

/** The cardholder on the emulator's 3-D Secure page: submit its form (hidden fields and the chosen outcome's button). */
async function submitThreeDSecure(pageUrl: string | null, outcome: "succeed" | "fail"): Promise<Response> {
  if (!pageUrl) throw new Error("no 3-D Secure page to open");
  const page = await fetch(pageUrl);
  if (page.status !== 200) throw new Error(`3-D Secure page answered ${page.status}`);
  const html = await page.text();
  const form = /<form[^>]*action="([^"]*)"/i.exec(html);
  const action = new URL((form?.[1] ?? pageUrl).replaceAll("&amp;", "&"), pageUrl);
  const button = new RegExp(`<button[^>]*name="([^"]+)"[^>]*value="(${outcome}[a-z]*)"`, "i").exec(html);
  if (!button) throw new Error(`no ${outcome} button on the 3-D Secure page`);
  const fields = new URLSearchParams(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((field) => [field[1], field[2]]),
  );
  fields.set(button[1], button[2]);
  return fetch(action, { method: "POST", body: fields, redirect: "manual" });
}

/** A `redirect_to_url` challenge: returns where the page sends the browser back (the return_url with Stripe.js's query). */
export async function completeThreeDSecure(pageUrl: string | null, outcome: "succeed" | "fail"): Promise<URL> {
  const response = await submitThreeDSecure(pageUrl, outcome);
  if (response.status !== 303) throw new Error(`3-D Secure page's form answered ${response.status}`);
  return new URL(response.headers.get("location")!);
}

/** The pay answer's `use_stripe_sdk` action: the emulator's challenge page, which the app frames (its `stripe_js`). */
export function sdkChallengeOf(
  nextAction: { type?: string; use_stripe_sdk?: { stripe_js?: unknown } } | null | undefined,
): string | null {
  const page = nextAction?.type === "use_stripe_sdk" ? nextAction.use_stripe_sdk?.stripe_js : null;
  return typeof page === "string" ? page : null;
}

/**
 * A `use_stripe_sdk` challenge, which the app opens in a frame (decision 057): the finished page stays, and posts its
 * outcome to the page that framed it; returns that message as the page's script carries it.
 */
export async function completeThreeDSecureInFrame(
  pageUrl: string | null,
  outcome: "succeed" | "fail",
): Promise<{ type: string; intent: string; status: string }> {
  const response = await submitThreeDSecure(pageUrl, outcome);
  if (response.status !== 200) throw new Error(`3-D Secure page's form answered ${response.status}`);
  const posted = /postMessage\((\{.*?\}), "\*"\)/.exec(await response.text());
  if (!posted) throw new Error("the finished 3-D Secure page posts nothing to its parent");
  return JSON.parse(posted[1]);
}

/** A buyer with a saved card, a seller, and an order between them the seller has approved (at ¥10,000 by default). */
export async function approvedOrder(cardNumber = "4242424242424242", priceAmount = 10_000) {
  const [buyer, seller, stranger] = await Promise.all([newUser(), newUser(), newUser()]);
  const { setup, result } = await enterCard(buyer.cookie, cardNumber);
  // A card that asks for 3-D Secure on every on-session use asks for it when it is saved, too.
  if (result.status === "requires_action") await completeThreeDSecure(result.action.url, "succeed");
  expect((await confirmSetup(buyer.cookie, setup.intentId)).status).toBe(200);
  const { id, code } = await insertOrder({
    sellerId: (await commissionAccountByEmail(seller.email)).id,
    buyerId: (await commissionAccountByEmail(buyer.email)).id,
    priceAmount,
    approvalDeadline: Date.now() + 86_400_000,
  });
  expect(
    (
      await call("/api/features/commission/order/approve", {
        method: "POST",
        cookie: seller.cookie,
        json: { orderId: id },
      })
    ).status,
  ).toBe(200);
  return { id, code, buyer, seller, stranger };
}
