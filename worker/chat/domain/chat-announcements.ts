/**
 * Which order events the chat announces as system messages (issue 36: "both sides see the timeline … in the chat"),
 * and with which facts. Which line a transition posts is its row's `announce` column (order-process.ts); the words'
 * facts are read here from the landed state. Pure: the Order object hands over a landed transition (its event and the
 * state before and after); the ChatRoom object stores what this answers, keyed by the event, so a replay posts nothing
 * new.
 */
import type { ChatSystemNotice } from "./chat-protocol";
import { ORDER_PROCESS, type Announcement } from "../../orders/domain/order-process";
import { cancelRefund } from "../../orders/domain/order-refunds";
import type { OrderStage } from "../../orders/domain/order-stages";
import type { OrderDispute, OrderEventType, OrderState } from "../../orders/domain/order-types";

export interface LandedTransition {
  event: OrderEventType;
  before: Pick<OrderState, "stages">;
  after: Pick<
    OrderState,
    | "stages"
    | "progress"
    | "payment"
    | "priceAmount"
    | "currency"
    | "dispute"
    | "deliveryDeadline"
    | "extensionRequest"
    | "licence"
    | "licenceRequest"
  >;
}

/** The key of an event's system message: the event's own id (commission_order_events.id), one message per event. */
export const orderEventNoticeKey = (orderId: string, version: number) => `${orderId}:${version}`;

type Announcer = (landed: LandedTransition) => ChatSystemNotice | null;

/** The stage a transition changed, as `changed` tells it by its state before and after; null when none did. */
function stageWhere({ before, after }: LandedTransition, changed: (was: OrderStage, now: OrderStage) => boolean) {
  const index = after.stages.findIndex((now, i) => {
    const was = before.stages[i];
    return was !== undefined && changed(was, now);
  });
  return index === -1 ? null : { index, title: after.stages[index]!.title };
}

/** Each line a row of the order process may announce (its `announce` column), worded from the landed transition. */
export const ANNOUNCERS: Record<Announcement, Announcer> = {
  stages_updated: () => ({ key: "stages_updated" }),
  stage_previewed: (t) => {
    const stage = stageWhere(t, (was, now) => now.status === "IN_REVIEW" && was.status !== "IN_REVIEW");
    return stage && { key: "stage_previewed", stage };
  },
  stage_revision_requested: (t) => {
    const stage = stageWhere(t, (was, now) => now.revisionsUsed > was.revisionsUsed);
    return stage && { key: "stage_revision_requested", stage };
  },
  stage_revision_granted: (t) => {
    const stage = stageWhere(t, (was, now) => now.extraRevisions > was.extraRevisions);
    return stage && { key: "stage_revision_granted", stage };
  },
  // The client's approval, or the review deadline's (the system's), told apart by who approved the stage.
  stage_approved: (t) => {
    const stage = stageWhere(t, (was, now) => now.status === "APPROVED" && was.status !== "APPROVED");
    if (!stage) return null;
    const auto = t.after.stages[stage.index]!.approvedBy === "system";
    return { key: auto ? "stage_auto_approved" : "stage_approved", stage };
  },
  staged_order_canceled: ({ after }) => stagedCancelNotice(after),
  dispute_opened: ({ after }) =>
    after.dispute ? { key: "dispute_opened", dispute: { openedBy: after.dispute.openedBy, outcome: null } } : null,
  dispute_settled: ({ after }) => (after.dispute ? disputeSettledNotice(after, after.dispute) : null),
  extension_requested: ({ after }) =>
    after.extensionRequest ? { key: "extension_requested", date: after.extensionRequest.proposedDeadline } : null,
  extension_accepted: ({ after }) =>
    after.deliveryDeadline === null ? null : { key: "extension_accepted", date: after.deliveryDeadline },
  extension_declined: () => ({ key: "extension_declined" }),
  extension_lapsed: () => ({ key: "extension_lapsed" }),
  delivery_extended: ({ after }) =>
    after.deliveryDeadline === null ? null : { key: "delivery_extended", date: after.deliveryDeadline },
  licence_requested: ({ after }) =>
    after.licenceRequest ? { key: "licence_requested", licence: after.licenceRequest.licence } : null,
  licence_accepted: ({ after }) => (after.licence ? { key: "licence_accepted", licence: after.licence } : null),
  licence_declined: () => ({ key: "licence_declined" }),
};

/** What each event announces: the `announce` column of the rows that log it (they agree; order-process.test.ts). */
const ANNOUNCEMENTS = new Map<OrderEventType, Announcement | null>(ORDER_PROCESS.map((t) => [t.event, t.announce]));
const announcementOf = (event: OrderEventType): Announcement | null => ANNOUNCEMENTS.get(event) ?? null;

/** The system message an order event posts in its chat, or null for an event the chat does not announce. */
export function orderEventNotice(landed: LandedTransition): ChatSystemNotice | null {
  const announcement = announcementOf(landed.event);
  return announcement === null ? null : ANNOUNCERS[announcement](landed);
}

/**
 * A staged order's cancel, in money: what went back to the client and what stayed with the creator, by the one refund
 * rule the cancel itself follows (order-refunds.ts). An unpaid or unstaged order's cancel has no such line.
 */
function stagedCancelNotice(after: LandedTransition["after"]): ChatSystemNotice | null {
  if (after.stages.length === 0) return null;
  const refund = cancelRefund(after);
  if (refund.kind === "none") return null;
  const kept = refund.kind === "partial" ? refund.keptAmount : 0;
  return { key: "staged_order_canceled", money: { currency: after.currency, refunded: refund.amount, kept } };
}

/** A dispute's settlement (decision 088): its outcome, and for a refund or a split what went where, by the cancel's rule. */
function disputeSettledNotice(after: LandedTransition["after"], dispute: OrderDispute): ChatSystemNotice {
  const refund = cancelRefund(after);
  const money =
    after.progress === "CANCELED" && refund.kind !== "none"
      ? {
          currency: after.currency,
          refunded: refund.amount,
          kept: refund.kind === "partial" ? refund.keptAmount : 0,
        }
      : undefined;
  return {
    key: "dispute_settled",
    dispute: { openedBy: dispute.openedBy, outcome: dispute.outcome },
    ...(money && { money }),
  };
}
