import { describe, expect, it } from "vitest";
import { orderParts } from "./order-parts-display";
import { refundOnCancel } from "./order-refunds";
import { orderMoneyStory } from "./order-money-story";
import { stageTransferAmount } from "./order-stages";

const T0 = Date.UTC(2026, 10, 1);
const kept = { percent: 30, refundable: false };
const refundable = { percent: 30, refundable: true };
const restRef = { intentId: "pi_rest", amount: 7_000, currency: "JPY" };
const approved = {
  progress: "APPROVED" as const,
  payment: "DRAFT" as const,
  priceAmount: 10_000,
  deliveryDeadline: T0 + 100,
  stages: [],
  deposit: kept,
};
const paid = { ...approved, payment: "COMPLETED" as const };
const delivered = { ...paid, progress: "DELIVERED" as const };
const statuses = (o: Parameters<typeof orderParts>[0]) => orderParts(o)!.parts.map((p) => [p.part, p.amount, p.status]);

describe("a deposit order's parts", () => {
  it("are none for an order paid at once", () => {
    expect(orderParts({ ...paid, deposit: null })).toBeNull();
  });

  it("follow the order: the deposit due, then paid with the rest upcoming, due once delivered, then paid", () => {
    expect(statuses(approved)).toEqual([
      ["deposit", 3_000, "due"],
      ["rest", 7_000, "upcoming"],
    ]);
    expect(statuses(paid)).toEqual([
      ["deposit", 3_000, "paid"],
      ["rest", 7_000, "upcoming"],
    ]);
    expect(statuses(delivered)).toEqual([
      ["deposit", 3_000, "paid"],
      ["rest", 7_000, "due"],
    ]);
    expect(statuses({ ...delivered, paidRest: restRef, progress: "COMPLETED" })).toEqual([
      ["deposit", 3_000, "paid"],
      ["rest", 7_000, "paid"],
    ]);
  });

  it("once canceled: a kept deposit is kept, a refunded one refunded, a rest never paid unpaid", () => {
    const canceled = { ...paid, progress: "CANCELED" as const };
    expect(statuses({ ...canceled, keptDeposit: 3_000 })).toEqual([
      ["deposit", 3_000, "kept"],
      ["rest", 7_000, "unpaid"],
    ]);
    expect(statuses({ ...canceled, deposit: refundable })).toEqual([
      ["deposit", 3_000, "refunded"],
      ["rest", 7_000, "unpaid"],
    ]);
    expect(statuses({ ...canceled, paidRest: restRef })).toEqual([
      ["deposit", 3_000, "refunded"],
      ["rest", 7_000, "refunded"],
    ]);
  });
});

describe("what the client's cancel of a deposit order gives back (refundOnCancel, as the cancel will)", () => {
  it("keeps a deposit under kept terms with the creator, before the delivery is late", () => {
    expect(refundOnCancel(paid, "buyer", T0)).toEqual({
      allowed: true,
      refund: { kind: "partial", amount: 0, keptAmount: 3_000 },
    });
  });

  it("refunds it under refundable terms, once the delivery is late, and when the creator cancels", () => {
    const full = { allowed: true, refund: { kind: "full", amount: 3_000 } };
    expect(refundOnCancel({ ...paid, deposit: refundable }, "buyer", T0)).toEqual(full);
    expect(refundOnCancel(paid, "buyer", T0 + 101)).toEqual(full);
    expect(refundOnCancel(paid, "seller", T0)).toEqual(full);
  });

  it("is no cancel of the client's once delivered", () => {
    expect(refundOnCancel(delivered, "buyer", T0).allowed).toBe(false);
  });
});

describe("a deposit order's money story (orderMoneyStory)", () => {
  const story = (o: Parameters<typeof orderMoneyStory>[0]) => orderMoneyStory(o);
  const fees = { feeNumerators: [800] };

  it("tells what the client paid while the rest is due", () => {
    expect(story({ ...delivered, ...fees })).toMatchObject({ status: "paid", paidAmount: 3_000, heldAmount: 3_000 });
    expect(story({ ...delivered, paidRest: restRef, ...fees })).toMatchObject({ paidAmount: 10_000 });
  });

  it("reads a refunded deposit as refunded, and a kept one as paid with nothing going back", () => {
    const canceled = { ...paid, progress: "CANCELED" as const, ...fees };
    expect(story({ ...canceled, deposit: refundable })).toMatchObject({
      status: "refunded",
      paidAmount: 3_000,
      refund: { amount: 3_000 },
      keptAmount: 0,
    });
    expect(story({ ...canceled, keptDeposit: 3_000 })).toMatchObject({
      status: "paid",
      paidAmount: 3_000,
      refund: null,
      keptAmount: 3_000,
      creator: { amount: 3_000, payoutAmount: stageTransferAmount(3_000, [800]), final: true },
    });
    expect(story({ ...canceled, deposit: refundable }).creator.amount).toBe(0);
  });
});

describe("an order paid stage by stage: each stage's part", () => {
  const stage = (
    payment: { intentId: string; amount: number; currency: string } | null,
    approvedAt: number | null,
  ) => ({
    title: "Stage",
    sharePercent: 50,
    includedRevisions: 0,
    status: approvedAt === null ? ("PENDING" as const) : ("APPROVED" as const),
    extraRevisions: 0,
    revisionsUsed: 0,
    previewedAt: null,
    reviewDeadline: null,
    approvedAt,
    approvedBy: approvedAt === null ? null : ("buyer" as const),
    payment,
  });
  const first = { intentId: "pi_1", amount: 5_000, currency: "JPY" };
  const second = { intentId: "pi_2", amount: 5_000, currency: "JPY" };
  const byStage = { ...approved, deposit: null, stages: [stage(null, null), stage(null, null)] };
  const stageStatuses = (o: Parameters<typeof orderParts>[0]) =>
    orderParts(o)!.parts.map((p) => [p.part, p.amount, p.status]);

  it("are none for a plan paid at once (its stages carry no charge of their own)", () => {
    const { payment: _, ...atOnce } = stage(null, null);
    expect(orderParts({ ...paid, deposit: null, stages: [atOnce, atOnce] })).toBeNull();
  });

  it("follow the order: the first due, then paid with the second upcoming, due once the first is approved, then paid", () => {
    expect(orderParts(byStage)!.kind).toBe("byStage");
    expect(stageStatuses(byStage)).toEqual([
      ["stage-1", 5_000, "due"],
      ["stage-2", 5_000, "upcoming"],
    ]);
    const working = { ...byStage, payment: "COMPLETED" as const, stages: [stage(first, null), stage(null, null)] };
    expect(stageStatuses(working)).toEqual([
      ["stage-1", 5_000, "paid"],
      ["stage-2", 5_000, "upcoming"],
    ]);
    const reached = { ...working, stages: [stage(first, T0), stage(null, null)] };
    expect(stageStatuses(reached)).toEqual([
      ["stage-1", 5_000, "paid"],
      ["stage-2", 5_000, "due"],
    ]);
    expect(stageStatuses({ ...reached, stages: [stage(first, T0), stage(second, null)] })).toEqual([
      ["stage-1", 5_000, "paid"],
      ["stage-2", 5_000, "paid"],
    ]);
  });

  it("once canceled: an approved stage stays paid, a paid one not approved is refunded, one never reached unpaid", () => {
    const canceled = { ...byStage, payment: "COMPLETED" as const, progress: "CANCELED" as const };
    expect(stageStatuses({ ...canceled, stages: [stage(first, T0), stage(null, null)] })).toEqual([
      ["stage-1", 5_000, "paid"],
      ["stage-2", 5_000, "unpaid"],
    ]);
    expect(stageStatuses({ ...canceled, stages: [stage(first, T0), stage(second, null)] })).toEqual([
      ["stage-1", 5_000, "paid"],
      ["stage-2", 5_000, "refunded"],
    ]);
  });
});
