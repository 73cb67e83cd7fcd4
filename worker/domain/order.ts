/**
 * The order's rules (spec section 4; docs/decisions/020): who may do what to an order in which state, and what each
 * accepted action changes. Pure: the Order Durable Object (the only writer of an order) asks `decide` and applies
 * the answer; the time is an argument. A refused action changes nothing and says why. The rules themselves are one
 * table, the order process (order-process.ts, decision 082); this file names the order's shapes and reads the table.
 */
import type { Outcome } from "./order-effects";
import {
  actsAs,
  DEADLINES,
  heldByDispute,
  ORDER_PROCESS,
  processStateOf,
  type ActionType,
  type AnyTransition,
  type ProcessFacts,
} from "./order-process";
import type { ExtensionRequest } from "./deadline-extensions";
import type { DisputeReason, DisputeSettlement, OrderDispute } from "./disputes";
import { currentStageIndex, type OrderStage, type StagePlanItem } from "./order-stages";
import { hasUnstorableCharacters, isBlankText, normalizeText, textLength } from "./text";

export type OrderProgress = "DRAFT" | "APPROVED" | "DELIVERED" | "COMPLETED" | "CANCELED";
export type OrderPayment = "DRAFT" | "COMPLETED";
type OrderChat = "DRAFT" | "OPENED" | "CLOSED";

/** A PaymentIntent as the order knows it: which one, and exactly what it charges (minor units, ISO code upper-case). */
export interface PaymentRef {
  intentId: string;
  amount: number;
  currency: string;
}

/**
 * Why money leaves an order (docs/decisions/047): an open intent is voided, or a charge refunded, because the order
 * ended or changed under it, or because a succeeded payment is one the order cannot take.
 */
type ReleaseReason =
  | "order_canceled"
  | "price_changed"
  | "schedule_changed"
  | "replaced"
  /** A succeeded payment the order cannot take: */
  | "already_paid"
  | "not_payable"
  | "not_the_open_payment"
  | "amount_mismatch";

/**
 * Money the order must give back: the intent to void (cancel at Stripe) or, if it already succeeded, refund: in full,
 * or only `refundAmount` (a staged order canceled after some stages were approved keeps their shares; decision 073).
 */
export interface PaymentRelease {
  payment: PaymentRef;
  reason: ReleaseReason;
  refundAmount?: number;
}

/** What the rules read of an order. Times are epoch milliseconds. */
export interface OrderState {
  sellerId: string;
  buyerId: string;
  progress: OrderProgress;
  payment: OrderPayment;
  chat: OrderChat;
  /** Tax-included total in minor units; null until the seller prices a form order. */
  priceAmount: number | null;
  /** The total's currency (ISO 4217, upper-case); fixed when the order is submitted. */
  currency: string;
  /** The payment started for the current total and not yet succeeded: the only intent `markPaid` accepts. */
  openPayment: PaymentRef | null;
  /** The payment that paid the order (kept after a cancel, which refunds it). */
  paidPayment: PaymentRef | null;
  /** Intents the order has given back (voided or refunded): a later notice of one's success changes nothing. */
  returnedIntentIds: string[];
  deliverableCount: number;
  /** The order's milestones (order-stages.ts); empty for an order without stages, which behaves as before them. */
  stages: OrderStage[];
  estimatedStart: number | null;
  estimatedDelivery: number | null;
  submittedAt: number;
  approvedAt: number | null;
  paidAt: number | null;
  deliveredAt: number | null;
  completedAt: number | null;
  canceledAt: number | null;
  approvalDeadline: number | null;
  paymentDeadline: number | null;
  deliveryDeadline: number | null;
  completionDeadline: number | null;
  /** The order's dispute, open or settled (decision 088); absent or null when it never had one. */
  dispute?: OrderDispute | null;
  /** The creator's request to move the delivery date, waiting for the client (decision 090); absent or null: none. */
  extensionRequest?: ExtensionRequest | null;
  /** The delivery date the order was paid with, once an extension moved it (decision 090); absent or null: never moved. */
  originalDeliveryDeadline?: number | null;
  /**
   * A completed order's payout waits until then: the client's dispute window is still open (decision 092). Absent or
   * null: nothing waits (cleared, or never held).
   */
  payoutHeldUntil?: number | null;
}

/**
 * The process's numbers (the deadlines' periods, the lowest approvable total, the dates an order may keep) and its
 * rules live with its table (order-process.ts); they are read from here as before.
 */
export {
  DEADLINES,
  EARLIEST_TIMESTAMP,
  isSaneTimestamp,
  LATEST_TIMESTAMP,
  MIN_APPROVABLE_PRICE,
} from "./order-process";
export { stageUnderReview } from "./order-effects";

export type OrderActor = "seller" | "buyer" | "system";

/**
 * The service details the seller may edit (commissionOrderService.updateSeller, spec sections 5 and 7): title and
 * description, and the optional categoryCode of spec section 5's "Service details form".
 */
export const ORDER_DETAILS_TITLE_MAX = 200;
export const ORDER_DETAILS_DESCRIPTION_MAX = 5000;
export interface ServiceDetails {
  title: string;
  description: string;
  languageCode: "en" | "ja";
  /**
   * The order's category: a catalogue code (checked against the catalogue where it is stored), null for none;
   * absent, the order keeps the categories it has.
   */
  categoryCode?: string | null;
}
/** What a category code looks like (the catalogue's codes: "character-illustration"); anything else names none. */
export const isCategoryCodeShape = (code: string) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(code) && code.length <= 64;
/**
 * Normalized details (text.ts), or null when the title is blank, either text too long or not storable. A category
 * code is trimmed, and empty means none; whether it names a category is the catalogue's to say, not this function's.
 */
export function serviceDetailsOf(input: {
  title: string;
  description: string;
  languageCode: "en" | "ja";
  categoryCode?: string | null;
}): ServiceDetails | null {
  if (hasUnstorableCharacters(input.title) || hasUnstorableCharacters(input.description)) return null;
  const title = normalizeText(input.title);
  const description = isBlankText(input.description) ? "" : normalizeText(input.description);
  if (
    isBlankText(title) ||
    textLength(title) > ORDER_DETAILS_TITLE_MAX ||
    textLength(description) > ORDER_DETAILS_DESCRIPTION_MAX
  )
    return null;
  const details: ServiceDetails = { title, description, languageCode: input.languageCode };
  if (input.categoryCode !== undefined) details.categoryCode = input.categoryCode?.trim() || null;
  return details;
}

/** The caller's side of the order: seller or buyer by commission account, else none. */
export function partyOf(
  order: Pick<OrderState, "sellerId" | "buyerId">,
  commissionAccountId: string | null,
): "seller" | "buyer" | null {
  if (!commissionAccountId) return null;
  if (commissionAccountId === order.sellerId) return "seller";
  if (commissionAccountId === order.buyerId) return "buyer";
  return null;
}

export type OrderAction =
  | { type: "approve" }
  | { type: "cancel" }
  | { type: "deliver" }
  | { type: "complete" }
  /** The buyer starts paying: the intent the object just made (or found) for the current total. */
  | { type: "startPayment"; payment: PaymentRef }
  /** A payment succeeded (read from the provider, by webhook or by reading the intent): taken, or given back. */
  | { type: "markPaid"; payment: PaymentRef }
  /** A new total, in the order's own currency (a post naming another currency is refused, never converted). */
  | { type: "updatePrice"; priceAmount: number; currency?: string }
  | { type: "updateSchedule"; estimatedStart: number | null; estimatedDelivery: number | null }
  | { type: "updateServiceDetails" }
  | { type: "updateChatSettings" }
  | { type: "addDeliverable" }
  | { type: "deleteDeliverable" }
  /** The seller replaces the stages of a pending order (an empty plan removes them); the plan is already parsed. */
  | { type: "setStages"; plan: StagePlanItem[] }
  /** The seller posts the current stage's preview (its files are the transition's own rows). */
  | { type: "submitPreview"; stage: number }
  | { type: "approveStage"; stage: number }
  /** The client asks for a revision of the current stage's preview; the comment is already checked. */
  | { type: "requestRevision"; stage: number }
  /** The seller agrees to one more revision of the current stage than it includes. */
  | { type: "grantRevision"; stage: number }
  /** A deadline passed (the object's alarm): what happens depends on which one. */
  | { type: "deadlinePassed" }
  /** An admin ends the order (a dispute): any order not yet completed, with the refund every cancel follows. */
  | { type: "adminCancel" }
  /** A party opens a dispute (decision 088); the statement is the transition's own row. */
  | { type: "openDispute"; reason: DisputeReason }
  /** The other party answers it; the statement is the transition's own row. */
  | { type: "answerDispute" }
  /** An admin settles it; the settlement is already checked against what is at stake (`parseSettlement`). */
  | { type: "settleDispute"; settlement: DisputeSettlement }
  /** The creator asks to move the delivery date (decision 090); the reason is the transition's own row. */
  | { type: "requestExtension"; proposedDeadline: number }
  | { type: "acceptExtension" }
  | { type: "declineExtension" }
  /** The client gives more time on their own: the delivery date moves at once. */
  | { type: "giveExtension"; proposedDeadline: number };

export type OrderRefusal =
  | "not_a_party"
  /** An admin acting as the admin on an order they sell or buy in: a party is never the judge (decision 093). */
  | "admin_is_party"
  | "seller_only"
  | "buyer_only"
  | "already_paid"
  | "not_payable"
  | "system_only"
  | "wrong_state"
  | "price_too_low"
  | "price_invalid"
  | "schedule_invalid"
  | "no_deliverables"
  | "not_editable"
  /** The buyer may cancel a paid order only once its delivery deadline has passed undelivered. */
  | "delivery_not_late"
  /** A stage action names a stage that is not the current one, or the stage is not in the state it needs. */
  | "stage_not_current"
  | "stage_not_in_review"
  | "no_revisions_left"
  /** A staged order is delivered only once every stage is approved. */
  | "stages_pending"
  /** A dispute is open: the order's moves wait for an admin's settlement (decision 088). */
  | "order_disputed"
  | "not_disputed"
  /** The client may dispute a delivered order only within a week of its delivery (a completed one too, decision 092). */
  | "dispute_window_closed"
  /** A completed order's dispute is settled by money (refund, release, split), never by reopening it (decision 092). */
  | "not_reopenable"
  /** The dispute is not this party's to answer: they opened it, or it is answered already. */
  | "dispute_not_answerable"
  /** Decision 090: a request to move the delivery date already waits; none waits (or it lapsed); a date it may not name. */
  | "extension_pending"
  | "no_extension"
  | "extension_date_invalid";

/** The event log's name for each transition. */
export type OrderEventType =
  | "APPROVED"
  | "CANCELED"
  | "PAID"
  | "DELIVERED"
  | "COMPLETED"
  | "PRICE_UPDATED"
  | "SCHEDULE_UPDATED"
  | "SERVICE_DETAILS_UPDATED"
  | "CHAT_SETTINGS_UPDATED"
  | "DELIVERABLE_ADDED"
  | "DELIVERABLE_DELETED"
  | "PAYMENT_STARTED"
  /** A succeeded payment the order could not take, refunded (the release says why). */
  | "PAYMENT_RETURNED"
  | "STAGES_UPDATED"
  | "STAGE_PREVIEWED"
  | "STAGE_APPROVED"
  | "STAGE_REVISION_REQUESTED"
  | "STAGE_REVISION_GRANTED"
  | "DISPUTE_OPENED"
  | "DISPUTE_ANSWERED"
  | "DISPUTE_SETTLED"
  | "EXTENSION_REQUESTED"
  | "EXTENSION_ACCEPTED"
  | "EXTENSION_DECLINED"
  | "EXTENSION_LAPSED"
  /** A completed order's payout, held while the client could still dispute, goes to the creator (decision 092). */
  | "PAYOUT_CLEARED"
  | "DELIVERY_EXTENDED";

export type Decision =
  /** `release`: money the transition ends, which the object gives back at Stripe once the transition is stored. */
  | { ok: true; changed: true; next: OrderState; event: OrderEventType; release?: PaymentRelease }
  /** Already in effect (a repeated payment notice, say): nothing to do, and nothing to log. */
  | { ok: true; changed: false }
  | { ok: false; refusal: OrderRefusal };

/**
 * Editability (spec section 4), one predicate per part of the order: whether the state is one the edit's row leaves
 * from. Each reads only progress and payment.
 */
type Editability = Pick<OrderState, "progress" | "payment">;
const editableIn = (name: string) => (o: Editability) => transitionNamed(name).from.includes(processStateOf(o));
export const editable = {
  price: editableIn("updatePrice"),
  chatSettings: editableIn("updateChatSettings"),
  serviceDetails: editableIn("updateServiceDetails"),
  schedule: editableIn("updateSchedule"),
  addDeliverable: editableIn("addDeliverable"),
  deleteDeliverable: editableIn("deleteDeliverable"),
  stages: editableIn("setStages"),
};

/** A new order's deadlines, from its submission time. */
export function submittedOrderDeadlines(submittedAt: number) {
  return { approvalDeadline: submittedAt + DEADLINES.approvalMs };
}

/** Whether this actor may start paying for the order now; null when they may (the startPayment row's refusal). */
export function paymentBlock(o: OrderState, actor: OrderActor): OrderRefusal | null {
  return actorRefusal("startPayment", actor) ?? transitionRefusal(transitionNamed("startPayment"), o, 0);
}

// ───────────────────────── reading the process table ─────────────────────────

const transitionNamed = (name: string): AnyTransition => ORDER_PROCESS.find((t) => t.name === name)!;
const transitionsOn = (type: ActionType) => ORDER_PROCESS.filter((t) => t.on === type);

/** Why this actor may not take any transition of the action: the action belongs to someone else. */
function actorRefusal(type: ActionType, actor: OrderActor): OrderRefusal | null {
  const actors = transitionsOn(type).map((t) => actsAs(t.actor));
  if (actors.includes(actor)) return null;
  if (actors.every((a) => a === "system")) return "system_only";
  if (actor === "seller" && actors.includes("buyer")) return "buyer_only";
  if (actor === "buyer" && actors.includes("seller")) return "seller_only";
  return "not_a_party";
}

/**
 * Why the transition cannot be taken from this state now, or null: outside its from-states, a stage action naming
 * another stage than the current one, then its guards in order. Without an action (a page asking what it may offer)
 * the stage is the current one.
 */
export function transitionRefusal(
  t: AnyTransition,
  o: ProcessFacts,
  now: number,
  action?: OrderAction,
): OrderRefusal | null {
  if (!t.from.includes(processStateOf(o))) {
    const outside = t.refusedOutside ?? "wrong_state";
    return typeof outside === "function" ? outside(o) : outside;
  }
  if (t.onCurrentStage) {
    const current = currentStageIndex(o.stages);
    const named = action && "stage" in action ? action.stage : current;
    if (current === null || named !== current) return "stage_not_current";
  }
  return t.guards?.find((g) => !g.holds(o, now))?.refusal ?? null;
}

/** Among the rows sharing an action and actor, the one that applies now; a time-based one once its deadline passed. */
function applies(t: AnyTransition, o: OrderState, action: OrderAction, now: number): boolean {
  if (t.at) {
    if (!t.from.includes(processStateOf(o))) return false;
    const deadline = t.at(o);
    if (deadline === null || deadline > now) return false;
  }
  return t.when ? (t.when as (o: OrderState, a: OrderAction) => boolean)(o, action) : true;
}

/** The transition the action asks for: refused, nothing to do, or the row to take. */
export function transitionFor(
  o: OrderState,
  action: OrderAction,
  actor: OrderActor,
  now: number,
): { refusal: OrderRefusal } | "unchanged" | { transition: AnyTransition } {
  const refusal = actorRefusal(action.type, actor);
  if (refusal) return { refusal };
  const mine = transitionsOn(action.type).filter((t) => actsAs(t.actor) === actor);
  const transition =
    mine.length === 1 && !mine[0]!.at && !mine[0]!.when ? mine[0] : mine.find((t) => applies(t, o, action, now));
  if (!transition) return "unchanged";
  const refused = transitionRefusal(transition, o, now, action);
  return refused ? { refusal: refused } : { transition };
}

/**
 * What the action does to the order, by the process table (order-process.ts): the row the action and actor ask for,
 * refused when the state is not one of its from-states or a guard fails, else its effect, logged as its event.
 */
export function decide(o: OrderState, action: OrderAction, actor: OrderActor, now: number): Decision {
  const found = transitionFor(o, action, actor, now);
  if (found === "unchanged") return { ok: true, changed: false };
  if ("refusal" in found) return { ok: false, refusal: found.refusal };
  const { transition } = found;
  const outcome = (transition.effect as (o: OrderState, a: OrderAction, now: number) => Outcome)(o, action, now);
  if (outcome === "unchanged") return { ok: true, changed: false };
  if ("refusal" in outcome) return { ok: false, refusal: outcome.refusal };
  const { next, release } = outcome;
  return release
    ? { ok: true, changed: true, next, event: transition.event, release }
    : { ok: true, changed: true, next, event: transition.event };
}

/** The deadline whose passing changes the order, if any: the one the object's alarm is set to (the time-based rows'). */
export function pendingDeadline(o: OrderState): number | null {
  const state = processStateOf(o);
  // A paid order may wait on two at once (a stage's review and a request to move its delivery date): the sooner.
  const deadlines = ORDER_PROCESS.filter((t) => t.at && t.from.includes(state))
    .map((t) => t.at!(o))
    .filter((at): at is number => at !== null);
  return deadlines.length > 0 ? Math.min(...deadlines) : null;
}

/**
 * Whether a party's transition is open to them now, for the page: shown when the state is one of its from-states (and,
 * for a stage action, there is a current stage); `blockedBy` is the first of its guards that does not hold (the
 * button disabled, and why). The Order object checks all of it again (`decide`).
 */
export function openTransition(
  name: string,
  o: ProcessFacts,
  now: number,
): { shown: boolean; blockedBy: OrderRefusal | null } {
  const t = transitionNamed(name);
  // A move an open dispute holds back is not offered until it is settled (decision 088).
  const shown =
    t.from.includes(processStateOf(o)) &&
    (!t.onCurrentStage || currentStageIndex(o.stages) !== null) &&
    !heldByDispute(t, o);
  return { shown, blockedBy: t.guards?.find((g) => !g.holds(o, now))?.refusal ?? null };
}
