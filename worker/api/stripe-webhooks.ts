import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type Stripe from "stripe";
import type { AppEnv } from "../http/context";
import { createStripe, stripeCryptoProvider } from "../payments/stripe-client";
import { handleStripeEvent } from "../orders/services/payment-webhooks";
import { settleDeps, settleIntentById } from "../orders/settle-intent";

/** Stripe's default: a signature older than 5 minutes is refused (a replayed capture of an old delivery). */
const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Stripe's events are a few kilobytes; a larger body is refused before it is read, and before any signature work. */
const MAX_EVENT_BYTES = 512 * 1024;

export const stripeWebhookRoutes = new Hono<AppEnv>();

/**
 * Stripe signs each endpoint's deliveries with that endpoint's own secret, and a platform's events and its connected
 * accounts' events (`account.updated`…) go to two endpoints: the platform's, and the Connect one, with a `whsec_` of
 * its own (https://docs.stripe.com/connect/webhooks). Each route checks with its endpoint's secret only.
 */
const ENDPOINT_SECRETS = {
  "/stripe": (env: Env) => env.STRIPE_WEBHOOK_SECRET,
  "/stripe/connect": (env: Env) => env.STRIPE_CONNECT_WEBHOOK_SECRET,
} as const;

/**
 * POST /webhooks/stripe (platform events) and /webhooks/stripe/connect (connected accounts' events). The signature is
 * checked over the raw body before anything is parsed or changed; a bad, missing or stale one gets 400. A handled,
 * duplicate or ignored event gets 200; a failure 500, so Stripe retries.
 */
for (const [path, secretOf] of Object.entries(ENDPOINT_SECRETS)) {
  stripeWebhookRoutes.post(
    path,
    bodyLimit({ maxSize: MAX_EVENT_BYTES, onError: (c) => c.json({ error: "payload_too_large" }, 413) }),
    async (c) => {
      const { env, db } = c.get("request");
      const secret = secretOf(env);
      if (!secret) return c.json({ error: "webhooks_not_configured" }, 500);
      const stripe = createStripe(env);
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          await c.req.text(),
          c.req.header("stripe-signature") ?? "",
          secret,
          SIGNATURE_TOLERANCE_SECONDS,
          stripeCryptoProvider,
        );
      } catch {
        return c.json({ error: "invalid_signature" }, 400);
      }
      const settle = settleDeps(env, db.$client, stripe);
      const outcome = await handleStripeEvent(event, {
        db,
        stripe,
        settleIntent: (intentId) => settleIntentById(settle, intentId),
      });
      return c.json({ received: true, outcome });
    },
  );
}
