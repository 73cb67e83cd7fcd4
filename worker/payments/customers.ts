/**
 * The Stripe Customer of a user, created the first time they save a card (lazily) and exactly once. Two requests
 * racing to create it send the same idempotency key, so Stripe answers both with one customer; the unique row per
 * user then keeps whichever insert came first, and both read it back.
 */
import type Stripe from "stripe";
import type { Database } from "../db/client";

export async function findStripeCustomerId(db: Database, userAccountId: string): Promise<string | null> {
  const row = await db.$client
    .prepare("SELECT stripe_customer_id FROM stripe_customers WHERE user_account_id = ?")
    .bind(userAccountId)
    .first<{ stripe_customer_id: string }>();
  return row?.stripe_customer_id ?? null;
}

export async function ensureStripeCustomer(
  db: Database,
  stripe: Stripe,
  user: { accountId: string; email: string },
  now = Date.now(),
): Promise<string> {
  const existing = await findStripeCustomerId(db, user.accountId);
  if (existing) return existing;
  const customer = await stripe.customers.create(
    { email: user.email, metadata: { userAccountId: user.accountId } },
    { idempotencyKey: `comet-customer-${user.accountId}` },
  );
  await db.$client
    .prepare(
      `INSERT INTO stripe_customers (id, user_account_id, stripe_customer_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    )
    .bind(crypto.randomUUID(), user.accountId, customer.id, now, now)
    .run();
  return (await findStripeCustomerId(db, user.accountId))!;
}
