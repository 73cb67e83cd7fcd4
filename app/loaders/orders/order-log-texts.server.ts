// The event log's lines as texts, made by the order pages' loader (decision 016's pattern): the log only shows them,
// so the event and actor words never ship to the browser.
import { cardBrandName } from "#app/components/payments/card-brand";
import { m } from "#app/paraglide/messages.js";
import type { OrderEventType } from "#worker/orders/domain/order-types";
import type { OrderEventView } from "#worker/orders/services/order-views";
import { showDateTime } from "#app/components/orders/order-format";
import type { OrderLogLine } from "#app/components/orders/order-log";

/** Every event type has its words: a new type that has none does not compile. */
const EVENT_LABELS: Record<OrderEventType, () => string> = {
  APPROVED: m.orders_event_APPROVED,
  CANCELED: m.orders_event_CANCELED,
  PAID: m.orders_event_PAID,
  DELIVERED: m.orders_event_DELIVERED,
  COMPLETED: m.orders_event_COMPLETED,
  PRICE_UPDATED: m.orders_event_PRICE_UPDATED,
  SCHEDULE_UPDATED: m.orders_event_SCHEDULE_UPDATED,
  SERVICE_DETAILS_UPDATED: m.orders_event_SERVICE_DETAILS_UPDATED,
  CHAT_SETTINGS_UPDATED: m.orders_event_CHAT_SETTINGS_UPDATED,
  DELIVERABLE_ADDED: m.orders_event_DELIVERABLE_ADDED,
  DELIVERABLE_DELETED: m.orders_event_DELIVERABLE_DELETED,
  PAYMENT_STARTED: m.orders_event_PAYMENT_STARTED,
  PAYMENT_RETURNED: m.orders_event_PAYMENT_RETURNED,
  // Milestones (decision 073); a stage its review deadline approved reads "Stage approved · automatically".
  STAGES_UPDATED: m.orders_event_STAGES_UPDATED,
  STAGE_PREVIEWED: m.orders_event_STAGE_PREVIEWED,
  STAGE_APPROVED: m.orders_event_STAGE_APPROVED,
  STAGE_REVISION_REQUESTED: m.orders_event_STAGE_REVISION_REQUESTED,
  STAGE_REVISION_GRANTED: m.orders_event_STAGE_REVISION_GRANTED,
  // Disputes (decision 088); an admin's settlement reads "Dispute settled · by an admin".
  DISPUTE_OPENED: m.orders_event_DISPUTE_OPENED,
  DISPUTE_ANSWERED: m.orders_event_DISPUTE_ANSWERED,
  DISPUTE_SETTLED: m.orders_event_DISPUTE_SETTLED,
  // Deadlines moved by agreement (decision 090).
  EXTENSION_REQUESTED: m.orders_event_EXTENSION_REQUESTED,
  EXTENSION_ACCEPTED: m.orders_event_EXTENSION_ACCEPTED,
  EXTENSION_DECLINED: m.orders_event_EXTENSION_DECLINED,
  EXTENSION_LAPSED: m.orders_event_EXTENSION_LAPSED,
  DELIVERY_EXTENDED: m.orders_event_DELIVERY_EXTENDED,
  // A completed order's payout, held for the client's week to dispute the work (decision 092).
  PAYOUT_CLEARED: m.orders_event_PAYOUT_CLEARED,
  // The licence changed by agreement (issue 63).
  LICENCE_REQUESTED: m.orders_event_LICENCE_REQUESTED,
  LICENCE_ACCEPTED: m.orders_event_LICENCE_ACCEPTED,
  LICENCE_DECLINED: m.orders_event_LICENCE_DECLINED,
  REST_CHARGED: m.orders_event_REST_CHARGED,
  REST_PAYMENT_FAILED: m.orders_event_REST_PAYMENT_FAILED,
  REST_PAID: m.orders_event_REST_PAID,
  STAGE_CHARGED: m.orders_event_STAGE_CHARGED,
  STAGE_PAYMENT_FAILED: m.orders_event_STAGE_PAYMENT_FAILED,
  STAGE_PAID: m.orders_event_STAGE_PAID,
};

const ACTOR_LABELS = {
  seller: m.orders_actor_seller,
  buyer: m.orders_actor_buyer,
  system: m.orders_actor_system,
  admin: m.orders_actor_admin,
} as const;

/** Who: a payment is the client's, with the card it was made with when the viewer may see it (the client). */
const whoOf = (event: OrderEventView) =>
  event.card
    ? m.orders_actor_buyer_card({
        card: m.payments_card_label({ brand: cardBrandName(event.card.brand), last4: event.card.last4 }),
      })
    : ACTOR_LABELS[event.actor]();

/**
 * What happened; a stage event names its stage ("Stage approved: stage 1 (Sketch)"), a move of the delivery date its
 * dates ("New delivery date agreed: December 29, 2026 23:59 UTC (was December 27, 2026 23:59 UTC)").
 */
function whatOf(event: OrderEventView) {
  const what = (EVENT_LABELS[event.type as OrderEventType] ?? (() => event.type))();
  const move = event.deliveryMove;
  if (move)
    return move.from === null
      ? m.orders_event_with_date({ event: what, date: showDateTime(move.to) })
      : m.orders_event_with_dates({ event: what, date: showDateTime(move.to), was: showDateTime(move.from) });
  if (!event.stage) return what;
  // The log quotes the title as the timeline above shows it (translated when stored); the timeline carries its mark.
  const reading = event.stage.titleReading;
  const title = reading.kind === "translated" ? reading.text : event.stage.title;
  return m.orders_event_with_stage({ event: what, n: String(event.stage.index + 1), title });
}

/** Who did what, when, in the request's language. */
export const orderLogLines = (events: OrderEventView[]): OrderLogLine[] =>
  events.map((event) => ({
    version: event.version,
    at: event.at,
    what: whatOf(event),
    who: whoOf(event),
    when: showDateTime(event.at),
  }));
