// The order states the domain's order tests start from (order.test.ts, order-stage-actions.test.ts): a ¥10,000 order
// at each step of spec section 4, each given as a change to the one before.
import type { OrderAction, OrderState, PaymentRef } from "./order-types";
import { DEADLINES } from "./order-process";
import type { DepositTerms } from "./order-parts";

export const T0 = Date.UTC(2026, 10, 1);
export const DAY = 86_400_000;

export function order(overrides: Partial<OrderState> = {}): OrderState {
  return {
    sellerId: "seller",
    buyerId: "buyer",
    progress: "DRAFT",
    payment: "DRAFT",
    chat: "DRAFT",
    priceAmount: 10_000,
    currency: "JPY",
    openPayment: null,
    paidPayment: null,
    returnedIntentIds: [],
    deliverableCount: 0,
    stages: [],
    estimatedStart: null,
    estimatedDelivery: null,
    submittedAt: T0,
    approvedAt: null,
    paidAt: null,
    deliveredAt: null,
    completedAt: null,
    canceledAt: null,
    approvalDeadline: T0 + DEADLINES.approvalMs,
    paymentDeadline: null,
    deliveryDeadline: null,
    completionDeadline: null,
    ...overrides,
  };
}
/** The intent the buyer started for the ¥10,000 total. */
export const OPEN: PaymentRef = { intentId: "pi_open", amount: 10_000, currency: "JPY" };
export const paying = (payment: PaymentRef = OPEN): OrderAction => ({ type: "markPaid", payment });
export const approved = (o: Partial<OrderState> = {}) =>
  order({ progress: "APPROVED", chat: "OPENED", approvedAt: T0, paymentDeadline: T0 + DEADLINES.paymentMs, ...o });
export const paid = (o: Partial<OrderState> = {}) =>
  approved({ payment: "COMPLETED", paidAt: T0, deliveryDeadline: T0 + DEADLINES.deliveryMs, paidPayment: OPEN, ...o });
export const delivered = (o: Partial<OrderState> = {}) =>
  paid({
    progress: "DELIVERED",
    deliverableCount: 1,
    deliveredAt: T0,
    completionDeadline: T0 + DEADLINES.completionMs,
    ...o,
  });
export const completed = (o: Partial<OrderState> = {}) =>
  delivered({ progress: "COMPLETED", chat: "CLOSED", completedAt: T0, ...o });
export const canceled = () => order({ progress: "CANCELED", chat: "CLOSED", canceledAt: T0 });

// Paying in parts (decision 100): the ¥10,000 order with a 30% deposit, ¥3,000, and its rest, ¥7,000, at each step.
/** The creator keeps the deposit when the client walks away; the other terms give it back. */
export const KEPT_DEPOSIT: DepositTerms = { percent: 30, refundable: false };
export const REFUNDABLE_DEPOSIT: DepositTerms = { percent: 30, refundable: true };
/** The deposit's intent, and the rest's, charged off-session at delivery. */
export const DEPOSIT_INTENT: PaymentRef = { intentId: "pi_deposit", amount: 3_000, currency: "JPY" };
export const REST_INTENT: PaymentRef = { intentId: "pi_rest", amount: 7_000, currency: "JPY" };
/** Approved with a deposit under kept terms (`deposit` overrides them), not yet paid. */
export const depositApproved = (o: Partial<OrderState> = {}) => approved({ deposit: KEPT_DEPOSIT, ...o });
/** The deposit paid: the order's paid payment is the deposit's. */
export const depositPaid = (o: Partial<OrderState> = {}) =>
  depositApproved({
    payment: "COMPLETED",
    paidAt: T0,
    deliveryDeadline: T0 + DEADLINES.deliveryMs,
    paidPayment: DEPOSIT_INTENT,
    deliverableCount: 1,
    ...o,
  });
/** Delivered: the rest falls due by a new payment deadline, and no completion deadline runs. */
export const restDueDelivered = (o: Partial<OrderState> = {}) =>
  depositPaid({
    progress: "DELIVERED",
    deliveredAt: T0,
    completionDeadline: null,
    paymentDeadline: T0 + DEADLINES.paymentMs,
    ...o,
  });
/** The rest's off-session charge is the open payment (succeeded or waiting for the client). */
export const restCharging = (o: Partial<OrderState> = {}) => restDueDelivered({ openPayment: REST_INTENT, ...o });
/** The rest paid: the order is paid in full, and its week to complete runs. */
export const restPaid = (o: Partial<OrderState> = {}) =>
  restDueDelivered({
    paidRest: REST_INTENT,
    paymentDeadline: null,
    completionDeadline: T0 + DEADLINES.completionMs,
    ...o,
  });
