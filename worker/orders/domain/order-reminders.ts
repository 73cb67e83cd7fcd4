/**
 * Which reminder an order is due (issue 10, docs/decisions/023). The Cron Trigger asks this of every open order
 * near a deadline; the answer names the reminder, its recipient's side and the deadline it is about, and the
 * deadline goes into the notice's dedupe key, so each deadline is reminded of once and a moved deadline again.
 * The rules are the `remind` column of the order process (order-process.ts): a row's actor is reminded, in the row's
 * from-states, within the lead of the deadline the row must be taken by:
 * - approval: a DRAFT order, the seller, the approval deadline (approve);
 * - payment: an APPROVED unpaid order, the buyer, the payment deadline (startPayment);
 * - delivery: an APPROVED paid order, the seller, the delivery deadline (deliver);
 * - review: a paid order's stage under review (decision 073), the client, its review deadline, when the preview is
 *   approved by itself (approveStage).
 * A deadline already past is not reminded of: the order's alarm acts on it instead.
 */
import {
  actsAs,
  ORDER_PROCESS,
  processStateOf,
  type ProcessReminder,
  type ProcessState,
  type ReminderFacts,
} from "./order-process";
import type { OrderPayment, OrderProgress } from "./order-types";

export type ReminderKind = ProcessReminder["kind"];

export interface ReminderOrder extends ReminderFacts {
  progress: OrderProgress;
  payment: OrderPayment;
}

/** The rows that remind their actor, in the table's order. */
const REMINDING = ORDER_PROCESS.flatMap((t) =>
  t.remind ? [{ ...t.remind, from: t.from, side: actsAs(t.actor) }] : [],
);

/** The longest lead: the cron looks no further ahead than this. */
export const MAX_REMINDER_LEAD_MS = Math.max(...REMINDING.map((rule) => rule.leadMs));

/** A state of the table as the order's progress status (an accepted order's paid or not is its payment's). */
const PROGRESS_OF: Record<ProcessState, OrderProgress> = {
  DRAFT: "DRAFT",
  APPROVED_UNPAID: "APPROVED",
  APPROVED_PAID: "APPROVED",
  DELIVERED: "DELIVERED",
  COMPLETED: "COMPLETED",
  CANCELED: "CANCELED",
};
/** The progress statuses an order may be reminded in (the reminding rows' from-states): the cron's first filter. */
export const REMINDED_PROGRESS: readonly OrderProgress[] = [
  ...new Set(REMINDING.flatMap((rule) => rule.from.map((state) => PROGRESS_OF[state]))),
];

export interface DueReminder {
  kind: ReminderKind;
  type: ProcessReminder["type"];
  side: "seller" | "buyer";
  deadline: number;
}

/**
 * The reminders this order is due at `now`. An order is in one state, but a paid staged order waits on two deadlines
 * at once (its delivery and its stage's review), so each gets its own.
 */
export function dueReminders(order: ReminderOrder, now: number): DueReminder[] {
  const state = processStateOf(order);
  return REMINDING.flatMap((rule) => {
    const deadline = rule.from.includes(state) ? rule.deadline(order) : null;
    if (deadline === null || deadline <= now || deadline - now > rule.leadMs) return [];
    return [{ kind: rule.kind, type: rule.type, side: rule.side as "seller" | "buyer", deadline }];
  });
}

/** One reminder per order and deadline: a repeated or racing cron run inserts nothing twice; a moved deadline is new. */
export function reminderDedupeKey(kind: ReminderKind, orderId: string, deadline: number): string {
  return `${kind}-reminder:${orderId}:${deadline}`;
}
