/**
 * What money an order may hold (issue 30, docs/decisions/047): the invariant the reconciler checks, per order.
 *
 *   captured − refunded = the order's total   when it is paid and not canceled
 *   captured − refunded = 0                   otherwise (never paid, or canceled)
 *   transferred ≤ captured − refunded − fee   (the creator is never paid more than the client's money left)
 *
 * The last line is in the transfer's currency. A transfer from a charge that was converted to the platform's
 * settlement currency is in that currency (decision 050), so the right side is converted at the charge's own rate by
 * the payout's rule (money.ts `shareInSettlementCurrency`), which makes the release and the check agree to the unit.
 *
 * Pure: the reconciler (worker/payments/money-check.ts) reads the ledger from D1 and Stripe and asks this.
 */
import { shareInSettlementCurrency, type MinorUnits } from "./money";
import type { OrderPayment, OrderProgress } from "./order";

/** One order's money as Stripe has it, beside what the order says. Amounts in minor units of the order's currency. */
export interface OrderLedger {
  progress: OrderProgress;
  payment: OrderPayment;
  priceAmount: number | null;
  currency: string;
  /** Summed over every charge of every intent of the order, in the charges' own currencies. */
  captured: number;
  refunded: number;
  /** Currencies of the charges (upper-case): one, the order's, or none. */
  chargeCurrencies: string[];
  /** Transfers to the creator, less reversals, in `transferCurrency`. */
  transferred: number;
  /** The transfer's currency (upper-case); null when there is no transfer. */
  transferCurrency: string | null;
  /** What the captured charges became in the platform's balance: their balance transactions' gross amount and currency. */
  settled: MinorUnits | null;
  /** The platform's fee on the paid total (money.ts), which stays with the platform. */
  feeAmount: number;
}

export type MoneyDisagreement =
  | { kind: "net_mismatch"; expected: number; actual: number }
  | { kind: "currency_mismatch"; currencies: string[] }
  | { kind: "over_transferred"; transferred: number; allowed: number }
  | { kind: "transfer_currency_mismatch"; transferCurrency: string; allowed: string[] };

/** What the order may hold, net, in its state: its total once paid and not canceled; nothing otherwise. */
function expectedNetCharge(order: Pick<OrderLedger, "progress" | "payment" | "priceAmount">): number {
  return order.payment === "COMPLETED" && order.progress !== "CANCELED" ? (order.priceAmount ?? 0) : 0;
}

/** Every way this order's money disagrees with the order; none when it agrees. */
export function moneyDisagreements(ledger: OrderLedger): MoneyDisagreement[] {
  const found: MoneyDisagreement[] = [];
  const expected = expectedNetCharge(ledger);
  const actual = ledger.captured - ledger.refunded;
  if (actual !== expected) found.push({ kind: "net_mismatch", expected, actual });
  const foreign = ledger.chargeCurrencies.filter((c) => c !== ledger.currency);
  if (foreign.length > 0) found.push({ kind: "currency_mismatch", currencies: ledger.chargeCurrencies });
  if (ledger.transferred > 0 && ledger.transferCurrency !== null) {
    const allowed = allowedTransfer(ledger, Math.max(0, actual - ledger.feeAmount));
    if (allowed === null) {
      const currencies = [...new Set([ledger.currency, ...(ledger.settled ? [ledger.settled.currency] : [])])];
      found.push({
        kind: "transfer_currency_mismatch",
        transferCurrency: ledger.transferCurrency,
        allowed: currencies,
      });
    } else if (ledger.transferred > allowed)
      found.push({ kind: "over_transferred", transferred: ledger.transferred, allowed });
  }
  return found;
}

/**
 * The most the creator may have been sent, in the transfer's currency: the client's money left less the fee, in the
 * order's currency, or converted as the payout converts it when the transfer is in the settlement currency. Null for a
 * transfer in any other currency.
 */
function allowedTransfer(ledger: OrderLedger, allowedInOrderCurrency: number): number | null {
  const currency = ledger.transferCurrency?.toUpperCase();
  if (currency === ledger.currency.toUpperCase()) return allowedInOrderCurrency;
  if (!ledger.settled || ledger.captured <= 0 || currency !== ledger.settled.currency.toUpperCase()) return null;
  const share = Math.min(allowedInOrderCurrency, ledger.captured);
  return shareInSettlementCurrency(share, { amount: ledger.captured, currency: ledger.currency }, ledger.settled)
    .amount;
}
