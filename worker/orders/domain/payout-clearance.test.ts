// Decision 092 (issue 59): a creator who completes right after delivering does not close the client's week to dispute
// the work; the payout waits for that week, and a dispute opened within it can still give the money back.
import { describe, expect, it } from "vitest";
import { decide, pendingDeadline } from "./order";
import type { OrderState } from "./order-types";
import { DISPUTE_AFTER_DELIVERY_MS, settlementOutcomesFor, type OrderDispute } from "./disputes";
import { moneyDisagreements, type OrderLedger } from "./order-money";
import { stagesOfPlan } from "./order-stages";
import { completed, DAY, delivered, T0 } from "./order-test-states";

const CLOSES = T0 + DISPUTE_AFTER_DELIVERY_MS;
const opened: OrderDispute = {
  openedBy: "buyer",
  reason: "not_as_agreed",
  openedAt: T0 + DAY,
  answeredAt: null,
  settledAt: null,
  outcome: null,
  awardedAmount: 0,
};
const held = (o: Partial<OrderState> = {}) => completed({ completedAt: T0 + 257, payoutHeldUntil: CLOSES, ...o });

function accepted(o: OrderState, ...args: Parameters<typeof decide> extends [unknown, ...infer R] ? R : never) {
  const decision = decide(o, ...args);
  if (!decision.ok || !decision.changed) throw new Error(`refused or unchanged: ${JSON.stringify(decision)}`);
  return decision;
}

describe("the client's week to dispute the work survives a quick completion (decision 092)", () => {
  it("a completion 257 ms after delivery holds the payout until a week after delivery", () => {
    const { next, event } = accepted(delivered(), { type: "complete" }, "seller", T0 + 257);
    expect(event).toBe("COMPLETED");
    expect(next).toMatchObject({ progress: "COMPLETED", completedAt: T0 + 257, payoutHeldUntil: CLOSES });
  });

  it("the client may still open a dispute on that completed order, and the creator's moves and the clearing wait", () => {
    const { next, event } = accepted(held(), { type: "openDispute", reason: "not_as_agreed" }, "buyer", T0 + DAY);
    expect(event).toBe("DISPUTE_OPENED");
    expect(next.progress).toBe("COMPLETED");
    // The clock stops: no alarm waits on the clearing, and a deadline passing clears nothing.
    expect(pendingDeadline(next)).toBeNull();
    expect(decide(next, { type: "deadlinePassed" }, "system", CLOSES + DAY)).toEqual({ ok: true, changed: false });
  });

  it("the creator cannot open a dispute on their own completed order", () => {
    expect(decide(held(), { type: "openDispute", reason: "other" }, "seller", T0 + DAY)).toEqual({
      ok: false,
      refusal: "wrong_state",
    });
  });

  it("the week over, the alarm clears the payout once, and the window is closed from then on", () => {
    expect(pendingDeadline(held())).toBe(CLOSES);
    expect(decide(held(), { type: "deadlinePassed" }, "system", CLOSES - 1)).toEqual({ ok: true, changed: false });
    const { next, event } = accepted(held(), { type: "deadlinePassed" }, "system", CLOSES);
    expect(event).toBe("PAYOUT_CLEARED");
    expect(next.payoutHeldUntil).toBeNull();
    expect(pendingDeadline(next)).toBeNull();
    expect(decide(next, { type: "deadlinePassed" }, "system", CLOSES + 1)).toEqual({ ok: true, changed: false });
    expect(decide(next, { type: "openDispute", reason: "quality" }, "buyer", CLOSES + 1)).toEqual({
      ok: false,
      refusal: "dispute_window_closed",
    });
  });

  it("an alarm that rings late does not reopen the window: past the week the client is refused", () => {
    expect(decide(held(), { type: "openDispute", reason: "quality" }, "buyer", CLOSES + 1)).toEqual({
      ok: false,
      refusal: "dispute_window_closed",
    });
  });

  it("a completion at the deadline, or once the week is over, holds nothing", () => {
    const { next } = accepted(delivered(), { type: "deadlinePassed" }, "system", CLOSES);
    expect(next).toMatchObject({ progress: "COMPLETED", payoutHeldUntil: null });
    expect(accepted(delivered(), { type: "complete" }, "seller", CLOSES + 1).next.payoutHeldUntil).toBeNull();
  });

  it("a staged order's completion holds nothing: every share went with its approved stage", () => {
    const stages = stagesOfPlan([{ title: "All", sharePercent: 100, includedRevisions: 0 }]).map((s) => ({
      ...s,
      status: "APPROVED" as const,
      approvedAt: T0,
      approvedBy: "buyer" as const,
    }));
    expect(accepted(delivered({ stages }), { type: "complete" }, "seller", T0 + 1).next.payoutHeldUntil).toBeNull();
  });

  it("settled as a refund, the completed order is canceled and its whole total goes back; nothing is held", () => {
    const o = held({ dispute: opened });
    const settlement = { type: "settleDispute" as const, settlement: { outcome: "refund" as const } };
    const { next, releases: [release] = [] } = accepted(o, settlement, "system", T0 + 2 * DAY);
    expect(next).toMatchObject({ progress: "CANCELED", payoutHeldUntil: null });
    expect(release).toMatchObject({ payment: o.paidPayment, reason: "order_canceled" });
    expect(release?.refundAmount).toBeUndefined();
  });

  it("settled as a split, the refund is the admin's amount and the rest is the creator's award", () => {
    const settlement = {
      type: "settleDispute" as const,
      settlement: { outcome: "split" as const, refundAmount: 3_600 },
    };
    const { next, releases: [release] = [] } = accepted(held({ dispute: opened }), settlement, "system", T0 + 2 * DAY);
    expect(next).toMatchObject({ progress: "CANCELED", payoutHeldUntil: null, dispute: { awardedAmount: 6_400 } });
    expect(release).toMatchObject({ refundAmount: 3_600 });
  });

  it("settled as a release, the payout clears at once and the completion keeps its time", () => {
    const settlement = { type: "settleDispute" as const, settlement: { outcome: "release" as const } };
    const { next, event } = accepted(held({ dispute: opened }), settlement, "system", T0 + 2 * DAY);
    expect(event).toBe("DISPUTE_SETTLED");
    expect(next).toMatchObject({ progress: "COMPLETED", completedAt: T0 + 257, payoutHeldUntil: null });
  });

  it("a completed order's dispute is never settled by reopening it", () => {
    const settlement = { type: "settleDispute" as const, settlement: { outcome: "reopen" as const, days: 5 } };
    expect(decide(held({ dispute: opened }), settlement, "system", T0 + 2 * DAY)).toEqual({
      ok: false,
      refusal: "not_reopenable",
    });
  });
});

describe("what the money may hold while the client can still take it back (decision 092)", () => {
  /** A completed ¥10,000 order, paid and not refunded: fee ¥853, share ¥9,147. */
  const ledger: OrderLedger = {
    progress: "COMPLETED",
    payment: "COMPLETED",
    priceAmount: 10_000,
    currency: "JPY",
    captured: 10_000,
    refunded: 0,
    chargeCurrencies: ["JPY"],
    transferred: 9_147,
    transferCurrency: "JPY",
    settled: { amount: 10_000, currency: "JPY" },
    feeAmount: 853,
    stages: [],
    feeNumerators: [853],
  };

  it("the share sent once the week has passed agrees; sent while it is held or disputed, it is reported", () => {
    expect(moneyDisagreements(ledger)).toEqual([]);
    expect(moneyDisagreements({ ...ledger, reachable: true })).toEqual([
      { kind: "transferred_while_reachable", transferred: 9_147, allowed: 0 },
    ]);
    expect(moneyDisagreements({ ...ledger, reachable: true, transferred: 0, transferCurrency: null })).toEqual([]);
  });

  it("the desk offers a completed order's dispute every outcome but a reopen", () => {
    expect(settlementOutcomesFor("COMPLETED")).toEqual(["refund", "release", "split"]);
    expect(settlementOutcomesFor("DELIVERED")).toEqual(["refund", "release", "split", "reopen"]);
  });
});
