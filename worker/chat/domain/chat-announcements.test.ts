import { describe, expect, it } from "vitest";
import { orderEventNotice } from "./chat-announcements";
import { decide } from "../../orders/domain/order";
import type { OrderAction, OrderActor, OrderState } from "../../orders/domain/order-types";
import { DEADLINES } from "../../orders/domain/order-process";
import { STAGE_REVIEW_MS, stagesOfPlan } from "../../orders/domain/order-stages";

const T0 = Date.UTC(2026, 10, 1);
const PLAN = [
  { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
  { title: "Line art", sharePercent: 30, includedRevisions: 0 },
  { title: "Colour", sharePercent: 40, includedRevisions: 0 },
];

function paidStagedOrder(overrides: Partial<OrderState> = {}): OrderState {
  return {
    sellerId: "seller",
    buyerId: "buyer",
    progress: "APPROVED",
    payment: "COMPLETED",
    chat: "OPENED",
    priceAmount: 10_001,
    currency: "JPY",
    openPayment: null,
    paidPayment: { intentId: "pi_paid", amount: 10_001, currency: "JPY" },
    returnedIntentIds: [],
    deliverableCount: 0,
    stages: stagesOfPlan(PLAN),
    estimatedStart: null,
    estimatedDelivery: null,
    submittedAt: T0,
    approvedAt: T0,
    paidAt: T0,
    deliveredAt: null,
    completedAt: null,
    canceledAt: null,
    approvalDeadline: null,
    paymentDeadline: null,
    deliveryDeadline: T0 + DEADLINES.deliveryMs,
    completionDeadline: null,
    ...overrides,
  };
}

/** Runs the real rules, then asks what the chat says of the transition they made. */
function announce(before: OrderState, action: OrderAction, actor: OrderActor, now = T0) {
  const decision = decide(before, action, actor, now);
  if (!decision.ok || !decision.changed) throw new Error(`refused: ${JSON.stringify(decision)}`);
  return { notice: orderEventNotice({ event: decision.event, before, after: decision.next }), after: decision.next };
}

describe("orderEventNotice: the chat's line for each stage event", () => {
  it("names the stage a preview, a revision request, a granted revision and an approval concern", () => {
    const previewed = announce(paidStagedOrder(), { type: "submitPreview", stage: 0 }, "seller");
    expect(previewed.notice).toEqual({ key: "stage_previewed", stage: { index: 0, title: "Sketch" } });

    const revised = announce(previewed.after, { type: "requestRevision", stage: 0 }, "buyer");
    expect(revised.notice).toEqual({ key: "stage_revision_requested", stage: { index: 0, title: "Sketch" } });

    const granted = announce(revised.after, { type: "grantRevision", stage: 0 }, "seller");
    expect(granted.notice).toEqual({ key: "stage_revision_granted", stage: { index: 0, title: "Sketch" } });

    const again = announce(granted.after, { type: "submitPreview", stage: 0 }, "seller");
    const approved = announce(again.after, { type: "approveStage", stage: 0 }, "buyer");
    expect(approved.notice).toEqual({ key: "stage_approved", stage: { index: 0, title: "Sketch" } });

    const second = announce(approved.after, { type: "submitPreview", stage: 1 }, "seller", T0 + 1);
    expect(second.notice).toEqual({ key: "stage_previewed", stage: { index: 1, title: "Line art" } });
  });

  it("says a stage was approved automatically when its review deadline approved it", () => {
    const previewed = announce(paidStagedOrder(), { type: "submitPreview", stage: 0 }, "seller");
    const auto = announce(previewed.after, { type: "deadlinePassed" }, "system", T0 + STAGE_REVIEW_MS + 1);
    expect(auto.notice).toEqual({ key: "stage_auto_approved", stage: { index: 0, title: "Sketch" } });
  });

  it("announces a new plan on a pending order", () => {
    const pending = paidStagedOrder({ progress: "DRAFT", payment: "DRAFT", chat: "DRAFT", paidPayment: null });
    expect(announce(pending, { type: "setStages", plan: PLAN.slice(0, 2) }, "seller").notice).toEqual({
      key: "stages_updated",
    });
  });

  it("gives a staged order's cancel in money: the shares not approved refunded, the approved ones kept", () => {
    const firstApproved = paidStagedOrder({
      stages: stagesOfPlan(PLAN).map((s, i) => (i === 0 ? { ...s, status: "APPROVED", approvedBy: "buyer" } : s)),
    });
    // 30% of 10,001 rounds down to 3,000; the rest (7,001) goes back.
    expect(announce(firstApproved, { type: "adminCancel" }, "system").notice).toEqual({
      key: "staged_order_canceled",
      money: { currency: "JPY", refunded: 7_001, kept: 3_000 },
    });
    expect(announce(paidStagedOrder(), { type: "cancel" }, "seller").notice).toEqual({
      key: "staged_order_canceled",
      money: { currency: "JPY", refunded: 10_001, kept: 0 },
    });
  });

  it("says nothing of an unpaid or unstaged order's cancel, nor of events outside the stages", () => {
    const unpaid = paidStagedOrder({ payment: "DRAFT", paidPayment: null });
    expect(announce(unpaid, { type: "cancel" }, "seller").notice).toBeNull();
    expect(announce(paidStagedOrder({ stages: [] }), { type: "cancel" }, "seller").notice).toBeNull();
    expect(announce(paidStagedOrder(), { type: "updateServiceDetails" }, "seller").notice).toBeNull();
  });

  it("announces a dispute's opening by side, and its settlement with what went where (decision 088)", () => {
    const plain = paidStagedOrder({ stages: [] });
    const opened = decide(plain, { type: "openDispute", reason: "quality" }, "buyer", T0 + 1);
    if (!opened.ok || !opened.changed) throw new Error("not opened");
    expect(announce(plain, { type: "openDispute", reason: "quality" }, "buyer").notice).toEqual({
      key: "dispute_opened",
      dispute: { openedBy: "buyer", outcome: null },
    });
    const split = { type: "settleDispute", settlement: { outcome: "split", refundAmount: 4_001 } } as const;
    expect(announce(opened.next, split, "system").notice).toEqual({
      key: "dispute_settled",
      dispute: { openedBy: "buyer", outcome: "split" },
      money: { currency: "JPY", refunded: 4_001, kept: 6_000 },
    });
    const release = { type: "settleDispute", settlement: { outcome: "release" } } as const;
    expect(announce(opened.next, release, "system").notice).toEqual({
      key: "dispute_settled",
      dispute: { openedBy: "buyer", outcome: "release" },
    });
  });
});
