/**
 * The money reconciler (issue 30, docs/decisions/047): every order set against what Stripe holds for it, by the
 * invariant of worker/orders/domain/order-money.ts. The cron runs it over recent orders and repairs what has one safe repair;
 * `npm run money:check` runs it over every order and only reports.
 *
 * The one repair: a succeeded intent is handed to its order (`settleIntent`, worker/orders/settle-intent.ts, given as
 * `deps.settle`: a service never holds an order's object), which asks the object once (`recordPayment`); it takes it if it is the open payment
 * for the current total of a payable order (a missed payment, recorded) and otherwise refunds it (an orphan charge,
 * given back). Both are idempotent in the object, so repairing twice changes nothing. Anything else (a paid order
 * whose charge was refunded at the dashboard, a transfer too large) is reported for a person to look at.
 */
import type Stripe from "stripe";
import {
  moneyDisagreements,
  type ChargebackFacts,
  type MoneyDisagreement,
  type OrderLedger,
} from "../domain/order-money";
import { sellerTransferAmount } from "../../domain/money";
import type { OrderPayment, OrderProgress } from "../domain/order-types";
import { feeNumeratorsFrom, feeNumeratorsOf } from "./order-views";
import { parseStages } from "./orders";
import { depositColumnsOf, parseDispute } from "../../db/order-row";
import { paidTotal } from "../domain/order-parts";
import { awardedAmount, isDisputed } from "../domain/disputes";

export interface MoneyCheckDeps {
  d1: D1Database;
  stripe: Stripe;
  /**
   * A succeeded intent handed to its order, for repairs (`settleIntent`, worker/orders/settle-intent.ts); without it
   * the check only reports.
   */
  settle?: (intent: Stripe.PaymentIntent, orderId: string) => Promise<string>;
  /** How many orders a run with `since` checks (tests make it small); ORDERS_PER_RUN otherwise. */
  ordersPerRun?: number;
}

export interface OrderMoneyReport {
  orderId: string;
  code: string;
  ledger: OrderLedger;
  disagreements: MoneyDisagreement[];
  /** Intents handed to the order by the repair, and what the order did with each. */
  repaired: { intentId: string; outcome: string }[];
}

/**
 * The Stripe amounts of one intent: captured and refunded over its charges, their currency, and what they became in
 * the platform's balance (each captured charge's balance transaction, in the settlement currency; decision 050). The
 * admin console's dispute record reads an order's intents with it too (admin-dispute-money.ts).
 */
export async function chargesOf(stripe: Stripe, intentId: string) {
  const charges = await stripe.charges.list({
    payment_intent: intentId,
    limit: 100,
    expand: ["data.balance_transaction"],
  });
  const captured = charges.data.filter((c) => c.captured && c.status === "succeeded");
  const settled = captured.flatMap((c) =>
    c.balance_transaction && typeof c.balance_transaction === "object" ? [c.balance_transaction] : [],
  );
  return {
    captured: captured.reduce((sum, c) => sum + c.amount_captured, 0),
    refunded: captured.reduce((sum, c) => sum + c.amount_refunded, 0),
    currencies: captured.map((c) => c.currency.toUpperCase()),
    settled: settled.map((t) => ({ amount: t.amount, currency: t.currency.toUpperCase() })),
  };
}

/** The disputes of the order's charges at Stripe, and the chargeback rows Comet recorded for the order (decision 103). */
async function chargebacksOf(
  deps: MoneyCheckDeps,
  orderId: string,
  intentIds: readonly string[],
): Promise<NonNullable<OrderLedger["chargebacks"]>> {
  const atStripe: ChargebackFacts[] = [];
  for (const intentId of intentIds) {
    for await (const dispute of deps.stripe.disputes.list({ payment_intent: intentId, limit: 100 }))
      atStripe.push({ disputeId: dispute.id, status: dispute.status, amount: dispute.amount });
  }
  const { results } = await deps.d1
    .prepare(
      `SELECT stripe_dispute_id AS disputeId, status, amount FROM chargebacks
       WHERE order_id = ?1 OR stripe_payment_intent_id IN (SELECT value FROM json_each(?2))`,
    )
    .bind(orderId, JSON.stringify(intentIds))
    .all<ChargebackFacts>();
  return { atStripe, recorded: results };
}

interface OrderRow {
  code: string;
  progress: OrderProgress;
  payment: OrderPayment;
  price_amount: number | null;
  currency: string;
  stages: string;
  dispute: string | null;
  payout_held_until: number | null;
  paid_amount: number | null;
  fee_numerators: string | null;
  deposit: string | null;
  paid_rest: string | null;
  kept_deposit: number | null;
}

/**
 * One order's ledger: the order from D1, every intent it recorded (and any `extraIntentIds`) and its transfers (one per
 * payout row: the completion's, or each approved stage's) from Stripe.
 */
async function readLedger(
  deps: MoneyCheckDeps,
  orderId: string,
  extraIntentIds: string[] = [],
): Promise<{ code: string; ledger: OrderLedger; intentIds: string[] } | null> {
  const { d1, stripe } = deps;
  // The paid transaction: COMPLETED, or PARTIALLY_REFUNDED once a staged order was canceled (its fees still apply).
  const [orderRows, intentRows, payoutRows] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `SELECT o.code, o.order_progress_status AS progress, o.order_payment_status AS payment, o.price_amount, cu.code AS currency,
           o.stages, o.dispute, o.payout_held_until, o.deposit, o.paid_rest, o.kept_deposit,
           (SELECT sum(t.amount) FROM payment_transactions t WHERE t.order_id = o.id AND t.transaction_status IN ('COMPLETED', 'PARTIALLY_REFUNDED')) AS paid_amount,
           ${feeNumeratorsOf("pt.id")} AS fee_numerators
         FROM commission_orders o JOIN currencies cu ON cu.id = o.price_currency_id
         LEFT JOIN payment_transactions pt ON pt.id = (SELECT t.id FROM payment_transactions t WHERE t.order_id = o.id
           AND t.transaction_status IN ('COMPLETED', 'PARTIALLY_REFUNDED') ORDER BY t.paid_at, t.created_at LIMIT 1)
         WHERE o.id = ?`,
      )
      .bind(orderId),
    d1
      .prepare(
        "SELECT stripe_payment_intent_id AS id FROM payment_transactions WHERE order_id = ? AND stripe_payment_intent_id IS NOT NULL",
      )
      .bind(orderId),
    d1
      .prepare(
        "SELECT stripe_transfer_id AS id FROM creator_payouts WHERE order_id = ? AND stripe_transfer_id IS NOT NULL",
      )
      .bind(orderId),
  ]);
  const row = orderRows.results[0] as unknown as OrderRow | undefined;
  if (!row) return null;
  // Paying in parts: what the client was due to have paid (a deposit order's parts, decision 100; the stages paid so
  // far of an order paid stage by stage, 101), and a deposit kept when they walked away.
  const stages = parseStages(row.stages);
  const parts = {
    progress: row.progress,
    payment: row.payment,
    priceAmount: row.price_amount,
    stages,
    ...depositColumnsOf(row),
  };
  const feeNumerators = feeNumeratorsFrom(row.fee_numerators);
  const dispute = parseDispute(row.dispute);
  const intentIds = [...new Set([...intentRows.results.map((r) => String(r.id)), ...extraIntentIds])];
  const ledger: OrderLedger = {
    progress: row.progress,
    payment: row.payment,
    priceAmount: row.price_amount,
    currency: row.currency,
    captured: 0,
    refunded: 0,
    chargeCurrencies: [],
    transferred: 0,
    transferCurrency: null,
    settled: null,
    feeAmount: row.paid_amount === null ? 0 : row.paid_amount - sellerTransferAmount(row.paid_amount, feeNumerators),
    stages,
    feeNumerators,
    awardedAmount: awardedAmount({ dispute }),
    paidAmount: paidTotal(parts),
    keptDeposit: row.kept_deposit ?? 0,
    // Decision 092: nothing beyond approved stages' shares goes while the client can still take it back.
    reachable: isDisputed({ dispute }) || row.payout_held_until !== null,
  };
  for (const intentId of intentIds) {
    const charges = await chargesOf(stripe, intentId);
    ledger.captured += charges.captured;
    ledger.refunded += charges.refunded;
    ledger.chargeCurrencies.push(...charges.currencies.filter((c) => !ledger.chargeCurrencies.includes(c)));
    for (const settled of charges.settled) {
      // A platform account settles in one currency; a charge settled in another is left out of the sum rather than
      // added to it in the wrong unit.
      if (!ledger.settled) ledger.settled = { ...settled };
      else if (ledger.settled.currency === settled.currency) ledger.settled.amount += settled.amount;
    }
  }
  ledger.chargebacks = await chargebacksOf(deps, orderId, intentIds);
  ledger.disputed = ledger.chargebacks.atStripe.reduce((sum, d) => sum + d.amount, 0);
  ledger.lostToChargebacks = ledger.chargebacks.atStripe
    .filter((d) => d.status === "lost")
    .reduce((sum, d) => sum + d.amount, 0);
  const transferCurrencies = new Set<string>();
  for (const payout of payoutRows.results) {
    const transfer = await stripe.transfers.retrieve(String(payout.id));
    ledger.transferred += transfer.amount - transfer.amount_reversed;
    transferCurrencies.add(transfer.currency.toUpperCase());
  }
  // Transfers in more than one currency cannot be summed: the mixed name is no currency, so the check reports it.
  if (transferCurrencies.size > 0) ledger.transferCurrency = [...transferCurrencies].join("+");
  return { code: row.code, ledger, intentIds };
}

/** Checks one order and, with `repair`, hands each of its succeeded intents to it, then checks it again. */
export async function checkOrderMoney(
  deps: MoneyCheckDeps,
  orderId: string,
  { repair = false, extraIntentIds = [] as string[] } = {},
): Promise<OrderMoneyReport | null> {
  const read = await readLedger(deps, orderId, extraIntentIds);
  if (!read) return null;
  let { ledger } = read;
  let disagreements = moneyDisagreements(ledger);
  const repaired: OrderMoneyReport["repaired"] = [];
  if (disagreements.length > 0 && repair && deps.settle) {
    for (const intentId of read.intentIds) {
      const intent = await deps.stripe.paymentIntents.retrieve(intentId);
      if (intent.status !== "succeeded") continue;
      repaired.push({ intentId, outcome: await deps.settle(intent, orderId) });
    }
    ledger = (await readLedger(deps, orderId, extraIntentIds))!.ledger;
    disagreements = moneyDisagreements(ledger);
  }
  return { orderId, code: read.code, ledger, disagreements, repaired };
}

/** How far back the cron looks: orders whose money or state moved within this window, and intents created in it. */
export const RECENT_MS = 2 * 86_400_000;
const ORDERS_PER_RUN = 100;
const INTENTS_PER_RUN = 1_000;
/** The cron's place in the candidates, kept in `job_cursors` between runs. */
const CURSOR = "money-check";

/** Candidate order ids after `after` (exclusive), in id order, at most `limit` (-1: all). */
async function candidates(d1: D1Database, since: number | null, after: string, limit: number): Promise<string[]> {
  const { results } = await d1
    .prepare(
      `SELECT DISTINCT t.order_id AS id FROM payment_transactions t JOIN commission_orders o ON o.id = t.order_id
       WHERE t.stripe_payment_intent_id IS NOT NULL AND (?1 IS NULL OR t.updated_at >= ?1 OR o.updated_at >= ?1 OR t.transaction_status = 'PENDING')
         AND t.order_id > ?3
       ORDER BY t.order_id LIMIT ?2`,
    )
    .bind(since, limit, after)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** This run's share: from the cursor on, then from the start if the end came first; the cursor moves past it. */
async function nextShare(deps: MoneyCheckDeps, since: number): Promise<string[]> {
  const perRun = deps.ordersPerRun ?? ORDERS_PER_RUN;
  const cursor = await deps.d1
    .prepare("SELECT value FROM job_cursors WHERE name = ?")
    .bind(CURSOR)
    .first<{ value: string }>();
  const after = cursor?.value ?? "";
  const share = await candidates(deps.d1, since, after, perRun);
  if (share.length < perRun && after !== "")
    share.push(...(await candidates(deps.d1, since, "", perRun - share.length)).filter((id) => id <= after));
  // A full share leaves the cursor at its last order; a short one has gone round: the next run starts again.
  const next = share.length < perRun ? "" : share.at(-1)!;
  await deps.d1
    .prepare(
      "INSERT INTO job_cursors (name, value, updated_at) VALUES (?1, ?2, ?3) ON CONFLICT (name) DO UPDATE SET value = ?2, updated_at = ?3",
    )
    .bind(CURSOR, next, Date.now())
    .run();
  return [...new Set(share)];
}

/**
 * The orders to check: with `since`, those whose order row or transactions changed since then, every order with a
 * payment still open, and any order a recent intent names that D1 never recorded; without it, every order with a payment.
 * A transaction with no intent (the demo data's paid orders) has nothing at Stripe to set against it, and is skipped.
 *
 * With `since` a run takes at most `ordersPerRun` of the candidates, in id order from where the last run stopped
 * (`job_cursors`), wrapping to the start: every candidate is checked in turn, however many there are, where taking the
 * first hundred each time left the rest unchecked for good.
 */
export async function ordersToCheck(deps: MoneyCheckDeps, since: number | null): Promise<Map<string, string[]>> {
  const results = since === null ? await candidates(deps.d1, null, "", -1) : await nextShare(deps, since);
  const orders = new Map<string, string[]>(results.map((id) => [id, []]));
  // Intents Stripe has that D1 never recorded (a crash between Stripe and D1): found by the order id they carry.
  const listed = deps.stripe.paymentIntents.list({
    limit: 100,
    ...(since !== null && { created: { gte: Math.floor(since / 1000) } }),
  });
  let read = 0;
  for await (const intent of listed) {
    if (++read > INTENTS_PER_RUN) break;
    const orderId = intent.metadata?.orderId;
    if (!orderId || intent.status !== "succeeded") continue;
    const known = await deps.d1
      .prepare("SELECT 1 FROM payment_transactions WHERE stripe_payment_intent_id = ?")
      .bind(intent.id)
      .first();
    if (!known) orders.set(orderId, [...(orders.get(orderId) ?? []), intent.id]);
  }
  return orders;
}

/** The reconciler's run: each order checked (and repaired, with `repair`), the disagreeing ones returned. */
export async function checkMoney(
  deps: MoneyCheckDeps,
  { since = null as number | null, repair = false } = {},
): Promise<{ checked: number; reports: OrderMoneyReport[] }> {
  const orders = await ordersToCheck(deps, since);
  const reports: OrderMoneyReport[] = [];
  for (const [orderId, extraIntentIds] of orders) {
    try {
      const report = await checkOrderMoney(deps, orderId, { repair, extraIntentIds });
      if (report && (report.disagreements.length > 0 || report.repaired.length > 0)) reports.push(report);
    } catch (error) {
      console.error("money check: order could not be checked", orderId, error);
    }
  }
  return { checked: orders.size, reports };
}

/** One line per disagreement, as the cron logs them and `npm run money:check` prints them. */
export function describeReport(report: OrderMoneyReport): string[] {
  const { ledger } = report;
  const head = `order ${report.code} (${report.orderId}) ${ledger.progress}/${ledger.payment} total ${ledger.priceAmount ?? "-"} ${ledger.currency}`;
  const lines = report.repaired.map((r) => `${head}: repaired ${r.intentId} → ${r.outcome}`);
  for (const d of report.disagreements) {
    if (d.kind === "net_mismatch") lines.push(`${head}: captured − refunded is ${d.actual}, should be ${d.expected}`);
    if (d.kind === "currency_mismatch") lines.push(`${head}: charged in ${d.currencies.join(", ")}`);
    if (d.kind === "over_transferred")
      lines.push(`${head}: transferred ${d.transferred} ${ledger.transferCurrency}, at most ${d.allowed}`);
    if (d.kind === "transferred_while_reachable")
      lines.push(
        `${head}: transferred ${d.transferred} ${ledger.transferCurrency} while the client could still dispute, at most ${d.allowed}`,
      );
    if (d.kind === "transfer_currency_mismatch")
      lines.push(`${head}: transferred in ${d.transferCurrency}, expected ${d.allowed.join(" or ")}`);
    if (d.kind === "chargeback_unrecorded")
      lines.push(`${head}: Stripe's dispute ${d.disputeId} (${d.status}, ${d.amount}) is not recorded`);
    if (d.kind === "chargeback_mismatch")
      lines.push(
        `${head}: dispute ${d.disputeId} is ${d.stripe.status} for ${d.stripe.amount} at Stripe, recorded ${d.recorded.status} for ${d.recorded.amount}`,
      );
  }
  return lines;
}
