/**
 * What money an order may hold (issue 30, docs/decisions/047): the invariant the reconciler checks, per order.
 *
 *   captured − refunded = the order's total   when it is paid and not canceled
 *   captured − refunded = Σ approved stages' amounts + awarded   when it is paid and canceled (0 without stages or a
 *                                               dispute's split; decision 073, 088)
 *   captured − refunded = 0                   when it was never paid
 *   (a deposit order, decision 100: its deposit until the rest is paid; canceled, + a deposit kept by its terms)
 *   transferred ≤ captured − refunded − fee   (the creator is never paid more than the client's money left)
 *   transferred ≤ Σ approved stages' (amount − fee)   instead, for an order with stages: each stage's share alone
 *   (+ awarded − its fee)                     a split's award is one more share, with its own fee
 *   transferred ≤ Σ approved stages' (amount − fee)   while a dispute is open or the completed order's payout waits
 *                                               for the client's week to dispute the work (decision 092): nothing
 *                                               goes while the client can still take it back
 *   every dispute Stripe has of the order's charges is recorded, with its status and amount (decision 103); a
 *   chargeback leaves captured and refunded as they were, so the lines above hold through one
 *
 * The transfer lines are in the transfer's currency. A transfer from a charge that was converted to the platform's
 * settlement currency is in that currency (decision 050), so the right side is converted at the charge's own rate by
 * the payout's rule (money.ts `shareInSettlementCurrency`), which makes the release and the check agree to the unit:
 * a staged order's shares are converted one by one, as each stage's transfer is.
 *
 * Pure: the reconciler (worker/orders/services/money-check.ts) reads the ledger from D1 and Stripe and asks this.
 */
import { awardedAmount } from "./disputes";
import { shareInSettlementCurrency, type MinorUnits } from "../../domain/money";
import type { OrderDispute, OrderPayment, OrderProgress, OrderState } from "./order-types";
import { approvedAmount, stageAmounts, stageTransferAmount, type OrderStage } from "./order-stages";
import { paidTotal } from "./order-parts";

// ───────────────────────── what a cancel gives back (decision 061) ─────────────────────────

/** Every minor unit of the paid total goes back to the client's card, in the order's currency. */
interface FullRefund {
  kind: "full";
  amount: number;
}
/** Nothing was charged, so nothing is refunded (a payment still under way is voided, or refunded in full if it lands). */
interface NoRefund {
  kind: "none";
}
/** Part of the paid total goes back (possibly nothing): the shares of a staged order's stages not yet approved. */
interface PartialRefund {
  kind: "partial";
  amount: number;
  /** What stays with the creator: the approved stages' shares. */
  keptAmount: number;
}
export type CancelRefund = FullRefund | NoRefund | PartialRefund;

export type RefundFacts = Pick<OrderState, "progress" | "payment" | "priceAmount"> &
  Partial<Pick<OrderState, "deposit" | "paidRest" | "keptDeposit">> & {
    stages?: OrderState["stages"];
    dispute?: OrderDispute | null;
  };

/**
 * What ending this order by a cancel gives the client back: its total in full once paid, nothing before. Also true
 * of an order already canceled (its payment status stays COMPLETED after the refund), which the Payment tab reads.
 */
export function cancelRefund(o: RefundFacts): CancelRefund {
  if (o.payment !== "COMPLETED") return { kind: "none" };
  // What the client paid: the total, or only a deposit order's deposit while its rest is unpaid (decision 100).
  const paid = paidTotal(o);
  // What stays with the creator: the approved stages' shares, what a dispute's split awarded them (decision 088), and a
  // deposit kept under its terms when the client walked away (decision 100).
  const kept = approvedAmount(o.priceAmount ?? 0, o.stages ?? []) + awardedAmount(o) + (o.keptDeposit ?? 0);
  return kept > 0 ? { kind: "partial", amount: paid - kept, keptAmount: kept } : { kind: "full", amount: paid };
}

// ───────────────────────── what the order may hold (the reconciler) ─────────────────────────

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
  /** The order's stages (decision 073); empty for an order without, which is checked as before them. */
  stages: readonly OrderStage[];
  /** The fee numerators frozen on the paid transaction: each stage's fee is taken by them. */
  feeNumerators: readonly number[];
  /** What a dispute's split awarded the creator of the stake (decision 088); 0 otherwise. */
  awardedAmount?: number;
  /**
   * What the client was due to have paid (decision 100): a deposit order's deposit until its rest is paid; absent, the
   * total.
   */
  paidAmount?: number;
  /** A deposit the creator kept when the client walked away from a canceled deposit order; 0 otherwise. */
  keptDeposit?: number;
  /**
   * The client can still take the money back: a dispute is open, or the completed order's payout waits for their week
   * to dispute the work (decision 092). Only approved stages' shares may have gone.
   */
  reachable?: boolean;
  /**
   * The charges' disputes as Stripe has them and as Comet recorded them (decision 103): each by its dispute id, status
   * and amount. Absent: not read.
   */
  chargebacks?: { atStripe: readonly ChargebackFacts[]; recorded: readonly ChargebackFacts[] };
  /** Of the order's charges, what the client's bank disputed, and what it took for good (lost). */
  disputed?: number;
  lostToChargebacks?: number;
}

/** One dispute of a charge: Stripe's id, its status, and the amount in dispute. */
export interface ChargebackFacts {
  disputeId: string;
  status: string;
  amount: number;
}

export type MoneyDisagreement =
  | { kind: "net_mismatch"; expected: number; actual: number }
  | { kind: "currency_mismatch"; currencies: string[] }
  | { kind: "over_transferred"; transferred: number; allowed: number }
  /** Sent while the client could still take it back (decision 092). */
  | { kind: "transferred_while_reachable"; transferred: number; allowed: number }
  | { kind: "transfer_currency_mismatch"; transferCurrency: string; allowed: string[] }
  /** A dispute Stripe has of the order's charge that Comet never recorded, or records otherwise (decision 103). */
  | { kind: "chargeback_unrecorded"; disputeId: string; status: string; amount: number }
  | { kind: "chargeback_mismatch"; disputeId: string; stripe: ChargebackFacts; recorded: ChargebackFacts };

/** Each of Stripe's disputes that Comet's rows miss or record with another status or amount. */
function chargebackDisagreements(chargebacks: NonNullable<OrderLedger["chargebacks"]>): MoneyDisagreement[] {
  return chargebacks.atStripe.flatMap((stripe): MoneyDisagreement[] => {
    const recorded = chargebacks.recorded.find((r) => r.disputeId === stripe.disputeId);
    if (!recorded) return [{ kind: "chargeback_unrecorded", ...stripe }];
    return recorded.status === stripe.status && recorded.amount === stripe.amount
      ? []
      : [{ kind: "chargeback_mismatch", disputeId: stripe.disputeId, stripe, recorded }];
  });
}

/**
 * What the order may hold, net, in its state: its total once paid and not canceled; once canceled, what its approved
 * stages kept (nothing without stages); nothing when it was never paid.
 */
function expectedNetCharge(
  order: Pick<
    OrderLedger,
    "progress" | "payment" | "priceAmount" | "stages" | "awardedAmount" | "paidAmount" | "keptDeposit"
  >,
): number {
  if (order.payment !== "COMPLETED") return 0;
  const total = order.priceAmount ?? 0;
  if (order.progress !== "CANCELED") return order.paidAmount ?? total;
  return approvedAmount(total, order.stages) + (order.awardedAmount ?? 0) + (order.keptDeposit ?? 0);
}

/** Every way this order's money disagrees with the order; none when it agrees. */
export function moneyDisagreements(ledger: OrderLedger): MoneyDisagreement[] {
  const found: MoneyDisagreement[] = [];
  const expected = expectedNetCharge(ledger);
  // A canceled order's charge the bank took back for good (a lost chargeback, decision 103) is given back: Stripe
  // refuses to refund it, as the client already has it. An order still standing keeps its total whoever bore the loss.
  const givenBackByBank = ledger.progress === "CANCELED" ? (ledger.lostToChargebacks ?? 0) : 0;
  const actual = ledger.captured - ledger.refunded - givenBackByBank;
  if (actual !== expected) found.push({ kind: "net_mismatch", expected, actual });
  const foreign = ledger.chargeCurrencies.filter((c) => c !== ledger.currency);
  if (foreign.length > 0) found.push({ kind: "currency_mismatch", currencies: ledger.chargeCurrencies });
  if (ledger.transferred > 0 && ledger.transferCurrency !== null) {
    const award = ledger.awardedAmount ?? 0;
    const kept = ledger.keptDeposit ?? 0;
    // Each of these went as its own payout, with the fee on it: an approved stage, a split's award, a kept deposit.
    const ownShares = [award, kept].filter((amount) => amount > 0);
    const shares = ledger.reachable
      ? approvedStageShares(ledger)
      : ledger.stages.length > 0 || ownShares.length > 0
        ? [
            ...approvedStageShares(ledger),
            ...ownShares.map((amount) => stageTransferAmount(amount, ledger.feeNumerators)),
          ]
        : [Math.max(0, actual - ledger.feeAmount)];
    const allowed = allowedTransfer(ledger, shares);
    if (allowed === null) {
      const currencies = [...new Set([ledger.currency, ...(ledger.settled ? [ledger.settled.currency] : [])])];
      found.push({
        kind: "transfer_currency_mismatch",
        transferCurrency: ledger.transferCurrency,
        allowed: currencies,
      });
    } else if (ledger.transferred > allowed)
      found.push({
        kind: ledger.reachable ? "transferred_while_reachable" : "over_transferred",
        transferred: ledger.transferred,
        allowed,
      });
  }
  if (ledger.chargebacks) found.push(...chargebackDisagreements(ledger.chargebacks));
  return found;
}

/**
 * What each approved stage may send the creator, in the order's currency: its amount of the paid total less the fee
 * on it (order-stages.ts, the payout's own rule). Nothing while the order is unpaid.
 */
export function approvedStageShares(
  ledger: Pick<OrderLedger, "payment" | "priceAmount" | "stages" | "feeNumerators">,
): number[] {
  if (ledger.payment !== "COMPLETED") return [];
  const amounts = stageAmounts(ledger.priceAmount ?? 0, ledger.stages);
  // A stage of an order paid stage by stage that was never paid (a dispute's release approved it) sent nothing.
  return ledger.stages.flatMap((stage, i) =>
    stage.status === "APPROVED" && stage.payment !== null
      ? [stageTransferAmount(amounts[i]!, ledger.feeNumerators)]
      : [],
  );
}

/**
 * The most the creator may have been sent, in the transfer's currency: the shares (in the order's currency) summed, or,
 * when the transfer is in the settlement currency, each converted as its payout converts it and then summed. Null for
 * a transfer in any other currency.
 */
export function allowedTransfer(
  ledger: Pick<OrderLedger, "transferCurrency" | "currency" | "settled" | "captured">,
  shares: readonly number[],
): number | null {
  const currency = ledger.transferCurrency?.toUpperCase();
  if (currency === ledger.currency.toUpperCase()) return shares.reduce((sum, share) => sum + share, 0);
  if (!ledger.settled || ledger.captured <= 0 || currency !== ledger.settled.currency.toUpperCase()) return null;
  const charged = { amount: ledger.captured, currency: ledger.currency };
  return shares.reduce(
    (sum, share) => sum + shareInSettlementCurrency(Math.min(share, ledger.captured), charged, ledger.settled!).amount,
    0,
  );
}
