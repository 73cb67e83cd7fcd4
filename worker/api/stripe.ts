import { Hono } from "hono";
import { jsonBody, type SchemaRefusal } from "../http/json-body";
import * as v from "valibot";
import { stripeIdSchema } from "../domain/stripe-ids";
import type { AppEnv } from "../http/context";
import { paymentInputError } from "../messages/payments";
import { createCardSetup, deleteCard, saveCardFromSetupIntent } from "../payments/cards";
import { createStripe } from "../payments/stripe-client";
import { checkPayment, settleDeps } from "../orders/settle-intent";

/**
 * The card calls of spec section 7, for the signed-in user only; another user's intent or card reads as 404 and
 * nothing changes. Paying, Connect and the wallet come with the orders and payouts work. A body the door cannot read
 * is 400 with a sentence in the caller's language; an intent id is checked for a Stripe id's shape before Stripe is
 * asked (worker/domain/stripe-ids.ts: the SDK throws on an id it cannot put in a URL).
 */
export const stripeApi = new Hono<AppEnv>();

stripeApi.use("*", async (c, next) => {
  if (!c.get("request").user) return c.json({ error: "unauthorized" }, 401);
  await next();
});

/** Comet's own row ids (a saved card's, a transaction's). */
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(255));
const confirmBody = v.object({ intentId: stripeIdSchema("setupIntent") });
const deleteBody = v.object({ methodId: id });

const refuseWith =
  (what: Parameters<typeof paymentInputError>[0]): SchemaRefusal<AppEnv> =>
  (c) =>
    c.json({ error: "invalid_request", message: paymentInputError(what, c.get("request").locale) }, 400);

/** GET /api/stripe/intent/setup/create → { intentId, clientSecret } for the card form to confirm. */
stripeApi.get("/intent/setup/create", async (c) => {
  const { db, env, user } = c.get("request");
  return c.json(await createCardSetup(db, createStripe(env), user!));
});

/** POST /api/stripe/intent/setup/confirm { intentId } → the saved card: { paymentAccountMethodId, stripeMethodId, card }. */
stripeApi.post("/intent/setup/confirm", jsonBody(confirmBody, { refuse: refuseWith("setup_intent") }), async (c) => {
  const { db, env, user } = c.get("request");
  const { intentId } = c.req.valid("json");
  const result = await saveCardFromSetupIntent(db, createStripe(env), user!.accountId, intentId);
  if (result.status === "not_found") return c.json({ error: "not_found" }, 404);
  if (result.status === "not_succeeded")
    return c.json({ error: "setup_not_succeeded", intentStatus: result.intentStatus }, 409);
  const { id: paymentAccountMethodId, stripeMethodId, card } = result.method;
  return c.json({ paymentAccountMethodId, stripeMethodId, card });
});

/** POST /api/stripe/payment/method/delete { methodId } (a payment account method id). */
stripeApi.post("/payment/method/delete", jsonBody(deleteBody, { refuse: refuseWith("method") }), async (c) => {
  const { db, env, user } = c.get("request");
  if (!(await deleteCard(db, createStripe(env), user!.accountId, c.req.valid("json").methodId)))
    return c.json({ error: "not_found" }, 404);
  return c.json({ status: "deleted" });
});

const paymentBody = v.object({ intentId: stripeIdSchema("paymentIntent"), transactionId: id });

/** POST /api/stripe/intent/payment/get { intentId, transactionId } → { status, nextAction, clientSecret }: the buyer's own only. */
stripeApi.post("/intent/payment/get", jsonBody(paymentBody, { refuse: refuseWith("payment_intent") }), async (c) => {
  const { db, env, user } = c.get("request");
  const result = await checkPayment(settleDeps(env, db.$client, createStripe(env)), {
    ...c.req.valid("json"),
    buyerCommissionAccountId: user!.commissionAccountId,
  });
  if (!result) return c.json({ error: "not_found" }, 404);
  return c.json(result);
});
