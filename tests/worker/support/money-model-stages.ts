// The money model's orders paid stage by stage (issue 63, decision 101; tests/worker/orders/order-money-model.test.ts):
// what such an order's state must say after every step of a program, and what its payment transactions must be once it
// settles. Pure reads of the order's state: the model file drives the order.
import { expect } from "vitest";
import { awardedAmount } from "#worker/orders/domain/disputes";
import { dueAmount, paysByStage, stageDue } from "#worker/orders/domain/order-parts";
import { stageAmounts } from "#worker/orders/domain/order-stages";
import type { OrderState } from "#worker/orders/domain/order-types";

/**
 * What must hold of an order paid stage by stage after every step, whatever raced: it stays paid stage by stage; each
 * stage's charge is exactly its part, the first one the order's payment; a later stage is paid only once the one
 * before it is approved; a stage's work is shown only once its part is paid; the open payment charges exactly what is
 * due; a payment deadline and a failure only while a part is due (or after, on a canceled order).
 */
export function expectByStageStateHolds(state: OrderState, at: string) {
  expect(paysByStage(state), `${at}: paid stage by stage`).toBe(true);
  expect(state.deposit ?? null, `${at}: no deposit`).toBeNull();
  const amounts = stageAmounts(state.priceAmount ?? 0, state.stages);
  state.stages.forEach((stage, i) => {
    if (stage.payment) {
      expect(stage.payment.amount, `${at}: stage ${i + 1}'s part`).toBe(amounts[i]);
      if (i > 0) expect(state.stages[i - 1]!.status, `${at}: stage ${i + 1} paid early`).toBe("APPROVED");
    }
    if (stage.status === "IN_REVIEW") expect(stage.payment, `${at}: stage ${i + 1} shown unpaid`).toBeTruthy();
  });
  const first = state.stages[0]!.payment;
  if (state.payment === "COMPLETED")
    expect(first, `${at}: the first stage's charge is the payment`).toEqual(state.paidPayment);
  else
    expect(
      state.stages.every((s) => !s.payment),
      `${at}: a stage paid on an unpaid order`,
    ).toBe(true);
  if (state.openPayment)
    expect(state.openPayment.amount, `${at}: the open payment charges what is due`).toBe(dueAmount(state));
  const due = stageDue(state) !== null;
  if (state.partFailure) expect(due || state.progress === "CANCELED", `${at}: a failure with no part due`).toBe(true);
  if (state.progress === "APPROVED" && state.payment === "COMPLETED" && !due)
    expect(state.paymentDeadline, `${at}: a payment deadline with nothing due`).toBeNull();
}

/**
 * The transactions a settled order paid stage by stage keeps: one per stage paid, each COMPLETED while the order keeps
 * it. A canceled one keeps its paid approved stages and a dispute's award, and gives back the rest from the last paid
 * part: each part refunded whole, partly (the one the kept amount ends in), or not at all. Sorted by amount.
 */
export function byStageTransactionsExpected(state: OrderState): { completed: number[]; partlyRefunded: number[][] } {
  const amounts = stageAmounts(state.priceAmount ?? 0, state.stages);
  const paid = state.stages.flatMap((stage, i) => (stage.payment ? [amounts[i]!] : []));
  if (state.progress !== "CANCELED") return { completed: [...paid].sort((a, b) => a - b), partlyRefunded: [] };
  const keptStages = state.stages.reduce(
    (sum, stage, i) => (stage.status === "APPROVED" && stage.payment ? sum + amounts[i]! : sum),
    0,
  );
  let left = paid.reduce((sum, part) => sum + part, 0) - keptStages - awardedAmount(state);
  const completed: number[] = [];
  const partlyRefunded: number[][] = [];
  for (const part of [...paid].reverse()) {
    const refunded = Math.min(Math.max(left, 0), part);
    left -= refunded;
    if (refunded === 0) completed.push(part);
    else if (refunded < part) partlyRefunded.push([part, refunded]);
  }
  return { completed: completed.sort((a, b) => a - b), partlyRefunded };
}
