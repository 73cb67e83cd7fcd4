// Disputes as rows of the order process (issue 49, decision 088): who may open and answer one, what it freezes, and what
// each settlement does to the order and its money, on the ¥10,000 order of order-test-states.ts.
import { describe, expect, it } from "vitest";
import { amountAtStake, parseSettlement, type DisputeSettlement, type OrderDispute } from "./disputes";
import { decide, openTransition, pendingDeadline } from "./order";
import type { OrderState } from "./order-types";
import { cancelRefund, moneyDisagreements, type OrderLedger } from "./order-money";
import { stagesOfPlan, stageTransferAmount } from "./order-stages";
import { DAY, delivered, OPEN, paid, T0 } from "./order-test-states";

const opened = (openedBy: "seller" | "buyer", more: Partial<OrderDispute> = {}): OrderDispute => ({
  openedBy,
  reason: "not_as_agreed",
  openedAt: T0 + DAY,
  answeredAt: null,
  settledAt: null,
  outcome: null,
  awardedAmount: 0,
  ...more,
});
const settle = (o: OrderState, settlement: DisputeSettlement, now = T0 + 2 * DAY) =>
  decide(o, { type: "settleDispute", settlement }, "system", now);
const nextOf = (decision: ReturnType<typeof decide>) => {
  if (!decision.ok || !decision.changed) throw new Error(`not a change: ${JSON.stringify(decision)}`);
  return decision;
};
/** Three stages of 30/30/40 %, the first approved: ¥3,000 already the creator's, ¥7,000 at stake. */
const staged = () => {
  const [first, ...rest] = stagesOfPlan([
    { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
    { title: "Colours", sharePercent: 30, includedRevisions: 1 },
    { title: "Final", sharePercent: 40, includedRevisions: 0 },
  ]);
  return [{ ...first!, status: "APPROVED" as const, approvedAt: T0, approvedBy: "buyer" as const }, ...rest];
};

describe("opening and answering a dispute", () => {
  it("either party opens one on a paid order before it ends; the client within 7 days of delivery", () => {
    for (const side of ["buyer", "seller"] as const) {
      const decision = nextOf(decide(paid(), { type: "openDispute", reason: "quality" }, side, T0 + DAY));
      expect(decision.event).toBe("DISPUTE_OPENED");
      expect(decision.next.dispute).toMatchObject({ openedBy: side, reason: "quality", openedAt: T0 + DAY });
      expect(decision.next.progress).toBe("APPROVED");
    }
    // Delivered at T0: the client may until T0 + 7 days, not after; the creator still may.
    expect(decide(delivered(), { type: "openDispute", reason: "quality" }, "buyer", T0 + 7 * DAY).ok).toBe(true);
    expect(decide(delivered(), { type: "openDispute", reason: "quality" }, "buyer", T0 + 7 * DAY + 1)).toEqual({
      ok: false,
      refusal: "dispute_window_closed",
    });
    expect(decide(delivered(), { type: "openDispute", reason: "quality" }, "seller", T0 + 8 * DAY).ok).toBe(true);
  });

  it("is refused on an unpaid, ended or already disputed order", () => {
    const unpaid = paid({ payment: "DRAFT", paidPayment: null });
    expect(decide(unpaid, { type: "openDispute", reason: "other" }, "buyer", T0)).toEqual({
      ok: false,
      refusal: "wrong_state",
    });
    expect(decide(paid({ progress: "COMPLETED" }), { type: "openDispute", reason: "other" }, "seller", T0).ok).toBe(
      false,
    );
    expect(decide(paid({ dispute: opened("buyer") }), { type: "openDispute", reason: "other" }, "seller", T0)).toEqual({
      ok: false,
      refusal: "order_disputed",
    });
    expect(decide(paid(), { type: "openDispute", reason: "other" }, "system", T0)).toEqual({
      ok: false,
      refusal: "not_a_party",
    });
  });

  it("is answered once, by the other party only", () => {
    const o = paid({ dispute: opened("buyer") });
    expect(decide(o, { type: "answerDispute" }, "buyer", T0 + DAY)).toEqual({
      ok: false,
      refusal: "dispute_not_answerable",
    });
    const answered = nextOf(decide(o, { type: "answerDispute" }, "seller", T0 + 2 * DAY));
    expect(answered.event).toBe("DISPUTE_ANSWERED");
    expect(answered.next.dispute?.answeredAt).toBe(T0 + 2 * DAY);
    expect(decide(answered.next, { type: "answerDispute" }, "seller", T0 + 3 * DAY)).toEqual({
      ok: false,
      refusal: "dispute_not_answerable",
    });
    expect(decide(paid(), { type: "answerDispute" }, "seller", T0)).toEqual({ ok: false, refusal: "not_disputed" });
  });
});

describe("an open dispute freezes the order", () => {
  it("stops every clock: no deadline is pending and a late alarm changes nothing", () => {
    const inReview = staged().map((s, i) =>
      i === 1 ? { ...s, status: "IN_REVIEW" as const, reviewDeadline: T0 + DAY } : s,
    );
    for (const o of [delivered(), paid({ stages: inReview })]) {
      expect(pendingDeadline(o)).not.toBeNull();
      const disputed = { ...o, dispute: opened("buyer") };
      expect(pendingDeadline(disputed)).toBeNull();
      expect(decide(disputed, { type: "deadlinePassed" }, "system", T0 + 90 * DAY)).toEqual({
        ok: true,
        changed: false,
      });
    }
  });

  it("holds back the parties' moves, refused with its reason and not offered on the page", () => {
    const o = delivered({ dispute: opened("seller") });
    expect(decide(o, { type: "complete" }, "seller", T0)).toEqual({ ok: false, refusal: "order_disputed" });
    const late = paid({ deliveryDeadline: T0, dispute: opened("buyer") });
    expect(decide(late, { type: "cancel" }, "buyer", T0 + DAY)).toEqual({ ok: false, refusal: "order_disputed" });
    expect(decide(late, { type: "cancel" }, "seller", T0 + DAY)).toEqual({ ok: false, refusal: "order_disputed" });
    expect(openTransition("complete", o, T0).shown).toBe(false);
    expect(openTransition("cancelBySeller", late, T0).shown).toBe(false);
    // Adding a file stays open (it may be evidence); the admin's cancel still ends the order.
    expect(decide(o, { type: "addDeliverable" }, "seller", T0).ok).toBe(true);
    // The admin's cancel ends the dispute with the order, as the refund it is: no canceled order stays in the queue.
    expect(decide(o, { type: "adminCancel" }, "system", T0)).toMatchObject({
      ok: true,
      next: { progress: "CANCELED", dispute: { settledAt: T0, outcome: "refund", awardedAmount: 0 } },
    });
  });
});

describe("an admin's settlement", () => {
  it("refund: everything at stake goes back, approved stages' shares stay with the creator", () => {
    const plain = nextOf(settle(paid({ dispute: opened("buyer") }), { outcome: "refund" }));
    expect(plain.event).toBe("DISPUTE_SETTLED");
    expect(plain.next).toMatchObject({ progress: "CANCELED", chat: "CLOSED" });
    expect(plain.next.dispute).toMatchObject({ outcome: "refund", settledAt: T0 + 2 * DAY, awardedAmount: 0 });
    expect(plain.releases).toEqual([{ payment: OPEN, reason: "order_canceled" }]);
    const stagedOrder = nextOf(settle(paid({ stages: staged(), dispute: opened("buyer") }), { outcome: "refund" }));
    expect(stagedOrder.releases).toEqual([{ payment: OPEN, reason: "order_canceled", refundAmount: 7_000 }]);
  });

  it("release: the order completes, every stage left approved, nothing given back", () => {
    const decision = nextOf(settle(delivered({ stages: staged(), dispute: opened("buyer") }), { outcome: "release" }));
    expect(decision.next.progress).toBe("COMPLETED");
    expect(decision.next.stages.every((s) => s.status === "APPROVED")).toBe(true);
    expect(decision.next.stages.slice(1).every((s) => s.approvedBy === "system")).toBe(true);
    expect(decision.releases).toBeUndefined();
  });

  it("split: the refund back to the client, the rest of the stake kept by the creator", () => {
    const decision = nextOf(
      settle(paid({ stages: staged(), dispute: opened("seller") }), { outcome: "split", refundAmount: 4_000 }),
    );
    expect(decision.next.progress).toBe("CANCELED");
    expect(decision.next.dispute).toMatchObject({ outcome: "split", awardedAmount: 3_000 });
    expect(decision.releases).toEqual([{ payment: OPEN, reason: "order_canceled", refundAmount: 4_000 }]);
    // What the order's pages and the chat read of it: ¥4,000 back, ¥3,000 + ¥3,000 kept.
    expect(cancelRefund(decision.next)).toEqual({ kind: "partial", amount: 4_000, keptAmount: 6_000 });
  });

  it("reopen: the dispute closes, the money stays, and the state's deadline is the days away", () => {
    const now = T0 + 3 * DAY;
    const reopened = nextOf(settle(delivered({ dispute: opened("buyer") }), { outcome: "reopen", days: 5 }, now));
    expect(reopened.next.progress).toBe("DELIVERED");
    expect(reopened.next.completionDeadline).toBe(now + 5 * DAY);
    expect(pendingDeadline(reopened.next)).toBe(now + 5 * DAY);
    expect(reopened.releases).toBeUndefined();
    const paidReopened = nextOf(settle(paid({ dispute: opened("buyer") }), { outcome: "reopen", days: 10 }, now));
    expect(paidReopened.next.deliveryDeadline).toBe(now + 10 * DAY);
    // A reopened order may be disputed again.
    expect(decide(paidReopened.next, { type: "openDispute", reason: "other" }, "buyer", now).ok).toBe(true);
  });

  it("is the system's (an admin's) alone, once, and only of an open dispute", () => {
    const o = paid({ dispute: opened("buyer") });
    for (const side of ["buyer", "seller"] as const)
      expect(decide(o, { type: "settleDispute", settlement: { outcome: "release" } }, side, T0).ok).toBe(false);
    const settled = nextOf(settle(o, { outcome: "reopen", days: 3 })).next;
    expect(settle(settled, { outcome: "refund" })).toEqual({ ok: false, refusal: "not_disputed" });
    expect(settle(paid(), { outcome: "release" })).toEqual({ ok: false, refusal: "not_disputed" });
  });

  it("a settlement's input is checked against what is at stake", () => {
    const stake = amountAtStake(10_000, 10_000, staged());
    expect(stake).toBe(7_000);
    expect(parseSettlement({ outcome: "split", refundAmount: 6_999 }, stake).ok).toBe(true);
    for (const refundAmount of [0, 7_000, -1, 1.5, "100", null])
      expect(parseSettlement({ outcome: "split", refundAmount }, stake)).toEqual({
        ok: false,
        error: "refund_amount_invalid",
      });
    for (const days of [0, 61, 2.5, "3"])
      expect(parseSettlement({ outcome: "reopen", days }, stake)).toEqual({ ok: false, error: "days_invalid" });
    expect(parseSettlement({ outcome: "cancel" }, stake)).toEqual({ ok: false, error: "outcome_invalid" });
  });
});

describe("the money a split leaves", () => {
  const ledger = (over: Partial<OrderLedger>): OrderLedger => ({
    progress: "CANCELED",
    payment: "COMPLETED",
    priceAmount: 10_000,
    currency: "JPY",
    captured: 10_000,
    refunded: 4_000,
    chargeCurrencies: ["JPY"],
    transferred: 0,
    transferCurrency: null,
    settled: null,
    feeAmount: 1_000,
    stages: [],
    feeNumerators: [1_000],
    awardedAmount: 6_000,
    ...over,
  });

  it("agrees when the refund is the split's and the transfer the award less its fee", () => {
    // ¥6,000 awarded sends ¥6,000 less the fee on it, by the payout's own rule.
    const award = stageTransferAmount(6_000, [1_000]);
    expect(award).toBeLessThan(6_000);
    expect(moneyDisagreements(ledger({ transferred: award, transferCurrency: "JPY" }))).toEqual([]);
    expect(moneyDisagreements(ledger({ transferred: award + 1, transferCurrency: "JPY" }))).toEqual([
      { kind: "over_transferred", transferred: award + 1, allowed: award },
    ]);
    expect(moneyDisagreements(ledger({ refunded: 10_000 }))).toEqual([
      { kind: "net_mismatch", expected: 6_000, actual: 0 },
    ]);
  });
});
