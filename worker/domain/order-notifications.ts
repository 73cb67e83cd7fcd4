/**
 * Who hears of an order's transition, and where the notice points (spec section 2: creator-side notices go to
 * /dashboard/commission/managements?order={code}, buyer-side to /dashboard/commission/client/requests?order={code}).
 * The party who acted is not told of their own action; a transition the system made (a deadline) tells both.
 * Each notice names its sender (issue 33): the party who acted, shown with their name and avatar; a transition the
 * system made (a deadline's cancel, a refund) has none and shows the app's mark.
 */
import type { OrderActor, OrderEventType } from "./order";

type OrderNotificationType =
  | "COMMISSION_ORDER_APPROVED"
  | "COMMISSION_ORDER_PAID"
  | "COMMISSION_ORDER_DELIVERED"
  | "COMMISSION_ORDER_COMPLETED"
  | "COMMISSION_ORDER_CANCELED"
  | "COMMISSION_ORDER_PAYMENT_REFUNDED"
  | StageNotificationType;

/**
 * Milestones (decision 073): the other party hears of each stage move. A stage the review deadline approved (the
 * system's act) tells both, with its own words: nobody approved it.
 */
type StageNotificationType =
  | "COMMISSION_ORDER_STAGE_PREVIEWED"
  | "COMMISSION_ORDER_STAGE_APPROVED"
  | "COMMISSION_ORDER_STAGE_AUTO_APPROVED"
  | "COMMISSION_ORDER_STAGE_REVISION_REQUESTED"
  | "COMMISSION_ORDER_STAGE_REVISION_GRANTED";

const NOTIFIED: Partial<Record<OrderEventType, OrderNotificationType>> = {
  APPROVED: "COMMISSION_ORDER_APPROVED",
  PAID: "COMMISSION_ORDER_PAID",
  DELIVERED: "COMMISSION_ORDER_DELIVERED",
  COMPLETED: "COMMISSION_ORDER_COMPLETED",
  CANCELED: "COMMISSION_ORDER_CANCELED",
  // The system gives back a payment the order could not take: both parties hear of it.
  PAYMENT_RETURNED: "COMMISSION_ORDER_PAYMENT_REFUNDED",
  STAGE_PREVIEWED: "COMMISSION_ORDER_STAGE_PREVIEWED",
  STAGE_APPROVED: "COMMISSION_ORDER_STAGE_APPROVED",
  STAGE_REVISION_REQUESTED: "COMMISSION_ORDER_STAGE_REVISION_REQUESTED",
  STAGE_REVISION_GRANTED: "COMMISSION_ORDER_STAGE_REVISION_GRANTED",
};

function notifiedType(event: OrderEventType, actor: OrderActor): OrderNotificationType | undefined {
  if (event === "STAGE_APPROVED" && actor === "system") return "COMMISSION_ORDER_STAGE_AUTO_APPROVED";
  return NOTIFIED[event];
}

export function orderHref(side: "seller" | "buyer", orderCode: string): string {
  const base = side === "seller" ? "/dashboard/commission/managements" : "/dashboard/commission/client/requests";
  return `${base}?order=${encodeURIComponent(orderCode)}`;
}

export function orderNotifications(event: OrderEventType, actor: OrderActor, orderCode: string) {
  const type = notifiedType(event, actor);
  if (!type) return [];
  // A payment is the buyer's act even when the system records it.
  const acting = event === "PAID" ? "buyer" : actor;
  const sides = (["seller", "buyer"] as const).filter((side) => side !== acting);
  const sender = acting === "system" ? null : acting;
  return sides.map((side) => ({ side, type, href: orderHref(side, orderCode), sender }));
}
