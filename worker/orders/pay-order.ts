/**
 * The buyer pays (spec section 4 "Payment flow", section 7 pay; decisions 018, 047, 081; issue 61): the Worker finds
 * the buyer's card and Stripe customer, then asks the order's object once (`Order.pay`), which in one step of its queue
 * makes or finds the intent for the current total, confirms it with the card, and takes the payment or gives it back.
 * 3-D Secure comes back as `requires_action` for Stripe.js in the page; its outcome reaches the order through
 * `settleIntent` (settle-intent.ts).
 */
import type Stripe from "stripe";
import type { Database } from "../db/client";
import { listCards } from "../payments/cards";
import { ensureStripeCustomer, replaceStripeCustomer } from "../payments/customers";
import { isCustomerMissing } from "../payments/stripe-errors";
import { isTransactionOf } from "./services/order-payments";
import { orderStub } from "./order-stub";

export interface PayDeps {
  db: Database;
  stripe: Stripe;
  orders: Env["ORDER"];
}

/** The pay door's deps: it hands its bindings, and never touches the Order namespace itself. */
export const payDeps = (env: Pick<Env, "ORDER">, db: Database, stripe: Stripe): PayDeps => ({
  db,
  stripe,
  orders: env.ORDER,
});

type ObjectPayResult = Awaited<ReturnType<ReturnType<typeof orderStub>["pay"]>>;

/**
 * What the pay call did with the client's money: the object's answer as it is, or why it did not ask: no card of the
 * buyer's to pay with (`no_payment_method`), or an order that is not theirs (`not_found`).
 */
export type PayResult = ObjectPayResult | { status: "refused"; reason: "not_found" | "no_payment_method" };

/** The buyer pays: their chosen card, else their first saved card. */
export async function payOrder(
  deps: PayDeps,
  input: {
    orderId: string;
    buyer: { userAccountId: string; email: string };
    accountMethodId?: string;
    /** The spec's pay payload may name the order's transaction; one that is not this order's is refused. */
    transactionId?: string;
  },
): Promise<PayResult> {
  if (input.transactionId && !(await isTransactionOf(deps.db.$client, input.transactionId, input.orderId)))
    return { status: "refused", reason: "not_found" };
  const cards = await listCards(deps.db, input.buyer.userAccountId);
  const card = cards.find((c) => !input.accountMethodId || c.id === input.accountMethodId);
  const stub = orderStub(deps.orders, input.orderId);
  if (!card) {
    // Said only to the buyer: anyone else learns nothing of the order, as for every order call.
    const order = await stub.get();
    return {
      status: "refused",
      reason: order?.buyerUserId === input.buyer.userAccountId ? "no_payment_method" : "not_found",
    };
  }
  const buyer = { accountId: input.buyer.userAccountId, email: input.buyer.email };
  const customerId = await ensureStripeCustomer(deps.db, deps.stripe, buyer);
  try {
    return await stub.pay(
      { userAccountId: input.buyer.userAccountId },
      { customerId, accountMethodId: card.id, stripeMethodId: card.stripeMethodId },
    );
  } catch (error) {
    if (!isCustomerMissing(error)) throw error;
    // Stripe no longer has the buyer's customer, nor the cards saved with it (issue 59): a new customer, the stale cards
    // dropped, and the buyer asked for a card as if they had none. Nothing was charged.
    await replaceStripeCustomer(deps.db, deps.stripe, buyer, customerId);
    return { status: "refused", reason: "no_payment_method" };
  }
}
