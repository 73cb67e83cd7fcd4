/**
 * Who hears of an order's transition, and where the notice points (spec section 2: creator-side notices go to
 * /dashboard/commission/managements?order={code}, buyer-side to /dashboard/commission/client/requests?order={code}).
 * The party who acted is not told of their own action; a transition the system made (a deadline) tells both.
 * Each notice names its sender (issue 33): the party who acted, shown with their name and avatar; a transition the
 * system made (a deadline's cancel, a refund) has none and shows the app's mark.
 */
import type { OrderActor, OrderEventType } from "./order-types";
import { actsAs, ORDER_PROCESS } from "./order-process";

/**
 * The notice of the transition that logged this event, as its row of the order process says (order-process.ts): a
 * stage the review deadline approved (the system's act) tells both with its own words; a payment, the buyer's act even
 * when the system records it, tells the seller.
 */
const noticeOf = (event: OrderEventType, actor: OrderActor) =>
  ORDER_PROCESS.find((t) => t.event === event && actsAs(t.actor) === actor && t.notice)?.notice ?? null;

export function orderHref(side: "seller" | "buyer", orderCode: string): string {
  const base = side === "seller" ? "/dashboard/commission/managements" : "/dashboard/commission/client/requests";
  return `${base}?order=${encodeURIComponent(orderCode)}`;
}

export function orderNotifications(event: OrderEventType, actor: OrderActor, orderCode: string) {
  const notice = noticeOf(event, actor);
  if (!notice) return [];
  const sides = notice.to === "both" ? (["seller", "buyer"] as const) : [notice.to];
  return sides.map((side) => ({ side, type: notice.type, href: orderHref(side, orderCode), sender: notice.from }));
}
