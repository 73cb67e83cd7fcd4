import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../http/context";
import { createStripe, stripeCryptoProvider } from "../payments/stripe-client";
import { handleStripeEvent } from "../payments/webhooks";

/** Stripe's default: a signature older than 5 minutes is refused (a replayed capture of an old delivery). */
const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Stripe's events are a few kilobytes; a larger body is refused before it is read, and before any signature work. */
const MAX_EVENT_BYTES = 512 * 1024;

export const stripeWebhookRoutes = new Hono<AppEnv>();

/**
 * POST /webhooks/stripe. The signature is checked over the raw body before anything is parsed or changed; a bad,
 * missing or stale one gets 400. A handled, duplicate or ignored event gets 200; a failure 500, so Stripe retries.
 */
stripeWebhookRoutes.post("/stripe", bodyLimit({ maxSize: MAX_EVENT_BYTES, onError: (c) => c.json({ error: "payload_too_large" }, 413) }), async (c) => {
  const { env, db } = c.get("request");
  const secret = env.STRIPE_WEBHOOK_SECRET;
  if (!secret) return c.json({ error: "webhooks_not_configured" }, 500);
  const stripe = createStripe(env);
  let event;
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
  const outcome = await handleStripeEvent(event, { db, stripe, orders: env.ORDER });
  return c.json({ received: true, outcome });
});
