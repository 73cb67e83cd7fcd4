import { describe, expect, it } from "vitest";
import type { OrderDispute } from "./disputes";
import { sellerTransferAmount, splitTotal } from "../../domain/money";
import type { OrderState } from "./order-types";
import { cancelRefund } from "./order-money";
import { isReturnedPayment, orderMoneyStory, paymentMoneyStory, type MoneyFacts } from "./order-money-story";
import { stageAmounts, stagesOfPlan, stageTransferAmount, type OrderStage } from "./order-stages";

/** Comet's seeded fee, 10.36% of the sales (money.ts). */
const FEES = [1036];
const T0 = Date.UTC(2026, 10, 1);

const facts = (o: Partial<MoneyFacts> = {}): MoneyFacts => ({
  progress: "APPROVED",
  payment: "COMPLETED",
  priceAmount: 5_000,
  stages: [],
  dispute: null,
  feeNumerators: FEES,
  ...o,
});
const settled = (outcome: OrderDispute["outcome"], awardedAmount = 0): OrderDispute => ({
  openedBy: "buyer",
  reason: "not_as_agreed",
  openedAt: T0,
  answeredAt: null,
  settledAt: T0,
  outcome,
  awardedAmount,
});
/** The creator's figures of `pieces`, each split and paid out on its own, as their payouts are. */
const shareOf = (pieces: number[], final = true) => ({
  amount: pieces.reduce((s, p) => s + p, 0),
  taxAmount: pieces.reduce((s, p) => s + splitTotal(p, FEES).taxAmount, 0),
  salesAmount: pieces.reduce((s, p) => s + splitTotal(p, FEES).salesAmount, 0),
  feeAmount: pieces.reduce((s, p) => s + splitTotal(p, FEES).feeAmount, 0),
  incomeAmount: pieces.reduce((s, p) => s + splitTotal(p, FEES).incomeAmount, 0),
  payoutAmount: pieces.reduce((s, p) => s + stageTransferAmount(p, FEES), 0),
  final,
});

// A ¥10,000 order in three stages (30 / 30 / 40), the first approved: ¥3,000 was the creator's with its approval.
const PLAN = [
  { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
  { title: "Line art", sharePercent: 30, includedRevisions: 0 },
  { title: "Colour", sharePercent: 40, includedRevisions: 0 },
];
const firstApproved = (): OrderStage[] =>
  stagesOfPlan(PLAN).map((s, i) => (i === 0 ? { ...s, status: "APPROVED", approvedAt: T0, approvedBy: "buyer" } : s));
const allApproved = (): OrderStage[] =>
  stagesOfPlan(PLAN).map((s) => ({ ...s, status: "APPROVED", approvedAt: T0, approvedBy: "buyer" }));

describe("orderMoneyStory: what an order's money did", () => {
  it("unpaid: nothing charged, nothing kept; the creator's figures are what completing it at its price would give", () => {
    const story = orderMoneyStory(facts({ payment: "DRAFT" }), { status: null });
    expect(story).toMatchObject({ status: "unpaid", paidAmount: 0, refund: null, kept: [], keptAmount: 0 });
    expect(story.creator).toEqual(shareOf([5_000], false));
    // A price not set yet: no figures at all.
    expect(orderMoneyStory(facts({ payment: "DRAFT", priceAmount: null })).creator.amount).toBe(0);
    // Canceled before it was paid: nothing was charged and nothing will be.
    expect(orderMoneyStory(facts({ payment: "DRAFT", progress: "CANCELED" }), { status: "CANCELED" })).toMatchObject({
      status: "unpaid",
      refund: null,
      creator: shareOf([]),
    });
  });

  it("paid and under way: Comet holds the total; the creator's figures are the completion's, not yet theirs", () => {
    const story = orderMoneyStory(facts(), { status: "COMPLETED", amount: 5_000 });
    expect(story).toMatchObject({ status: "paid", paidAmount: 5_000, refund: null, kept: [], heldAmount: 5_000 });
    expect(story.creator).toEqual(shareOf([5_000], false));
    // The breakdown's own figures: one piece, the whole total.
    expect(story.creator.incomeAmount).toBe(splitTotal(5_000, FEES).incomeAmount);
    expect(story.creator.payoutAmount).toBe(sellerTransferAmount(5_000, FEES));
  });

  it("completed: everything stays with the creator, paid out less the fee", () => {
    const story = orderMoneyStory(facts({ progress: "COMPLETED" }), { status: "COMPLETED" });
    expect(story).toMatchObject({
      status: "paid",
      refund: null,
      kept: [{ amount: 5_000, reason: "completed" }],
      keptAmount: 5_000,
      heldAmount: 0,
    });
    expect(story.creator).toEqual(shareOf([5_000]));
    expect(story.creator.payoutAmount).toBe(4_573);
  });

  it("a full cancel: the whole total goes back, refunding until Stripe has done it; the creator keeps nothing", () => {
    const canceled = facts({ progress: "CANCELED" });
    const pending = orderMoneyStory(canceled, { status: "COMPLETED" });
    expect(pending).toMatchObject({
      status: "refunded",
      refund: { amount: 5_000, reason: "canceled", done: false },
      kept: [],
      keptAmount: 0,
    });
    expect(pending.creator).toEqual(shareOf([]));
    expect(orderMoneyStory(canceled, { status: "REFUNDED", amount: 5_000 }).refund).toEqual({
      amount: 5_000,
      reason: "canceled",
      done: true,
    });
  });

  it("a staged order canceled after its first stage: the other stages go back, the approved one stays", () => {
    const story = orderMoneyStory(facts({ progress: "CANCELED", priceAmount: 10_000, stages: firstApproved() }), {
      status: "PARTIALLY_REFUNDED",
    });
    expect(story).toMatchObject({
      status: "partly_refunded",
      paidAmount: 10_000,
      refund: { amount: 7_000, reason: "stages_not_approved", done: true },
      kept: [{ amount: 3_000, reason: "approved_stages" }],
      keptAmount: 3_000,
    });
    expect(story.creator).toEqual(shareOf([3_000]));
    expect(story.stages.map((s) => s.state)).toEqual(["released", "refunded", "refunded"]);
    // A staged order under way: the approved stage is the creator's already, the rest held.
    const underway = orderMoneyStory(facts({ priceAmount: 10_000, stages: firstApproved() }));
    expect(underway).toMatchObject({ status: "paid", keptAmount: 3_000, heldAmount: 7_000 });
    expect(underway.kept).toEqual([{ amount: 3_000, reason: "approved_stages" }]);
    expect(underway.creator).toEqual(shareOf(stageAmounts(10_000, PLAN), false));
    expect(underway.stages.map((s) => s.state)).toEqual(["released", "held", "held"]);
  });

  it("a dispute settled with a refund: everything at stake goes back, as a dispute's refund", () => {
    const story = orderMoneyStory(facts({ progress: "CANCELED", dispute: settled("refund") }), {
      status: "REFUNDED",
    });
    expect(story).toMatchObject({
      status: "refunded",
      refund: { amount: 5_000, reason: "dispute_refund", done: true },
      kept: [],
    });
    // Staged: the approved stage stays the creator's, the stake goes back.
    const staged = orderMoneyStory(
      facts({ progress: "CANCELED", priceAmount: 10_000, stages: firstApproved(), dispute: settled("refund") }),
      { status: "PARTIALLY_REFUNDED" },
    );
    expect(staged).toMatchObject({
      status: "partly_refunded",
      refund: { amount: 7_000, reason: "dispute_refund", done: true },
      kept: [{ amount: 3_000, reason: "approved_stages" }],
    });
    expect(staged.stages.map((s) => s.state)).toEqual(["released", "refunded", "refunded"]);
  });

  it("the issue's split: ¥5,000 without stages, ¥1,800 back; ¥3,200 awarded, its income and payout less the fee on it", () => {
    const split = facts({ progress: "CANCELED", dispute: settled("split", 3_200) });
    expect(cancelRefund(split)).toEqual({ kind: "partial", amount: 1_800, keptAmount: 3_200 });
    const story = orderMoneyStory(split, { status: "PARTIALLY_REFUNDED", amount: 5_000 });
    expect(story).toEqual({
      status: "partly_refunded",
      paidAmount: 5_000,
      refund: { amount: 1_800, reason: "dispute_split", done: true },
      kept: [{ amount: 3_200, reason: "dispute_award" }],
      keptAmount: 3_200,
      heldAmount: 0,
      creator: shareOf([3_200]),
      stages: [],
    });
    // Not the ¥4,118 of the whole total: the income and payout of the ¥3,200 kept, the fee taken as the payout takes it.
    expect(story.creator).toMatchObject({ taxAmount: 291, feeAmount: 273, incomeAmount: 2_636, payoutAmount: 2_927 });
    expect(story.creator.payoutAmount).toBe(stageTransferAmount(3_200, FEES));
    // Still refunding at Stripe: the same split, not yet done.
    expect(orderMoneyStory(split, { status: "COMPLETED" }).refund).toEqual({
      amount: 1_800,
      reason: "dispute_split",
      done: false,
    });
  });

  it("a split of a staged order's stake: the approved stage and the award stay, each its own piece; the rest goes back", () => {
    // At stake: ¥7,000; ¥2,000 back, ¥5,000 awarded.
    const story = orderMoneyStory(
      facts({ progress: "CANCELED", priceAmount: 10_000, stages: firstApproved(), dispute: settled("split", 5_000) }),
      { status: "PARTIALLY_REFUNDED" },
    );
    expect(story).toMatchObject({
      status: "partly_refunded",
      refund: { amount: 2_000, reason: "dispute_split", done: true },
      kept: [
        { amount: 3_000, reason: "approved_stages" },
        { amount: 5_000, reason: "dispute_award" },
      ],
      keptAmount: 8_000,
    });
    expect(story.creator).toEqual(shareOf([3_000, 5_000]));
    expect(story.stages.map((s) => s.state)).toEqual(["released", "split", "split"]);
  });

  it("a dispute released to the creator: everything stays with them, as a release, nothing refunded", () => {
    const story = orderMoneyStory(facts({ progress: "COMPLETED", dispute: settled("release") }), {
      status: "COMPLETED",
    });
    expect(story).toMatchObject({
      status: "paid",
      refund: null,
      kept: [{ amount: 5_000, reason: "dispute_release" }],
      keptAmount: 5_000,
    });
    expect(story.creator).toEqual(shareOf([5_000]));
    // Staged: every stage released, each paid out on its own.
    const staged = orderMoneyStory(
      facts({ progress: "COMPLETED", priceAmount: 10_000, stages: allApproved(), dispute: settled("release") }),
    );
    expect(staged.kept).toEqual([{ amount: 10_000, reason: "dispute_release" }]);
    expect(staged.creator).toEqual(shareOf(stageAmounts(10_000, PLAN)));
    // A dispute reopened and the order then completed as usual is a completion.
    expect(orderMoneyStory(facts({ progress: "COMPLETED", dispute: settled("reopen") })).kept).toEqual([
      { amount: 5_000, reason: "completed" },
    ]);
  });

  it("a payment the order could not take reads as given back in full, whatever the order did; the order's own is its story", () => {
    for (const order of [
      facts({ payment: "DRAFT" }),
      facts({ progress: "COMPLETED" }),
      facts({ progress: "CANCELED", dispute: settled("split", 3_200) }),
    ]) {
      const returned = { status: "REFUNDED", amount: 4_000 };
      expect(isReturnedPayment(order, returned)).toBe(true);
      expect(paymentMoneyStory(order, returned)).toMatchObject({
        status: "refunded",
        paidAmount: 4_000,
        refund: { amount: 4_000, reason: "returned", done: true },
        keptAmount: 0,
        creator: shareOf([]),
      });
      // The order's own money is not the returned payment's: an unpaid order still waits, its creator's figures too.
      expect(orderMoneyStory(order, returned).refund?.reason).not.toBe("returned");
    }
    expect(orderMoneyStory(facts({ payment: "DRAFT" }), { status: "REFUNDED" })).toMatchObject({
      status: "unpaid",
      creator: shareOf([5_000], false),
    });
    // A canceled order's own payment refunded in full is its refund, not a returned one.
    const canceled = facts({ progress: "CANCELED" });
    expect(isReturnedPayment(canceled, { status: "REFUNDED" })).toBe(false);
    expect(paymentMoneyStory(canceled, { status: "REFUNDED", amount: 5_000 }).refund?.reason).toBe("canceled");
  });

  it("paid + refunded + kept + held is always the paid total, and the creator never gets more than they keep", () => {
    const states: Partial<OrderState>[] = [
      {},
      { progress: "DELIVERED" },
      { progress: "COMPLETED" },
      { progress: "CANCELED" },
      { progress: "CANCELED", stages: firstApproved() },
      { progress: "CANCELED", dispute: settled("split", 1) },
      { progress: "CANCELED", dispute: settled("split", 9_999), stages: [] },
      { progress: "CANCELED", dispute: settled("split", 6_999), stages: firstApproved() },
    ];
    for (const state of states) {
      const story = orderMoneyStory(facts({ priceAmount: 10_000, ...state }), { status: "COMPLETED" });
      expect(story.paidAmount).toBe((story.refund?.amount ?? 0) + story.keptAmount + story.heldAmount);
      expect(story.keptAmount).toBe(story.kept.reduce((sum, part) => sum + part.amount, 0));
      if (story.creator.final) expect(story.creator.amount).toBe(story.keptAmount);
      expect(story.creator.payoutAmount).toBe(story.creator.amount - story.creator.feeAmount);
      expect(story.creator.salesAmount).toBe(story.creator.feeAmount + story.creator.incomeAmount);
    }
  });
});
