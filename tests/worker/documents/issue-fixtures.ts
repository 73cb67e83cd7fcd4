// Payments as the Order object records them, written straight into D1 for the documents' sweep (decision 102), and
// the sweep run until it has nothing left: the stored world is shared with the other files, whose payments it issues too.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { issuedDocument, type IssuedDocument } from "#worker/documents/services/issue-document";
import { issueDueDocuments, type IssuedCounts } from "#worker/documents/services/issue-due-documents";
import { splitTotal } from "#worker/domain/money";
import type { Party } from "../support/order-states";

/** Runs the sweep until a run issues nothing (a batch of each kind a run), and answers what it issued in all. */
export async function sweepUntilQuiet(now = Date.now()): Promise<number> {
  let total = 0;
  for (let round = 0; round < 200; round++) {
    const counts: IssuedCounts = await issueDueDocuments(env.DB, now);
    const issued = Object.values(counts).reduce((sum, n) => sum + n, 0);
    if (issued === 0) return total;
    total += issued;
  }
  throw new Error("the sweep did not settle in 200 runs");
}

/** The document of a source; the test fails when there is none. */
export async function documentOf(sourceKey: string): Promise<IssuedDocument> {
  const row = await env.DB.prepare("SELECT id FROM issued_documents WHERE source_key = ?")
    .bind(sourceKey)
    .first<{ id: string }>();
  expect(row, `no document ${sourceKey}`).not.toBeNull();
  return (await issuedDocument(env.DB, row!.id))!;
}

export const handleOf = async (party: Party) =>
  (await env.DB.prepare("SELECT original_handle FROM user_profiles WHERE account_id = ?")
    .bind(party.userAccountId)
    .first<string>("original_handle"))!;

export interface ChargeInput {
  amount: number;
  currency: "JPY" | "USD";
  paidAt: number;
  /** Given back of it, and when: the row then reads PARTIALLY_REFUNDED (or REFUNDED for all of it). */
  refunded?: { amount: number; at: number };
}

/**
 * A succeeded charge of `orderId` paid by `buyer`, with the platform's active fee frozen on it as the object writes it
 * (money.ts `splitTotal`); answers its id and the fee's numerator and amount.
 */
export async function insertCharge(orderId: string, buyer: Party, input: ChargeInput) {
  const fee = (await env.DB.prepare(
    "SELECT id, numerator_value FROM fees WHERE is_active = 1 ORDER BY id LIMIT 1",
  ).first<{
    id: string;
    numerator_value: number;
  }>())!;
  const feeAmount = splitTotal(input.amount, [fee.numerator_value]).feeAmount;
  const transactionId = crypto.randomUUID();
  const { refunded } = input;
  const status = !refunded ? "COMPLETED" : refunded.amount < input.amount ? "PARTIALLY_REFUNDED" : "REFUNDED";
  const currency = `(SELECT id FROM currencies WHERE code = '${input.currency}')`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO payment_transactions (id, order_id, buyer_id, transaction_status, stripe_payment_intent_id, idempotency_key,
         amount, refunded_amount, currency_id, paid_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ${currency}, ?, ?, ?)`,
    ).bind(
      transactionId,
      orderId,
      buyer.commissionAccountId,
      status,
      `pi_doc_${transactionId}`,
      `comet-doc-test-${transactionId}`,
      input.amount,
      refunded?.amount ?? 0,
      input.paidAt,
      input.paidAt,
      refunded?.at ?? input.paidAt,
    ),
    env.DB.prepare(
      "INSERT INTO payment_transaction_fees (id, transaction_id, fee_id, numerator_value, amount, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    ).bind(crypto.randomUUID(), transactionId, fee.id, fee.numerator_value, feeAmount, input.paidAt),
  ]);
  return { transactionId, feeNumerator: fee.numerator_value, feeAmount };
}

/** A payout of the charge transferred at `at`, as a release records it: `amount` sent in `currency`. */
export async function insertTransfer(
  orderId: string,
  transactionId: string,
  seller: Party,
  { amount, currency, at }: { amount: number; currency: "JPY" | "USD"; at: number },
) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO creator_payouts (id, order_id, transaction_id, seller_user_account_id, amount, currency_id, transfer_amount,
       transfer_currency, payout_status, idempotency_key, stripe_transfer_id, transferred_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, (SELECT id FROM currencies WHERE code = ?), ?, ?, 'TRANSFERRED', ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      orderId,
      transactionId,
      seller.userAccountId,
      amount,
      currency,
      amount,
      currency,
      `doc-test-${id}`,
      `tr_doc_${id}`,
      at,
      at,
      at,
    )
    .run();
  return id;
}
