/**
 * Creator payouts (issue 12, docs/decisions/029): the creator's share of a completed order goes to their connected
 * account exactly once.
 * - The Order Durable Object writes the payout row in the same D1 batch as the completion (`payoutOnCompletion`): an
 *   outbox, one row per order (its idempotency key), HELD. A completion inside the client's week to dispute the work
 *   writes it later, with the PAYOUT_CLEARED transition that ends that week (decision 092): a dispute opened meanwhile
 *   can still refund the order, which then never gets one, as no refunded (canceled) order does. A staged order (decision 073) gets one row per stage instead, written with the stage's
 *   approval (`payoutOnStageApproval`), and nothing at its completion: every share went with its stage.
 * - `releasePayout` claims a HELD row whose creator's account can be paid out (a conditional update with a short
 *   lease: of racing releases one calls Stripe), creates the transfer with the order's idempotency key (a release
 *   retried after a crash gets the same transfer from Stripe), and marks it TRANSFERRED with a conditional update.
 * - A chargeback (decision 103) stops a release: while it is open the order's payouts wait; lost and borne by the
 *   creator, they are withheld; won, or borne by Comet, they go as before.
 * - Who releases: the completion itself, `account.updated` once the account can be paid out, the wallet page after
 *   onboarding, and the cron for anything left over.
 * - What is sent (decision 050): the share in the currency the client's charge settled in, read from the charge's
 *   balance transaction (a dollar order on a Japanese platform sends yen), recorded on the row beside the share.
 */
import Stripe from "stripe";
import { sellerTransferAmount, shareInSettlementCurrency, type MinorUnits } from "../../domain/money";
import type { MoneyEffect, OrderState } from "../domain/order-types";
import { stageAmounts, stageTransferAmount } from "../domain/order-stages";
import { paysByStage } from "../domain/order-parts";
import {
  awardTransferIdempotencyKey,
  keptDepositTransferIdempotencyKey,
  restTransferIdempotencyKey,
  stageTransferIdempotencyKey,
  transferIdempotencyKey,
} from "../domain/payouts";
import { awardedAmount } from "../domain/disputes";
import { feeNumeratorsFrom, feeNumeratorsOf } from "./order-views";
import { statement, type SqlStatement } from "../../db/statements";

/**
 * A transfer's destination that is gone: Stripe refuses it with 400 `resource_missing` on `destination` ("No such
 * destination"), or 403 when the platform lost access to it.
 */
function isDestinationGone(error: unknown): boolean {
  const { param, code } = error as { param?: string; code?: string };
  return (
    error instanceof Stripe.errors.StripePermissionError || (param === "destination" && code === "resource_missing")
  );
}

export interface PayoutDeps {
  d1: D1Database;
  stripe: Stripe;
}

/** How long a release may hold its claim before another may try (a crashed release's row is retried after it). */
const CLAIM_MS = 60_000;

/**
 * The order's paid transactions, first paid first, with the fee numerators frozen on each: one, or a deposit order's
 * deposit and rest (decision 100).
 */
async function paidTransactions(d1: D1Database, orderId: string) {
  const { results } = await d1
    .prepare(
      `SELECT t.id, t.amount, t.currency_id, t.stripe_payment_intent_id AS intent_id,
       ${feeNumeratorsOf("t.id")} AS fee_numerators FROM payment_transactions t
       WHERE t.order_id = ? AND t.transaction_status = 'COMPLETED' ORDER BY t.paid_at, t.created_at`,
    )
    .bind(orderId)
    .all<{ id: string; amount: number; currency_id: string; intent_id: string | null; fee_numerators: string }>();
  return results.map((paid) => ({ ...paid, feeNumerators: feeNumeratorsFrom(paid.fee_numerators) }));
}

/** A HELD payout row, written once: a replayed projection or a second approval finds its idempotency key taken. */
function payoutRow(
  row: {
    orderId: string;
    stageIndex: number | null;
    transactionId: string;
    sellerUserAccountId: string;
    amount: number;
    currencyId: string;
    idempotencyKey: string;
  },
  now: number,
): SqlStatement {
  return statement(
    `INSERT INTO creator_payouts (id, order_id, stage_index, transaction_id, seller_user_account_id, amount, currency_id, idempotency_key, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    crypto.randomUUID(),
    row.orderId,
    row.stageIndex,
    row.transactionId,
    row.sellerUserAccountId,
    row.amount,
    row.currencyId,
    row.idempotencyKey,
    now,
    now,
  );
}

/**
 * The payout row the completion writes with its event (decision 029): the order's paid transaction's total minus the
 * fee, by money.ts with the fee numerators frozen on the transaction. Nothing when the order has no paid transaction.
 */
async function payoutOnCompletion(
  d1: D1Database,
  orderId: string,
  sellerUserAccountId: string,
  now: number,
): Promise<SqlStatement[]> {
  const [paid, rest] = await paidTransactions(d1, orderId);
  if (!paid) return [];
  const amount = sellerTransferAmount(paid.amount, paid.feeNumerators);
  const row = (transaction: typeof paid, share: number, idempotencyKey: string) =>
    payoutRow(
      {
        orderId,
        stageIndex: null,
        transactionId: transaction.id,
        sellerUserAccountId,
        amount: share,
        currencyId: transaction.currency_id,
        idempotencyKey,
      },
      now,
    );
  if (!rest) return [row(paid, amount, transferIdempotencyKey(orderId))];
  // A deposit order (decision 100): each part from its own charge, the fee taken once on the whole, so the two shares
  // add up to exactly what one payout of the total would send.
  const whole = sellerTransferAmount(paid.amount + rest.amount, paid.feeNumerators);
  return [
    row(paid, amount, transferIdempotencyKey(orderId)),
    row(rest, whole - amount, restTransferIdempotencyKey(orderId)),
  ];
}

/**
 * The payout rows of stages just approved (decision 073), written with their event: each stage's amount of the paid
 * total (order-stages.ts `stageAmounts`) less the fee on it, with the fee numerators frozen on the transaction. One
 * stage at a time by the client or its review deadline; every stage left at once by a dispute released (decision 088).
 * An order paid stage by stage (decision 101) pays each stage from its own charge; a stage never paid (a dispute's
 * release approved it) sends nothing.
 */
async function payoutOnStageApprovals(
  d1: D1Database,
  order: { orderId: string; sellerUserAccountId: string; stages: OrderState["stages"]; priceAmount: number | null },
  stageIndexes: readonly number[],
  now: number,
): Promise<SqlStatement[]> {
  if (stageIndexes.length === 0) return [];
  const transactions = await paidTransactions(d1, order.orderId);
  const byStage = paysByStage(order);
  const amounts = byStage
    ? stageAmounts(order.priceAmount ?? 0, order.stages)
    : stageAmounts(transactions[0]?.amount ?? 0, order.stages);
  const chargeOf = (stageIndex: number) =>
    byStage ? transactions.find((t) => t.intent_id === order.stages[stageIndex]?.payment?.intentId) : transactions[0];
  return stageIndexes.flatMap((stageIndex) => {
    const stageAmount = amounts[stageIndex];
    const paid = chargeOf(stageIndex);
    if (stageAmount === undefined || !paid) return [];
    return [
      payoutRow(
        {
          orderId: order.orderId,
          stageIndex,
          transactionId: paid.id,
          sellerUserAccountId: order.sellerUserAccountId,
          amount: stageTransferAmount(stageAmount, paid.feeNumerators),
          currencyId: paid.currency_id,
          idempotencyKey: stageTransferIdempotencyKey(order.orderId, stageIndex),
        },
        now,
      ),
    ];
  });
}

/**
 * The payout row of a share the creator keeps of a canceled order, from its first charge, less the fee on it, as its
 * own piece beside any approved stages': a dispute's split award (decision 088), or a deposit kept when the client
 * walked away (decision 100). Each under its own key.
 */
async function payoutOfKeptShare(
  d1: D1Database,
  order: { orderId: string; sellerUserAccountId: string; stages: OrderState["stages"] },
  share: { amount: number; idempotencyKey: string },
  now: number,
): Promise<SqlStatement[]> {
  // Paid stage by stage (decision 101), what was at stake is the last stage's part: its own charge pays the share.
  const transactions = await paidTransactions(d1, order.orderId);
  const paid = paysByStage(order) ? transactions.at(-1) : transactions[0];
  if (!paid || share.amount <= 0) return [];
  return [
    payoutRow(
      {
        orderId: order.orderId,
        stageIndex: null,
        transactionId: paid.id,
        sellerUserAccountId: order.sellerUserAccountId,
        amount: stageTransferAmount(share.amount, paid.feeNumerators),
        currencyId: paid.currency_id,
        idempotencyKey: share.idempotencyKey,
      },
      now,
    ),
  ];
}

/**
 * The payout rows a transition writes in its own batch (the outbox), by its row's `money` tag (order-process.ts): a
 * stage's share when it is approved (`releaseStageShare`), the whole share when an order without stages completes and
 * the client's week to dispute the work has passed (`releasePayout`, decision 092; a staged order's completion releases
 * the stages it approves with it, a dispute's release every stage left), a split's award (`splitStake`, decision 088),
 * a deposit kept by a cancel (`refundOnCancel`, decision 100), nothing otherwise.
 */
export async function payoutStatements(
  d1: D1Database,
  transition: {
    orderId: string;
    sellerUserAccountId: string;
    before: OrderState;
    next: OrderState;
    money: MoneyEffect;
    now: number;
  },
): Promise<SqlStatement[]> {
  const { orderId, sellerUserAccountId, before, next, money, now } = transition;
  const order = { orderId, sellerUserAccountId, stages: next.stages, priceAmount: next.priceAmount };
  const newlyApproved = next.stages.flatMap((s, i) =>
    s.status === "APPROVED" && before.stages[i]?.status !== "APPROVED" ? [i] : [],
  );
  switch (money) {
    case "releasePayout":
      // A completion whose payout waits for the client's week to dispute the work writes nothing yet; the payout is
      // written when that week passes (clearPayout) or a dispute is settled in the creator's favour (decision 092).
      if (next.progress !== "COMPLETED" || next.payoutHeldUntil != null) return [];
      return next.stages.length > 0
        ? payoutOnStageApprovals(d1, order, newlyApproved, now)
        : payoutOnCompletion(d1, orderId, sellerUserAccountId, now);
    case "splitStake":
      return payoutOfKeptShare(
        d1,
        order,
        { amount: awardedAmount(next), idempotencyKey: awardTransferIdempotencyKey(orderId) },
        now,
      );
    case "releaseStageShare":
      return payoutOnStageApprovals(d1, order, newlyApproved.slice(0, 1), now);
    case "refundOnCancel":
      if (!next.keptDeposit || before.keptDeposit) return [];
      return payoutOfKeptShare(
        d1,
        order,
        { amount: next.keptDeposit, idempotencyKey: keptDepositTransferIdempotencyKey(orderId) },
        now,
      );
    default:
      return [];
  }
}

interface ClaimedPayout {
  id: string;
  order_id: string;
  amount: number;
  idempotency_key: string;
  currency_code: string;
  stripe_account_id: string;
  stripe_payment_intent_id: string | null;
}

/**
 * A chargeback of the payout's order that stops it (decision 103, `payoutFate` in orders/domain/chargebacks.ts): one
 * still open (its payouts wait), or one lost that the creator bears (its payouts are withheld). `closed_at` is set
 * exactly when the dispute's status is a closed one.
 */
const OPEN_CHARGEBACK = (payouts: string) =>
  `EXISTS (SELECT 1 FROM chargebacks c WHERE c.order_id = ${payouts}.order_id AND c.closed_at IS NULL)`;
const CREATOR_BORNE_LOSS = (payouts: string) =>
  `EXISTS (SELECT 1 FROM chargebacks c WHERE c.order_id = ${payouts}.order_id AND c.status = 'lost' AND c.borne_by = 'creator')`;

/**
 * The order's held payouts that a lost chargeback the creator bears keeps from them (decision 103): WITHHELD, never
 * sent. A payout a release holds right now is left to that release, which withholds it on its next try if its transfer
 * did not go. What was already transferred stays transferred.
 */
export async function withholdPayouts(d1: D1Database, where: { orderId?: string; payoutId?: string }, now: number) {
  await d1
    .prepare(
      `UPDATE creator_payouts SET payout_status = 'WITHHELD', claimed_until = NULL, last_error = 'chargeback_lost', updated_at = ?1
       WHERE payout_status = 'HELD' AND (claimed_until IS NULL OR claimed_until < ?1) AND (?2 IS NULL OR order_id = ?2)
         AND (?3 IS NULL OR id = ?3) AND ${CREATOR_BORNE_LOSS("creator_payouts")}`,
    )
    .bind(now, where.orderId ?? null, where.payoutId ?? null)
    .run();
}

/**
 * Takes a HELD payout for this release, if its creator's account can be paid out, no other release holds it and no
 * chargeback of its order stops it (a creator-borne loss withholds it instead).
 */
async function claim(d1: D1Database, payoutId: string, now: number): Promise<ClaimedPayout | null> {
  await withholdPayouts(d1, { payoutId }, now);
  const claimed = await d1
    .prepare(
      `UPDATE creator_payouts SET claimed_until = ?1, updated_at = ?2
       WHERE id = ?3 AND payout_status = 'HELD' AND (claimed_until IS NULL OR claimed_until < ?2)
         AND EXISTS (SELECT 1 FROM stripe_connected_accounts a WHERE a.user_account_id = creator_payouts.seller_user_account_id AND a.payouts_enabled = 1)
         AND NOT ${OPEN_CHARGEBACK("creator_payouts")} AND NOT ${CREATOR_BORNE_LOSS("creator_payouts")}
       RETURNING id`,
    )
    .bind(now + CLAIM_MS, now, payoutId)
    .first<{ id: string }>();
  if (!claimed) return null;
  return d1
    .prepare(
      `SELECT p.id, p.order_id, p.amount, p.idempotency_key, c.code AS currency_code, a.stripe_account_id, t.stripe_payment_intent_id
       FROM creator_payouts p JOIN currencies c ON c.id = p.currency_id JOIN payment_transactions t ON t.id = p.transaction_id
       JOIN stripe_connected_accounts a ON a.user_account_id = p.seller_user_account_id WHERE p.id = ?`,
    )
    .bind(payoutId)
    .first<ClaimedPayout>();
}

/** A release that cannot go yet, with the code the row keeps in `last_error` until a later release succeeds. */
class PayoutNotReady extends Error {
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}

/**
 * What the transfer sends and from where. With the buyer's charge, its funds (`source_transaction`, available or still
 * pending), which Stripe holds only in the settlement currency: the share converted at the charge's own rate, read
 * from its balance transaction. Without one (demo data paid outside Stripe), the share itself from the balance.
 */
async function transferFunding(
  stripe: Stripe,
  payout: ClaimedPayout,
): Promise<{ money: MinorUnits; sourceTransaction?: string }> {
  const share = { amount: payout.amount, currency: payout.currency_code };
  if (!payout.stripe_payment_intent_id) return { money: share };
  const intent = await stripe.paymentIntents.retrieve(payout.stripe_payment_intent_id, {
    expand: ["latest_charge.balance_transaction"],
  });
  const charge = intent.latest_charge;
  if (!charge || typeof charge === "string") throw new PayoutNotReady("charge_missing");
  const settled = charge.balance_transaction;
  if (!settled || typeof settled === "string" || !charge.captured) throw new PayoutNotReady("charge_not_settled");
  const money = shareInSettlementCurrency(
    payout.amount,
    { amount: charge.amount_captured, currency: charge.currency },
    settled,
  );
  return { money, sourceTransaction: charge.id };
}

/** Stripe's refusal of a transfer larger than what its `source_transaction` has left. */
const isSourceExhausted = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError &&
  error.code === "balance_insufficient" &&
  error.param === "amount";

/**
 * The payout's transfer, from the client's charge when it has one. A charge can have too little left for it: a stage's
 * payout still held (the creator's account not ready) when the order was cancelled goes after the refund of the
 * other stages, and Stripe keeps its own fee of the whole charge. That refusal is final (a refunded charge never gains
 * funds again), so the share then goes from the platform's balance, under a key of its own: the two transfers can
 * never both go, and a retry of either gets the same one. If the balance has too little available too, the payout
 * stays held for the next release.
 */
async function createPayoutTransfer(
  stripe: Stripe,
  payout: ClaimedPayout,
  money: MinorUnits,
  sourceTransaction: string | undefined,
): Promise<Stripe.Transfer> {
  const params: Stripe.TransferCreateParams = {
    amount: money.amount,
    currency: money.currency.toLowerCase(),
    destination: payout.stripe_account_id,
    transfer_group: `order-${payout.order_id}`,
    metadata: { orderId: payout.order_id, payoutId: payout.id },
  };
  if (!sourceTransaction) return stripe.transfers.create(params, { idempotencyKey: payout.idempotency_key });
  try {
    return await stripe.transfers.create(
      { ...params, source_transaction: sourceTransaction },
      { idempotencyKey: payout.idempotency_key },
    );
  } catch (error) {
    if (!isSourceExhausted(error)) throw error;
    return stripe.transfers.create(params, { idempotencyKey: `${payout.idempotency_key}-from-balance` });
  }
}

export type ReleaseOutcome = "transferred" | "not_released" | "failed";

/** Transfers one held payout if it can go now; a failure leaves it HELD (with Stripe's code) for the next release. */
async function releasePayout(deps: PayoutDeps, payoutId: string, now = Date.now()): Promise<ReleaseOutcome> {
  const { d1, stripe } = deps;
  const payout = await claim(d1, payoutId, now);
  if (!payout) return "not_released";
  try {
    // The same charge gives the same amount on every retry, so the idempotency key always names the same request.
    const { money, sourceTransaction } = await transferFunding(stripe, payout);
    const transfer = await createPayoutTransfer(stripe, payout, money, sourceTransaction);
    // What Stripe says it sent, which is what the wallet shows.
    await d1
      .prepare(
        `UPDATE creator_payouts SET payout_status = 'TRANSFERRED', stripe_transfer_id = ?, transfer_amount = ?, transfer_currency = ?, transferred_at = ?,
           claimed_until = NULL, last_error = NULL, updated_at = ?
         WHERE id = ? AND payout_status = 'HELD'`,
      )
      .bind(transfer.id, transfer.amount, transfer.currency.toUpperCase(), now, now, payout.id)
      .run();
    return "transferred";
  } catch (error) {
    // Stripe refused (or could not be reached), or the charge has not settled: the payout stays held, and the claim is
    // let go for the next release.
    const code = (error as { code?: string }).code ?? (error as Error).name ?? "error";
    await d1
      .prepare(
        "UPDATE creator_payouts SET claimed_until = NULL, last_error = ?, updated_at = ? WHERE id = ? AND payout_status = 'HELD'",
      )
      .bind(code, now, payout.id)
      .run();
    // The creator's account is gone at Stripe: it can no longer be paid, so the cron stops trying it every 15 minutes;
    // the creator's next wallet visit finds it gone and asks them to set up again (the payout waits for the new one).
    if (isDestinationGone(error)) {
      await d1
        .prepare("UPDATE stripe_connected_accounts SET payouts_enabled = 0, updated_at = ? WHERE stripe_account_id = ?")
        .bind(now, payout.stripe_account_id)
        .run();
    }
    console.error("payout transfer failed", payout.order_id, code);
    return "failed";
  }
}

/** Releases the held payouts of one creator (after onboarding, on `account.updated`), or of everyone ready (the cron). */
export async function releaseHeldPayouts(
  deps: PayoutDeps,
  sellerUserAccountId: string | null,
  now = Date.now(),
): Promise<ReleaseOutcome[]> {
  const { results } = await deps.d1
    .prepare(
      `SELECT p.id FROM creator_payouts p JOIN stripe_connected_accounts a ON a.user_account_id = p.seller_user_account_id AND a.payouts_enabled = 1
       WHERE p.payout_status = 'HELD' AND (?1 IS NULL OR p.seller_user_account_id = ?1) AND NOT ${OPEN_CHARGEBACK("p")}
       ORDER BY p.created_at LIMIT 50`,
    )
    .bind(sellerUserAccountId)
    .all<{ id: string }>();
  const outcomes: ReleaseOutcome[] = [];
  for (const { id } of results) outcomes.push(await releasePayout(deps, id, now));
  return outcomes;
}

/**
 * The order's held payouts (its completion's, or its stages'), released if they can be: the transition's own attempt,
 * right after its batch. It never fails the transition (already recorded): whatever goes wrong leaves a payout held
 * for account.updated or the cron. The answer is "transferred" when every held payout went.
 */
export async function releaseOrderPayout(
  d1: D1Database,
  stripe: () => Stripe,
  orderId: string,
  now = Date.now(),
): Promise<ReleaseOutcome> {
  try {
    const { results } = await d1
      .prepare("SELECT id FROM creator_payouts WHERE order_id = ? AND payout_status = 'HELD' ORDER BY stage_index")
      .bind(orderId)
      .all<{ id: string }>();
    if (results.length === 0) return "not_released";
    const deps = { d1, stripe: stripe() };
    const outcomes: ReleaseOutcome[] = [];
    for (const { id } of results) outcomes.push(await releasePayout(deps, id, now));
    return outcomes.find((outcome) => outcome !== "transferred") ?? "transferred";
  } catch (error) {
    console.error("payout release after its transition failed", orderId, error);
    return "failed";
  }
}
