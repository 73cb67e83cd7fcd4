/**
 * Which order events the chat announces as system messages (issue 36: "both sides see the timeline … in the chat"),
 * and with which facts. Pure: the Order object hands over a landed transition (its event and the state before and
 * after); the ChatRoom object stores what this answers, keyed by the event, so a replay posts nothing new.
 */
import type { ChatSystemNotice } from "./chat-protocol";
import type { OrderDispute } from "./disputes";
import type { OrderEventType, OrderState } from "./order";
import { cancelRefund } from "./order-refunds";
import type { OrderStage } from "./order-stages";

export interface LandedTransition {
  event: OrderEventType;
  before: Pick<OrderState, "stages">;
  after: Pick<
    OrderState,
    "stages" | "progress" | "payment" | "priceAmount" | "currency" | "dispute" | "deliveryDeadline" | "extensionRequest"
  >;
}

/** The key of an event's system message: the event's own id (commission_order_events.id), one message per event. */
export const orderEventNoticeKey = (orderId: string, version: number) => `${orderId}:${version}`;

/** The system message an order event posts in its chat, or null for an event the chat does not announce. */
export function orderEventNotice({ event, before, after }: LandedTransition): ChatSystemNotice | null {
  const stageWhere = (changed: (was: OrderStage, now: OrderStage) => boolean) => {
    const index = after.stages.findIndex((now, i) => {
      const was = before.stages[i];
      return was !== undefined && changed(was, now);
    });
    return index === -1 ? null : { index, title: after.stages[index]!.title };
  };
  switch (event) {
    case "STAGES_UPDATED":
      return { key: "stages_updated" };
    case "STAGE_PREVIEWED": {
      const stage = stageWhere((was, now) => now.status === "IN_REVIEW" && was.status !== "IN_REVIEW");
      return stage && { key: "stage_previewed", stage };
    }
    case "STAGE_REVISION_REQUESTED": {
      const stage = stageWhere((was, now) => now.revisionsUsed > was.revisionsUsed);
      return stage && { key: "stage_revision_requested", stage };
    }
    case "STAGE_REVISION_GRANTED": {
      const stage = stageWhere((was, now) => now.extraRevisions > was.extraRevisions);
      return stage && { key: "stage_revision_granted", stage };
    }
    case "STAGE_APPROVED": {
      const stage = stageWhere((was, now) => now.status === "APPROVED" && was.status !== "APPROVED");
      if (!stage) return null;
      const auto = after.stages[stage.index]!.approvedBy === "system";
      return { key: auto ? "stage_auto_approved" : "stage_approved", stage };
    }
    case "CANCELED":
      return stagedCancelNotice(after);
    case "DISPUTE_OPENED":
      return after.dispute
        ? { key: "dispute_opened", dispute: { openedBy: after.dispute.openedBy, outcome: null } }
        : null;
    case "DISPUTE_SETTLED":
      return after.dispute ? disputeSettledNotice(after, after.dispute) : null;
    case "EXTENSION_REQUESTED":
      return after.extensionRequest
        ? { key: "extension_requested", date: after.extensionRequest.proposedDeadline }
        : null;
    case "EXTENSION_ACCEPTED":
      return after.deliveryDeadline === null ? null : { key: "extension_accepted", date: after.deliveryDeadline };
    case "EXTENSION_DECLINED":
      return { key: "extension_declined" };
    case "EXTENSION_LAPSED":
      return { key: "extension_lapsed" };
    case "DELIVERY_EXTENDED":
      return after.deliveryDeadline === null ? null : { key: "delivery_extended", date: after.deliveryDeadline };
    default:
      return null;
  }
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
