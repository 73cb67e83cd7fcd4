// The order screens' words and numbers in the viewer's language: the domain returns keys (order-display.ts), these
// turn them into the spec's labels; dates and money go through the one formatter of each (dates.ts, pricing.ts).
import { m } from "~/paraglide/messages.js";
import { getLocale } from "~/paraglide/runtime.js";
import { CURRENCY_DIGITS, CURRENCY_SYMBOLS, isCurrencyCode } from "../../../worker/domain/currency";
import { formatDate, formatDateTime } from "../../../worker/domain/dates";
import type { BuyerWaiting, NextStep, StatusBadge } from "../../../worker/domain/order-display";
import { formatMoney, formatPrice } from "../../../worker/domain/pricing";

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

const EVENT_LABELS: Record<string, () => string> = {
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
};
export const eventLabel = (type: string) => (EVENT_LABELS[type] ?? (() => type))();

export const ACTOR_LABELS = { seller: m.orders_actor_seller, buyer: m.orders_actor_buyer, system: m.orders_actor_system } as const;

const locale = () => (getLocale() === "ja" ? "ja" : "en");
export const showDate = (at: number | null) => (at === null ? m.orders_not_set() : formatDate(at, locale()));
export const showDateTime = (at: number | null) => (at === null ? m.orders_not_set() : formatDateTime(at, locale()));

/** An amount in the order's own currency. */
export const showMoney = (minor: number, code: string) => (isCurrencyCode(code) ? formatMoney(minor, code, locale()) : `${minor} ${code}`);

/** The buyer's approximation in their display currency ("≈ $80.52" / "約$80.52"). */
export function showApproximation(minor: number, code: string): string {
  if (!isCurrencyCode(code)) return `${minor} ${code}`;
  return formatPrice({ amount: minor, currency: { code, symbol: CURRENCY_SYMBOLS[code], decimalDigits: CURRENCY_DIGITS[code] }, approximate: true }, locale());
}

/** yyyy-mm-dd of a stored date, for a date input (UTC, as shown). */
export const dateInputValue = (at: number | null) => (at === null ? "" : new Date(at).toISOString().slice(0, 10));

/** A stored amount as the major-unit text of a price input (12000, 120.5). */
export const priceInputValue = (minor: number | null, code: string) =>
  minor === null ? "" : String(minor / 10 ** (isCurrencyCode(code) ? CURRENCY_DIGITS[code] : 0));
