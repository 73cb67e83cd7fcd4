/**
 * The order's rules (spec section 4; docs/decisions/020): who may do what to an order in which state, and what each
 * accepted action changes. Pure: the Order Durable Object (the only writer of an order) asks `decide` and applies
 * the answer; the time is an argument. A refused action changes nothing and says why.
 */
import { refundOnCancel } from "./order-refunds";
import {
  allStagesApproved,
  currentStageIndex,
  revisionsLeft,
  STAGE_REVIEW_MS,
  stagesOfPlan,
  type OrderStage,
  type StagePlanItem,
} from "./order-stages";
import { isPriceAmount } from "./pricing";
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
}

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
  | { type: "adminCancel" };

export type OrderRefusal =
  | "not_a_party"
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
  | "stages_pending";

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
  | "STAGE_REVISION_GRANTED";

export type Decision =
  /** `release`: money the transition ends, which the object gives back at Stripe once the transition is stored. */
  | { ok: true; changed: true; next: OrderState; event: OrderEventType; release?: PaymentRelease }
  /** Already in effect (a repeated payment notice, say): nothing to do, and nothing to log. */
  | { ok: true; changed: false }
  | { ok: false; refusal: OrderRefusal };

const refuse = (refusal: OrderRefusal): Decision => ({ ok: false, refusal });
const accept = (next: OrderState, event: OrderEventType, release?: PaymentRelease | null): Decision =>
  release ? { ok: true, changed: true, next, event, release } : { ok: true, changed: true, next, event };
const unchanged: Decision = { ok: true, changed: false };

/**
 * A transition that ends the order or changes what the client agreed to pay for ends its money too: an open payment
 * is voided, a paid one refunded (decision 047). The order forgets the open intent in the same step. `held` is what
 * is given back: the open payment, unless a cancel's refund names the paid one (`cancelOrder`).
 */
function endingMoney(
  o: OrderState,
  next: OrderState,
  event: OrderEventType,
  reason: ReleaseReason,
  held: PaymentRef | null = o.openPayment,
): Decision {
  if (!held) return accept({ ...next, openPayment: null }, event);
  // Given back: a notice of its success arriving later (3-D Secure finished meanwhile) changes nothing more.
  return accept({ ...next, openPayment: null, returnedIntentIds: [...o.returnedIntentIds, held.intentId] }, event, {
    payment: held,
    reason,
  });
}

/**
 * Every cancel, by whoever makes it, follows `refundOnCancel` (order-refunds.ts, decision 061): it says whether this
 * party may cancel now and what the client gets back, the same answer the cancel prompt and the Payment tab show. A
 * full refund gives back the payment that paid the order (all of its charge); no refund voids a payment still under way.
 */
function cancelOrder(o: OrderState, who: OrderActor | "admin", now: number): Decision {
  const outcome = refundOnCancel(o, who, now);
  if (!outcome.allowed) return refuse(outcome.refusal);
  const { refund } = outcome;
  // A stage under review when the order ends is never approved: only approved stages' shares stay with the creator.
  const next: OrderState = {
    ...o,
    progress: "CANCELED",
    chat: "CLOSED",
    canceledAt: now,
    stages: o.stages.map((s) => (s.status === "APPROVED" ? s : { ...s, reviewDeadline: null })),
  };
  if (refund.kind === "partial") {
    // The approved stages' shares stay: only the rest of the paid charge goes back, and nothing when that is nothing.
    if (refund.amount === 0 || !o.paidPayment) return accept(next, "CANCELED");
    return accept(
      { ...next, openPayment: null, returnedIntentIds: [...o.returnedIntentIds, o.paidPayment.intentId] },
      "CANCELED",
      { payment: o.paidPayment, reason: "order_canceled", refundAmount: refund.amount },
    );
  }
  const held = refund.kind === "full" ? o.paidPayment : o.openPayment;
  return endingMoney(o, next, "CANCELED", "order_canceled", held);
}

/** Editability (spec section 4), one predicate per part of the order; each reads only progress and payment. */
type Editability = Pick<OrderState, "progress" | "payment">;
export const editable = {
  /** "price and chat settings are editable unless payment is COMPLETED or progress is CANCELED". */
  price: (o: Editability) => o.payment !== "COMPLETED" && o.progress !== "CANCELED",
  chatSettings: (o: Editability) => o.payment !== "COMPLETED" && o.progress !== "CANCELED",
  /** "Service details: editable by seller only while not DELIVERED, COMPLETED, CANCELED"; the schedule likewise. */
  serviceDetails: (o: Editability) => o.progress === "DRAFT" || o.progress === "APPROVED",
  schedule: (o: Editability) => o.progress === "DRAFT" || o.progress === "APPROVED",
  /** "Deliverable files: register and delete while DRAFT or APPROVED; upload still allowed when DELIVERED". */
  addDeliverable: (o: Editability) => o.progress === "DRAFT" || o.progress === "APPROVED" || o.progress === "DELIVERED",
  deleteDeliverable: (o: Editability) => o.progress === "DRAFT" || o.progress === "APPROVED",
  /** Milestones: the plan is part of what the client agrees to, so it changes only while pending (decision 073). */
  stages: (o: Editability) => o.progress === "DRAFT",
};

/**
 * The deadline whose passing changes the order, if any: the one the object's alarm is set to. A paid order's delivery
 * deadline is not one: a late delivery changes nothing by itself (the buyer may then cancel), and an alarm re-armed on
 * a passed deadline that acts on nothing would fire again at once, for as long as the order stayed late. A paid order
 * waits on its current stage's review deadline instead, when a preview is under review (decision 073).
 */
export function pendingDeadline(o: OrderState): number | null {
  if (o.progress === "DRAFT") return o.approvalDeadline;
  if (o.progress === "APPROVED" && o.payment === "COMPLETED") return stageUnderReview(o)?.reviewDeadline ?? null;
  if (o.progress === "APPROVED") return o.paymentDeadline;
  if (o.progress === "DELIVERED") return o.completionDeadline;
  return null;
}

/** The current stage, if a preview of it waits for the client. */
export function stageUnderReview(o: Pick<OrderState, "stages">): (OrderStage & { index: number }) | null {
  const index = currentStageIndex(o.stages);
  const stage = index === null ? null : o.stages[index]!;
  return stage?.status === "IN_REVIEW" ? { ...stage, index: index! } : null;
}

/** A new order's deadlines, from its submission time. */
export function submittedOrderDeadlines(submittedAt: number) {
  return { approvalDeadline: submittedAt + DEADLINES.approvalMs };
}

/** Whether this actor may start paying for the order now; null when they may. */
export function paymentBlock(o: OrderState, actor: OrderActor): OrderRefusal | null {
  if (actor !== "buyer") return actor === "seller" ? "buyer_only" : "system_only";
  if (o.payment === "COMPLETED") return "already_paid";
  if (o.progress !== "APPROVED" || o.priceAmount === null) return "not_payable";
  return null;
}

/** Why a succeeded payment cannot pay this order; null when it pays it. */
function paymentMisfit(o: OrderState, p: PaymentRef): ReleaseReason | null {
  if (o.progress === "CANCELED") return "order_canceled";
  if (o.payment === "COMPLETED") return "already_paid";
  if (o.progress !== "APPROVED") return "not_payable";
  if (o.openPayment?.intentId !== p.intentId) return "not_the_open_payment";
  if (p.amount !== o.priceAmount || p.currency !== o.currency) return "amount_mismatch";
  return null;
}

export function decide(o: OrderState, action: OrderAction, actor: OrderActor, now: number): Decision {
  const system = action.type === "markPaid" || action.type === "deadlinePassed" || action.type === "adminCancel";
  if (system && actor !== "system") return refuse("system_only");
  if (action.type === "cancel" && actor === "buyer") return cancelOrder(o, "buyer", now);
  if (action.type === "approveStage" || action.type === "requestRevision")
    return actor === "buyer"
      ? answerPreview(o, action, "buyer", now)
      : refuse(actor === "seller" ? "buyer_only" : "not_a_party");
  if (action.type === "startPayment") return startPayment(o, action.payment, actor);
  if (!system && actor === "buyer") return refuse("seller_only");
  if (!system && actor !== "seller") return refuse("not_a_party");

  switch (action.type) {
    case "approve": {
      if (o.progress !== "DRAFT") return refuse("wrong_state");
      if (o.priceAmount === null || o.priceAmount <= MIN_APPROVABLE_PRICE) return refuse("price_too_low");
      return accept(
        { ...o, progress: "APPROVED", chat: "OPENED", approvedAt: now, paymentDeadline: now + DEADLINES.paymentMs },
        "APPROVED",
      );
    }
    case "cancel":
      // The seller may decline or call off an order until it is delivered; a paid order is refunded (decision 020).
      return cancelOrder(o, "seller", now);
    case "markPaid": {
      const p = action.payment;
      if (o.paidPayment?.intentId === p.intentId || o.returnedIntentIds.includes(p.intentId)) return unchanged;
      const misfit = paymentMisfit(o, p);
      if (misfit) {
        const openPayment = o.openPayment?.intentId === p.intentId ? null : o.openPayment;
        return accept(
          { ...o, openPayment, returnedIntentIds: [...o.returnedIntentIds, p.intentId] },
          "PAYMENT_RETURNED",
          { payment: p, reason: misfit },
        );
      }
      const deliveryDeadline =
        o.estimatedDelivery && o.estimatedDelivery > now ? o.estimatedDelivery : now + DEADLINES.deliveryMs;
      return accept(
        { ...o, payment: "COMPLETED", paidAt: now, deliveryDeadline, openPayment: null, paidPayment: p },
        "PAID",
      );
    }
    case "deliver": {
      if (o.progress !== "APPROVED" || o.payment !== "COMPLETED") return refuse("wrong_state");
      if (!allStagesApproved(o.stages)) return refuse("stages_pending");
      if (o.deliverableCount < 1) return refuse("no_deliverables");
      return accept(
        { ...o, progress: "DELIVERED", deliveredAt: now, completionDeadline: now + DEADLINES.completionMs },
        "DELIVERED",
      );
    }
    case "complete": {
      if (o.progress !== "DELIVERED") return refuse("wrong_state");
      return accept({ ...o, progress: "COMPLETED", chat: "CLOSED", completedAt: now }, "COMPLETED");
    }
    case "updatePrice": {
      if (!editable.price(o)) return refuse("not_editable");
      if (!isPriceAmount(action.priceAmount)) return refuse("price_invalid");
      if (action.currency !== undefined && action.currency !== o.currency) return refuse("price_invalid");
      // Once approved the total is what the client is asked to pay: it may still change before payment, never to
      // an amount that could not have been approved.
      if (o.progress === "APPROVED" && action.priceAmount <= MIN_APPROVABLE_PRICE) return refuse("price_too_low");
      if (action.priceAmount === o.priceAmount) return unchanged;
      // A payment under way was for the old total: it is voided, and the client pays the new one (decision 047).
      return endingMoney(o, { ...o, priceAmount: action.priceAmount }, "PRICE_UPDATED", "price_changed");
    }
    case "updateSchedule": {
      if (!editable.schedule(o)) return refuse("not_editable");
      const { estimatedStart, estimatedDelivery } = action;
      if ([estimatedStart, estimatedDelivery].some((t) => t !== null && !isSaneTimestamp(t)))
        return refuse("schedule_invalid");
      if (estimatedStart !== null && estimatedDelivery !== null && estimatedDelivery < estimatedStart)
        return refuse("schedule_invalid");
      if (estimatedStart === o.estimatedStart && estimatedDelivery === o.estimatedDelivery) return unchanged;
      // What the client is paying for includes when it comes: a payment under way is voided, as for a new price.
      return endingMoney(o, { ...o, estimatedStart, estimatedDelivery }, "SCHEDULE_UPDATED", "schedule_changed");
    }
    case "updateServiceDetails":
      return editable.serviceDetails(o) ? accept(o, "SERVICE_DETAILS_UPDATED") : refuse("not_editable");
    case "updateChatSettings":
      return editable.chatSettings(o) ? accept(o, "CHAT_SETTINGS_UPDATED") : refuse("not_editable");
    case "addDeliverable":
      return editable.addDeliverable(o)
        ? accept({ ...o, deliverableCount: o.deliverableCount + 1 }, "DELIVERABLE_ADDED")
        : refuse("not_editable");
    case "deleteDeliverable":
      if (!editable.deleteDeliverable(o)) return refuse("not_editable");
      return o.deliverableCount > 0
        ? accept({ ...o, deliverableCount: o.deliverableCount - 1 }, "DELIVERABLE_DELETED")
        : refuse("no_deliverables");
    case "setStages":
      if (!editable.stages(o)) return refuse("not_editable");
      return accept({ ...o, stages: stagesOfPlan(action.plan) }, "STAGES_UPDATED");
    case "submitPreview": {
      const stage = workingStage(o, action.stage);
      if (typeof stage === "string") return refuse(stage);
      if (stage.status !== "PENDING") return refuse("stage_not_current");
      return withStage(
        o,
        action.stage,
        {
          status: "IN_REVIEW",
          previewedAt: now,
          reviewDeadline: now + STAGE_REVIEW_MS,
        },
        "STAGE_PREVIEWED",
      );
    }
    case "grantRevision": {
      const stage = workingStage(o, action.stage);
      if (typeof stage === "string") return refuse(stage);
      return withStage(o, action.stage, { extraRevisions: stage.extraRevisions + 1 }, "STAGE_REVISION_GRANTED");
    }
    case "deadlinePassed":
      return onDeadline(o, now);
    case "adminCancel":
      return cancelOrder(o, "admin", now);
  }
}

/** The stage a stage action names, if it is the order's current one and the order is paid and under way. */
function workingStage(o: OrderState, index: number): OrderStage | OrderRefusal {
  if (o.progress !== "APPROVED" || o.payment !== "COMPLETED") return "wrong_state";
  const current = currentStageIndex(o.stages);
  if (current === null || current !== index) return "stage_not_current";
  return o.stages[index]!;
}

function withStage(o: OrderState, index: number, change: Partial<OrderStage>, event: OrderEventType): Decision {
  const stages = o.stages.map((s, i) => (i === index ? { ...s, ...change } : s));
  return accept({ ...o, stages }, event);
}

/** The client answers the current stage's preview: approves it (its share goes to the creator) or asks for a revision. */
function answerPreview(
  o: OrderState,
  action: { type: "approveStage" | "requestRevision"; stage: number },
  who: "buyer" | "system",
  now: number,
): Decision {
  const stage = workingStage(o, action.stage);
  if (typeof stage === "string") return refuse(stage);
  if (stage.status !== "IN_REVIEW") return refuse("stage_not_in_review");
  if (action.type === "requestRevision") {
    if (revisionsLeft(stage) === 0) return refuse("no_revisions_left");
    return withStage(
      o,
      action.stage,
      { status: "PENDING", reviewDeadline: null, revisionsUsed: stage.revisionsUsed + 1 },
      "STAGE_REVISION_REQUESTED",
    );
  }
  return withStage(
    o,
    action.stage,
    { status: "APPROVED", reviewDeadline: null, approvedAt: now, approvedBy: who },
    "STAGE_APPROVED",
  );
}

/**
 * The buyer starts paying (decision 047): the object made (or found) an intent for exactly the current total, and
 * the order records it as its one open payment. The same intent again changes nothing; another replaces it, voided.
 */
function startPayment(o: OrderState, payment: PaymentRef, actor: OrderActor): Decision {
  const blocked = paymentBlock(o, actor);
  if (blocked) return refuse(blocked);
  if (payment.amount !== o.priceAmount || payment.currency !== o.currency) return refuse("price_invalid");
  if (o.openPayment?.intentId === payment.intentId) return unchanged;
  if (!o.openPayment) return accept({ ...o, openPayment: payment }, "PAYMENT_STARTED");
  const returnedIntentIds = [...o.returnedIntentIds, o.openPayment.intentId];
  return accept({ ...o, openPayment: payment, returnedIntentIds }, "PAYMENT_STARTED", {
    payment: o.openPayment,
    reason: "replaced",
  });
}

/**
 * A passed deadline (decision 020): an order not approved or not paid in time is canceled; a delivered order not
 * completed in time completes; a stage's preview not answered in time is approved (decision 073); a missed delivery
 * changes nothing by itself: from then on the buyer may cancel it with a refund (`refundOnCancel`, order-refunds.ts),
 * or keep waiting.
 * An alarm that fires early, late or twice is harmless: it acts only when the pending deadline has really passed.
 */
function onDeadline(o: OrderState, now: number): Decision {
  const deadline = pendingDeadline(o);
  if (deadline === null || deadline > now) return unchanged;
  const review = stageUnderReview(o);
  if (review && review.reviewDeadline === deadline)
    return answerPreview(o, { type: "approveStage", stage: review.index }, "system", now);
  if (o.progress === "DRAFT" || (o.progress === "APPROVED" && o.payment === "DRAFT"))
    return cancelOrder(o, "system", now);
  if (o.progress === "DELIVERED")
    return accept({ ...o, progress: "COMPLETED", chat: "CLOSED", completedAt: now }, "COMPLETED");
  return unchanged;
}
