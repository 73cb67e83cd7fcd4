// The money model's deposit orders (issue 63, decision 100; tests/worker/orders/order-money-model.test.ts): what a
// deposit order's state must say after every step of a program, what its payment transactions must be once it settles,
// and what its creator may have been sent. Pure reads of the order's state: the model file drives the order.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { sellerTransferAmount } from "#worker/domain/money";
import { dueAmount, partsOf, restDue, type DepositTerms } from "#worker/orders/domain/order-parts";
import type { OrderState } from "#worker/orders/domain/order-types";
import { stageTransferAmount } from "#worker/orders/domain/order-stages";
import { confirmSetup, enterCard, platform } from "./payments-helpers";

/**
 * What must hold of a deposit order's state after every step, whatever raced: the terms are the approval's and never
 * change; each paid part is exactly its amount; the open payment charges exactly what is due; the rest is paid before
 * the order completes; a deposit is kept only by a canceled order under kept terms, and only whole.
 */
export function expectDepositStateHolds(state: OrderState, terms: DepositTerms, at: string) {
  expect(state.deposit, `${at}: the terms are the approval's`).toEqual(terms);
  const parts = partsOf(state)!;
  if (state.paidPayment) expect(state.paidPayment.amount, `${at}: the deposit paid`).toBe(parts.deposit);
  if (state.paidRest) {
    expect(state.paidRest.amount, `${at}: the rest paid`).toBe(parts.rest);
    expect(state.paidPayment, `${at}: the rest follows the deposit`).not.toBeNull();
    expect(["DELIVERED", "COMPLETED", "CANCELED"], `${at}: a rest paid before delivery`).toContain(state.progress);
  }
  if (state.openPayment)
    expect(state.openPayment.amount, `${at}: the open payment charges what is due`).toBe(dueAmount(state));
  if (state.progress === "COMPLETED") expect(state.paidRest, `${at}: completed with the rest unpaid`).not.toBeNull();
  // A canceled order keeps the last failure it had (the rest then ended unpaid); a paid rest clears it.
  if (state.partFailure)
    expect(restDue(state) || state.progress === "CANCELED", `${at}: a rest failure on a rest not due`).toBe(true);
  if (state.progress === "DELIVERED" && !state.paidRest)
    expect(state.completionDeadline, `${at}: a completion clock while the rest is due`).toBeNull();
  const kept = state.keptDeposit ?? 0;
  if (kept > 0) {
    expect([state.progress, terms.refundable], `${at}: a deposit kept`).toEqual(["CANCELED", false]);
    expect(kept, `${at}: the deposit kept whole`).toBe(parts.deposit);
    expect(state.paidRest ?? null, `${at}: a deposit kept after the rest was paid`).toBeNull();
  }
}

/**
 * The transactions a settled deposit order keeps (decision 100): each part's charge COMPLETED while the order keeps it
 * (the deposit paid, the rest once paid; after a cancel only a deposit kept by its terms), none partly refunded (a part
 * is kept whole or refunded whole), sorted by amount.
 */
export function depositTransactionsExpected(state: OrderState): { completed: number[]; partlyRefunded: number[] } {
  const parts = partsOf(state)!;
  if (state.payment !== "COMPLETED") return { completed: [], partlyRefunded: [] };
  const completed =
    state.progress === "CANCELED"
      ? (state.keptDeposit ?? 0) > 0
        ? [parts.deposit]
        : []
      : [parts.deposit, ...(state.paidRest ? [parts.rest] : [])];
  return { completed: completed.sort((a, b) => a - b), partlyRefunded: [] };
}

/**
 * What the creator of a settled deposit order was sent, in the order's currency: a completed order's two payouts (the
 * deposit's share and the rest's, the fee taken once, so together one payout of the total), a kept deposit less its
 * fee, else nothing. Null when the payout of a completion still waits for the client's week (decision 092).
 */
export function depositSharesSent(state: OrderState, feeNumerators: readonly number[]): number[] {
  if (state.progress === "COMPLETED")
    return state.payoutHeldUntil == null ? [sellerTransferAmount(state.priceAmount ?? 0, feeNumerators)] : [];
  const kept = state.keptDeposit ?? 0;
  return state.progress === "CANCELED" && kept > 0 ? [stageTransferAmount(kept, feeNumerators)] : [];
}

/**
 * A card of the client's own for one run, which pays (4242) until the bank starts refusing it
 * (`declineLaterCharges`): a deposit paid with it sees its rest's off-session charge declined. Its own, because the
 * emulator's switch stays on for good and the world's cards are shared by every run.
 */
export async function cardThatDeclinesLater(buyerCookie: string) {
  const { setup } = await enterCard(buyerCookie, "4242424242424242");
  expect((await confirmSetup(buyerCookie, setup.intentId)).status).toBe(200);
  const { payment_method } = await platform().setupIntents.retrieve(setup.intentId);
  const stripeMethodId = typeof payment_method === "string" ? payment_method : payment_method!.id;
  const row = await env.DB.prepare("SELECT id FROM payment_account_methods WHERE stripe_method_id = ?")
    .bind(stripeMethodId)
    .first<{ id: string }>();
  return { accountMethodId: row!.id, stripeMethodId };
}

/** The bank refuses every later charge on the card (the emulator's test-only switch: 402 card_declined). */
export async function declineLaterCharges(stripeMethodId: string) {
  const response = await fetch(
    `http://${env.STRIPE_API_HOST}:${env.STRIPE_API_PORT}/_emulator/payment_methods/${stripeMethodId}/decline_charges`,
    { method: "POST" },
  );
  expect(response.status).toBe(200);
}
