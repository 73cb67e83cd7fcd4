// A staged order's money in the histories (issue 36, decision 073): each stage's amount and fee by the one rule
// (stageAmounts, stageTransferAmount), the payout each approval released (creator_payouts by stage_index), and for a
// canceled staged order what went back and what the approved stages kept; the sales totals count only what was earned.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { freshUser } from "../support/auth-helpers";
import { db, signUp } from "../support/helpers";
import { commissionAccountByEmail, insertOrder } from "../support/order-fixtures";
import { splitTotal } from "#worker/domain/money";
import { stageAmounts, stagesOfPlan, stageTransferAmount, type OrderStage } from "#worker/orders/domain/order-stages";
import { listPayments, listSales } from "#worker/orders/services/order-history";

const NUMERATOR = 1000;
const PLAN = [
  { title: "Sketch", sharePercent: 30, includedRevisions: 1 },
  { title: "Line art", sharePercent: 30, includedRevisions: 0 },
  { title: "Colour", sharePercent: 40, includedRevisions: 0 },
];

async function party() {
  const user = freshUser();
  await signUp(user.handle, user.email);
  return commissionAccountByEmail(user.email);
}

/** A paid three-stage yen order of `total`, the first `approved` stages approved, each with its payout in `payouts`. */
async function stagedSale(options: {
  total: number;
  approved: number;
  payouts: ("HELD" | "TRANSFERRED")[];
  canceled?: { refunded: number };
  completed?: boolean;
}) {
  const [seller, buyer] = await Promise.all([party(), party()]);
  const { id, code } = await insertOrder({
    sellerId: seller.id,
    buyerId: buyer.id,
    priceAmount: options.total,
    approvalDeadline: Date.now() + 86_400_000,
  });
  const stages: OrderStage[] = stagesOfPlan(PLAN).map((s, i) =>
    i < options.approved ? { ...s, status: "APPROVED", approvedAt: Date.now(), approvedBy: "buyer" } : s,
  );
  const progress = options.canceled ? "CANCELED" : options.completed ? "COMPLETED" : "APPROVED";
  const status = options.canceled
    ? options.canceled.refunded === options.total
      ? "REFUNDED"
      : "PARTIALLY_REFUNDED"
    : "COMPLETED";
  const transactionId = crypto.randomUUID();
  const now = Date.now();
  const amounts = stageAmounts(options.total, stages);
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE commission_orders SET price_currency_id = (SELECT id FROM currencies WHERE code = 'JPY'), order_progress_status = ?, order_payment_status = 'COMPLETED', stages = ? WHERE id = ?",
    ).bind(progress, JSON.stringify(stages), id),
    env.DB.prepare(
      `INSERT INTO payment_transactions (id, order_id, buyer_id, transaction_status, idempotency_key, amount, refunded_amount, currency_id, paid_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT id FROM currencies WHERE code = 'JPY'), ?, ?, ?)`,
    ).bind(
      transactionId,
      id,
      buyer.id,
      status,
      `t-${transactionId}`,
      options.total,
      options.canceled?.refunded ?? 0,
      now,
      now,
      now,
    ),
    env.DB.prepare(
      "INSERT INTO payment_transaction_fees (id, transaction_id, fee_id, numerator_value, amount, created_at) SELECT ?, ?, id, ?, 0, ? FROM fees WHERE is_active = 1 LIMIT 1",
    ).bind(crypto.randomUUID(), transactionId, NUMERATOR, now),
    ...options.payouts.map((payoutStatus, stage) =>
      env.DB.prepare(
        `INSERT INTO creator_payouts (id, order_id, stage_index, transaction_id, seller_user_account_id, amount, currency_id, transfer_amount, transfer_currency, payout_status, idempotency_key, stripe_transfer_id, transferred_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, (SELECT id FROM currencies WHERE code = 'JPY'), ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        crypto.randomUUID(),
        id,
        stage,
        transactionId,
        seller.userAccountId,
        stageTransferAmount(amounts[stage]!, [NUMERATOR]),
        payoutStatus === "TRANSFERRED" ? stageTransferAmount(amounts[stage]!, [NUMERATOR]) : null,
        payoutStatus === "TRANSFERRED" ? "JPY" : null,
        payoutStatus,
        `payout-${id}-${stage}`,
        payoutStatus === "TRANSFERRED" ? `tr_${id}_${stage}` : null,
        payoutStatus === "TRANSFERRED" ? now : null,
        now,
        now,
      ),
    ),
  ]);
  return { code, seller, buyer };
}

const input = (userAccountId: string) => ({
  userAccountId,
  page: 1,
  locale: "en" as const,
  displayCurrencyCode: "JPY",
});

describe("a staged order in the histories", () => {
  it("canceled after the first stage: one row, each stage's money, the released payout, 70% refunded and 30% kept", async () => {
    const sale = await stagedSale({
      total: 10_001,
      approved: 1,
      payouts: ["TRANSFERRED"],
      canceled: { refunded: 7_001 },
    });
    const { items, totals } = await listSales(db(), input(sale.seller.userAccountId));
    expect(items).toHaveLength(1);
    const [entry] = items;
    expect(entry.refunded).toBe(true);
    const amounts = [3_000, 3_000, 4_001];
    expect(stageAmounts(10_001, PLAN)).toEqual(amounts);
    expect(entry.stages.map((s) => [s.title, s.amount, s.feeAmount, s.releaseAmount, s.state])).toEqual(
      amounts.map((amount, i) => [
        PLAN[i]!.title,
        amount,
        splitTotal(amount, [NUMERATOR]).feeAmount,
        stageTransferAmount(amount, [NUMERATOR]),
        i === 0 ? "released" : "refunded",
      ]),
    );
    expect(entry.stages[0]!.payout).toMatchObject({
      status: "TRANSFERRED",
      amount: stageTransferAmount(3_000, [NUMERATOR]),
      transferred: { amount: stageTransferAmount(3_000, [NUMERATOR]), currencyCode: "JPY" },
    });
    expect(entry.stages.slice(1).map((s) => s.payout)).toEqual([null, null]);
    // A stage payout is not the order's whole payout (the completion's, stage_index NULL).
    expect(entry.payout).toBeNull();
    expect(entry.money).toMatchObject({
      status: "partly_refunded",
      refund: { amount: 7_001, reason: "stages_not_approved", done: true },
      kept: [{ amount: 3_000, reason: "approved_stages" }],
    });
    // The totals count what the creator kept: the approved stage, split on its own, as one sale.
    expect(totals).toEqual([{ currencyCode: "JPY", count: 1, ...splitTotal(3_000, [NUMERATOR]) }]);

    const billing = await listPayments(db(), input(sale.buyer.userAccountId));
    expect(billing.items.map((i) => [i.code, i.money.refund?.amount, i.money.keptAmount])).toEqual([
      [sale.code, 7_001, 3_000],
    ]);
    expect(billing.items[0]!.stages.map((s) => s.state)).toEqual(["released", "refunded", "refunded"]);
  });

  it("fully approved and completed: every stage released with its payout, held or transferred, nothing refunded", async () => {
    const sale = await stagedSale({
      total: 12_000,
      approved: 3,
      payouts: ["TRANSFERRED", "TRANSFERRED", "HELD"],
      completed: true,
    });
    const { items, totals } = await listSales(db(), input(sale.seller.userAccountId));
    expect(items).toHaveLength(1);
    const [entry] = items;
    expect(entry.refunded).toBe(false);
    expect(entry.money).toMatchObject({ status: "paid", refund: null, keptAmount: 12_000 });
    expect(entry.stages.map((s) => [s.amount, s.state, s.payout?.status])).toEqual([
      [3_600, "released", "TRANSFERRED"],
      [3_600, "released", "TRANSFERRED"],
      [4_800, "released", "HELD"],
    ]);
    expect(entry.stages[2]!.payout).toMatchObject({ transferred: null, transferId: null });
    expect(totals).toEqual([{ currencyCode: "JPY", count: 1, ...splitTotal(12_000, [NUMERATOR]) }]);
  });

  it("paid and under way: every stage's money still held on the platform, and no cancel line", async () => {
    const sale = await stagedSale({ total: 9_000, approved: 0, payouts: [] });
    const [entry] = (await listSales(db(), input(sale.seller.userAccountId))).items;
    expect(entry!.stages.map((s) => [s.amount, s.state, s.payout])).toEqual([
      [2_700, "held", null],
      [2_700, "held", null],
      [3_600, "held", null],
    ]);
    expect(entry!.money).toMatchObject({ status: "paid", refund: null, keptAmount: 0, heldAmount: 9_000 });
  });
});
