// The order states the domain's order tests start from (order.test.ts, order-stage-actions.test.ts): a ¥10,000 order
// at each step of spec section 4, each given as a change to the one before.
import type { OrderAction, OrderState, PaymentRef } from "./order-types";
import { DEADLINES } from "./order-process";

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
