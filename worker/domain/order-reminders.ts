/**
 * Which reminder an order is due (issue 10, docs/decisions/023). The Cron Trigger asks this of every open order
 * near a deadline; the answer names the reminder, its recipient's side and the deadline it is about, and the
 * deadline goes into the notice's dedupe key, so each deadline is reminded of once and a moved deadline again.
 * - approval: a DRAFT order, the seller, within 24 h of the approval deadline;
 * - payment: an APPROVED unpaid order, the buyer, within 24 h of the payment deadline;
 * - delivery: an APPROVED paid order, the seller, within 24 h of the delivery deadline;
 * - review: a paid order's stage under review (decision 073), the client, within 24 h of its review deadline, when
 *   the preview is approved by itself.
 * Every lead is the 24 h: one rule for every deadline, so no user has to learn which warning comes when.
 * A deadline already past is not reminded of: the order's alarm acts on it instead.
 */
import type { NotificationType } from "../db/schema/enums";
import { stageUnderReview, type OrderPayment, type OrderProgress } from "./order";
import { STAGE_REVIEW_REMINDER_MS, type OrderStage } from "./order-stages";

const HOUR = 3_600_000;

export type ReminderKind = "approval" | "payment" | "delivery" | "review";

interface ReminderRule {
  kind: ReminderKind;
  type: Extract<
    NotificationType,
    | "COMMISSION_ORDER_APPROVAL_REMINDER"
    | "COMMISSION_ORDER_PAYMENT_REMINDER"
    | "COMMISSION_ORDER_DELIVERY_REMINDER"
    | "COMMISSION_ORDER_STAGE_REVIEW_REMINDER"
  >;
  side: "seller" | "buyer";
  /** How long before the deadline the reminder goes out. */
  leadMs: number;
  applies: (order: ReminderOrder) => boolean;
  deadline: (order: ReminderOrder) => number | null;
}

export interface ReminderOrder {
  progress: OrderProgress;
  payment: OrderPayment;
  approvalDeadline: number | null;
  paymentDeadline: number | null;
  deliveryDeadline: number | null;
  stages: OrderStage[];
}

const REMINDER_RULES: readonly ReminderRule[] = [
  {
    kind: "approval",
    type: "COMMISSION_ORDER_APPROVAL_REMINDER",
    side: "seller",
    leadMs: 24 * HOUR,
    applies: (o) => o.progress === "DRAFT",
    deadline: (o) => o.approvalDeadline,
  },
  {
    kind: "payment",
    type: "COMMISSION_ORDER_PAYMENT_REMINDER",
    side: "buyer",
    leadMs: 24 * HOUR,
    applies: (o) => o.progress === "APPROVED" && o.payment === "DRAFT",
    deadline: (o) => o.paymentDeadline,
  },
  {
    kind: "delivery",
    type: "COMMISSION_ORDER_DELIVERY_REMINDER",
    side: "seller",
    leadMs: 24 * HOUR,
    applies: (o) => o.progress === "APPROVED" && o.payment === "COMPLETED",
    deadline: (o) => o.deliveryDeadline,
  },
  {
    kind: "review",
    type: "COMMISSION_ORDER_STAGE_REVIEW_REMINDER",
    side: "buyer",
    leadMs: STAGE_REVIEW_REMINDER_MS,
    applies: (o) => o.progress === "APPROVED" && o.payment === "COMPLETED",
    deadline: (o) => stageUnderReview(o)?.reviewDeadline ?? null,
  },
];

/** The longest lead: the cron looks no further ahead than this. */
export const MAX_REMINDER_LEAD_MS = Math.max(...REMINDER_RULES.map((rule) => rule.leadMs));

export interface DueReminder {
  kind: ReminderKind;
  type: ReminderRule["type"];
  side: "seller" | "buyer";
  deadline: number;
}

/**
 * The reminders this order is due at `now`. An order is in one state, but a paid staged order waits on two deadlines
 * at once (its delivery and its stage's review), so each gets its own.
 */
export function dueReminders(order: ReminderOrder, now: number): DueReminder[] {
  return REMINDER_RULES.flatMap((rule) => {
    const deadline = rule.applies(order) ? rule.deadline(order) : null;
    if (deadline === null || deadline <= now || deadline - now > rule.leadMs) return [];
    return [{ kind: rule.kind, type: rule.type, side: rule.side, deadline }];
  });
}

/** One reminder per order and deadline: a repeated or racing cron run inserts nothing twice; a moved deadline is new. */
export function reminderDedupeKey(kind: ReminderKind, orderId: string, deadline: number): string {
  return `${kind}-reminder:${orderId}:${deadline}`;
}
