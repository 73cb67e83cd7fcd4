import { Hono } from "hono";
import Stripe from "stripe";
import * as v from "valibot";
import type { AppEnv } from "../http/context";
import { pendingPaymentOf } from "../orders/services/order-payments";
import { payDeps, payOrder } from "../orders/pay-order";
import { createStripe } from "../payments/stripe-client";
import { isStripeUnavailable } from "../payments/stripe-errors";
import { jsonBody } from "../http/json-body";
import { orderId, orderIdBody as idBody } from "../orders/order-body";
import { ORDER_COMMANDS } from "../orders/commands";
import { commandRoutes } from "./order-commands";

/**
 * POST /api/features/commission/order/… (spec section 7): every order action is a command (worker/orders/commands/,
 * one file each: approve, cancel, deliver, complete, update, service/update, the milestones' stages and
 * stage/{approve,revision,grant}, admin-cancel, deliverable/{create,update}), its route laid out by `commandRoutes`.
 * The Worker only finds the caller and hands the action to the order's Durable Object, which checks the actor and every
 * rule; someone who is neither seller nor buyer gets 404, as for an order that does not exist. Paying is not yet a
 * command: its two doors follow.
 */
export const orderApi = new Hono<AppEnv>();

commandRoutes(orderApi, ORDER_COMMANDS);

const payBody = v.object({
  orderId,
  transactionId: v.optional(v.pipe(v.string(), v.maxLength(64))),
  accountMethodId: v.optional(v.pipe(v.string(), v.maxLength(64))),
});
const PAY_REFUSAL_STATUS = { not_found: 404, already_paid: 409, not_payable: 409, no_payment_method: 409 } as const;
const PAY_STATUS = { succeeded: 200, requires_action: 200, failed: 402, refunded: 409, voided: 409 } as const;

/**
 * POST /pay {orderId, transactionId?, accountMethodId?}: the buyer pays with the chosen card, else the first saved one.
 * Answers what happened to the money: succeeded, requires_action (with the intent's client secret and next action, for
 * the page to hand to Stripe.js: 3-D Secure in the page; decision 057),
 * failed (402, with Stripe's codes for the page to word in the user's language), refunded (charged, but the order had
 * changed or ended: given back at once) or voided (the order changed first: nothing was charged). When Stripe cannot
 * be reached: 503, to try again (a charge that did go through is found by the next attempt, the webhook or the cron).
 */
orderApi.post("/pay", jsonBody(payBody), async (c) => {
  const { db, env, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const input = c.req.valid("json");
  try {
    const result = await payOrder(payDeps(env, db, createStripe(env)), {
      orderId: input.orderId,
      accountMethodId: input.accountMethodId,
      transactionId: input.transactionId,
      buyer: { userAccountId: user.accountId, email: user.email },
    });
    if (result.status === "refused") return c.json({ error: result.reason }, PAY_REFUSAL_STATUS[result.reason]);
    if (result.status === "unavailable") return c.json({ error: "payment_unavailable" }, 503);
    return c.json(result, PAY_STATUS[result.status]);
  } catch (error) {
    // Stripe down or busy: 503 from app.onError. Any other refusal of Stripe's (a card it no longer knows, say) is a
    // failed payment with Stripe's code: nothing was charged.
    if (isStripeUnavailable(error) || !(error instanceof Stripe.errors.StripeError)) throw error;
    console.error("pay: Stripe refused", error);
    return c.json({ status: "failed", error: { code: error.code ?? null, declineCode: null } }, 402);
  }
});

/**
 * POST /payment/pending {orderId} → { payment: { transactionId, intentId, accountMethodId } | null }: the order's
 * PENDING transaction, for its buyer only (anyone else reads null, as for an order with none). The page checks that
 * intent before paying, and again after a pay call that failed (spec section 4 "Payment flow", section 8).
 */
orderApi.post("/payment/pending", jsonBody(idBody), async (c) => {
  const { db, user } = c.get("request");
  if (!user) return c.json({ error: "unauthorized" }, 401);
  const payment = await pendingPaymentOf(db.$client, {
    orderId: c.req.valid("json").orderId,
    buyerCommissionAccountId: user.commissionAccountId,
  });
  return c.json({ payment });
});
