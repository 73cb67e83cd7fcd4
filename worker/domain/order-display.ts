/**
 * How an order reads on the order screens (spec sections 2, 4 and 5), pure: the status badge, the next-step block
 * with its timestamps, the 'Unsettled' price rule, which tabs and buttons each party gets. The loaders and the
 * panel ask these, so the spec's tables live once; the edge turns the returned keys into en/ja text.
 */
import { MIN_APPROVABLE_PRICE, editable, type OrderProgress, type OrderState } from "./order";
import { cancelRefusal } from "./order-refunds";

export type OrderSide = "seller" | "buyer";
type OrderSubmitStatus = "SERVICE_SUBMITTED" | "FORM_SUBMITTED";

/** What the display rules read of an order: the Durable Object's state plus the submission kind. */
export interface OrderFacts
  extends Pick<
    OrderState,
    | "progress"
    | "payment"
    | "chat"
    | "priceAmount"
    | "deliverableCount"
    | "submittedAt"
    | "approvedAt"
    | "deliveredAt"
    | "completedAt"
    | "canceledAt"
    | "approvalDeadline"
    | "paymentDeadline"
    | "deliveryDeadline"
    | "completionDeadline"
  > {
  submitStatus: OrderSubmitStatus;
}

/** The status badge (spec section 4): DRAFT shows Pending, APPROVED shows Accepted. */
export type StatusBadge = "pending" | "accepted" | "delivered" | "completed" | "canceled";
const BADGES: Record<OrderProgress, StatusBadge> = {
  DRAFT: "pending",
  APPROVED: "accepted",
  DELIVERED: "delivered",
  COMPLETED: "completed",
  CANCELED: "canceled",
};
export const statusBadge = (progress: OrderProgress): StatusBadge => BADGES[progress];

/** The list filter (one tab per badge, plus all), read from `?status=`; anything else is all. */
export const ORDER_LIST_FILTERS = ["all", "pending", "accepted", "delivered", "completed", "canceled"] as const;
export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];
export function parseOrderListFilter(value: string | null | undefined): OrderListFilter {
  return ORDER_LIST_FILTERS.includes(value as OrderListFilter) ? (value as OrderListFilter) : "all";
}
/** The progress status a filter lists; null for all. */
export function progressOfFilter(filter: OrderListFilter): OrderProgress | null {
  if (filter === "all") return null;
  return (Object.keys(BADGES) as OrderProgress[]).find((p) => BADGES[p] === filter) ?? null;
}

/**
 * The next-step block (spec section 4's table and "Timestamps shown"): which step the order waits on, the time shown
 * with it (submitted, approved, delivered, completed or canceled) and the deadline of that step, if any.
 */
export interface NextStep {
  step: "approval" | "payment" | "delivery" | "completion" | "completed" | "canceled";
  shownTime: { kind: "submitted" | "approved" | "delivered" | "completed" | "canceled"; at: number | null };
  deadline: number | null;
}

export function nextStep(o: OrderFacts): NextStep {
  switch (o.progress) {
    case "DRAFT":
      return { step: "approval", shownTime: { kind: "submitted", at: o.submittedAt }, deadline: o.approvalDeadline };
    case "APPROVED":
      return o.payment === "COMPLETED"
        ? { step: "delivery", shownTime: { kind: "approved", at: o.approvedAt }, deadline: o.deliveryDeadline }
        : { step: "payment", shownTime: { kind: "approved", at: o.approvedAt }, deadline: o.paymentDeadline };
    case "DELIVERED":
      return {
        step: "completion",
        shownTime: { kind: "delivered", at: o.deliveredAt },
        deadline: o.completionDeadline,
      };
    case "COMPLETED":
      return { step: "completed", shownTime: { kind: "completed", at: o.completedAt }, deadline: null };
    case "CANCELED":
      return { step: "canceled", shownTime: { kind: "canceled", at: o.canceledAt }, deadline: null };
  }
}

/**
 * Spec section 5: the price reads 'Unsettled' for a DRAFT, FORM_SUBMITTED order with draft chat status and no price
 * or a price of at most 100.
 */
export function isPriceUnsettled(o: Pick<OrderFacts, "progress" | "submitStatus" | "chat" | "priceAmount">): boolean {
  return (
    o.progress === "DRAFT" &&
    o.submitStatus === "FORM_SUBMITTED" &&
    o.chat === "DRAFT" &&
    (o.priceAmount === null || o.priceAmount <= MIN_APPROVABLE_PRICE)
  );
}

export type OrderTab = "details" | "payment" | "delivery" | "settings";

/**
 * Spec section 2: Details and Payment for both; Delivery for the seller when not DRAFT or CANCELED and for the buyer
 * when DELIVERED or COMPLETED; Other settings for the seller only.
 */
export function orderTabs(side: OrderSide, progress: OrderProgress): OrderTab[] {
  const delivery =
    side === "seller"
      ? progress !== "DRAFT" && progress !== "CANCELED"
      : progress === "DELIVERED" || progress === "COMPLETED";
  return [
    "details",
    "payment",
    ...(delivery ? (["delivery"] as const) : []),
    ...(side === "seller" ? (["settings"] as const) : []),
  ];
}

/** The buyer's disabled waiting label of spec section 4, when the next move is the creator's. */
export type BuyerWaiting = "awaiting_approval" | "awaiting_delivery" | "awaiting_complete";
export function buyerWaiting(o: Pick<OrderFacts, "progress" | "payment">): BuyerWaiting | null {
  if (o.progress === "DRAFT") return "awaiting_approval";
  if (o.progress === "APPROVED" && o.payment === "COMPLETED") return "awaiting_delivery";
  if (o.progress === "DELIVERED") return "awaiting_complete";
  return null;
}

/**
 * May the buyer cancel now? Only a paid order the creator has not delivered by its delivery deadline, with a full
 * refund (issue 10; decision 020): `cancelRefusal`'s rule (order-refunds.ts), which the Durable Object applies again.
 */
export const buyerMayCancelLate = (o: Pick<OrderFacts, "progress" | "payment" | "deliveryDeadline">, now: number) =>
  cancelRefusal(o, "buyer", now) === null;

/** May the buyer pay now (spec section 4: APPROVED, unpaid)? The Pay button also needs a saved card. */
export const buyerMayPay = (o: Pick<OrderFacts, "progress" | "payment">) =>
  o.progress === "APPROVED" && o.payment === "DRAFT";

/**
 * The seller's buttons (spec sections 4 and 5): shown when the state allows the action; Approve disabled while the
 * price is set and at most 100, Deliver disabled without a file. The Durable Object checks all of it again.
 */
export interface SellerActions {
  approve: { shown: boolean; enabled: boolean };
  cancel: { shown: boolean };
  deliver: { shown: boolean; enabled: boolean };
  complete: { shown: boolean };
}
export function sellerActions(
  o: Pick<OrderFacts, "progress" | "payment" | "priceAmount" | "deliverableCount">,
): SellerActions {
  const draft = o.progress === "DRAFT";
  return {
    approve: { shown: draft, enabled: o.priceAmount !== null && o.priceAmount > MIN_APPROVABLE_PRICE },
    // The seller's cancel needs no deadline, so the time does not matter here.
    cancel: { shown: cancelRefusal({ ...o, deliveryDeadline: null }, "seller", 0) === null },
    deliver: { shown: o.progress === "APPROVED" && o.payment === "COMPLETED", enabled: o.deliverableCount > 0 },
    complete: { shown: o.progress === "DELIVERED" },
  };
}

/** What the seller may still change (section 4's editability, as `decide` applies it). */
export function sellerEditable(o: Pick<OrderFacts, "progress" | "payment">) {
  return {
    serviceDetails: editable.serviceDetails(o),
    price: editable.price(o),
    schedule: editable.schedule(o),
    chatSettings: editable.chatSettings(o),
    addDeliverable: editable.addDeliverable(o),
    deleteDeliverable: editable.deleteDeliverable(o),
  };
}
