/**
 * Saved cards (spec section 3: payment account method; section 7: the setup intent calls). A card is saved from a
 * SetupIntent that succeeded, by reading the intent and its payment method from Stripe, never from what a browser
 * says. The same function serves the browser's confirm call and the `setup_intent.succeeded` webhook: whichever
 * comes first saves the card, the unique `stripe_method_id` makes the other a no-op, and a card detached in between
 * is not brought back, because its payment method no longer belongs to the customer.
 */
import type Stripe from "stripe";
import type { Database } from "../db/client";
import { ensureStripeCustomer, findStripeCustomerId, replaceStripeCustomer } from "./customers";
import { hasStripeCode, isCustomerMissing, isResourceMissing } from "./stripe-errors";

interface SavedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The payment account method entity of spec section 3. */
export interface PaymentAccountMethod {
  id: string;
  stripeMethodId: string;
  card: SavedCard;
}

interface CardRow {
  id: string;
  stripe_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

const toMethod = (row: CardRow): PaymentAccountMethod => ({
  id: row.id,
  stripeMethodId: row.stripe_method_id,
  card: { brand: row.brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year },
});

/** paymentAccountMethod.getList: the user's cards, oldest first (the first is the one an order charges). */
export async function listCards(db: Database, userAccountId: string): Promise<PaymentAccountMethod[]> {
  return toCards((await cardsStatement(db.$client, userAccountId).all()).results);
}

/** `listCards`' one statement, unsent, for a page's batch (decision 113); `toCards` reads its rows. */
export function cardsStatement(d1: D1Database, userAccountId: string): D1PreparedStatement {
  return d1
    .prepare(
      "SELECT id, stripe_method_id, brand, last4, exp_month, exp_year FROM payment_account_methods WHERE user_account_id = ? ORDER BY created_at, id",
    )
    .bind(userAccountId);
}

export const toCards = (rows: Record<string, unknown>[]): PaymentAccountMethod[] =>
  rows.map((row) => toMethod(row as unknown as CardRow));

/**
 * A SetupIntent for a new card of this user, for the card form to confirm; creates their customer the first time, and
 * again when Stripe no longer has the one stored (issue 59: else every setup failed, and no card could be saved again).
 */
export async function createCardSetup(db: Database, stripe: Stripe, user: { accountId: string; email: string }) {
  // Off-session: the saved card is charged later, when the creator approves and the client pays.
  const setupFor = (customer: string) =>
    stripe.setupIntents.create({
      customer,
      usage: "off_session",
      allowed_payment_method_types: ["card"],
      metadata: { userAccountId: user.accountId },
    });
  const customer = await ensureStripeCustomer(db, stripe, user);
  let intent: Stripe.SetupIntent;
  try {
    intent = await setupFor(customer);
  } catch (error) {
    if (!isCustomerMissing(error)) throw error;
    intent = await setupFor(await replaceStripeCustomer(db, stripe, user, customer));
  }
  return { intentId: intent.id, clientSecret: intent.client_secret! };
}

export type SaveCardResult =
  | { status: "saved"; method: PaymentAccountMethod }
  | { status: "not_found" }
  | { status: "not_succeeded"; intentStatus: Stripe.SetupIntent.Status };

/** Saves the card of a succeeded SetupIntent of this user's customer; anything else's intent reads as not found. */
export async function saveCardFromSetupIntent(
  db: Database,
  stripe: Stripe,
  userAccountId: string,
  intentId: string,
  now = Date.now(),
): Promise<SaveCardResult> {
  const customerId = await findStripeCustomerId(db, userAccountId);
  if (!customerId) return { status: "not_found" };
  const intent = await retrieveOrNull(() => stripe.setupIntents.retrieve(intentId));
  if (!intent || intent.customer !== customerId) return { status: "not_found" };
  if (intent.status !== "succeeded") return { status: "not_succeeded", intentStatus: intent.status };
  const methodId = typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method?.id;
  const method = methodId ? await retrieveOrNull(() => stripe.paymentMethods.retrieve(methodId)) : null;
  // Detached since (deleted by the user, or out-of-order webhooks): not the customer's card any more.
  if (!method?.card || method.customer !== customerId) return { status: "not_found" };
  await db.$client
    .prepare(
      `INSERT INTO payment_account_methods (id, user_account_id, stripe_method_id, brand, last4, exp_month, exp_year, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (stripe_method_id) DO NOTHING`,
    )
    .bind(
      crypto.randomUUID(),
      userAccountId,
      method.id,
      method.card.brand,
      method.card.last4,
      method.card.exp_month,
      method.card.exp_year,
      now,
      now,
    )
    .run();
  const row = await db.$client
    .prepare(
      "SELECT id, stripe_method_id, brand, last4, exp_month, exp_year FROM payment_account_methods WHERE stripe_method_id = ? AND user_account_id = ?",
    )
    .bind(method.id, userAccountId)
    .first<CardRow>();
  return row ? { status: "saved", method: toMethod(row) } : { status: "not_found" };
}

/** The webhook's way in: the intent names the customer, the customer names the user. */
export async function saveCardFromSucceededSetup(
  db: Database,
  stripe: Stripe,
  intent: Stripe.SetupIntent,
): Promise<void> {
  const customerId = typeof intent.customer === "string" ? intent.customer : intent.customer?.id;
  if (!customerId) return;
  const row = await db.$client
    .prepare("SELECT user_account_id FROM stripe_customers WHERE stripe_customer_id = ?")
    .bind(customerId)
    .first<{ user_account_id: string }>();
  if (row) await saveCardFromSetupIntent(db, stripe, row.user_account_id, intent.id);
}

/** Deletes one of the user's cards: detached at Stripe, then removed. Someone else's card reads as not found. */
export async function deleteCard(
  db: Database,
  stripe: Stripe,
  userAccountId: string,
  methodId: string,
): Promise<boolean> {
  const row = await db.$client
    .prepare("SELECT stripe_method_id FROM payment_account_methods WHERE id = ? AND user_account_id = ?")
    .bind(methodId, userAccountId)
    .first<{ stripe_method_id: string }>();
  if (!row) return false;
  try {
    await stripe.paymentMethods.detach(row.stripe_method_id);
  } catch (error) {
    // Already detached at Stripe (a webhook may be on its way): removing our row is all that is left to do.
    if (!isResourceMissing(error) && !hasStripeCode(error, "payment_method_unexpected_state")) throw error;
  }
  await forgetCard(db, row.stripe_method_id);
  return true;
}

/** `payment_method.detached`: the card is no longer usable, whoever detached it. */
export async function forgetCard(db: Database, stripeMethodId: string): Promise<void> {
  await db.$client.prepare("DELETE FROM payment_account_methods WHERE stripe_method_id = ?").bind(stripeMethodId).run();
}

/**
 * `customer.deleted`: the customer's cards went with it at Stripe, so they are no longer offered. The customer's row
 * stays: the user's next card setup or payment finds it gone and replaces it (customers.ts, `replaceStripeCustomer`).
 * A late event about a customer already replaced matches no row and changes nothing.
 */
export async function forgetCardsOfCustomer(db: Database, stripeCustomerId: string): Promise<void> {
  await db.$client
    .prepare(
      "DELETE FROM payment_account_methods WHERE user_account_id = (SELECT user_account_id FROM stripe_customers WHERE stripe_customer_id = ?)",
    )
    .bind(stripeCustomerId)
    .run();
}

async function retrieveOrNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isResourceMissing(error)) return null;
    throw error;
  }
}
