// The order screens' words in the viewer's language: the domain returns keys (order-display.ts), these turn them into
// the spec's labels. Dates and money are shown by order-format.ts.
import { m } from "#app/paraglide/messages.js";
import {
  isPriceUnsettled,
  type BuyerWaiting,
  type NextStep,
  type OrderSide,
  type StatusBadge,
} from "#worker/domain/order-display";
import type { OrderSummary } from "#worker/services/order-views";
import { showMoney } from "./order-format";

export const STATUS_LABELS: Record<StatusBadge, () => string> = {
  pending: m.orders_status_pending,
  accepted: m.orders_status_accepted,
  delivered: m.orders_status_delivered,
  completed: m.orders_status_completed,
  canceled: m.orders_status_canceled,
};

export const STEP_LABELS: Record<NextStep["step"], () => string> = {
  approval: m.orders_step_approval,
  payment: m.orders_step_payment,
  delivery: m.orders_step_delivery,
  completion: m.orders_step_completion,
  completed: m.orders_step_completed,
  canceled: m.orders_step_canceled,
};

export const SHOWN_TIME_LABELS: Record<NextStep["shownTime"]["kind"], () => string> = {
  submitted: m.orders_submitted_at,
  approved: m.orders_approved_at,
  delivered: m.orders_delivered_at,
  completed: m.orders_completed_at,
  canceled: m.orders_canceled_at,
};

export const WAITING_LABELS: Record<BuyerWaiting, () => string> = {
  awaiting_approval: m.orders_awaiting_approval,
  awaiting_delivery: m.orders_awaiting_delivery,
  awaiting_complete: m.orders_awaiting_complete,
};

/** The order's total, or 'Unsettled' (spec section 5). */
export const orderPriceText = (order: Pick<OrderSummary, "facts" | "priceAmount" | "currencyCode">) =>
  isPriceUnsettled(order.facts) || order.priceAmount === null
    ? m.orders_unsettled()
    : showMoney(order.priceAmount, order.currencyCode);

/** "From {name}" for the seller, "To {name}" for the buyer. */
export const counterpartText = (side: OrderSide, name: string) =>
  side === "seller" ? m.orders_list_from({ name }) : m.orders_list_to({ name });
