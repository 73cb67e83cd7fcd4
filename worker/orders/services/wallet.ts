/**
 * The creator wallet's read side (/dashboard/creator/wallet, issue 12, docs/decisions/029): the connected account's
 * status and balance and its payouts, read from Stripe; the amounts held for the creator; and each sold order with its
 * breakdown and payout, from the sales history's own query (`listSales`), so the wallet and the history pages show the
 * same figures from one source. Everything is the caller's own: no id from the request reaches a query.
 */
import type Stripe from "stripe";
import type { Database } from "../../db/client";
import type { Locale } from "../../domain/locales";
import { asCurrencyCode, isCurrencyCode, type CurrencyCode } from "../../domain/currency";
import { NOT_CONNECTED, onboardingState, type ConnectStatus, type OnboardingState } from "../domain/payouts";
import { connectStatus } from "../../services/connected-accounts";
import { isStripeUnavailable } from "../../payments/stripe-errors";
import { sellerTransferAmount } from "../../domain/money";
import { listSales, type Money } from "./order-history";
import { feeNumeratorsFrom, feeNumeratorsOf } from "./order-views";

export type { Money };

interface WalletPayout {
  id: string;
  amount: number;
  currencyCode: CurrencyCode;
  status: string;
  arrivalDate: number;
}

export interface WalletView {
  status: ConnectStatus & { state: OnboardingState };
  /** The connected account's balance, in its own currencies; null before the account exists. */
  balance: { available: Money[]; pending: Money[] } | null;
  /** Payouts of completed orders not transferred yet, per currency. */
  held: (Money & { count: number })[];
  /**
   * Shares of completed orders still inside their client's week to report a problem (decision 092), per currency, with
   * the day the soonest of them clears (null when every one waits for a dispute's settlement instead).
   */
  clearing: (Money & { count: number; nextClearsAt: number | null })[];
  /** The account's payouts to the creator's bank (Stripe's list, newest first). */
  payouts: WalletPayout[];
  sales: Awaited<ReturnType<typeof listSales>>;
  /**
   * Stripe could not be reached: the status is Comet's last copy of the account, and the balance and bank payouts
   * are missing. The sales and held payouts are Comet's own and always shown.
   */
  stripeUnavailable: boolean;
}

/** Stripe's balance entries in currencies Comet knows (JPY, USD); any other is left out rather than mislabelled. */
function known(entries: { amount: number; currency: string }[]): Money[] {
  return entries.flatMap((entry) => {
    const code = entry.currency.toUpperCase();
    return isCurrencyCode(code) ? [{ amount: entry.amount, currencyCode: code }] : [];
  });
}

export async function loadWallet(
  db: Database,
  stripe: Stripe,
  input: { userAccountId: string; page: number; locale: Locale; displayCurrencyCode: string },
): Promise<WalletView> {
  // First: the status read may release held payouts, which the held amounts and the sales must then show.
  const { status, balance, payouts, stripeUnavailable } = await readFromStripe(db.$client, stripe, input.userAccountId);
  const [held, clearing, sales] = await Promise.all([
    heldAmounts(db.$client, input.userAccountId),
    clearingAmounts(db.$client, input.userAccountId),
    listSales(db, { ...input, approximateSales: true }),
  ]);
  return {
    stripeUnavailable,
    status: { ...status, state: onboardingState(status) },
    balance: balance && { available: known(balance.available), pending: known(balance.pending) },
    held,
    clearing,
    payouts: (payouts?.data ?? []).map((p) => ({
      id: p.id,
      amount: p.amount,
      currencyCode: asCurrencyCode(p.currency.toUpperCase()),
      status: p.status,
      arrivalDate: p.arrival_date * 1000,
    })),
    sales,
  };
}

/**
 * The account's status (a read that also releases held payouts if the account has just become ready, back from
 * onboarding), balance and bank payouts. When Stripe can't be reached, the wallet still opens: the status is the copy
 * Comet keeps, and the balance and payouts are left out.
 */
async function readFromStripe(d1: D1Database, stripe: Stripe, userAccountId: string) {
  try {
    const status = await connectStatus({ d1, stripe }, userAccountId);
    const account = status.accountId;
    const [balance, payouts] = await Promise.all([
      account ? stripe.balance.retrieve({}, { stripeAccount: account }) : null,
      account ? stripe.payouts.list({ limit: 10 }, { stripeAccount: account }) : null,
    ]);
    return { status, balance, payouts, stripeUnavailable: false };
  } catch (error) {
    if (!isStripeUnavailable(error)) throw error;
    console.error("wallet: Stripe unavailable", error);
    return {
      status: await storedConnectStatus(d1, userAccountId),
      balance: null,
      payouts: null,
      stripeUnavailable: true,
    };
  }
}

/** The connected account's flags as Comet last saw them (`stripe_connected_accounts`). */
async function storedConnectStatus(d1: D1Database, userAccountId: string): Promise<ConnectStatus> {
  const row = await d1
    .prepare(
      "SELECT details_submitted, charges_enabled, payouts_enabled FROM stripe_connected_accounts WHERE user_account_id = ?",
    )
    .bind(userAccountId)
    .first<{ details_submitted: number; charges_enabled: number; payouts_enabled: number }>();
  if (!row) return NOT_CONNECTED;
  return {
    connected: true,
    detailsSubmitted: row.details_submitted === 1,
    chargesEnabled: row.charges_enabled === 1,
    payoutsEnabled: row.payouts_enabled === 1,
    requirementsDue: [],
  };
}

async function heldAmounts(d1: D1Database, userAccountId: string) {
  const { results } = await d1
    .prepare(
      `SELECT c.code, sum(p.amount) AS amount, count(*) AS n FROM creator_payouts p JOIN currencies c ON c.id = p.currency_id
       WHERE p.seller_user_account_id = ? AND p.payout_status = 'HELD' GROUP BY c.code ORDER BY c.code`,
    )
    .bind(userAccountId)
    .all<{ code: string; amount: number; n: number }>();
  return results.map((r) => ({ currencyCode: asCurrencyCode(r.code), amount: Number(r.amount), count: Number(r.n) }));
}

/**
 * The creator's shares still clearing: completed orders whose payout waits for the client's week to report a problem
 * (decision 092), each share by the payout's own rule on its paid transaction's frozen fees, summed per currency.
 */
async function clearingAmounts(d1: D1Database, userAccountId: string) {
  const { results } = await d1
    .prepare(
      `SELECT c.code, t.amount, o.payout_held_until AS clears_at, o.disputed_since, ${feeNumeratorsOf("t.id")} AS fee_numerators
       FROM commission_orders o JOIN commission_accounts sa ON sa.id = o.seller_id
       JOIN payment_transactions t ON t.order_id = o.id AND t.transaction_status = 'COMPLETED'
       JOIN currencies c ON c.id = t.currency_id
       WHERE sa.user_account_id = ? AND o.order_progress_status = 'COMPLETED' AND o.payout_held_until IS NOT NULL`,
    )
    .bind(userAccountId)
    .all<{ code: string; amount: number; clears_at: number; disputed_since: number | null; fee_numerators: string }>();
  const byCurrency = new Map<CurrencyCode, Money & { count: number; nextClearsAt: number | null }>();
  for (const row of results) {
    const currencyCode = asCurrencyCode(row.code);
    const share = sellerTransferAmount(Number(row.amount), feeNumeratorsFrom(row.fee_numerators));
    const sum = byCurrency.get(currencyCode) ?? { currencyCode, amount: 0, count: 0, nextClearsAt: null };
    // A disputed one clears on no date: its clock waits for the settlement.
    const clearsAt = row.disputed_since === null ? Number(row.clears_at) : null;
    byCurrency.set(currencyCode, {
      currencyCode,
      amount: sum.amount + share,
      count: sum.count + 1,
      nextClearsAt:
        sum.nextClearsAt === null || clearsAt === null
          ? (sum.nextClearsAt ?? clearsAt)
          : Math.min(sum.nextClearsAt, clearsAt),
    });
  }
  return [...byCurrency.values()].sort((a, b) => a.currencyCode.localeCompare(b.currencyCode));
}

/**
 * One order's payout, for its seller only: another creator's (or a stranger's) question reads as not found. `amount`
 * and `currencyCode` are the share in the order's currency; `transferAmount` and `transferCurrencyCode` what was sent
 * (decision 050), null while held.
 */
export async function payoutOfOrder(d1: D1Database, userAccountId: string, orderCode: string) {
  return d1
    .prepare(
      `SELECT o.code AS orderCode, p.payout_status AS status, p.amount, c.code AS currencyCode, p.transfer_amount AS transferAmount,
         p.transfer_currency AS transferCurrencyCode, p.stripe_transfer_id AS transferId, p.transferred_at AS transferredAt
       FROM creator_payouts p JOIN commission_orders o ON o.id = p.order_id JOIN currencies c ON c.id = p.currency_id
       WHERE o.code = ? AND p.seller_user_account_id = ?`,
    )
    .bind(orderCode, userAccountId)
    .first<{
      orderCode: string;
      status: string;
      amount: number;
      currencyCode: string;
      transferAmount: number | null;
      transferCurrencyCode: string | null;
      transferId: string | null;
      transferredAt: number | null;
    }>();
}
