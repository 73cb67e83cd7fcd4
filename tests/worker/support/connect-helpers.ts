// A creator and their connected account, driven as a person would: the Worker's /api/stripe/connect calls and the
// emulator's hosted onboarding page; and an order its client has paid. Shared by the payouts and connected-account suites.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { call } from "./helpers";
import { insertOrderIn, newParty, type OrderStateName, type Party } from "./order-states";
import { platform } from "./payments-helpers";

export async function creator(): Promise<Party> {
  const party = await newParty();
  await env.DB.prepare("INSERT INTO user_account_roles (user_account_id, role_code) VALUES (?, 'creator')")
    .bind(party.userAccountId)
    .run();
  return party;
}

export const connectGet = async (cookie: string) => {
  const response = await call("/api/stripe/connect/get", { cookie });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/**
 * The buttons of the emulator's onboarding page (emulators/stripe/onboarding.ts): submitted and verified at once (the
 * test harness sets no verification delay), submitted and left in review, submitted and then asked for more, or left.
 */
export type OnboardingOutcome = "complete" | "review" | "requirements_due" | "incomplete";

/**
 * The creator on the emulator's onboarding page: the signup link, then one of its buttons. Stripe sends them
 * back to the wallet, whose status read refreshes the account (`landOnWallet`); without it only account.updated can.
 */
export async function onboard(cookie: string, outcome: OnboardingOutcome, { landOnWallet = true } = {}): Promise<URL> {
  const signup = await call("/api/stripe/connect/signup", { method: "POST", cookie });
  expect(signup.status).toBe(200);
  const url = new URL(((await signup.json()) as { url: string }).url);
  expect((await fetch(url)).status).toBe(200);
  const response = await fetch(new URL(url.pathname, url), {
    method: "POST",
    body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), outcome }),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  if (landOnWallet) expect((await connectGet(cookie)).status).toBe(200);
  return new URL(response.headers.get("location")!);
}

export const accountOf = async (party: Party) =>
  (
    await env.DB.prepare("SELECT stripe_account_id FROM stripe_connected_accounts WHERE user_account_id = ?")
      .bind(party.userAccountId)
      .first<{ stripe_account_id: string }>()
  )?.stripe_account_id ?? null;

/** An order in `state` the buyer has paid by card (a real succeeded intent at the emulator), in yen or dollars. */
export async function paidOrder(
  state: OrderStateName,
  seller: Party,
  buyer: Party,
  { amount = 10_000, currency = "JPY" } = {},
) {
  const order = await insertOrderIn(state, seller, buyer);
  const intent = await platform().paymentIntents.create({
    amount,
    currency: currency.toLowerCase(),
    payment_method: "pm_card_visa",
    confirm: true,
    metadata: { orderId: order.id },
  });
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE commission_orders SET price_amount = ?, price_currency_id = (SELECT id FROM currencies WHERE code = ?) WHERE id = ?",
    ).bind(amount, currency, order.id),
    env.DB.prepare(
      `INSERT INTO payment_transactions (id, order_id, buyer_id, transaction_status, stripe_payment_intent_id, idempotency_key, amount, currency_id, paid_at, created_at, updated_at)
       VALUES (?, ?, ?, 'COMPLETED', ?, ?, ?, (SELECT id FROM currencies WHERE code = ?), ?, ?, ?)`,
    ).bind(
      crypto.randomUUID(),
      order.id,
      buyer.commissionAccountId,
      intent.id,
      `comet-order-${order.id}-payment`,
      amount,
      currency,
      now,
      now,
      now,
    ),
  ]);
  return order;
}
