/**
 * The order process as data (issue 47; docs/decisions/082), after Sharetribe's process.edn: one row per transition,
 * saying which action starts it, who may take it, from which states, under which named guards, to which state, the
 * event it logs, the notice it sends, the line the chat announces, the reminder its actor gets before its deadline and
 * what it does to the money. `decide` (worker/orders/domain/order.ts, which runs the money tag's step), the Order object's
 * money rows (durable-objects/order.ts), the page's buttons and next step (order-display.ts), the cancel rules
 * (order-refunds.ts), the notices (order-notifications.ts), the chat's lines (chat-announcements.ts), the reminders
 * (order-reminders.ts) and the object's alarm (`pendingDeadline`) all read this table; a new action is a row plus its
 * effect.
 *
 * Time-based transitions are rows too: the system takes them when the deadline `at` names has passed ("first entered
 * state + period", the periods in `DEADLINES`); an alarm that fires early, late or twice finds no row and changes nothing.
 */
import type { NotificationType } from "../../db/schema/enums";
import type { ChatNoticeKey } from "../../chat/domain/chat-protocol";
import type {
  DisputeReason,
  DisputeSettlement,
  OrderAction,
  OrderActor,
  OrderDispute,
  OrderEventType,
  OrderRefusal,
  OrderState,
  MoneyEffect,
  PaymentRef,
  DepositTerms,
  Outcome,
} from "./order-types";
import { extensionDateError, extensionLapsesAt, hasPendingExtension, movedDelivery } from "./deadline-extensions";
import { buyerDisputeWindowClosesAt, isDisputed } from "./disputes";
import { acceptedLicence, hasPendingLicenceRequest, licenceRequestError, withLicenceRequest } from "./licence-change";
import {
  approveCurrentStage,
  canceled,
  complete,
  editedTo,
  known,
  paymentMisfit,
  reopenAfterDispute,
  settledBy,
  stageUnderReview,
  withCurrentStage,
} from "./order-effects";
import {
  allStagesApproved,
  currentStageIndex,
  revisionsLeft,
  STAGE_REVIEW_MS,
  STAGE_REVIEW_REMINDER_MS,
  stagesOfPlan,
} from "./order-stages";
import type { OrderStage } from "./order-stages";
import { isPriceAmount } from "../../domain/pricing";
import {
  byStageFits,
  clientWalksAway,
  depositFits,
  dueAmount,
  isDepositPercent,
  laterPartDue,
  paysByStage,
  restDue,
  stageDue,
} from "./order-parts";

const DAY = 86_400_000;
/**
 * The deadlines of spec section 4's "next step" column; the spec gives no lengths (decision 020): a week to approve,
 * a week to pay, the estimated delivery date (else 30 days after payment) to deliver, a week to complete.
 */
export const DEADLINES = {
  approvalMs: 7 * DAY,
  paymentMs: 7 * DAY,
  deliveryMs: 30 * DAY,
  completionMs: 7 * DAY,
} as const;
/** Spec section 9: the total must exceed 100 to approve. */
export const MIN_APPROVABLE_PRICE = 100;

/**
 * The window a date the order keeps may fall in (2000-01-01 to 2100-01-01 UTC): anything outside is a typing or
 * hostile value no page can show and no deadline should wait on, refused where it comes in.
 */
export const EARLIEST_TIMESTAMP = Date.UTC(2000, 0, 1);
export const LATEST_TIMESTAMP = Date.UTC(2100, 0, 1);
export const isSaneTimestamp = (value: number) =>
  Number.isSafeInteger(value) && value >= EARLIEST_TIMESTAMP && value <= LATEST_TIMESTAMP;

/** The rows of spec section 4's table: progress, with an accepted order split by whether it is paid. */
export type ProcessState = "DRAFT" | "APPROVED_UNPAID" | "APPROVED_PAID" | "DELIVERED" | "COMPLETED" | "CANCELED";
const PROCESS_STATES: readonly ProcessState[] = [
  "DRAFT",
  "APPROVED_UNPAID",
  "APPROVED_PAID",
  "DELIVERED",
  "COMPLETED",
  "CANCELED",
];
export function processStateOf(o: Pick<OrderState, "progress" | "payment">): ProcessState {
  if (o.progress !== "APPROVED") return o.progress;
  return o.payment === "COMPLETED" ? "APPROVED_PAID" : "APPROVED_UNPAID";
}
const OPEN: readonly ProcessState[] = ["DRAFT", "APPROVED_UNPAID", "APPROVED_PAID", "DELIVERED"];
const BEFORE_DELIVERY: readonly ProcessState[] = ["DRAFT", "APPROVED_UNPAID", "APPROVED_PAID"];
const BEFORE_PAYMENT: readonly ProcessState[] = ["DRAFT", "APPROVED_UNPAID"];
/** Paid and not yet ended: where a dispute may be opened, answered and settled. */
const PAID_OPEN: readonly ProcessState[] = ["APPROVED_PAID", "DELIVERED"];
/**
 * Where the client's dispute may be: a paid order not yet ended, or one completed while its payout still waits for the
 * client's week after delivery to pass (decision 092; `buyerMayStillDispute` says whether it still does).
 */
const DISPUTABLE: readonly ProcessState[] = [...PAID_OPEN, "COMPLETED"];

/** What a guard reads: the state the pages also have (order-display.ts's facts). */
export type ProcessFacts = Pick<
  OrderState,
  "progress" | "payment" | "priceAmount" | "deliverableCount" | "stages" | "deliveryDeadline" | "dispute"
> &
  Partial<
    Pick<
      OrderState,
      "deliveredAt" | "extensionRequest" | "payoutHeldUntil" | "licence" | "licenceRequest" | "deposit" | "paidRest"
    >
  >;
/** A named condition a transition needs besides its from-state, and the refusal when it does not hold. */
export interface Guard {
  refusal: OrderRefusal;
  holds: (o: ProcessFacts, now: number) => boolean;
}
const currentStage = (o: Pick<OrderState, "stages">): OrderStage | null => {
  const index = currentStageIndex(o.stages);
  return index === null ? null : o.stages[index]!;
};
const GUARDS = {
  priceApprovable: {
    refusal: "price_too_low",
    holds: (o) => o.priceAmount !== null && o.priceAmount > MIN_APPROVABLE_PRICE,
  },
  priced: { refusal: "not_payable", holds: (o) => o.priceAmount !== null },
  stagesApproved: { refusal: "stages_pending", holds: (o) => allStagesApproved(o.stages) },
  hasDeliverable: { refusal: "no_deliverables", holds: (o) => o.deliverableCount > 0 },
  /** The buyer's cancel: the delivery deadline has passed undelivered (issue 10). */
  deliveryLate: {
    refusal: "delivery_not_late",
    holds: (o, now) => o.deliveryDeadline !== null && now > o.deliveryDeadline,
  },
  stageAwaitsPreview: { refusal: "stage_not_current", holds: (o) => currentStage(o)?.status === "PENDING" },
  stageInReview: { refusal: "stage_not_in_review", holds: (o) => currentStage(o)?.status === "IN_REVIEW" },
  revisionLeft: {
    refusal: "no_revisions_left",
    holds: (o) => {
      const stage = currentStage(o);
      return stage !== null && revisionsLeft(stage) > 0;
    },
  },
  /** An open dispute stops the parties' moves on the paid order until an admin settles it (decision 088). */
  undisputed: { refusal: "order_disputed", holds: (o) => !isDisputed(o) },
  disputed: { refusal: "not_disputed", holds: (o) => isDisputed(o) },
  /**
   * The client disputes the work within a week of its delivery, whoever completed the order meanwhile (decision 092):
   * a completed order only while its payout still waits, which it does for that week when anything is at stake.
   */
  buyerMayStillDispute: {
    refusal: "dispute_window_closed",
    holds: (o, now) => {
      if (o.progress === "APPROVED") return true;
      const closesAt = buyerDisputeWindowClosesAt(o);
      if (closesAt === null || now > closesAt) return false;
      return o.progress !== "COMPLETED" || o.payoutHeldUntil != null;
    },
  },
  /** A completed order's dispute ends in money, never in reopening the work the creator completed (decision 092). */
  reopenable: { refusal: "not_reopenable", holds: (o) => o.progress !== "COMPLETED" },
  sellerMayAnswer: { refusal: "dispute_not_answerable", holds: (o) => awaitsAnswerFrom(o, "seller") },
  /** One request to move the delivery date at a time (decision 090). */
  noExtensionPending: { refusal: "extension_pending", holds: (o) => !hasPendingExtension(o) },
  /** A request waits, and its 3 days to answer have not passed. */
  extensionAnswerable: {
    refusal: "no_extension",
    holds: (o, now) => {
      const lapses = extensionLapsesAt(o);
      return lapses !== null && now <= lapses;
    },
  },
  buyerMayAnswer: { refusal: "dispute_not_answerable", holds: (o) => awaitsAnswerFrom(o, "buyer") },
  /** One request to change the licence at a time (issue 63). */
  noLicenceRequestPending: { refusal: "licence_pending", holds: (o) => !hasPendingLicenceRequest(o) },
  licenceRequested: { refusal: "no_licence_request", holds: (o) => hasPendingLicenceRequest(o) },
  /**
   * A paid order is paid for again only while a later part is due: a deposit order's rest once delivered (decision
   * 100), the reached stage's part of an order paid stage by stage (decision 101).
   */
  owesPart: {
    refusal: "already_paid",
    holds: (o) => (o.progress === "APPROVED" && o.payment !== "COMPLETED") || laterPartDue(o),
  },
  /** The rest of a deposit order is due (decision 100): what its deadline ends. */
  restOwed: { refusal: "wrong_state", holds: (o) => restDue(o) },
  /** A deposit order completes, and opens its files, once its rest is paid (decision 100). */
  restPaid: { refusal: "rest_unpaid", holds: (o) => !restDue(o) },
  /** The reached stage's part of an order paid stage by stage is due (decision 101): what its deadline ends. */
  stageOwed: { refusal: "wrong_state", holds: (o) => stageDue(o) !== null },
  /** Work on a stage is shown once its part is paid (decision 101): its preview waits till then. */
  stagePaid: { refusal: "stage_unpaid", holds: (o) => stageDue(o) === null },
} satisfies Record<string, Guard>;

/** The open dispute waits for this party's answer: the other opened it and nobody has answered yet. */
const awaitsAnswerFrom = (o: ProcessFacts, side: "seller" | "buyer") =>
  isDisputed(o) && o.dispute!.openedBy !== side && o.dispute!.answeredAt === null;

/** Whether an open dispute holds this transition back (its party's move waits for the settlement; decision 088). */
export const heldByDispute = (t: AnyTransition, o: ProcessFacts) =>
  isDisputed(o) && (t.guards?.includes(GUARDS.undisputed) ?? false);

/** A time-based row's deadline, stopped while a dispute is open: no alarm waits on it and none takes it. */
const clock =
  (deadline: (o: OrderState) => number | null) =>
  (o: OrderState): number | null =>
    isDisputed(o) ? null : deadline(o);

/** Who takes a transition; an admin acts through the system (`decide`'s actor "system"). */
export type ProcessActor = OrderActor | "admin";
export const actsAs = (actor: ProcessActor): OrderActor => (actor === "admin" ? "system" : actor);

/** What a transition does to the money: its row's `money` column (order-types.ts says what each tag means). */
export type { MoneyEffect } from "./order-types";

/** The chat's lines a row may announce (chat-protocol.ts), the auto-approval being the stage approval's wording. */
export type Announcement = Exclude<ChatNoticeKey, "stage_auto_approved">;

const HOUR = 3_600_000;
/** What a reminder's deadline is read from: the order's own deadlines and its stages (a D1 row has these). */
export type ReminderFacts = Pick<
  OrderState,
  "progress" | "payment" | "approvalDeadline" | "paymentDeadline" | "deliveryDeadline" | "stages"
>;
/**
 * A reminder (issue 10, docs/decisions/023): the row's actor is told, within `leadMs` of `deadline`, in the row's
 * from-states, that the move is theirs before it passes. Every lead is the 24 h (a stage's review its own
 * `STAGE_REVIEW_REMINDER_MS`); a deadline already past is not reminded of: the order's alarm acts on it instead.
 */
export interface ProcessReminder {
  kind: "approval" | "payment" | "delivery" | "review";
  type: Extract<
    NotificationType,
    | "COMMISSION_ORDER_APPROVAL_REMINDER"
    | "COMMISSION_ORDER_PAYMENT_REMINDER"
    | "COMMISSION_ORDER_DELIVERY_REMINDER"
    | "COMMISSION_ORDER_STAGE_REVIEW_REMINDER"
  >;
  leadMs: number;
  deadline: (o: ReminderFacts) => number | null;
}

/** Who hears of a transition: the party who acted is not told; a transition the system made tells both (no sender). */
export interface ProcessNotice {
  type: NotificationType;
  to: "seller" | "buyer" | "both";
  /** The party shown as the sender (issue 33); null for the system, shown with the app's mark. */
  from: "seller" | "buyer" | null;
}
const toBuyer = (type: NotificationType): ProcessNotice => ({ type, to: "buyer", from: "seller" });
const toSeller = (type: NotificationType): ProcessNotice => ({ type, to: "seller", from: "buyer" });
const toBoth = (type: NotificationType): ProcessNotice => ({ type, to: "both", from: null });

export type ActionType = OrderAction["type"];
type ActionOf<T extends ActionType> = Extract<OrderAction, { type: T }>;

export interface OrderTransition<T extends ActionType = ActionType> {
  name: string;
  /** The action that asks for it. Rows sharing an action and actor are told apart by `when` or `at`. */
  on: T;
  actor: ProcessActor;
  from: readonly ProcessState[];
  /** The refusal outside `from` (default wrong_state). */
  refusedOutside?: OrderRefusal | ((o: Pick<OrderState, "payment">) => OrderRefusal);
  /** The action names a stage, which must be the current one (decision 073). */
  onCurrentStage?: true;
  guards?: readonly Guard[];
  /** A time-based transition: the deadline at which the system takes it. */
  at?: (o: OrderState) => number | null;
  /** Which of the rows sharing an action this one is (a payment taken or given back). */
  when?: (o: OrderState, action: ActionOf<T>) => boolean;
  to: ProcessState | "same";
  event: OrderEventType;
  notice: ProcessNotice | null;
  /**
   * The system message the chat posts of it (issue 36; chat-announcements.ts words it from the landed state), or null.
   * Rows sharing an event announce alike: "stage_approved" is worded as auto-approved when the review deadline took it.
   */
  announce: Announcement | null;
  /** The reminder its actor gets as the deadline it must be taken by nears (decision 023), on the rows that have one. */
  remind?: ProcessReminder;
  money: MoneyEffect;
  effect: (o: OrderState, action: ActionOf<T>, now: number) => Outcome;
}
/** Any row of the table, its effect typed by its own action. */
export type AnyTransition = { [T in ActionType]: OrderTransition<T> }[ActionType];
const row = <T extends ActionType>(transition: OrderTransition<T>) => transition as unknown as AnyTransition;

const openedDispute = (openedBy: "seller" | "buyer", reason: DisputeReason, now: number): OrderDispute => ({
  openedBy,
  reason,
  openedAt: now,
  answeredAt: null,
  settledAt: null,
  outcome: null,
  awardedAmount: 0,
});

/**
 * The delivery date a payment at `now` sets: the creator's estimated delivery when it is still ahead, else 30 days.
 * A rush order (issue 63) is due within its rush days of the payment, or by the estimate when that is sooner.
 */
export function paidDeliveryDeadline(o: Pick<OrderState, "estimatedDelivery" | "rushDays">, now: number): number {
  const estimate = o.estimatedDelivery && o.estimatedDelivery > now ? o.estimatedDelivery : null;
  if (!o.rushDays) return estimate ?? now + DEADLINES.deliveryMs;
  const rush = now + o.rushDays * DAY;
  return estimate !== null && estimate < rush ? estimate : rush;
}

/** A succeeded payment the order takes: new to it, and the open payment for exactly what is due now. */
const takes = (o: OrderState, payment: PaymentRef) => !known(o, payment) && paymentMisfit(o, payment) === null;

/** The part now due charged off-session (a deposit order's rest, a stage's part): its intent is the open payment. */
const chargedPart = (o: OrderState, { payment }: { payment: PaymentRef }): Outcome => {
  if (payment.amount !== dueAmount(o) || payment.currency !== o.currency) return { refusal: "price_invalid" };
  return o.openPayment?.intentId === payment.intentId ? "unchanged" : editedTo(o, { openPayment: payment });
};
/** Why that charge did not go through, kept until the client pays the part in the page. */
const partFailed = (o: OrderState, { failure }: Extract<OrderAction, { type: "partFailed" }>): Outcome =>
  o.partFailure === failure ? "unchanged" : editedTo(o, { partFailure: failure });
/**
 * The current stage approved. Paid stage by stage (decision 101), the next stage's part falls due with it: the object
 * charges it off-session at once, and the client has the payment deadline to pay it in the page if the bank asks.
 */
function approvedStage(o: OrderState, who: "buyer" | "system", now: number): Outcome {
  const { next } = approveCurrentStage(o, who, now);
  return stageDue(next) === null ? { next } : editedTo(next, { paymentDeadline: now + DEADLINES.paymentMs });
}
/** The stages with this one's own charge paid (decision 101). */
const withStagePayment = (stages: readonly OrderStage[], index: number, payment: PaymentRef): OrderStage[] =>
  stages.map((stage, i) => (i === index ? { ...stage, payment } : stage));

// ───────────────────────── the table ─────────────────────────

export const ORDER_PROCESS: readonly AnyTransition[] = [
  row({
    name: "approve",
    on: "approve",
    actor: "seller",
    from: ["DRAFT"],
    guards: [GUARDS.priceApprovable],
    to: "APPROVED_UNPAID",
    event: "APPROVED",
    notice: toBuyer("COMMISSION_ORDER_APPROVED"),
    announce: null,
    remind: {
      kind: "approval",
      type: "COMMISSION_ORDER_APPROVAL_REMINDER",
      leadMs: 24 * HOUR,
      deadline: (o) => o.approvalDeadline,
    },
    money: "none",
    effect: (o, { deposit, byStage }, now) => {
      // A deposit (decision 100) is a percent within its bounds, of an order without stages (which pay stage by stage).
      // Each part is its own charge, so each must be one Stripe takes (`depositFits`).
      // Stage by stage (decision 101): a plan of two stages or more, each its own charge, and no deposit beside it; each
      // stage's charge is null till paid.
      if (byStage && (deposit || !byStageFits(o.priceAmount ?? 0, o.stages))) return { refusal: "by_stage_invalid" };
      const fits = (d: DepositTerms) => isDepositPercent(d.percent) && depositFits(o.priceAmount ?? 0, d.percent);
      if (deposit && (!fits(deposit) || o.stages.length > 0)) return { refusal: "deposit_invalid" };
      return editedTo(o, {
        progress: "APPROVED",
        chat: "OPENED",
        approvedAt: now,
        paymentDeadline: now + DEADLINES.paymentMs,
        deposit: deposit ?? null,
        ...(byStage && { stages: o.stages.map((stage) => ({ ...stage, payment: null })) }),
      });
    },
  }),
  row({
    // The buyer starts paying (decision 047): the object made (or found) an intent for exactly the current total, and
    // the order records it as its one open payment. The same intent again changes nothing; another replaces it, voided.
    name: "startPayment",
    on: "startPayment",
    actor: "buyer",
    // Before payment the first part (the total, a deposit, the first stage's); then a later part when it is due: a
    // deposit order's rest once delivered (decision 100), the reached stage's of an order paid stage by stage (101).
    from: ["APPROVED_UNPAID", "APPROVED_PAID", "DELIVERED"],
    refusedOutside: (o) => (o.payment === "COMPLETED" ? "already_paid" : "not_payable"),
    guards: [GUARDS.priced, GUARDS.owesPart],
    to: "same",
    event: "PAYMENT_STARTED",
    notice: null,
    announce: null,
    remind: {
      kind: "payment",
      type: "COMMISSION_ORDER_PAYMENT_REMINDER",
      leadMs: 24 * HOUR,
      // A paid order is reminded only of a stage's part due (decision 101): its own payment deadline is the one it met.
      // (A delivered deposit order's is set only while its rest is due.)
      deadline: (o) =>
        o.progress === "APPROVED" && o.payment === "COMPLETED" && stageDue(o) === null ? null : o.paymentDeadline,
    },
    money: "startPayment",
    effect: (o, { payment }) => {
      if (payment.amount !== dueAmount(o) || payment.currency !== o.currency) return { refusal: "price_invalid" };
      if (o.openPayment?.intentId === payment.intentId) return "unchanged";
      // One it replaces is voided: the startPayment money step's.
      return editedTo(o, { openPayment: payment });
    },
  }),
  row({
    name: "takePayment",
    on: "markPaid",
    actor: "system",
    from: ["APPROVED_UNPAID"],
    when: (o, { payment }) => o.progress === "APPROVED" && o.payment !== "COMPLETED" && takes(o, payment),
    to: "APPROVED_PAID",
    event: "PAID",
    // A payment is the buyer's act even when the system records it.
    notice: toSeller("COMMISSION_ORDER_PAID"),
    announce: null,
    money: "takePayment",
    effect: (o, { payment }, now) =>
      editedTo(o, {
        payment: "COMPLETED",
        paidAt: now,
        deliveryDeadline: paidDeliveryDeadline(o, now),
        openPayment: null,
        paidPayment: payment,
        // Paid stage by stage (decision 101): this is the first stage's part, and no other part is due until the next
        // stage is reached (the payment deadline then names that part's).
        ...(paysByStage(o) && { stages: withStagePayment(o.stages, 0, payment), paymentDeadline: null }),
      }),
  }),
  row({
    // The reached stage's part of an order paid stage by stage succeeded (decision 101): the creator may show its work.
    name: "takeStagePart",
    on: "markPaid",
    actor: "system",
    from: ["APPROVED_PAID"],
    when: (o, { payment }) => stageDue(o) !== null && takes(o, payment),
    to: "same",
    event: "STAGE_PAID",
    notice: toSeller("COMMISSION_ORDER_STAGE_PAID"),
    announce: null,
    money: "takePayment",
    effect: (o, { payment }) =>
      editedTo(o, {
        stages: withStagePayment(o.stages, stageDue(o)!, payment),
        openPayment: null,
        partFailure: null,
        paymentDeadline: null,
      }),
  }),
  row({
    // A deposit order's rest succeeded (decision 100): the order is paid in full, its files open, and the week to
    // complete it starts now (it waited while the rest was due).
    name: "takeRest",
    on: "markPaid",
    actor: "system",
    from: ["DELIVERED"],
    when: (o, { payment }) => o.progress === "DELIVERED" && takes(o, payment),
    to: "same",
    event: "REST_PAID",
    notice: toSeller("COMMISSION_ORDER_PAID"),
    announce: null,
    money: "takePayment",
    effect: (o, { payment }, now) =>
      editedTo(o, {
        paidRest: payment,
        openPayment: null,
        partFailure: null,
        paymentDeadline: null,
        completionDeadline: now + DEADLINES.completionMs,
      }),
  }),
  row({
    // The object charged the rest off-session at delivery: its intent is the open payment the rest's markPaid takes.
    name: "chargeRest",
    on: "chargePart",
    actor: "system",
    from: ["DELIVERED"],
    // Told from its twin (chargeStage) by the state, as restFailed from stageChargeFailed; the guard refuses a part not
    // due.
    when: (o) => o.progress === "DELIVERED",
    guards: [GUARDS.owesPart],
    to: "same",
    event: "REST_CHARGED",
    notice: null,
    announce: null,
    money: "startPayment",
    effect: chargedPart,
  }),
  row({
    // The object charged the reached stage's part off-session when the stage before it was approved (decision 101).
    name: "chargeStage",
    on: "chargePart",
    actor: "system",
    from: ["APPROVED_PAID"],
    when: (o) => o.progress === "APPROVED",
    guards: [GUARDS.owesPart],
    to: "same",
    event: "STAGE_CHARGED",
    notice: null,
    announce: null,
    money: "startPayment",
    effect: chargedPart,
  }),
  row({
    // The bank wants the client (3-D Secure) or the card was refused: the client is asked to pay the rest in the page,
    // by the same payment deadline; unpaid then, the order ends as an unpaid one does (expireRest).
    name: "restFailed",
    on: "partFailed",
    actor: "system",
    from: ["DELIVERED"],
    when: (o) => o.progress === "DELIVERED",
    guards: [GUARDS.owesPart],
    to: "same",
    event: "REST_PAYMENT_FAILED",
    notice: { type: "COMMISSION_ORDER_PAYMENT_DUE", to: "buyer", from: null },
    announce: null,
    money: "none",
    effect: partFailed,
  }),
  row({
    // The same for a stage's part (decision 101): the client pays it in the page by its payment deadline (expireStage).
    name: "stageChargeFailed",
    on: "partFailed",
    actor: "system",
    from: ["APPROVED_PAID"],
    when: (o) => o.progress === "APPROVED",
    guards: [GUARDS.owesPart],
    to: "same",
    event: "STAGE_PAYMENT_FAILED",
    notice: { type: "COMMISSION_ORDER_STAGE_PAYMENT_DUE", to: "buyer", from: null },
    announce: null,
    money: "none",
    effect: partFailed,
  }),
  row({
    name: "returnPayment",
    on: "markPaid",
    actor: "system",
    from: PROCESS_STATES,
    when: (o, { payment }) => !known(o, payment) && paymentMisfit(o, payment) !== null,
    to: "same",
    event: "PAYMENT_RETURNED",
    notice: toBoth("COMMISSION_ORDER_PAYMENT_REFUNDED"),
    announce: null,
    money: "returnPayment",
    // The payment itself is given back by the returnPayment money step.
    effect: (o, { payment }) =>
      editedTo(o, { openPayment: o.openPayment?.intentId === payment.intentId ? null : o.openPayment }),
  }),
  row({
    name: "deliver",
    on: "deliver",
    actor: "seller",
    from: ["APPROVED_PAID"],
    guards: [GUARDS.undisputed, GUARDS.stagesApproved, GUARDS.hasDeliverable],
    to: "DELIVERED",
    event: "DELIVERED",
    notice: toBuyer("COMMISSION_ORDER_DELIVERED"),
    announce: null,
    remind: {
      kind: "delivery",
      type: "COMMISSION_ORDER_DELIVERY_REMINDER",
      leadMs: 24 * HOUR,
      deadline: (o) => o.deliveryDeadline,
    },
    money: "none",
    // A deposit order's rest falls due (decision 100): the object charges it, it is paid by the payment deadline, and
    // the week to complete waits for it.
    effect: (o, _, now) =>
      editedTo(
        o,
        o.deposit
          ? {
              progress: "DELIVERED",
              deliveredAt: now,
              completionDeadline: null,
              paymentDeadline: now + DEADLINES.paymentMs,
            }
          : {
              progress: "DELIVERED",
              deliveredAt: now,
              completionDeadline: now + DEADLINES.completionMs,
              paymentDeadline: null,
            },
      ),
  }),
  row({
    name: "complete",
    on: "complete",
    actor: "seller",
    from: ["DELIVERED"],
    guards: [GUARDS.undisputed, GUARDS.restPaid],
    to: "COMPLETED",
    event: "COMPLETED",
    notice: toBuyer("COMMISSION_ORDER_COMPLETED"),
    announce: null,
    money: "releasePayout",
    effect: (o, _, now) => complete(o, now),
  }),
  row({
    // The seller may decline or call off an order until it is delivered; a paid order is refunded (decision 020).
    name: "cancelBySeller",
    on: "cancel",
    actor: "seller",
    from: BEFORE_DELIVERY,
    guards: [GUARDS.undisputed],
    to: "CANCELED",
    event: "CANCELED",
    notice: toBuyer("COMMISSION_ORDER_CANCELED"),
    announce: "staged_order_canceled",
    money: "refundOnCancel",
    effect: (o, _, now) => canceled(o, now),
  }),
  row({
    // Only a paid order the creator has not delivered by its delivery deadline (issue 10); otherwise the cancel is the
    // seller's.
    name: "cancelLateByBuyer",
    on: "cancel",
    actor: "buyer",
    from: ["APPROVED_PAID"],
    when: (o) => !o.deposit && stageDue(o) === null,
    refusedOutside: "seller_only",
    guards: [GUARDS.undisputed, GUARDS.deliveryLate],
    to: "CANCELED",
    event: "CANCELED",
    notice: toSeller("COMMISSION_ORDER_CANCELED"),
    announce: "staged_order_canceled",
    money: "refundOnCancel",
    effect: (o, _, now) => canceled(o, now),
  }),
  row({
    // A deposit order's client may walk away before delivery (decision 100): the deposit goes back under refundable
    // terms, or once the delivery is late (the creator's failing), and stays with the creator otherwise.
    name: "cancelByBuyerAfterDeposit",
    on: "cancel",
    actor: "buyer",
    from: ["APPROVED_PAID"],
    when: (o) => Boolean(o.deposit),
    refusedOutside: "seller_only",
    guards: [GUARDS.undisputed],
    to: "CANCELED",
    event: "CANCELED",
    notice: toSeller("COMMISSION_ORDER_CANCELED"),
    announce: "staged_order_canceled",
    money: "refundOnCancel",
    effect: (o, _, now) => canceled(o, now, { walkedAway: clientWalksAway(o, now) }),
  }),
  row({
    // The client of an order paid stage by stage may stop at a stage instead of paying its part (decision 101): the
    // approved stages stay with the creator, and nothing else was paid.
    name: "cancelByBuyerAtStage",
    on: "cancel",
    actor: "buyer",
    from: ["APPROVED_PAID"],
    when: (o) => stageDue(o) !== null,
    refusedOutside: "seller_only",
    guards: [GUARDS.undisputed],
    to: "CANCELED",
    event: "CANCELED",
    notice: toSeller("COMMISSION_ORDER_CANCELED"),
    announce: "staged_order_canceled",
    money: "refundOnCancel",
    effect: (o, _, now) => canceled(o, now),
  }),
  row({
    // An admin ends the order (a dispute): any order not yet ended, delivered ones too (decision 073).
    name: "adminCancel",
    on: "adminCancel",
    actor: "admin",
    from: OPEN,
    to: "CANCELED",
    event: "CANCELED",
    notice: toBoth("COMMISSION_ORDER_CANCELED"),
    announce: "staged_order_canceled",
    money: "refundOnCancel",
    // An open dispute ends with the order, settled as the refund the cancel is (decision 088): left open, the canceled
    // order stayed in the admins' queue for good, where no settlement could reach it.
    effect: (o, _, now) => canceled(isDisputed(o) ? settledBy(o, { outcome: "refund" }, now) : o, now),
  }),
  row({
    name: "updatePrice",
    on: "updatePrice",
    actor: "seller",
    // "price and chat settings are editable unless payment is COMPLETED or progress is CANCELED".
    from: BEFORE_PAYMENT,
    refusedOutside: "not_editable",
    to: "same",
    event: "PRICE_UPDATED",
    notice: null,
    announce: null,
    money: "voidOpenPayment",
    effect: (o, action) => {
      if (!isPriceAmount(action.priceAmount)) return { refusal: "price_invalid" };
      if (action.currency !== undefined && action.currency !== o.currency) return { refusal: "price_invalid" };
      // Once approved the total is what the client is asked to pay: it may still change before payment, never to
      // an amount that could not have been approved.
      if (o.progress === "APPROVED" && action.priceAmount <= MIN_APPROVABLE_PRICE) return { refusal: "price_too_low" };
      // A deposit order's two parts must stay chargeable at the new total (decision 100).
      if (o.deposit && !depositFits(action.priceAmount, o.deposit.percent)) return { refusal: "price_too_low" };
      if (action.priceAmount === o.priceAmount) return "unchanged";
      // A payment under way was for the old total: the voidOpenPayment step voids it, and the client pays the new one.
      return editedTo(o, { priceAmount: action.priceAmount });
    },
  }),
  row({
    name: "updateSchedule",
    on: "updateSchedule",
    actor: "seller",
    // "Schedule (estimated start, delivery): editable unless DELIVERED, COMPLETED or CANCELED".
    from: BEFORE_DELIVERY,
    refusedOutside: "not_editable",
    guards: [GUARDS.undisputed],
    to: "same",
    event: "SCHEDULE_UPDATED",
    notice: null,
    announce: null,
    money: "voidOpenPayment",
    effect: (o, { estimatedStart, estimatedDelivery }) => {
      if ([estimatedStart, estimatedDelivery].some((t) => t !== null && !isSaneTimestamp(t)))
        return { refusal: "schedule_invalid" };
      if (estimatedStart !== null && estimatedDelivery !== null && estimatedDelivery < estimatedStart)
        return { refusal: "schedule_invalid" };
      if (estimatedStart === o.estimatedStart && estimatedDelivery === o.estimatedDelivery) return "unchanged";
      // What the client is paying for includes when it comes: a payment under way is voided, as for a new price.
      return editedTo(o, { estimatedStart, estimatedDelivery });
    },
  }),
  row({
    name: "updateServiceDetails",
    on: "updateServiceDetails",
    actor: "seller",
    // "Service details: editable by seller only while not DELIVERED, COMPLETED, CANCELED".
    from: BEFORE_DELIVERY,
    refusedOutside: "not_editable",
    guards: [GUARDS.undisputed],
    to: "same",
    event: "SERVICE_DETAILS_UPDATED",
    notice: null,
    announce: null,
    money: "none",
    effect: (o) => ({ next: o }),
  }),
  row({
    name: "updateChatSettings",
    on: "updateChatSettings",
    actor: "seller",
    from: BEFORE_PAYMENT,
    refusedOutside: "not_editable",
    to: "same",
    event: "CHAT_SETTINGS_UPDATED",
    notice: null,
    announce: null,
    money: "none",
    effect: (o) => ({ next: o }),
  }),
  row({
    name: "addDeliverable",
    on: "addDeliverable",
    actor: "seller",
    // "Deliverable files: register and delete while DRAFT or APPROVED; upload still allowed when DELIVERED".
    from: OPEN,
    refusedOutside: "not_editable",
    to: "same",
    event: "DELIVERABLE_ADDED",
    notice: null,
    announce: null,
    money: "none",
    effect: (o) => editedTo(o, { deliverableCount: o.deliverableCount + 1 }),
  }),
  row({
    name: "deleteDeliverable",
    on: "deleteDeliverable",
    actor: "seller",
    from: BEFORE_DELIVERY,
    refusedOutside: "not_editable",
    guards: [GUARDS.undisputed, GUARDS.hasDeliverable],
    to: "same",
    event: "DELIVERABLE_DELETED",
    notice: null,
    announce: null,
    money: "none",
    effect: (o) => editedTo(o, { deliverableCount: o.deliverableCount - 1 }),
  }),
  row({
    // The plan is part of what the client agrees to, so it changes only while pending (decision 073).
    name: "setStages",
    on: "setStages",
    actor: "seller",
    from: ["DRAFT"],
    refusedOutside: "not_editable",
    to: "same",
    event: "STAGES_UPDATED",
    notice: null,
    announce: "stages_updated",
    money: "none",
    effect: (o, { plan }) => editedTo(o, { stages: stagesOfPlan(plan) }),
  }),
  row({
    name: "submitPreview",
    on: "submitPreview",
    actor: "seller",
    from: ["APPROVED_PAID"],
    onCurrentStage: true,
    guards: [GUARDS.undisputed, GUARDS.stageAwaitsPreview, GUARDS.stagePaid],
    to: "same",
    event: "STAGE_PREVIEWED",
    notice: toBuyer("COMMISSION_ORDER_STAGE_PREVIEWED"),
    announce: "stage_previewed",
    money: "none",
    effect: (o, _, now) =>
      withCurrentStage(o, () => ({ status: "IN_REVIEW", previewedAt: now, reviewDeadline: now + STAGE_REVIEW_MS })),
  }),
  row({
    name: "approveStage",
    on: "approveStage",
    actor: "buyer",
    from: ["APPROVED_PAID"],
    onCurrentStage: true,
    guards: [GUARDS.undisputed, GUARDS.stageInReview],
    to: "same",
    event: "STAGE_APPROVED",
    notice: toSeller("COMMISSION_ORDER_STAGE_APPROVED"),
    announce: "stage_approved",
    // The preview is approved by itself at its review deadline (approveStageOnReviewDeadline): the client is told first.
    remind: {
      kind: "review",
      type: "COMMISSION_ORDER_STAGE_REVIEW_REMINDER",
      leadMs: STAGE_REVIEW_REMINDER_MS,
      deadline: (o) => stageUnderReview(o)?.reviewDeadline ?? null,
    },
    money: "releaseStageShare",
    effect: (o, _, now) => approvedStage(o, "buyer", now),
  }),
  row({
    name: "requestRevision",
    on: "requestRevision",
    actor: "buyer",
    from: ["APPROVED_PAID"],
    onCurrentStage: true,
    guards: [GUARDS.undisputed, GUARDS.stageInReview, GUARDS.revisionLeft],
    to: "same",
    event: "STAGE_REVISION_REQUESTED",
    notice: toSeller("COMMISSION_ORDER_STAGE_REVISION_REQUESTED"),
    announce: "stage_revision_requested",
    money: "none",
    effect: (o) =>
      withCurrentStage(o, (s) => ({ status: "PENDING", reviewDeadline: null, revisionsUsed: s.revisionsUsed + 1 })),
  }),
  row({
    // The seller agrees to one more revision of the current stage than it includes.
    name: "grantRevision",
    on: "grantRevision",
    actor: "seller",
    from: ["APPROVED_PAID"],
    onCurrentStage: true,
    guards: [GUARDS.undisputed],
    to: "same",
    event: "STAGE_REVISION_GRANTED",
    notice: toBuyer("COMMISSION_ORDER_STAGE_REVISION_GRANTED"),
    announce: "stage_revision_granted",
    money: "none",
    effect: (o) => withCurrentStage(o, (s) => ({ extraRevisions: s.extraRevisions + 1 })),
  }),
  // Disputes (decision 088): either party opens one on a paid order before it ends (the client within a week of
  // delivery, even after a completion, whose payout waits that long: decision 092), the other answers, and an admin
  // settles it. While it is open the parties' moves wait (`undisputed`) and the clocks stop (`clock`), the payout's
  // clearing among them. Each statement is its transition's own row (orders/services/disputes.ts).
  row({
    name: "openDisputeByBuyer",
    on: "openDispute",
    actor: "buyer",
    from: DISPUTABLE,
    guards: [GUARDS.undisputed, GUARDS.buyerMayStillDispute],
    to: "same",
    event: "DISPUTE_OPENED",
    notice: toSeller("COMMISSION_ORDER_DISPUTE_OPENED"),
    announce: "dispute_opened",
    money: "none",
    effect: (o, { reason }, now) => editedTo(o, { dispute: openedDispute("buyer", reason, now) }),
  }),
  row({
    name: "openDisputeBySeller",
    on: "openDispute",
    actor: "seller",
    from: PAID_OPEN,
    guards: [GUARDS.undisputed],
    to: "same",
    event: "DISPUTE_OPENED",
    notice: toBuyer("COMMISSION_ORDER_DISPUTE_OPENED"),
    announce: "dispute_opened",
    money: "none",
    effect: (o, { reason }, now) => editedTo(o, { dispute: openedDispute("seller", reason, now) }),
  }),
  row({
    name: "answerDisputeByBuyer",
    on: "answerDispute",
    actor: "buyer",
    from: DISPUTABLE,
    refusedOutside: "not_disputed",
    guards: [GUARDS.disputed, GUARDS.buyerMayAnswer],
    to: "same",
    event: "DISPUTE_ANSWERED",
    notice: toSeller("COMMISSION_ORDER_DISPUTE_ANSWERED"),
    announce: null,
    money: "none",
    effect: (o, _, now) => editedTo(o, { dispute: { ...o.dispute!, answeredAt: now } }),
  }),
  row({
    name: "answerDisputeBySeller",
    on: "answerDispute",
    actor: "seller",
    from: DISPUTABLE,
    refusedOutside: "not_disputed",
    guards: [GUARDS.disputed, GUARDS.sellerMayAnswer],
    to: "same",
    event: "DISPUTE_ANSWERED",
    notice: toBuyer("COMMISSION_ORDER_DISPUTE_ANSWERED"),
    announce: null,
    money: "none",
    effect: (o, _, now) => editedTo(o, { dispute: { ...o.dispute!, answeredAt: now } }),
  }),
  row({
    // Everything still at stake back to the client: a cancel, approved stages' shares kept (decision 061, 073).
    name: "settleByRefund",
    on: "settleDispute",
    actor: "admin",
    from: DISPUTABLE,
    refusedOutside: "not_disputed",
    guards: [GUARDS.disputed],
    when: (_, { settlement }) => settlement.outcome === "refund",
    to: "CANCELED",
    event: "DISPUTE_SETTLED",
    notice: toBoth("COMMISSION_ORDER_DISPUTE_SETTLED"),
    announce: "dispute_settled",
    money: "refundOnCancel",
    effect: (o, { settlement }, now) => canceled(settledBy(o, settlement, now), now),
  }),
  row({
    // Everything still at stake to the creator: every stage approved, the order completed (payouts as a completion's).
    name: "settleByRelease",
    on: "settleDispute",
    actor: "admin",
    from: DISPUTABLE,
    refusedOutside: "not_disputed",
    guards: [GUARDS.disputed],
    when: (_, { settlement }) => settlement.outcome === "release",
    to: "COMPLETED",
    event: "DISPUTE_SETTLED",
    notice: toBoth("COMMISSION_ORDER_DISPUTE_SETTLED"),
    announce: "dispute_settled",
    money: "releasePayout",
    effect: (o, { settlement }, now) => {
      const settled = settledBy(o, settlement, now);
      const stages = settled.stages.map((s) =>
        s.status === "APPROVED"
          ? s
          : { ...s, status: "APPROVED" as const, reviewDeadline: null, approvedAt: now, approvedBy: "system" as const },
      );
      return complete({ ...settled, stages }, now, { cleared: true });
    },
  }),
  row({
    // Part back to the client, the rest kept by the creator: a cancel whose kept amount includes the award.
    name: "settleBySplit",
    on: "settleDispute",
    actor: "admin",
    from: DISPUTABLE,
    refusedOutside: "not_disputed",
    guards: [GUARDS.disputed],
    when: (_, { settlement }) => settlement.outcome === "split",
    to: "CANCELED",
    event: "DISPUTE_SETTLED",
    notice: toBoth("COMMISSION_ORDER_DISPUTE_SETTLED"),
    announce: "dispute_settled",
    money: "splitStake",
    effect: (o, { settlement }, now) => canceled(settledBy(o, settlement, now), now),
  }),
  row({
    // The order goes on, each of its deadlines now the settlement's days away; the money stays where it is.
    name: "settleByReopen",
    on: "settleDispute",
    actor: "admin",
    from: DISPUTABLE,
    refusedOutside: "not_disputed",
    guards: [GUARDS.disputed, GUARDS.reopenable],
    when: (_, { settlement }) => settlement.outcome === "reopen",
    to: "same",
    event: "DISPUTE_SETTLED",
    notice: toBoth("COMMISSION_ORDER_DISPUTE_SETTLED"),
    announce: "dispute_settled",
    money: "none",
    effect: (o, { settlement }, now) =>
      reopenAfterDispute(
        settledBy(o, settlement, now),
        (settlement as Extract<DisputeSettlement, { outcome: "reopen" }>).days,
        now,
      ),
  }),
  // Deadlines moved by agreement (decision 090): the creator asks for a later delivery date, the client accepts or
  // declines within 3 days (unanswered, it lapses); the client may give more time on their own. The reason is the
  // transition's own row (orders/services/deadline-extensions.ts).
  row({
    name: "requestExtension",
    on: "requestExtension",
    actor: "seller",
    from: ["APPROVED_PAID"],
    guards: [GUARDS.undisputed, GUARDS.noExtensionPending],
    to: "same",
    event: "EXTENSION_REQUESTED",
    notice: toBuyer("COMMISSION_ORDER_EXTENSION_REQUESTED"),
    announce: "extension_requested",
    money: "none",
    effect: (o, { proposedDeadline }, now) =>
      extensionDateError(o, proposedDeadline, now)
        ? { refusal: "extension_date_invalid" }
        : editedTo(o, { extensionRequest: { proposedDeadline, requestedAt: now } }),
  }),
  row({
    name: "acceptExtension",
    on: "acceptExtension",
    actor: "buyer",
    from: ["APPROVED_PAID"],
    refusedOutside: "no_extension",
    guards: [GUARDS.undisputed, GUARDS.extensionAnswerable],
    to: "same",
    event: "EXTENSION_ACCEPTED",
    notice: toSeller("COMMISSION_ORDER_EXTENSION_ACCEPTED"),
    announce: "extension_accepted",
    money: "none",
    effect: (o) => ({ next: movedDelivery(o, o.extensionRequest!.proposedDeadline) }),
  }),
  row({
    name: "declineExtension",
    on: "declineExtension",
    actor: "buyer",
    from: ["APPROVED_PAID"],
    refusedOutside: "no_extension",
    guards: [GUARDS.undisputed, GUARDS.extensionAnswerable],
    to: "same",
    event: "EXTENSION_DECLINED",
    notice: toSeller("COMMISSION_ORDER_EXTENSION_DECLINED"),
    announce: "extension_declined",
    money: "none",
    effect: (o) => editedTo(o, { extensionRequest: null }),
  }),
  row({
    // The client gives more time unasked (or instead of a request, which it answers): the date moves at once.
    name: "giveExtension",
    on: "giveExtension",
    actor: "buyer",
    from: ["APPROVED_PAID"],
    guards: [GUARDS.undisputed],
    to: "same",
    event: "DELIVERY_EXTENDED",
    notice: toSeller("COMMISSION_ORDER_DELIVERY_EXTENDED"),
    announce: "delivery_extended",
    money: "none",
    effect: (o, { proposedDeadline }, now) =>
      extensionDateError(o, proposedDeadline, now)
        ? { refusal: "extension_date_invalid" }
        : { next: movedDelivery(o, proposedDeadline) },
  }),
  // The licence changed by agreement (issue 63, decision 099): on a paid order before it ends the client asks for
  // another licence, the creator accepts (the order's licence is the one asked for) or declines (it stays). One request
  // at a time; it does not lapse, and an open dispute holds both moves back.
  row({
    name: "requestLicence",
    on: "requestLicence",
    actor: "buyer",
    from: PAID_OPEN,
    guards: [GUARDS.undisputed, GUARDS.noLicenceRequestPending],
    to: "same",
    event: "LICENCE_REQUESTED",
    notice: toSeller("COMMISSION_ORDER_LICENCE_REQUESTED"),
    announce: "licence_requested",
    money: "none",
    effect: (o, { licence }, now) => {
      const refused = licenceRequestError(o, licence);
      return refused ? { refusal: refused } : { next: withLicenceRequest(o, licence, now) };
    },
  }),
  row({
    name: "acceptLicence",
    on: "acceptLicence",
    actor: "seller",
    from: PAID_OPEN,
    refusedOutside: "no_licence_request",
    guards: [GUARDS.undisputed, GUARDS.licenceRequested],
    to: "same",
    event: "LICENCE_ACCEPTED",
    notice: toBuyer("COMMISSION_ORDER_LICENCE_ACCEPTED"),
    announce: "licence_accepted",
    money: "none",
    effect: (o) => ({ next: acceptedLicence(o) }),
  }),
  row({
    name: "declineLicence",
    on: "declineLicence",
    actor: "seller",
    from: PAID_OPEN,
    refusedOutside: "no_licence_request",
    guards: [GUARDS.undisputed, GUARDS.licenceRequested],
    to: "same",
    event: "LICENCE_DECLINED",
    notice: toBuyer("COMMISSION_ORDER_LICENCE_DECLINED"),
    announce: "licence_declined",
    money: "none",
    effect: (o) => editedTo(o, { licenceRequest: null }),
  }),
  // Time-based (decision 020): not approved or not paid in time, canceled; delivered and not completed in time,
  // completed; a stage's preview not answered in time, approved (decision 073). A paid order's delivery deadline is
  // none of them: a late delivery changes nothing by itself (the buyer may then cancel, `cancelLateByBuyer`).
  row({
    name: "expireApproval",
    on: "deadlinePassed",
    actor: "system",
    from: ["DRAFT"],
    at: clock((o) => o.approvalDeadline),
    to: "CANCELED",
    event: "CANCELED",
    notice: toBoth("COMMISSION_ORDER_CANCELED"),
    announce: "staged_order_canceled",
    money: "refundOnCancel",
    effect: (o, _, now) => canceled(o, now),
  }),
  row({
    name: "expirePayment",
    on: "deadlinePassed",
    actor: "system",
    from: ["APPROVED_UNPAID"],
    at: clock((o) => o.paymentDeadline),
    to: "CANCELED",
    event: "CANCELED",
    notice: toBoth("COMMISSION_ORDER_CANCELED"),
    announce: "staged_order_canceled",
    money: "refundOnCancel",
    effect: (o, _, now) => canceled(o, now),
  }),
  row({
    // A deposit order's rest unpaid by its payment deadline (decision 100): the order ends as an unpaid one does, and the
    // client, who walked away, gets the deposit back only under refundable terms.
    name: "expireRest",
    on: "deadlinePassed",
    actor: "system",
    from: ["DELIVERED"],
    at: clock((o) => (restDue(o) ? o.paymentDeadline : null)),
    guards: [GUARDS.restOwed],
    to: "CANCELED",
    event: "CANCELED",
    notice: toBoth("COMMISSION_ORDER_CANCELED"),
    announce: "staged_order_canceled",
    money: "refundOnCancel",
    effect: (o, _, now) => canceled(o, now, { walkedAway: true }),
  }),
  row({
    // The reached stage's part of an order paid stage by stage unpaid by its payment deadline (decision 101): the order
    // ends as an unpaid one does; the approved stages stay with the creator, and nothing else was paid.
    name: "expireStage",
    on: "deadlinePassed",
    actor: "system",
    from: ["APPROVED_PAID"],
    at: clock((o) => (stageDue(o) === null ? null : o.paymentDeadline)),
    guards: [GUARDS.stageOwed],
    to: "CANCELED",
    event: "CANCELED",
    notice: toBoth("COMMISSION_ORDER_CANCELED"),
    announce: "staged_order_canceled",
    money: "refundOnCancel",
    effect: (o, _, now) => canceled(o, now),
  }),
  row({
    name: "approveStageOnReviewDeadline",
    on: "deadlinePassed",
    actor: "system",
    from: ["APPROVED_PAID"],
    at: clock((o) => stageUnderReview(o)?.reviewDeadline ?? null),
    to: "same",
    event: "STAGE_APPROVED",
    notice: toBoth("COMMISSION_ORDER_STAGE_AUTO_APPROVED"),
    announce: "stage_approved",
    money: "releaseStageShare",
    effect: (o, _, now) => approvedStage(o, "system", now),
  }),
  row({
    // A request the client did not answer in 3 days lapses: the delivery date stays (decision 090).
    name: "lapseExtension",
    on: "deadlinePassed",
    actor: "system",
    from: ["APPROVED_PAID"],
    at: clock(extensionLapsesAt),
    to: "same",
    event: "EXTENSION_LAPSED",
    notice: toBoth("COMMISSION_ORDER_EXTENSION_LAPSED"),
    announce: "extension_lapsed",
    money: "none",
    effect: (o) => editedTo(o, { extensionRequest: null }),
  }),
  row({
    // The client's week to dispute the work passed undisputed: the payout the completion held goes to the creator.
    name: "clearPayout",
    on: "deadlinePassed",
    actor: "system",
    from: ["COMPLETED"],
    at: clock((o) => o.payoutHeldUntil ?? null),
    to: "same",
    event: "PAYOUT_CLEARED",
    notice: null,
    announce: null,
    money: "releasePayout",
    effect: (o) => editedTo(o, { payoutHeldUntil: null }),
  }),
  row({
    name: "completeOnDeadline",
    on: "deadlinePassed",
    actor: "system",
    from: ["DELIVERED"],
    // Never while a deposit order's rest is due (decision 100): the completion waits for it.
    at: clock((o) => (restDue(o) ? null : o.completionDeadline)),
    to: "COMPLETED",
    event: "COMPLETED",
    notice: toBoth("COMMISSION_ORDER_COMPLETED"),
    announce: null,
    money: "releasePayout",
    effect: (o, _, now) => complete(o, now),
  }),
];

/**
 * Which money tags move money (issue 75): a charge, a payout, a refund. Voiding a payment under way moves none (nothing
 * was taken). Spelled out per tag, so a new tag says whether it does.
 */
const MOVES_MONEY: Record<MoneyEffect, boolean> = {
  none: false,
  startPayment: true,
  takePayment: true,
  returnPayment: true,
  voidOpenPayment: false,
  refundOnCancel: true,
  releaseStageShare: true,
  releasePayout: true,
  splitStake: true,
};

/**
 * Whether a person's action needs their confirmation (issue 75): one of its rows a party or an admin takes moves
 * money. The `money` column is the one place that says it: the doors refuse such an action without `confirmed`, and
 * the order page asks before it sends it (a dialog with script, a confirm page without).
 */
export const asksConfirmation = (action: ActionType): boolean =>
  ORDER_PROCESS.some((t) => t.on === action && t.actor !== "system" && MOVES_MONEY[t.money]);
