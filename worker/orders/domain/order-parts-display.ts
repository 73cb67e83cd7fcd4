/**
 * How a deposit order reads on the order screens (issue 63, docs/decisions/100), pure: its two parts with where each
 * stands, what the client's cancel gives back before it happens (the words of the prompt must be the money's), and the
 * money story told of what the client paid rather than of the whole total. The loaders and the tabs ask these; the
 * edge turns the returned keys into en/ja text.
 */
import { partsOf, restDue, type DepositTerms } from "./order-parts";
import type { RefundFacts } from "./order-money";
import { cancelRefund } from "./order-refunds";
import type { OrderState } from "./order-types";

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
