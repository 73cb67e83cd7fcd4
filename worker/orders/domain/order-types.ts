/**
 * The order's shapes (docs/decisions/082): its state, its actions, its refusals, its events, its dispute and its
 * payments, named once on the bottom floor of the order's core. The rules (order.ts, order-process.ts), their effects
 * (order-effects.ts), its money (order-money.ts), its disputes (disputes.ts) and the object's contract
 * (order-contract.ts) all read these and none of them is read here, so the core has no import loop (issue 61).
 */
import type { ExtensionRequest } from "./deadline-extensions";
import type { Licence } from "./licence";
import type { LicenceRequest } from "./licence-change";
import type { OrderStage, StagePlanItem } from "./order-stages";
import type { PaymentRef } from "./payment-ref";

/** Why a party opens a dispute; one list for both sides, each reason worded for either. */
export const DISPUTE_REASONS = [
  "not_delivered",
  "not_as_agreed",
  "quality",
  "unresponsive",
  "conduct",
  "other",
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

/** An admin's settlement: refund in full, release in full, split, or reopen the order with new deadlines. */
export const DISPUTE_OUTCOMES = ["refund", "release", "split", "reopen"] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
export type DisputeSettlement =
  | { outcome: "refund" }
  | { outcome: "release" }
  /** `refundAmount` of what is still at stake goes back to the client; the rest is released to the creator. */
  | { outcome: "split"; refundAmount: number }
  | { outcome: "reopen"; days: number };

/** The order's dispute as the Order object keeps it in its state (and D1 in the order row's `dispute` column). */
export interface OrderDispute {
  openedBy: "seller" | "buyer";
  reason: DisputeReason;
  openedAt: number;
  /** When the other party answered; null until then. */
  answeredAt: number | null;
  settledAt: number | null;
  outcome: DisputeOutcome | null;
  /**
   * What the settlement gave the creator of the money still at stake (a split's rest; 0 otherwise): a canceled
   * order's money keeps it with the creator beside the approved stages' shares (order-money.ts).
   */
  awardedAmount: number;
}

export type OrderProgress = "DRAFT" | "APPROVED" | "DELIVERED" | "COMPLETED" | "CANCELED";
export type OrderPayment = "DRAFT" | "COMPLETED";
export type OrderChat = "DRAFT" | "OPENED" | "CLOSED";

export type { PaymentRef } from "./payment-ref";

/**
 * Why money leaves an order (docs/decisions/047): an open intent is voided, or a charge refunded, because the order
 * ended or changed under it, or because a succeeded payment is one the order cannot take.
 */
export type ReleaseReason =
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

/** The deposit the creator asked for at approval (decision 100; its amounts are order-parts.ts's). */
export interface DepositTerms {
  /** A whole percent of the total, 10 to 90. */
  percent: number;
  /** Whether the client gets the deposit back when they walk away after the work started. */
  refundable: boolean;
}

/** Why a deposit order's rest was not charged off-session: the bank wants the client, or the card was refused. */
export type RestFailure = "authentication_required" | "declined";

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
  /**
   * What the client may do with the work, as both accepted (issue 63, decision 099; licence.ts), written at submission;
   * absent or null for an order from before licences. After payment it changes only by the creator's agreement.
   */
  licence?: Licence | null;
  /** The client's request to change the licence, waiting for the creator (licence-change.ts); absent or null: none. */
  licenceRequest?: LicenceRequest | null;
  /** A rush order's days to deliver from payment (a picked rush choice); absent or null: not rush. */
  rushDays?: number | null;
  /**
   * The deposit the creator asked for at approval (order-parts.ts, decision 100): `paidPayment` is then the deposit's,
   * and the rest falls due at delivery, its intent the open payment, by `paymentDeadline`. Absent or null: paid at once.
   */
  deposit?: DepositTerms | null;
  /** The rest's payment once it succeeded; absent or null until then. */
  paidRest?: PaymentRef | null;
  /**
   * Why the off-session charge of the part now due (a deposit order's rest, or the next stage of an order paid stage by
   * stage, decision 101) did not go through, until the client pays it in the page.
   */
  partFailure?: RestFailure | null;
  /** What a canceled deposit order left with the creator of the deposit under kept terms (the client walked away). */
  keptDeposit?: number | null;
}

export type OrderActor = "seller" | "buyer" | "system";

export type OrderAction =
  /**
   * The seller approves, asking for a deposit (decision 100), for a staged order's stages one by one as each starts
   * (`byStage`, decision 101), or for the whole total at once.
   */
  | { type: "approve"; deposit?: DepositTerms | null; byStage?: boolean }
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
  /**
   * The object charged the part now due off-session (a delivered deposit order's rest, or the stage an order paid stage
   * by stage has reached): this intent is its open payment.
   */
  | { type: "chargePart"; payment: PaymentRef }
  /** That off-session charge did not go through: the client is asked to pay the part in the page. */
  | { type: "partFailed"; failure: RestFailure }
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
  | { type: "giveExtension"; proposedDeadline: number }
  /** The client asks for another licence after payment (issue 63); the creator accepts or declines it. */
  | { type: "requestLicence"; licence: Licence }
  | { type: "acceptLicence" }
  | { type: "declineLicence" };

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
  | "extension_date_invalid"
  /** Issue 63: a request to change the licence already waits; none waits; the licence asked for is the one it has. */
  | "licence_pending"
  | "no_licence_request"
  | "licence_unchanged"
  /** Decision 100: a deposit outside its bounds, or asked of an order with stages (which pays stage by stage). */
  | "deposit_invalid"
  /** The rest of a deposit order is due: the order is completed, and its files opened, once it is paid. */
  | "rest_unpaid"
  /**
   * Decision 101: paying stage by stage asked of an order with fewer than two stages, beside a deposit, or with a stage
   * too small for its own charge.
   */
  | "by_stage_invalid"
  /** The stage's own part is due (decision 101): its preview waits until the client has paid it. */
  | "stage_unpaid";

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
  | "DELIVERY_EXTENDED"
  /** The licence changed by agreement (issue 63): asked for by the client, accepted or declined by the creator. */
  | "LICENCE_REQUESTED"
  | "LICENCE_ACCEPTED"
  | "LICENCE_DECLINED"
  /** A deposit order's rest (decision 100): charged off-session at delivery, failed (the client asked), paid. */
  | "REST_CHARGED"
  | "REST_PAYMENT_FAILED"
  | "REST_PAID"
  /** An order paid stage by stage (decision 101): the reached stage's part charged off-session, failed, paid. */
  | "STAGE_CHARGED"
  | "STAGE_PAYMENT_FAILED"
  | "STAGE_PAID";

/** A party's dispute move: opening one (with its reason), or answering the other's. */
export type DisputeMove = { type: "openDispute"; reason: DisputeReason } | { type: "answerDispute" };

/**
 * What a transition does to the money (decision 047): its row's `money` column, which the runtime reads. `decide`
 * (order.ts) applies the tag's step (`MONEY_STEPS`, order-effects.ts): the payment it gives back, which the Order
 * object voids or refunds at Stripe; the object's batch writes the tag's rows (durable-objects/order.ts, and
 * orders/services/payouts.ts `payoutStatements`): a taken payment's transaction marked paid, the creator's payout of a
 * completion, an approved stage or a split (decision 029, 073, 088).
 */
export type MoneyEffect =
  | "none"
  /** Records the intent the object made for the current total; one it replaces is voided. */
  | "startPayment"
  /** A succeeded intent pays the order. */
  | "takePayment"
  /** A succeeded intent the order cannot take is refunded. */
  | "returnPayment"
  /** The terms the client is paying for changed: the payment under way is voided. */
  | "voidOpenPayment"
  /** The open payment voided, the paid one refunded: in full, or the shares of the stages not approved. */
  | "refundOnCancel"
  /** The approved stage's share goes to the creator. */
  | "releaseStageShare"
  /**
   * The order's paid total, less the fee, goes to the creator: at once, or once the client's week to dispute the work
   * has passed (a completion holds it till then, `payoutHeldUntil`; decision 092).
   */
  | "releasePayout"
  /**
   * A dispute's split (decision 088): the refunded part of what was at stake goes back to the client, the rest, less
   * the fee on it, to the creator; approved stages' shares stay where they went.
   */
  | "splitStake";

/** What an accepted transition makes of the order: the next state and any money it gives back, or a late refusal. */
export type Outcome = { next: OrderState; release?: PaymentRelease | null } | { refusal: OrderRefusal } | "unchanged";
