/**
 * A disputed order's money as an admin weighs it (issue 49, decision 088): what D1 recorded (the order's payment
 * attempts and the creator's payouts) beside what Stripe holds for each (an intent's charges captured and refunded, a
 * transfer's amount less its reversals), read through the app's one Stripe client. Stripe unreachable or a call
 * refused: that line says so and the page still opens; nothing here changes anything.
 */
import type Stripe from "stripe";
import type { PAYOUT_STATUSES, TransactionStatus } from "../../db/schema/enums";
import { chargesOf } from "../../orders/services/money-check";

/** What Stripe answered for a line: its amounts, or `null` when there was nothing to ask or it could not be read. */
export type AtStripe<T> = { read: true; value: T } | { read: false; reason: "none" | "unreachable" };

export interface DisputePaymentLine {
  id: string;
  status: TransactionStatus;
  intentId: string | null;
  /** Minor units of `currency`. */
  amount: number;
  refundedAmount: number;
  currency: string;
  paidAt: number | null;
  createdAt: number;
  stripe: AtStripe<{ captured: number; refunded: number; currencies: string[] }>;
}

export interface DisputePayoutLine {
  id: string;
  /** The approved stage it paid (0-based), or null for a completed order's whole payout. */
  stageIndex: number | null;
  status: PayoutStatus;
  amount: number;
  currency: string;
  transferId: string | null;
  lastError: string | null;
  stripe: AtStripe<{ amount: number; reversed: number; currency: string }>;
}

export interface DisputeMoney {
  payments: DisputePaymentLine[];
  payouts: DisputePayoutLine[];
}

export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** One Stripe read, or why there is none: a failure is logged and shown as "could not be read", never thrown. */
async function atStripe<T>(id: string | null, read: (id: string) => Promise<T>): Promise<AtStripe<T>> {
  if (!id) return { read: false, reason: "none" };
  try {
    return { read: true, value: await read(id) };
  } catch (error) {
    console.warn("admin dispute record: Stripe read failed", id, error);
    return { read: false, reason: "unreachable" };
  }
}

/** The order's payments and payouts from D1, each with what Stripe holds for it (`stripe` null: none could be made). */
export async function disputeMoney(d1: D1Database, stripe: Stripe | null, orderId: string): Promise<DisputeMoney> {
  const [payments, payouts] = await d1.batch<Row>([
    d1
      .prepare(
        `SELECT t.id, t.transaction_status, t.stripe_payment_intent_id, t.amount, t.refunded_amount, cu.code AS currency,
           t.paid_at, t.created_at
         FROM payment_transactions t JOIN currencies cu ON cu.id = t.currency_id WHERE t.order_id = ? ORDER BY t.created_at, t.id`,
      )
      .bind(orderId),
    d1
      .prepare(
        `SELECT p.id, p.stage_index, p.payout_status, p.amount, cu.code AS currency, p.stripe_transfer_id, p.last_error
         FROM creator_payouts p JOIN currencies cu ON cu.id = p.currency_id WHERE p.order_id = ?
         ORDER BY coalesce(p.stage_index, 1e9), p.created_at`,
      )
      .bind(orderId),
  ]);
  const unreachable = { read: false, reason: "unreachable" } as const;
  return {
    payments: await Promise.all(
      payments.results.map(async (row): Promise<DisputePaymentLine> => {
        const intentId = text(row.stripe_payment_intent_id);
        return {
          id: String(row.id),
          status: row.transaction_status as TransactionStatus,
          intentId,
          amount: Number(row.amount),
          refundedAmount: Number(row.refunded_amount ?? 0),
          currency: String(row.currency),
          paidAt: row.paid_at === null ? null : Number(row.paid_at),
          createdAt: Number(row.created_at),
          stripe:
            stripe || !intentId
              ? await atStripe(intentId, async (id) => {
                  const { captured, refunded, currencies } = await chargesOf(stripe!, id);
                  return { captured, refunded, currencies };
                })
              : unreachable,
        };
      }),
    ),
    payouts: await Promise.all(
      payouts.results.map(async (row): Promise<DisputePayoutLine> => {
        const transferId = text(row.stripe_transfer_id);
        return {
          id: String(row.id),
          stageIndex: row.stage_index === null ? null : Number(row.stage_index),
          status: row.payout_status as PayoutStatus,
          amount: Number(row.amount),
          currency: String(row.currency),
          transferId,
          lastError: text(row.last_error),
          stripe:
            stripe || !transferId
              ? await atStripe(transferId, async (id) => {
                  const transfer = await stripe!.transfers.retrieve(id);
                  return {
                    amount: transfer.amount,
                    reversed: transfer.amount_reversed,
                    currency: transfer.currency.toUpperCase(),
                  };
                })
              : unreachable,
        };
      }),
    ),
  };
}
