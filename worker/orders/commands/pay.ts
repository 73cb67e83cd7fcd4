import Stripe from "stripe";
import * as v from "valibot";
import { isStripeUnavailable } from "../../payments/stripe-errors";
import { createStripe } from "../../payments/stripe-client";
import { defineCommand, type Outcome } from "../command";
import { orderId } from "../order-body";
import { payDeps, payOrder } from "../pay-order";

const body = v.object({
  orderId,
  transactionId: v.optional(v.pipe(v.string(), v.maxLength(64))),
  accountMethodId: v.optional(v.pipe(v.string(), v.maxLength(64))),
});
const REFUSAL_STATUS = { not_found: 404, already_paid: 409, not_payable: 409, no_payment_method: 409 } as const;
const STATUS = { succeeded: undefined, requires_action: undefined, failed: 402, refunded: 409, voided: 409 } as const;

/**
 * POST /api/features/commission/order/pay {orderId, transactionId?, accountMethodId?} (spec section 7; decisions 047,
 * 057, 097): the buyer pays with the chosen card, else the first saved one, in one call to the order's object
 * (`Order.pay`). Answers what happened to the money at the top level: succeeded, requires_action (the intent's client
 * secret and next action, for the page's 3-D Secure), failed (402, with Stripe's codes for the page to word), refunded
 * (charged, but the order had changed or ended: given back at once) or voided (nothing was charged). Stripe out of
 * reach: 503, to try again (a charge that did go through is found by the next attempt, the webhook or the cron).
 */
export default defineCommand({
  path: "/pay",
  action: "startPayment",
  bare: true,
  body,
  run: async ({ db, env, user }, input): Promise<Outcome> => {
    try {
      const result = await payOrder(payDeps(env, db, createStripe(env)), {
        orderId: input.orderId,
        accountMethodId: input.accountMethodId,
        transactionId: input.transactionId,
        buyer: { userAccountId: user.accountId, email: user.email },
      });
      if (result.status === "refused")
        return { ok: false, status: REFUSAL_STATUS[result.reason], error: result.reason };
      if (result.status === "unavailable") return { ok: false, status: 503, error: "payment_unavailable" };
      return { ok: true, data: result, status: STATUS[result.status] };
    } catch (error) {
      // Stripe down or busy: 503 from app.onError. Any other refusal of Stripe's (a card it no longer knows, say) is a
      // failed payment with Stripe's code: nothing was charged.
      if (isStripeUnavailable(error) || !(error instanceof Stripe.errors.StripeError)) throw error;
      console.error("pay: Stripe refused", error);
      return {
        ok: true,
        data: { status: "failed", error: { code: error.code ?? null, declineCode: null } },
        status: 402,
      };
    }
  },
});
