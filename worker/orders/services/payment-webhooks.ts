/**
 * Stripe's webhook events (docs/decisions/018). The route checks the signature; this decides what an event does.
 * Each event is handled at most once in effect:
 * - `processed_webhook_events` remembers every event id handled, so a redelivery is answered and skipped;
 * - every effect is itself idempotent (unique rows, re-reading the object from Stripe), so two deliveries racing
 *   past that check, or events arriving out of order, still leave one effect and the current state.
 * Types Comet does not act on are acknowledged and ignored, so Stripe stops retrying them.
 */
import type Stripe from "stripe";
import type { Database } from "../../db/client";
import { forgetCard, forgetCardsOfCustomer, saveCardFromSucceededSetup } from "../../payments/cards";
import { refreshConnectedAccount } from "../../services/connected-accounts";
import { recordChargebackEvent } from "./chargebacks";

export interface WebhookDeps {
  db: Database;
  stripe: Stripe;
  /**
   * A succeeded intent handed to its order: the one way an intent's outcome reaches it (`settleIntentById`,
   * worker/orders/settle-intent.ts, which the webhook door passes; a service never holds an order's object).
   */
  settleIntent: (intentId: string) => Promise<unknown>;
}

type EventHandler = (event: Stripe.Event, deps: WebhookDeps, now: number) => Promise<void>;

/** A client's bank disputing a charge (decision 103): every event carries the whole Dispute, applied by its own time. */
const chargebackEvent: EventHandler = (event, { db, stripe }, now) =>
  recordChargebackEvent({ d1: db.$client, stripe }, event.data.object as Stripe.Dispute, event.created * 1000, now);

const HANDLERS: Partial<Record<Stripe.Event.Type, EventHandler>> = {
  "setup_intent.succeeded": (event, { db, stripe }) =>
    saveCardFromSucceededSetup(db, stripe, event.data.object as Stripe.SetupIntent),
  "payment_method.detached": (event, { db }) => forgetCard(db, (event.data.object as Stripe.PaymentMethod).id),
  // Deleted in Stripe's dashboard: its cards went with it (the next setup makes the user a new customer, issue 59).
  "customer.deleted": (event, { db }) => forgetCardsOfCustomer(db, (event.data.object as Stripe.Customer).id),
  // Handed to its order, which takes it or, if it cannot (canceled, another price, not its open payment), refunds it.
  "payment_intent.succeeded": (event, { settleIntent }) =>
    settleIntent((event.data.object as Stripe.PaymentIntent).id).then(() => undefined),
  // A creator's connected account changed: re-read it; once it can be paid out, its held payouts go (decision 029).
  "account.updated": (event, { db, stripe }) =>
    refreshConnectedAccount({ d1: db.$client, stripe }, (event.data.object as Stripe.Account).id).then(() => undefined),
  "charge.dispute.created": chargebackEvent,
  "charge.dispute.updated": chargebackEvent,
  "charge.dispute.closed": chargebackEvent,
  "charge.dispute.funds_withdrawn": chargebackEvent,
  "charge.dispute.funds_reinstated": chargebackEvent,
};

export type WebhookOutcome = "handled" | "duplicate" | "ignored";

export async function handleStripeEvent(
  event: Stripe.Event,
  deps: WebhookDeps,
  now = Date.now(),
): Promise<WebhookOutcome> {
  const seen = await deps.db.$client
    .prepare("SELECT 1 FROM processed_webhook_events WHERE event_id = ?")
    .bind(event.id)
    .first();
  if (seen) return "duplicate";
  const handler = HANDLERS[event.type];
  // Recorded only once the effect is done: if it throws, Stripe's retry runs it again (it is idempotent).
  if (handler) await handler(event, deps, now);
  await deps.db.$client
    .prepare(
      "INSERT INTO processed_webhook_events (event_id, event_type, processed_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
    )
    .bind(event.id, event.type, now)
    .run();
  return handler ? "handled" : "ignored";
}
