/**
 * An order's D1 row as the order's state (issue 47): the one reading of `commission_orders` (and the columns its
 * readers join: the currency's code, the deliverables' count, the open and paid payments) into the domain's
 * `OrderState`. The Order object's first load (orders/services/orders.ts `loadOrder`) and the order pages
 * (orders/services/order-views.ts) both read a row through it; a column a reader does not select reads as none.
 */
import type { OrderState, PaymentRef } from "../orders/domain/order-types";
import type { OrderStage } from "../orders/domain/order-stages";
import type { OrderDispute } from "../orders/domain/disputes";
import type { ExtensionRequest } from "../orders/domain/deadline-extensions";
import { parseLicence } from "../orders/domain/licence";
import { parseLicenceRequest } from "../orders/domain/licence-change";
import {
  dueAmount,
  isDepositPercent,
  REST_FAILURES,
  type DepositTerms,
  type RestFailure,
} from "../orders/domain/order-parts";

/** A JSON column read as `T` when `valid` says it is one; anything else (none, unreadable, another shape) is null. */
function jsonColumn<T>(value: unknown, valid: (parsed: T) => boolean): T | null {
  if (typeof value !== "string") return null;
  try {
    const parsed = JSON.parse(value) as T | null;
    return parsed !== null && typeof parsed === "object" && valid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
const isDepositTerms = (d: DepositTerms) => isDepositPercent(d.percent) && typeof d.refundable === "boolean";
const isPaymentRef = (p: PaymentRef) =>
  typeof p.intentId === "string" && Number.isSafeInteger(p.amount) && typeof p.currency === "string";

/** Paying in parts (decision 100): the row's deposit terms and the rest's payment once it succeeded. */
export const depositColumnsOf = (row: { deposit?: unknown; paid_rest?: unknown }) => ({
  deposit: jsonColumn<DepositTerms>(row.deposit, isDepositTerms),
  paidRest: jsonColumn<PaymentRef>(row.paid_rest, isPaymentRef),
});

/** The stages column (JSON written by `transitionStatements` or the order's submission); anything else reads as none. */
export function parseStages(value: unknown): OrderStage[] {
  try {
    const parsed = typeof value === "string" ? JSON.parse(value) : [];
    return Array.isArray(parsed) ? (parsed as OrderStage[]) : [];
  } catch {
    return [];
  }
}

/** The dispute column (JSON of `OrderDispute`, decision 088); null when there is none or it cannot be read. */
export function parseDispute(value: unknown): OrderDispute | null {
  if (typeof value !== "string") return null;
  try {
    const parsed = JSON.parse(value) as OrderDispute | null;
    return parsed && typeof parsed === "object" && typeof parsed.openedAt === "number" ? parsed : null;
  } catch {
    return null;
  }
}

/** The extension request column (JSON of `ExtensionRequest`, decision 090); null when there is none or it cannot be read. */
function parseExtensionRequest(value: unknown): ExtensionRequest | null {
  if (typeof value !== "string") return null;
  try {
    const parsed = JSON.parse(value) as ExtensionRequest | null;
    return parsed && typeof parsed.proposedDeadline === "number" && typeof parsed.requestedAt === "number"
      ? parsed
      : null;
  } catch {
    return null;
  }
}

const n = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const paymentRef = (intentId: unknown, amount: unknown, currency: unknown): PaymentRef | null =>
  typeof intentId === "string" && intentId ? { intentId, amount: Number(amount), currency: String(currency) } : null;

/**
 * The order's state from its row: `order_*_status`, `price_amount`, `currency_code`, the dates and deadlines,
 * `stages`, `deliverable_count`, and, for the object, `open_intent_id`/`open_amount`/`open_currency` and
 * `paid_intent_id`/`paid_amount`/`paid_currency`. The intents the order gave back are the object's own memory: none here.
 */
export function orderStateOfRow(row: Record<string, unknown>): OrderState {
  const progress = row.order_progress_status as OrderState["progress"];
  const payment = row.order_payment_status as OrderState["payment"];
  const { deposit, paidRest } = depositColumnsOf(row);
  const stages = parseStages(row.stages);
  const priceAmount = n(row.price_amount);
  return {
    sellerId: String(row.seller_id),
    buyerId: String(row.buyer_id),
    progress,
    payment,
    chat: row.order_chat_status as OrderState["chat"],
    priceAmount,
    currency: String(row.currency_code),
    // A PENDING transaction of an order still waiting for a part (the first, a deposit order's rest, a stage's) is its
    // open payment; on any other order it is money to give back, which the object's first markPaid of it (or the
    // reconciler) does.
    openPayment:
      dueAmount({ progress, payment, priceAmount, deposit, paidRest, stages }) !== null
        ? paymentRef(row.open_intent_id, row.open_amount, row.open_currency)
        : null,
    paidPayment: paymentRef(row.paid_intent_id, row.paid_amount, row.paid_currency),
    returnedIntentIds: [],
    deliverableCount: Number(row.deliverable_count ?? 0),
    stages,
    dispute: parseDispute(row.dispute),
    extensionRequest: parseExtensionRequest(row.extension_request),
    originalDeliveryDeadline: n(row.original_delivery_deadline),
    payoutHeldUntil: n(row.payout_held_until),
    // Issue 63: the licence both accepted, a change of it waiting for the creator, a rush order's days.
    licence: parseLicence(typeof row.licence === "string" ? row.licence : null),
    licenceRequest: parseLicenceRequest(typeof row.licence_request === "string" ? row.licence_request : null),
    rushDays: n(row.rush_days),
    deposit,
    paidRest,
    partFailure: REST_FAILURES.includes(row.rest_failure as RestFailure) ? (row.rest_failure as RestFailure) : null,
    keptDeposit: n(row.kept_deposit),
    estimatedStart: n(row.estimated_start),
    estimatedDelivery: n(row.estimated_delivery),
    submittedAt: Number(row.submitted_at),
    approvedAt: n(row.approved_at),
    paidAt: n(row.paid_at),
    deliveredAt: n(row.delivered_at),
    completedAt: n(row.completed_at),
    canceledAt: n(row.canceled_at),
    approvalDeadline: n(row.approval_deadline),
    paymentDeadline: n(row.payment_deadline),
    deliveryDeadline: n(row.delivery_deadline),
    completionDeadline: n(row.completion_deadline),
  };
}
