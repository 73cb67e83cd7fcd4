// Paying stage by stage (issue 63, decision 101): a ¥10,000 plan of 30/30/40 charged one stage at a time, through
// `decide` and the process table: what is due, paid, refunded and kept at each step, in integer yen.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decide, pendingDeadline, type Decision } from "./order";
import { amountAtStake } from "./disputes";
import { cancelRefund } from "./order-money";
import { byStageFits, dueAmount, firstPartAmount, paidParts, paidTotal, paysByStage, stageDue } from "./order-parts";
import { DEADLINES } from "./order-process";
import { dueReminders } from "./order-reminders";
import { stageAmounts, stagesOfPlan } from "./order-stages";
import { stageMoney } from "./stage-money";
import type { OrderState, PaymentRef } from "./order-types";
import { DAY, T0, approved, order, paid } from "./order-test-states";

const PLAN = [
  { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
  { title: "Colour", sharePercent: 30, includedRevisions: 1 },
  { title: "Finish", sharePercent: 40, includedRevisions: 1 },
];
const part = (intentId: string, amount: number): PaymentRef => ({ intentId, amount, currency: "JPY" });
const FIRST = part("pi_stage_0", 3_000);
const SECOND = part("pi_stage_1", 3_000);
const LATER = T0 + DAY;

const accepted = (d: Decision) => {
  if (!d.ok || !d.changed) throw new Error(`expected a change, got ${JSON.stringify(d)}`);
  return d;
};
const refused = (d: Decision) => (d.ok ? null : d.refusal);

/** A pending order with the plan, as the client sent it. */
const pending = (o: Partial<OrderState> = {}) => order({ stages: stagesOfPlan(PLAN), ...o });
/** Approved stage by stage: every stage's own charge null. */
const approvedByStage = () => accepted(decide(pending(), { type: "approve", byStage: true }, "seller", T0)).next;
/** The first stage's part paid with its intent open before. */
const firstPaid = () => {
  const started = accepted(decide(approvedByStage(), { type: "startPayment", payment: FIRST }, "buyer", T0)).next;
  return accepted(decide(started, { type: "markPaid", payment: FIRST }, "system", T0)).next;
};
/** The first stage previewed and approved at LATER: the second stage's part falls due. */
const secondDue = () => {
  const previewed = accepted(decide(firstPaid(), { type: "submitPreview", stage: 0 }, "seller", T0)).next;
  return accepted(decide(previewed, { type: "approveStage", stage: 0 }, "buyer", LATER)).next;
};
/** The second stage's part charged off-session: its intent is the open payment. */
const secondCharging = () =>
  accepted(decide(secondDue(), { type: "chargePart", payment: SECOND }, "system", LATER)).next;
const secondPaid = () =>
  accepted(decide(secondCharging(), { type: "markPaid", payment: SECOND }, "system", LATER)).next;

describe("the approval asks for stage by stage", () => {
  it("marks every stage's own charge unpaid, and the first part is the first stage's share", () => {
    const o = approvedByStage();
    expect(paysByStage(o)).toBe(true);
    expect(o.stages.map((s) => s.payment)).toEqual([null, null, null]);
    expect(firstPartAmount(o)).toBe(3_000);
    expect(dueAmount(o)).toBe(3_000);
    // A plan paid at once (every order before) has no own charges.
    expect(paysByStage(accepted(decide(pending(), { type: "approve" }, "seller", T0)).next)).toBe(false);
  });

  it("is refused without two stages, beside a deposit, or when a stage is under one charge (¥50)", () => {
    const byStage = { type: "approve", byStage: true } as const;
    expect(refused(decide(order(), byStage, "seller", T0))).toBe("by_stage_invalid");
    expect(
      refused(decide(pending({ stages: stagesOfPlan([{ ...PLAN[0]!, sharePercent: 100 }]) }), byStage, "seller", T0)),
    ).toBe("by_stage_invalid");
    expect(refused(decide(pending(), { ...byStage, deposit: { percent: 30, refundable: true } }, "seller", T0))).toBe(
      "by_stage_invalid",
    );
    // ¥150 in 30/30/40 is ¥45, ¥45, ¥60: two stages Stripe could not charge.
    expect(byStageFits(150, stagesOfPlan(PLAN))).toBe(false);
    expect(refused(decide(pending({ priceAmount: 150 }), byStage, "seller", T0))).toBe("by_stage_invalid");
    expect(byStageFits(167, stagesOfPlan(PLAN))).toBe(true);
  });
});

describe("each stage's part", () => {
  it("the first is paid as any order is: the whole total is not what is due", () => {
    const whole = part("pi_whole", 10_000);
    expect(refused(decide(approvedByStage(), { type: "startPayment", payment: whole }, "buyer", T0))).toBe(
      "price_invalid",
    );
    const o = firstPaid();
    expect(o.stages[0]!.payment).toEqual(FIRST);
    expect(o.paidPayment).toEqual(FIRST);
    expect(paidTotal(o)).toBe(3_000);
    // Nothing is due until the next stage is reached: no payment deadline, no reminder, no alarm for it.
    expect(o.paymentDeadline).toBeNull();
    expect(dueAmount(o)).toBeNull();
  });

  it("the next falls due when the stage before it is approved, with a week to pay, and its preview waits", () => {
    const o = secondDue();
    expect(stageDue(o)).toBe(1);
    expect(dueAmount(o)).toBe(3_000);
    expect(o.paymentDeadline).toBe(LATER + DEADLINES.paymentMs);
    expect(pendingDeadline(o)).toBe(LATER + DEADLINES.paymentMs);
    expect(refused(decide(o, { type: "submitPreview", stage: 1 }, "seller", LATER))).toBe("stage_unpaid");
    // A review deadline that approves the stage by itself makes the next part due the same way.
    const previewed = accepted(decide(firstPaid(), { type: "submitPreview", stage: 0 }, "seller", T0)).next;
    const auto = accepted(decide(previewed, { type: "deadlinePassed" }, "system", T0 + 8 * DAY)).next;
    expect(stageDue(auto)).toBe(1);
    expect(auto.paymentDeadline).toBe(T0 + 8 * DAY + DEADLINES.paymentMs);
  });

  it("is charged off-session as the open payment and taken once: the creator may then show the stage", () => {
    const charging = secondCharging();
    expect(charging.openPayment).toEqual(SECOND);
    expect(accepted(decide(secondDue(), { type: "chargePart", payment: SECOND }, "system", LATER)).event).toBe(
      "STAGE_CHARGED",
    );
    expect(refused(decide(secondDue(), { type: "chargePart", payment: part("pi_x", 4_000) }, "system", LATER))).toBe(
      "price_invalid",
    );
    const taken = accepted(decide(charging, { type: "markPaid", payment: SECOND }, "system", LATER));
    expect(taken).toMatchObject({ event: "STAGE_PAID", money: "takePayment" });
    const o = taken.next;
    expect(o.stages[1]!.payment).toEqual(SECOND);
    expect(o).toMatchObject({ openPayment: null, paymentDeadline: null, partFailure: null });
    expect(paidTotal(o)).toBe(6_000);
    expect(paidParts(o)).toEqual([FIRST, SECOND]);
    // The same success read again (the webhook after the page's check) changes nothing.
    expect(decide(o, { type: "markPaid", payment: SECOND }, "system", LATER)).toEqual({ ok: true, changed: false });
    expect(decide(o, { type: "submitPreview", stage: 1 }, "seller", LATER).ok).toBe(true);
  });

  it("a charge the bank refuses is paid by the client in the page, with the same intent", () => {
    const failed = accepted(
      decide(secondCharging(), { type: "partFailed", failure: "authentication_required" }, "system", LATER),
    );
    expect(failed.event).toBe("STAGE_PAYMENT_FAILED");
    expect(failed.next.partFailure).toBe("authentication_required");
    expect(decide(failed.next, { type: "startPayment", payment: SECOND }, "buyer", LATER)).toEqual({
      ok: true,
      changed: false,
    });
    // Once paid, nothing more is due: the client cannot start a payment.
    expect(refused(decide(secondPaid(), { type: "startPayment", payment: part("pi_y", 4_000) }, "buyer", LATER))).toBe(
      "already_paid",
    );
  });
});

describe("ending an order paid stage by stage", () => {
  it("a part unpaid at its deadline ends the order: its intent voided, nothing refunded, the approved stage kept", () => {
    const o = secondCharging();
    expect(decide(o, { type: "deadlinePassed" }, "system", o.paymentDeadline! - 1)).toEqual({
      ok: true,
      changed: false,
    });
    const ended = accepted(decide(o, { type: "deadlinePassed" }, "system", o.paymentDeadline!));
    expect(ended.next.progress).toBe("CANCELED");
    expect(ended.releases).toEqual([{ payment: SECOND, reason: "order_canceled" }]);
    expect(cancelRefund(ended.next)).toEqual({ kind: "partial", amount: 0, keptAmount: 3_000 });
  });

  it("the client may stop at a due stage, and only there, before a late delivery", () => {
    const stopped = accepted(decide(secondDue(), { type: "cancel" }, "buyer", LATER));
    expect(stopped.next.progress).toBe("CANCELED");
    expect(stopped.releases).toBeUndefined();
    expect(refused(decide(secondPaid(), { type: "cancel" }, "buyer", LATER))).toBe("delivery_not_late");
  });

  it("a cancel during a paid stage refunds that stage's own charge, and no other", () => {
    const ended = accepted(decide(secondPaid(), { type: "cancel" }, "seller", LATER));
    expect(ended.releases).toEqual([{ payment: SECOND, reason: "order_canceled", refundAmount: 3_000 }]);
    // Before the first approval, the first stage's charge goes back whole.
    const early = accepted(decide(firstPaid(), { type: "cancel" }, "seller", T0));
    expect(early.releases).toEqual([{ payment: FIRST, reason: "order_canceled" }]);
  });

  it("an admin settles what the client paid less what approved stages released: the paid stage's part", () => {
    const o = secondPaid();
    expect(amountAtStake(paidTotal(o), o.priceAmount!, o.stages)).toBe(3_000);
    const due = secondDue();
    expect(amountAtStake(paidTotal(due), due.priceAmount!, due.stages)).toBe(0);
  });
});

describe("the histories' stages", () => {
  it("tell a stage whose part was never charged from one whose money was held or refunded", () => {
    const o = accepted(
      decide(secondCharging(), { type: "deadlinePassed" }, "system", LATER + DEADLINES.paymentMs),
    ).next;
    expect(stageMoney(o.priceAmount!, o.stages, [], "refunded").map((s) => s.state)).toEqual([
      "released",
      "unpaid",
      "unpaid",
    ]);
    expect(stageMoney(10_000, secondPaid().stages, [], "held").map((s) => s.state)).toEqual([
      "released",
      "held",
      "unpaid",
    ]);
  });
});

describe("the reminders of a paid order", () => {
  const reminders = (o: OrderState, now: number) => dueReminders(o, now).map((r) => r.kind);
  it("remind the client of a stage's part due, and never of a payment a plain paid order made", () => {
    const due = secondDue();
    expect(reminders(due, due.paymentDeadline! - DAY / 2)).toContain("payment");
    // A plain paid order still carries the payment deadline it met.
    const plain = paid({ paymentDeadline: T0 + DEADLINES.paymentMs });
    expect(reminders(plain, T0 + DEADLINES.paymentMs - DAY / 2)).not.toContain("payment");
    expect(reminders(approved(), T0 + DEADLINES.paymentMs - DAY / 2)).toContain("payment");
  });
});

describe("the parts always add up (property)", () => {
  it("for any total and plan: the stages' parts sum to the total, and paying each in turn pays it exactly", () => {
    const plan = fc
      .array(fc.integer({ min: 1, max: 60 }), { minLength: 2, maxLength: 5 })
      .filter((shares) => shares.reduce((a, b) => a + b, 0) < 100)
      .map((shares) => [...shares, 100 - shares.reduce((a, b) => a + b, 0)]);
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 5_000_000 }), plan, (total, shares) => {
        const stages = stagesOfPlan(
          shares.map((sharePercent, i) => ({ title: `S${i}`, sharePercent, includedRevisions: 0 })),
        );
        const amounts = stageAmounts(total, stages);
        expect(amounts.reduce((a, b) => a + b, 0)).toBe(total);
        if (!byStageFits(total, stages)) return;
        let o: OrderState = { ...paid({ priceAmount: total }), stages: stages.map((s) => ({ ...s, payment: null })) };
        const edit = (i: number, change: object) =>
          (o = { ...o, stages: o.stages.map((s, j) => (j === i ? { ...s, ...change } : s)) });
        for (let i = 0; i < stages.length; i++) {
          if (i > 0) {
            edit(i - 1, { status: "APPROVED" });
            expect(stageDue(o)).toBe(i);
            expect(dueAmount(o)).toBe(amounts[i]);
          }
          edit(i, { payment: part(`pi_${i}`, amounts[i]!) });
          expect(stageDue(o)).toBeNull();
          expect(paidTotal(o)).toBe(amounts.slice(0, i + 1).reduce((a, b) => a + b, 0));
        }
        expect(paidTotal(o)).toBe(total);
      }),
    );
  });
});
