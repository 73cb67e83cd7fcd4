/**
 * The timed jobs' issuing of what is due (decision 102): nothing waits for a document, the cron writes them after the
 * fact, each once by its `sourceKey`. A run takes bounded batches of each kind, oldest first, so a backlog drains over
 * a few runs and a run stays short:
 * - each succeeded charge (a whole payment, a deposit, its rest, a stage; refunded since or not): the client's receipt,
 *   and Comet's fee invoice to the creator while Comet keeps its fee (the charge is not wholly refunded);
 * - each charge refunded in full or in part, once its receipt is issued: the client's refund note, pointing at it;
 * - each payout transferred: the creator's payout statement;
 * - each closed month and year (Japan time) a creator had activity in: their statement (issue-due-statements.ts).
 */
import { feeInvoiceDraft, payoutStatementDraft, receiptDraft, refundNoteDraft } from "../domain/issue-documents";
import type { DocumentDraft } from "../domain/document-draft";
import { issueOrFind } from "./issue-document";
import {
  chargeOrderFrom,
  ORDER_COLUMNS,
  orderFrom,
  partyFrom,
  partyJson,
  REFUNDED_AMOUNT_SQL,
} from "./issue-document-facts";
import { dueStatementDrafts } from "./issue-due-statements";

/** How many of each kind one run issues at most. */
const DUE_BATCH = 25;

export interface IssuedCounts {
  receipts: number;
  feeInvoices: number;
  refundNotes: number;
  payoutStatements: number;
  monthlyStatements: number;
  yearlyStatements: number;
}

type Row = Record<string, unknown>;

/** A charge that took money: what a receipt is for (a refund later does not undo that it was paid). */
const CHARGED = "t.transaction_status IN ('COMPLETED', 'REFUNDED', 'PARTIALLY_REFUNDED') AND t.paid_at IS NOT NULL";
const FEE_TOTAL = "(SELECT sum(f.amount) FROM payment_transaction_fees f WHERE f.transaction_id = t.id)";
const noDocument = (sourceKeySql: string) =>
  `NOT EXISTS (SELECT 1 FROM issued_documents d WHERE d.source_key = ${sourceKeySql})`;

/** A charge with its order, its currency and both parties. */
const CHARGE_FROM = `FROM payment_transactions t JOIN commission_orders o ON o.id = t.order_id
  JOIN currencies cu ON cu.id = t.currency_id
  JOIN commission_accounts sa ON sa.id = o.seller_id JOIN commission_accounts ba ON ba.id = t.buyer_id`;
const PARTIES = `${partyJson("sa.user_account_id")} AS creator, ${partyJson("ba.user_account_id")} AS client`;

async function rows(d1: D1Database, sql: string, ...params: unknown[]): Promise<Row[]> {
  return (
    await d1
      .prepare(sql)
      .bind(...params, DUE_BATCH)
      .all<Row>()
  ).results;
}

async function dueReceipts(d1: D1Database): Promise<DocumentDraft[]> {
  const due = await rows(
    d1,
    `SELECT t.id, t.amount, t.paid_at, t.stripe_payment_intent_id AS intent_id, cu.code AS currency, ${PARTIES}, ${ORDER_COLUMNS}
     ${CHARGE_FROM} WHERE ${CHARGED} AND ${noDocument("'receipt:' || t.id")} ORDER BY t.paid_at, t.id LIMIT ?`,
  );
  return due.map((row) =>
    receiptDraft({
      transactionId: String(row.id),
      amount: Number(row.amount),
      currency: String(row.currency),
      paidAt: Number(row.paid_at),
      ...chargeOrderFrom(row, row.intent_id === null ? null : String(row.intent_id)),
      creator: partyFrom(row.creator),
      client: partyFrom(row.client),
    }),
  );
}

async function dueFeeInvoices(d1: D1Database): Promise<DocumentDraft[]> {
  const due = await rows(
    d1,
    `SELECT t.id, t.paid_at, cu.code AS currency, ${FEE_TOTAL} AS fee_amount, ${PARTIES}, ${ORDER_COLUMNS}
     ${CHARGE_FROM} WHERE t.transaction_status IN ('COMPLETED', 'PARTIALLY_REFUNDED') AND t.paid_at IS NOT NULL
       AND ${FEE_TOTAL} > 0 AND ${noDocument("'fee:' || t.id")} ORDER BY t.paid_at, t.id LIMIT ?`,
  );
  return due.map((row) =>
    feeInvoiceDraft({
      transactionId: String(row.id),
      feeAmount: Number(row.fee_amount),
      currency: String(row.currency),
      paidAt: Number(row.paid_at),
      order: orderFrom(row),
      creator: partyFrom(row.creator),
    }),
  );
}

async function dueRefundNotes(d1: D1Database): Promise<DocumentDraft[]> {
  const due = await rows(
    d1,
    `SELECT t.id, t.updated_at, cu.code AS currency, ${REFUNDED_AMOUNT_SQL} AS refunded_amount,
       json_extract(r.body, '$.displayNumber') AS receipt_number, ${PARTIES}, ${ORDER_COLUMNS}
     ${CHARGE_FROM} JOIN issued_documents r ON r.source_key = 'receipt:' || t.id
     WHERE t.transaction_status IN ('REFUNDED', 'PARTIALLY_REFUNDED') AND ${REFUNDED_AMOUNT_SQL} > 0
       AND ${noDocument("'refund:' || t.id")} ORDER BY t.updated_at, t.id LIMIT ?`,
  );
  return due.map((row) =>
    refundNoteDraft({
      transactionId: String(row.id),
      refundedAmount: Number(row.refunded_amount),
      currency: String(row.currency),
      // A charge is refunded once, and its row is last written then.
      refundedAt: Number(row.updated_at),
      order: orderFrom(row),
      creator: partyFrom(row.creator),
      client: partyFrom(row.client),
      receiptNumber: String(row.receipt_number),
    }),
  );
}

async function duePayoutStatements(d1: D1Database): Promise<DocumentDraft[]> {
  const due = await rows(
    d1,
    `SELECT p.id, p.transfer_amount, upper(p.transfer_currency) AS transfer_currency,
       coalesce(p.transferred_at, p.updated_at) AS transferred_at, ${partyJson("p.seller_user_account_id")} AS creator,
       ${ORDER_COLUMNS}
     FROM creator_payouts p JOIN commission_orders o ON o.id = p.order_id
     WHERE p.payout_status = 'TRANSFERRED' AND p.transfer_amount IS NOT NULL AND p.transfer_currency IS NOT NULL
       AND ${noDocument("'payout:' || p.id")} ORDER BY transferred_at, p.id LIMIT ?`,
  );
  return due.map((row) =>
    payoutStatementDraft({
      payoutId: String(row.id),
      transferAmount: Number(row.transfer_amount),
      transferCurrency: String(row.transfer_currency),
      transferredAt: Number(row.transferred_at),
      order: orderFrom(row),
      creator: partyFrom(row.creator),
    }),
  );
}

/**
 * Issues the drafts one after another (each its own batch), and says how many were new. One that fails is logged and
 * left for the next run, so it holds up no other document.
 */
async function issueAll(d1: D1Database, drafts: readonly DocumentDraft[], now: number): Promise<number> {
  let issued = 0;
  for (const draft of drafts) {
    try {
      if ((await issueOrFind(d1, draft, now)).issuedNow) issued++;
    } catch (error) {
      console.error(`document ${draft.sourceKey} not issued`, error);
    }
  }
  return issued;
}

/**
 * Issues at `now` what is due and has no document yet, a batch of each kind; running it again issues nothing new.
 * Receipts go before refund notes, which need their receipt's number.
 */
export async function issueDueDocuments(d1: D1Database, now: number): Promise<IssuedCounts> {
  const receipts = await issueAll(d1, await dueReceipts(d1), now);
  const feeInvoices = await issueAll(d1, await dueFeeInvoices(d1), now);
  const refundNotes = await issueAll(d1, await dueRefundNotes(d1), now);
  const payoutStatements = await issueAll(d1, await duePayoutStatements(d1), now);
  const statements = await dueStatementDrafts(d1, now, DUE_BATCH);
  const monthlyStatements = await issueAll(d1, statements.monthly, now);
  const yearlyStatements = await issueAll(d1, statements.yearly, now);
  return { receipts, feeInvoices, refundNotes, payoutStatements, monthlyStatements, yearlyStatements };
}
