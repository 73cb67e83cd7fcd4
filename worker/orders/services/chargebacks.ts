/**
 * Chargebacks heard (issue 64, decision 103): each `charge.dispute.*` webhook writes its dispute's row from the Dispute
 * object it carries, moving only forward (orders/domain/chargebacks.ts), tells both parties once when it opens and once
 * when it closes, and settles the order's waiting payouts when it closes: they go (won, or a loss Comet bears) or are
 * withheld (a loss the creator bears). While it is open the payout release leaves them (services/payouts.ts).
 */
import type Stripe from "stripe";
import {
  CHARGEBACK_STATUS_ORDER,
  bearerOnClose,
  disputeFunds,
  isChargebackClosed,
  type ChargebackSummary,
  type DisputeFacts,
} from "../domain/chargebacks";
import { orderHref } from "../domain/order-notifications";
import { parseStages } from "./orders";
import { releaseOrderPayout, withholdPayouts } from "./payouts";

export interface ChargebackDeps {
  d1: D1Database;
  stripe: Stripe;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === "string" ? value : value.id;

/** The Dispute object as the plain facts the rules read. */
function disputeFactsOf(dispute: Stripe.Dispute): DisputeFacts {
  return {
    id: dispute.id,
    chargeId: idOf(dispute.charge) ?? "",
    paymentIntentId: idOf(dispute.payment_intent),
    amount: dispute.amount,
    currency: dispute.currency.toUpperCase(),
    reason: dispute.reason,
    status: dispute.status,
    createdAt: dispute.created * 1000,
    evidenceDueAt: dispute.evidence_details?.due_by ? dispute.evidence_details.due_by * 1000 : null,
    balanceAmounts: (dispute.balance_transactions ?? []).map((t) => t.amount),
  };
}

interface DisputedOrder {
  transaction_id: string;
  order_id: string;
  code: string;
  delivered_at: number | null;
  stages: string | null;
  seller_user_id: string;
  buyer_user_id: string;
}

/** The order and transaction a charge's intent paid; null for a charge of no order Comet knows. */
async function disputedOrder(d1: D1Database, intentId: string | null): Promise<DisputedOrder | null> {
  if (!intentId) return null;
  return d1
    .prepare(
      `SELECT t.id AS transaction_id, o.id AS order_id, o.code, o.delivered_at, o.stages,
         sa.user_account_id AS seller_user_id, ba.user_account_id AS buyer_user_id
       FROM payment_transactions t JOIN commission_orders o ON o.id = t.order_id
       JOIN commission_accounts sa ON sa.id = o.seller_id JOIN commission_accounts ba ON ba.id = o.buyer_id
       WHERE t.stripe_payment_intent_id = ? LIMIT 1`,
    )
    .bind(intentId)
    .first<DisputedOrder>();
}

/** A status's place in a dispute's life, in SQL (CHARGEBACK_STATUS_ORDER): the closed ones last. */
const statusRank = (column: string) => `instr('|${CHARGEBACK_STATUS_ORDER.join("|")}|', '|' || ${column} || '|')`;

/**
 * Writes the dispute's row as this event sees it, by the rule of `nextChargebackStatus`: inserted on the first event
 * heard; changed only by an event no older than the last applied (`last_event_at`), one of the same second only
 * forward in the dispute's life; its closed status, close time and bearer never changed once set. The sums the bank
 * took and gave back only grow. Answers the row as it now stands, whether or not this event changed it.
 */
async function upsertChargeback(
  d1: D1Database,
  facts: DisputeFacts,
  order: DisputedOrder | null,
  eventAt: number,
): Promise<{ status: string; borne_by: string | null }> {
  const closed = isChargebackClosed(facts.status);
  const stageApprovals = order?.stages ? parseStages(order.stages).map((s) => s.approvedAt) : [];
  const borneBy = bearerOnClose(
    facts.status,
    order ? { deliveredAt: order.delivered_at, stageApprovals } : null,
    facts.createdAt,
  );
  const { withdrawn, reinstated } = disputeFunds(facts.balanceAmounts);
  const [, current] = await d1.batch<{ status: string; borne_by: string | null }>([
    d1
      .prepare(
        `INSERT INTO chargebacks (id, stripe_dispute_id, stripe_charge_id, stripe_payment_intent_id, order_id, transaction_id,
         amount, currency, reason, status, evidence_due_at, withdrawn_amount, reinstated_amount, borne_by, last_event_at, opened_at, closed_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
       ON CONFLICT (stripe_dispute_id) DO UPDATE SET
         amount = excluded.amount, currency = excluded.currency, reason = excluded.reason,
         status = CASE WHEN chargebacks.closed_at IS NOT NULL THEN chargebacks.status
           WHEN excluded.last_event_at > chargebacks.last_event_at
             OR ${statusRank("excluded.status")} >= ${statusRank("chargebacks.status")} THEN excluded.status
           ELSE chargebacks.status END,
         evidence_due_at = coalesce(excluded.evidence_due_at, chargebacks.evidence_due_at),
         withdrawn_amount = max(excluded.withdrawn_amount, chargebacks.withdrawn_amount),
         reinstated_amount = max(excluded.reinstated_amount, chargebacks.reinstated_amount),
         borne_by = coalesce(chargebacks.borne_by, excluded.borne_by),
         closed_at = coalesce(chargebacks.closed_at, excluded.closed_at), last_event_at = excluded.last_event_at
       WHERE excluded.last_event_at >= chargebacks.last_event_at`,
      )
      .bind(
        crypto.randomUUID(),
        facts.id,
        facts.chargeId,
        facts.paymentIntentId,
        order?.order_id ?? null,
        order?.transaction_id ?? null,
        facts.amount,
        facts.currency,
        facts.reason,
        facts.status,
        facts.evidenceDueAt,
        withdrawn,
        reinstated,
        borneBy,
        eventAt,
        facts.createdAt,
        closed ? eventAt : null,
      ),
    d1.prepare("SELECT status, borne_by FROM chargebacks WHERE stripe_dispute_id = ?").bind(facts.id),
  ]);
  return current.results[0]!;
}

/** Both parties told, once per dispute and moment (the dedupe key): the bell, and the mail the cron sends from it. */
async function notifyParties(
  d1: D1Database,
  order: DisputedOrder,
  disputeId: string,
  moment: "opened" | "closed",
  now: number,
) {
  const type = moment === "opened" ? "COMMISSION_ORDER_CHARGEBACK_OPENED" : "COMMISSION_ORDER_CHARGEBACK_CLOSED";
  const parties = [
    { side: "seller" as const, userId: order.seller_user_id },
    { side: "buyer" as const, userId: order.buyer_user_id },
  ];
  await d1.batch(
    parties.map(({ side, userId }) =>
      d1
        .prepare(
          `INSERT INTO notifications (id, recipient_user_account_id, notification_type, href, order_id, dedupe_key, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING`,
        )
        .bind(
          crypto.randomUUID(),
          userId,
          type,
          orderHref(side, order.code),
          order.order_id,
          `chargeback-${moment}:${disputeId}:${side}`,
          now,
        ),
    ),
  );
}

/**
 * One `charge.dispute.*` event (created, updated, closed, funds_withdrawn, funds_reinstated), by its dispute and its
 * own `created` time: the row moves forward, the parties are told, and once it is closed the order's waiting payouts
 * are withheld (a loss the creator bears) or released (won, or a loss Comet bears). What follows the row is done from
 * the row as it stands, each step idempotent: a replay or an older event changes nothing, and an event retried after a
 * failure half-way still tells the parties and settles the payouts, never twice.
 */
export async function recordChargebackEvent(
  deps: ChargebackDeps,
  dispute: Stripe.Dispute,
  eventCreatedMs: number,
  now: number,
): Promise<void> {
  const facts = disputeFactsOf(dispute);
  const order = await disputedOrder(deps.d1, facts.paymentIntentId);
  const row = await upsertChargeback(deps.d1, facts, order, eventCreatedMs);
  if (!order) return;
  if (!isChargebackClosed(row.status)) {
    await notifyParties(deps.d1, order, facts.id, "opened", now);
    return;
  }
  await notifyParties(deps.d1, order, facts.id, "closed", now);
  if (row.borne_by === "creator") await withholdPayouts(deps.d1, { orderId: order.order_id }, now);
  else await releaseOrderPayout(deps.d1, () => deps.stripe, order.order_id, now);
}

interface ChargebackRow {
  id: string;
  stripe_dispute_id: string;
  order_id: string | null;
  code: string | null;
  amount: number;
  currency: string;
  reason: string;
  status: string;
  evidence_due_at: number | null;
  evidence_submitted_at: number | null;
  withdrawn_amount: number;
  reinstated_amount: number;
  borne_by: ChargebackSummary["borneBy"];
  opened_at: number;
  closed_at: number | null;
}

const SUMMARY_SQL = `SELECT c.id, c.stripe_dispute_id, c.order_id, o.code, c.amount, c.currency, c.reason, c.status,
  c.evidence_due_at, c.evidence_submitted_at, c.withdrawn_amount, c.reinstated_amount, c.borne_by, c.opened_at, c.closed_at
  FROM chargebacks c LEFT JOIN commission_orders o ON o.id = c.order_id`;

/** Open first, soonest due first (none due last); then closed, newest first. */
const SUMMARY_ORDER = `ORDER BY c.closed_at IS NOT NULL, CASE WHEN c.closed_at IS NULL THEN coalesce(c.evidence_due_at, 9e15) END,
  c.closed_at DESC, c.opened_at DESC`;

const num = (value: number | null) => (value === null ? null : Number(value));

function summaryOf(row: ChargebackRow): ChargebackSummary {
  return {
    id: row.id,
    stripeDisputeId: row.stripe_dispute_id,
    orderId: row.order_id,
    orderCode: row.code,
    amount: Number(row.amount),
    currency: row.currency,
    reason: row.reason,
    status: row.status,
    evidenceDueAt: num(row.evidence_due_at),
    evidenceSubmittedAt: num(row.evidence_submitted_at),
    withdrawnAmount: Number(row.withdrawn_amount),
    reinstatedAmount: Number(row.reinstated_amount),
    borneBy: row.borne_by,
    openedAt: Number(row.opened_at),
    closedAt: num(row.closed_at),
  };
}

/** Every chargeback, for the admin console (its caller checks the admin): open first by due date, then closed newest first. */
export async function listChargebacks(d1: D1Database): Promise<ChargebackSummary[]> {
  const { results } = await d1.prepare(`${SUMMARY_SQL} ${SUMMARY_ORDER} LIMIT 200`).all<ChargebackRow>();
  return results.map(summaryOf);
}

/** One order's chargebacks, for its page (its caller checks the viewer is a party), in the same order. */
export async function chargebacksOfOrder(d1: D1Database, orderId: string): Promise<ChargebackSummary[]> {
  const { results } = await d1
    .prepare(`${SUMMARY_SQL} WHERE c.order_id = ? ${SUMMARY_ORDER}`)
    .bind(orderId)
    .all<ChargebackRow>();
  return results.map(summaryOf);
}

/** One chargeback's summary by its id; null when there is none. */
export async function chargebackSummary(d1: D1Database, chargebackId: string): Promise<ChargebackSummary | null> {
  const row = await d1.prepare(`${SUMMARY_SQL} WHERE c.id = ?`).bind(chargebackId).first<ChargebackRow>();
  return row ? summaryOf(row) : null;
}
