/**
 * What the Order Durable Object (durable-objects/order.ts) takes and gives back: the one module the Worker and the
 * object both import for it (decision 081), so no file of the Worker imports the object's own. The Worker reaches the
 * object through `orderStub` (worker/orders/order-stub.ts); each method's meaning is on the object.
 */
import type { OrderRefusal, OrderState, PaymentRef } from "./order-types";
import type { CheckedPreviewFile } from "./stage-previews";
import type { SettlementError } from "./disputes";
import type { Locale } from "../../domain/locales";

/**
 * Who asks: a commission account (checked against the order's seller and buyer), a user account (checked against
 * the users behind them, which the object keeps: the Worker then needs no D1 round trip to find the caller's
 * commission account), or the system itself.
 */
/** An admin acting on an order (issue 49): the rules see the system; the log and the audit name the admin. */
export interface AdminCaller {
  /** `reason`: the admin's written reason, kept with the audit row (a settlement's, decision 088). */
  admin: { userAccountId: string; commissionAccountId: string; reason?: string };
}
export type OrderCaller = { commissionAccountId: string } | { userAccountId: string } | AdminCaller | "system";
/** A caller who is one of the order's parties (or says they are). */
export type PartyCaller = Exclude<OrderCaller, "system" | AdminCaller>;

/** The order as the object holds it (`get`), and as it first reads it from D1. */
export interface StoredOrder {
  orderId: string;
  code: string;
  /** Transitions applied so far; the event log's ids are "{orderId}:{version}", and D1's row carries the same number. */
  version: number;
  state: OrderState;
  /** The user accounts behind the seller's and buyer's commission accounts, who get the notifications. */
  sellerUserId: string;
  buyerUserId: string;
  /**
   * The order's chat room (made with the order request; null for an order without one), which hears of its
   * transitions. Absent from a record stored before it was kept: then it is looked up in D1.
   */
  chatRoomId?: string | null;
}

/** What became of a payment given back: voided, or refunded (in full, or the part a staged order's cancel returns). */
export type ReleaseOutcome = "canceled" | "refunded";

export type OrderActResult = (
  | { status: "done"; changed: boolean; state: OrderState; money?: ReleaseOutcome | "pending" }
  | { status: "refused"; refusal: OrderRefusal }
  | { status: "not_found" }
) & {
  /** Outside production: the D1 round trips the object made for this action (the Worker's own are counted apart). */
  d1RoundTrips?: number;
};

/** A deliverable file to attach (already checked in its folder and re-sniffed by the Worker). */
export interface DeliverableFile {
  mediaId: string;
  key: string;
  name: string;
  size: number;
  mimeType: string;
}
/** Deliverable files to attach and to delete, by media id. */
export type DeliverableChange = { add?: DeliverableFile[]; delete?: string[] };
export type DeliverableResult = OrderActResult | { status: "refused"; refusal: "too_many_files" | "invalid_request" };

/** A posted preview file as the object records it (a row of commission_order_stage_previews). */
export interface StagePreviewFile {
  id: string;
  name: string;
  mediaType: CheckedPreviewFile["mediaType"];
  contentType: string;
  byteSize: number;
  originalKey: string;
  previewKey: string | null;
  previewContentType: string | null;
  width: number | null;
  height: number | null;
}
/** A stage preview's answer: as an action's, or a posting with no files. */
export type StagePreviewResult = OrderActResult | { status: "refused"; refusal: "invalid_request" };
/** The service details' answer: as an action's, or the category code the catalogue does not offer. */
export type ServiceDetailsResult = OrderActResult | { status: "refused"; refusal: "unknown_category" };

/** What became of a succeeded payment handed to the order: it paid it, or it was given back (refunded). */
export type PaymentRecordResult = { status: "paid" | "returned" | "ignored" | "not_found" };

/** The fields of a Stripe PaymentIntent the order reads (the SDK's type has them; the domain imports no SDK). */
export interface IntentFields {
  id: string;
  status: string;
  amount: number;
  amount_received: number;
  currency: string;
}

/** An intent as the order knows it: what it took (or will take), in the order's spelling of the currency. */
export const paymentRefOf = (intent: IntentFields): PaymentRef => ({
  intentId: intent.id,
  amount: intent.status === "succeeded" ? intent.amount_received : intent.amount,
  currency: intent.currency.toUpperCase(),
});

/** A statement of a dispute (decision 088), already checked (`disputeTextOf`), with its files already stored in R2. */
export interface DisputeStatementInput {
  body: string;
  languageCode: Locale;
  files: DisputeFile[];
}
/** An evidence file as its statement's row keeps it (a row of order_dispute_files). */
export interface DisputeFile {
  id: string;
  objectKey: string;
  name: string;
  contentType: string;
  byteSize: number;
}
/** A party's dispute move (its shape lives with the order's, order-types.ts). */
export type { DisputeMove } from "./order-types";
/** An admin's settlement as posted: checked by the object against what is still at stake (`parseSettlement`). */
export interface SettlementInput {
  outcome: unknown;
  refundAmount?: unknown;
  days?: unknown;
}
export type SettleResult = OrderActResult | { status: "refused"; refusal: SettlementError };
