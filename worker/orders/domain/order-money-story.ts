/**
 * What an order's money did (issue 59, docs/decisions/094): what the client paid, what went (or is going) back to them
 * and what stays with the creator, each part with its reason, and the creator's share of what they keep by the payout's
 * own rule. The order page's Payment tab (both sides) and the sales and billing histories read this one function, so no
 * page tells an order's money its own way: a dispute's split is never worded as a staged cancel, a partly refunded
 * payment never reads "Refunded", and the creator's income is never that of money that went back.
 *
 * It is made of the rules the money itself moves by, never a copy of them: the refund is `cancelRefund` (order-money.ts,
 * the one the Order object refunds by, a split's award included), the creator's pieces are the ones their payouts are
 * made of (each approved stage, a split's award, or the whole total of a completed order without stages), each split by
 * money.ts and sent less the fee on it (`stageTransferAmount`, which is `sellerTransferAmount`). Pure.
 */
import { awardedAmount, type OrderDispute } from "./disputes";
import { splitTotal } from "../../domain/money";
import { cancelRefund, type RefundFacts } from "./order-money";
import { approvedAmount, stageAmounts, stageTransferAmount } from "./order-stages";
import { stageMoney, type StageMoney } from "./stage-money";
import { paidTotal } from "./order-parts";

/** How the payment reads: "Partly refunded" whenever part of it stays with the creator. */
export type MoneyStatus = "unpaid" | "paid" | "partly_refunded" | "refunded";

/** Why money went back to the client. */
export type RefundReason =
  /** A cancel before anything was the creator's: the whole total (decision 061). */
  | "canceled"
  /** A staged order's cancel: the shares of the stages not approved (decision 073). */
  | "stages_not_approved"
  /** An admin settled a dispute with a refund: everything at stake (decision 088). */
  | "dispute_refund"
  /** An admin settled a dispute with a split: the part of the stake they gave back (decision 088). */
  | "dispute_split"
  /** A payment the order could not take (it had changed or ended), given back in full as it landed (decision 047). */
  | "returned";

/** Why money stays with the creator. */
export type KeptReason =
  /** The order was completed: the whole total. */
  | "completed"
  /** A staged order's approved stages: each share was the creator's when its stage was approved (decision 073). */
  | "approved_stages"
  /** What a dispute's split awarded the creator of the stake (decision 088). */
  | "dispute_award"
  /** An admin settled a dispute by releasing the payment to the creator (decision 088). */
  | "dispute_release"
  /** The client walked away from a deposit order whose terms keep the deposit (decision 100). */
  | "kept_deposit";

export interface RefundPart {
  amount: number;
  reason: RefundReason;
  /** Stripe has given it back (the transaction says so); false while the Order object is still refunding it. */
  done: boolean;
}

export interface KeptPart {
  amount: number;
  reason: KeptReason;
}

/**
 * The creator's side of the money, summed over the pieces their payouts are made of: the amounts, the 10% tax in them,
 * the fee on them, their income (less tax and fee) and the payout (less the fee only: what Comet sends them).
 */
export interface CreatorShare {
  /** What the pieces add up to: what the creator keeps, or, while the order is under way, what completing it gives. */
  amount: number;
  taxAmount: number;
  salesAmount: number;
  feeAmount: number;
  incomeAmount: number;
  payoutAmount: number;
  /** The order has ended (completed, canceled, or its payment given back): these are what the creator got. */
  final: boolean;
}

export interface OrderMoneyStory {
  status: MoneyStatus;
  /** What the client was charged, in minor units of the order's currency; 0 while unpaid. */
  paidAmount: number;
  /** What goes back to the client, and why; null when nothing does. */
  refund: RefundPart | null;
  /** What stays with the creator, part by part; empty while nothing is theirs yet. */
  kept: KeptPart[];
  keptAmount: number;
  /** Paid, and neither the creator's nor going back: the order is under way and Comet holds it. */
  heldAmount: number;
  creator: CreatorShare;
  /** A staged order's stages, each with its money and where it is; empty without stages. */
  stages: StageMoney[];
}

/**
 * What the story reads of an order: its state as the Order object keeps it (what the refund rule reads), and the fees
 * frozen on its payment.
 */
export type MoneyFacts = RefundFacts & {
  /** The fee numerators of the payment (frozen on its transaction, else today's): the payouts' own. */
  feeNumerators: readonly number[];
};

/**
 * A payment transaction of the order: its status (whether a refund owed is done at Stripe) and its amount. A history
 * row is one transaction; the Payment tab reads the order's latest.
 */
export interface PaymentFacts {
  status: string | null;
  amount?: number | null;
}

const ZERO_SHARE: CreatorShare = {
  amount: 0,
  taxAmount: 0,
  salesAmount: 0,
  feeAmount: 0,
  incomeAmount: 0,
  payoutAmount: 0,
  final: true,
};

/** The outcome of a dispute the admin settled with money (a reopen settles nothing of it); null otherwise. */
function settledWith(dispute: OrderDispute | null | undefined): "refund" | "split" | "release" | null {
  if (!dispute || dispute.settledAt === null) return null;
  return dispute.outcome === "refund" || dispute.outcome === "split" || dispute.outcome === "release"
    ? dispute.outcome
    : null;
}

/**
 * The creator's share of `pieces` (each an amount a payout is made of): each split by money.ts and sent less the fee on
 * it by the payout's rule, then summed, so the figures are those of the payouts to the unit.
 */
function creatorShare(pieces: readonly number[], feeNumerators: readonly number[], final: boolean): CreatorShare {
  const share = { ...ZERO_SHARE, final };
  for (const piece of pieces) {
    const split = splitTotal(piece, feeNumerators);
    share.amount += piece;
    share.taxAmount += split.taxAmount;
    share.salesAmount += split.salesAmount;
    share.feeAmount += split.feeAmount;
    share.incomeAmount += split.incomeAmount;
    share.payoutAmount += stageTransferAmount(piece, feeNumerators);
  }
  return share;
}

/** A payment given back in full as it landed: nothing of it was the order's, nothing stays with anyone. */
function returnedStory(amount: number, facts: MoneyFacts): OrderMoneyStory {
  return {
    status: "refunded",
    paidAmount: amount,
    refund: { amount, reason: "returned", done: true },
    kept: [],
    keptAmount: 0,
    heldAmount: 0,
    creator: ZERO_SHARE,
    stages: stageMoney(facts.priceAmount ?? 0, facts.stages ?? [], facts.feeNumerators, "held").map((s) => ({
      ...s,
      state: "refunded",
    })),
  };
}

/**
 * Whether the transaction shown is a payment the order gave back as it landed rather than the one that paid it: it was
 * refunded in full, and the order either was not paid by it or does not refund its whole total (a canceled order's
 * own payment reads REFUNDED only when the cancel gives everything back).
 */
export function isReturnedPayment(
  facts: Omit<MoneyFacts, "feeNumerators">,
  payment: PaymentFacts | undefined,
): boolean {
  if (payment?.status !== "REFUNDED") return false;
  if (facts.payment !== "COMPLETED" || facts.progress !== "CANCELED") return true;
  return cancelRefund(facts).kind !== "full";
}

/**
 * What one payment of the order did (a history row: one transaction): a payment the order gave back as it landed reads
 * as that, whatever the order did since; the one that paid it tells the order's money.
 */
export function paymentMoneyStory(facts: MoneyFacts, payment: PaymentFacts): OrderMoneyStory {
  const total = facts.priceAmount ?? 0;
  return isReturnedPayment(facts, payment)
    ? returnedStory(payment.amount ?? total, facts)
    : orderMoneyStory(facts, payment);
}

/**
 * What this order's money did (its Payment tab). `payment`: the transaction of its payment, if known, which says
 * whether a refund owed is done at Stripe. A payment the order gave back as it landed changes nothing of it (the tab
 * says so apart: `isReturnedPayment`).
 */
export function orderMoneyStory(facts: MoneyFacts, payment?: PaymentFacts): OrderMoneyStory {
  const total = facts.priceAmount ?? 0;
  // What the client paid: the total, or a deposit order's deposit while its rest was not paid (decision 100).
  const paid = paidTotal(facts);
  const stages = facts.stages ?? [];
  const fees = facts.feeNumerators;
  const staged = stages.length > 0;
  /** The pieces completing the order pays the creator: each stage's share, or the whole total. */
  const completionPieces = staged ? stageAmounts(total, stages) : [total];

  if (facts.payment !== "COMPLETED") {
    return {
      status: "unpaid",
      paidAmount: 0,
      refund: null,
      kept: [],
      keptAmount: 0,
      heldAmount: 0,
      // Nothing is anyone's yet: what completing the order at its price would give the creator (nothing, once canceled).
      creator:
        facts.progress === "CANCELED" ? ZERO_SHARE : creatorShare(total > 0 ? completionPieces : [], fees, false),
      stages: stageMoney(total, stages, fees, "held"),
    };
  }

  const settled = settledWith(facts.dispute);
  const approved = approvedAmount(total, stages);
  const approvedPieces = stageAmounts(total, stages).filter((_, i) => stages[i]!.status === "APPROVED");

  if (facts.progress === "COMPLETED") {
    return {
      status: "paid",
      paidAmount: paid,
      refund: null,
      kept: [{ amount: paid, reason: settled === "release" ? "dispute_release" : "completed" }],
      keptAmount: paid,
      heldAmount: 0,
      // A deposit order released in a dispute before its rest was paid completes with the deposit alone.
      creator: creatorShare(staged ? completionPieces : [paid], fees, true),
      stages: stageMoney(total, stages, fees, "held"),
    };
  }

  if (facts.progress === "CANCELED") {
    // What a cancel gives back is the refund rule's, the one the Order object refunded by (a split's award included).
    const rule = cancelRefund(facts);
    const refunded = rule.kind === "none" ? 0 : rule.amount;
    const award = settled === "split" ? awardedAmount(facts) : 0;
    const keptDeposit = facts.keptDeposit ?? 0;
    const kept: KeptPart[] = [
      ...(approved > 0 ? [{ amount: approved, reason: "approved_stages" as const }] : []),
      ...(award > 0 ? [{ amount: award, reason: "dispute_award" as const }] : []),
      ...(keptDeposit > 0 ? [{ amount: keptDeposit, reason: "kept_deposit" as const }] : []),
    ];
    const reason: RefundReason =
      settled === "refund"
        ? "dispute_refund"
        : settled === "split"
          ? "dispute_split"
          : approved > 0
            ? "stages_not_approved"
            : "canceled";
    const done = refunded === 0 || payment?.status === "REFUNDED" || payment?.status === "PARTIALLY_REFUNDED";
    return {
      status: refunded === 0 ? "paid" : refunded < paid ? "partly_refunded" : "refunded",
      paidAmount: paid,
      refund: refunded > 0 ? { amount: refunded, reason, done } : null,
      kept,
      keptAmount: paid - refunded,
      heldAmount: 0,
      // Each is its own payout, less the fee on it: the approved stages, a split's award, a kept deposit.
      creator: creatorShare(
        [...approvedPieces, ...kept.filter((k) => k.reason !== "approved_stages").map((k) => k.amount)],
        fees,
        true,
      ),
      stages: stageMoney(total, stages, fees, settled === "split" ? "split" : "refunded"),
    };
  }

  // Paid and under way: the approved stages are the creator's already, the rest Comet holds until the order ends.
  return {
    status: "paid",
    paidAmount: paid,
    refund: null,
    kept: approved > 0 ? [{ amount: approved, reason: "approved_stages" }] : [],
    keptAmount: approved,
    heldAmount: paid - approved,
    creator: creatorShare(completionPieces, fees, false),
    stages: stageMoney(total, stages, fees, "held"),
  };
}
