// The order screens' words in the viewer's language: the domain returns keys (order-display.ts), these turn them into
// the spec's labels. Dates and money are shown by order-format.ts.
import { m } from "#app/paraglide/messages.js";
import {
  isPriceUnsettled,
  type BuyerWaiting,
  type NextStep,
  type OrderSide,
  type StatusBadge,
} from "#worker/orders/domain/order-display";
import type { OrderSummary } from "#worker/orders/services/order-views";
import { showDateTime, showMoney } from "./order-format";

export const STATUS_LABELS: Record<StatusBadge, () => string> = {
  pending: m.orders_status_pending,
  accepted: m.orders_status_accepted,
  delivered: m.orders_status_delivered,
  completed: m.orders_status_completed,
  canceled: m.orders_status_canceled,
};

type PlainStep = Exclude<NextStep["step"], "stage_preview" | "stage_review">;
const STEP_LABELS: Record<PlainStep, () => string> = {
  approval: m.orders_step_approval,
  payment: m.orders_step_payment,
  delivery: m.orders_step_delivery,
  completion: m.orders_step_completion,
  completed: m.orders_step_completed,
  canceled: m.orders_step_canceled,
  dispute: m.disputes_step,
};

/** The next step's words; a staged order's step names its stage and speaks to the viewer's side (decision 073). */
export function stepText(step: NextStep, side: OrderSide): string {
  if (step.step !== "stage_preview" && step.step !== "stage_review") return STEP_LABELS[step.step]();
  const stage = step.stage ?? { index: 0, count: 1, title: "" };
  const where = { n: String(stage.index + 1), count: String(stage.count), title: stage.title };
  if (step.step === "stage_preview")
    return side === "seller" ? m.orders_step_stage_preview_seller(where) : m.orders_step_stage_preview_buyer(where);
  return side === "seller"
    ? m.orders_step_stage_review_seller(where)
    : m.orders_step_stage_review_buyer({ title: stage.title, date: showDateTime(step.deadline) });
}

export const SHOWN_TIME_LABELS: Record<NextStep["shownTime"]["kind"], () => string> = {
  submitted: m.orders_submitted_at,
  approved: m.orders_approved_at,
  delivered: m.orders_delivered_at,
  completed: m.orders_completed_at,
  canceled: m.orders_canceled_at,
  previewed: m.orders_previewed_at,
  disputed: m.disputes_opened_at,
};

export const WAITING_LABELS: Record<BuyerWaiting, () => string> = {
  awaiting_approval: m.orders_awaiting_approval,
  awaiting_delivery: m.orders_awaiting_delivery,
  awaiting_complete: m.orders_awaiting_complete,
  awaiting_stage_preview: m.orders_awaiting_stage_preview,
  awaiting_settlement: m.disputes_awaiting_settlement,
};

/** The order's total, or 'Unsettled' (spec section 5). */
export const orderPriceText = (order: Pick<OrderSummary, "facts" | "priceAmount" | "currencyCode">) =>
  isPriceUnsettled(order.facts) || order.priceAmount === null
    ? m.orders_unsettled()
    : showMoney(order.priceAmount, order.currencyCode);

/** "From {name}" for the seller, "To {name}" for the buyer. */
export const counterpartText = (side: OrderSide, name: string) =>
  side === "seller" ? m.orders_list_from({ name }) : m.orders_list_to({ name });
