/**
 * The Stripe Customer of a user, created the first time they save a card (lazily) and exactly once. Two requests
 * racing to create it send the same idempotency key, so Stripe answers both with one customer; the unique row per
 * user then keeps whichever insert came first, and both read it back.
 *
 * A customer Stripe no longer has (deleted in Stripe's dashboard; locally, a restarted emulator forgets every one) is
 * replaced the same way, once (issue 59): see `replaceStripeCustomer`.
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

const createCustomer = (stripe: Stripe, user: { accountId: string; email: string }, idempotencyKey: string) =>
  stripe.customers.create({ email: user.email, metadata: { userAccountId: user.accountId } }, { idempotencyKey });

export async function ensureStripeCustomer(
  db: Database,
  stripe: Stripe,
  user: { accountId: string; email: string },
  now = Date.now(),
): Promise<string> {
  const existing = await findStripeCustomerId(db, user.accountId);
  if (existing) return existing;
  const customer = await createCustomer(stripe, user, `comet-customer-${user.accountId}`);
  await db.$client
    .prepare(
      `INSERT INTO stripe_customers (id, user_account_id, stripe_customer_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    )
    .bind(crypto.randomUUID(), user.accountId, customer.id, now, now)
    .run();
  return (await findStripeCustomerId(db, user.accountId))!;
}

/**
 * A new customer in place of `goneCustomerId`, which Stripe answered "No such customer" for; answers the customer the
 * user now has. Exactly once however many requests find it gone at once (two tabs): each asks Stripe with the same
 * idempotency key, named after the gone customer, so Stripe makes one; one D1 batch then moves the row to it only while
 * the row still names the gone one, so a request that comes late changes nothing and reads back the same customer.
 *
 * The cards saved with the gone customer went with it at Stripe (its payment methods can no longer be charged), so
 * the same batch drops their rows, as a card detached at Stripe is dropped (`forgetCard`): the saved-card list and the
 * pay door offer only cards that can pay, and an order's transactions keep their history without the card (its
 * `payment_account_method_id` is set null, as for a deleted card).
 */
export async function replaceStripeCustomer(
  db: Database,
  stripe: Stripe,
  user: { accountId: string; email: string },
  goneCustomerId: string,
  now = Date.now(),
): Promise<string> {
  const customer = await createCustomer(stripe, user, `comet-customer-${user.accountId}-after-${goneCustomerId}`);
  const d1 = db.$client;
  const stillGone = "EXISTS (SELECT 1 FROM stripe_customers WHERE user_account_id = ?1 AND stripe_customer_id = ?2)";
  await d1.batch([
    d1
      .prepare(`DELETE FROM payment_account_methods WHERE user_account_id = ?1 AND ${stillGone}`)
      .bind(user.accountId, goneCustomerId),
    d1
      .prepare(
        "UPDATE stripe_customers SET stripe_customer_id = ?3, updated_at = ?4 WHERE user_account_id = ?1 AND stripe_customer_id = ?2",
      )
      .bind(user.accountId, goneCustomerId, customer.id, now),
  ]);
  return (await findStripeCustomerId(db, user.accountId)) ?? customer.id;
}
