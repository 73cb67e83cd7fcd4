/**
 * How a deposit order reads on the order screens (issue 63, docs/decisions/100), pure: its two parts with where each
 * stands, what the client's cancel gives back before it happens (the words of the prompt must be the money's), and the
 * money story told of what the client paid rather than of the whole total. The loaders and the tabs ask these; the
 * edge turns the returned keys into en/ja text.
 */
import { orderMoneyStory, type MoneyFacts, type OrderMoneyStory } from "./order-money-story";
import { depositKeptOnWalkAway, paidTotal, partsOf, restDue, type DepositTerms } from "./order-parts";
import type { RefundFacts } from "./order-money";
import { cancelRefund, refundOnCancel, type CancelOutcome } from "./order-refunds";
import type { OrderActor, OrderState } from "./order-types";

/**
 * Where a part stands: paid, due now (the deposit before work starts, the rest once delivered), upcoming (the rest
 * before delivery), refunded or kept by the creator once canceled, or never paid by a canceled order.
 */
export type PartStatus = "paid" | "due" | "upcoming" | "refunded" | "kept" | "unpaid";

export interface OrderPart {
  part: "deposit" | "rest";
  amount: number;
  status: PartStatus;
}

type PartsFacts = RefundFacts & Pick<OrderState, "deposit">;

/** What happened to a paid part of a canceled order: kept under the deposit's terms, else refunded when the cancel gave it back. */
function canceledPartStatus(o: PartsFacts, part: OrderPart["part"]): PartStatus {
  if (part === "deposit" && (o.keptDeposit ?? 0) > 0) return "kept";
  return cancelRefund(o).kind === "full" ? "refunded" : "paid";
}

function depositStatus(o: PartsFacts): PartStatus {
  if (o.payment !== "COMPLETED") return o.progress === "CANCELED" ? "unpaid" : "due";
  return o.progress === "CANCELED" ? canceledPartStatus(o, "deposit") : "paid";
}

function restStatus(o: PartsFacts): PartStatus {
  if (o.paidRest) return o.progress === "CANCELED" ? canceledPartStatus(o, "rest") : "paid";
  if (restDue(o)) return "due";
  return o.progress === "CANCELED" ? "unpaid" : "upcoming";
}

/** A deposit order's terms and its two parts, the deposit first; null for an order paid at once. */
export function orderParts(o: PartsFacts): { terms: DepositTerms; parts: OrderPart[] } | null {
  const amounts = partsOf(o);
  if (!amounts || !o.deposit) return null;
  return {
    terms: o.deposit,
    parts: [
      { part: "deposit", amount: amounts.deposit, status: depositStatus(o) },
      { part: "rest", amount: amounts.rest, status: restStatus(o) },
    ],
  };
}

/**
 * What a cancel by `who` now would give back, as the Order object will refund it: `refundOnCancel`, except that the
 * client who walks away from a deposit order before a late delivery leaves a deposit under kept terms with the creator
 * (the cancelByBuyerAfterDeposit row's effect sets `keptDeposit`, and the cancel's refund reads it).
 */
export function cancelOutcomeOf(
  o: RefundFacts & Pick<OrderState, "deliveryDeadline" | "deposit">,
  who: OrderActor | "admin",
  now: number,
): CancelOutcome {
  const outcome = refundOnCancel(o, who, now);
  if (!outcome.allowed || who !== "buyer" || !o.deposit) return outcome;
  const late = o.deliveryDeadline !== null && now > o.deliveryDeadline;
  const keptDeposit = late ? 0 : depositKeptOnWalkAway(o);
  return keptDeposit > 0 ? { allowed: true, refund: cancelRefund({ ...o, keptDeposit }) } : outcome;
}

/**
 * The money story of a deposit order, told of what the client paid (the deposit alone while the rest is due, or once
 * the client walked away) rather than the whole total: a refunded deposit reads "Refunded", not "Partly refunded".
 * A deposit the client left with the creator is their share, paid out as its own piece less its fee. An order paid at
 * once, or not paid, is told as it was.
 */
export function depositMoneyStory(
  story: OrderMoneyStory,
  o: PartsFacts & Pick<MoneyFacts, "feeNumerators">,
): OrderMoneyStory {
  if (!o.deposit || story.status === "unpaid" || o.progress === "COMPLETED") return story;
  const paid = paidTotal(o);
  const refunded = story.refund?.amount ?? 0;
  if (o.progress !== "CANCELED") return { ...story, paidAmount: paid, heldAmount: paid - story.keptAmount };
  const keptDeposit = o.keptDeposit ?? 0;
  return {
    ...story,
    status: refunded === 0 ? "paid" : refunded < paid ? "partly_refunded" : "refunded",
    paidAmount: paid,
    keptAmount: paid - refunded,
    // The kept deposit's payout is one piece, split and sent less its fee as a completed order's whole total is: the
    // story's own share of that piece, so the figures are the payout's to the unit.
    ...(keptDeposit > 0 && {
      creator: orderMoneyStory({
        progress: "COMPLETED",
        payment: "COMPLETED",
        priceAmount: keptDeposit,
        feeNumerators: o.feeNumerators,
      }).creator,
    }),
  };
}
