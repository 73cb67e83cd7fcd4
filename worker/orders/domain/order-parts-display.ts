/**
 * How an order paid in parts reads on the order screens (issue 63, docs/decisions/100 and 101), pure: a deposit order's
 * two parts, or each stage's part of an order paid stage by stage, with where each stands, what the client's cancel
 * gives back before it happens (the words of the prompt must be the money's), and the money story told of what the
 * client paid rather than of the whole total. The loaders and the tabs ask these; the edge turns the returned keys
 * into en/ja text.
 */
import { partsOf, paysByStage, restDue, stageDue, type DepositTerms } from "./order-parts";
import { stageAmounts } from "./order-stages";
import type { RefundFacts } from "./order-money";
import { cancelRefund } from "./order-refunds";
import type { OrderState } from "./order-types";

/**
 * Where a part stands: paid, due now (the deposit before work starts, the rest once delivered), upcoming (the rest
 * before delivery), refunded or kept by the creator once canceled, or never paid by a canceled order.
 */
export type PartStatus = "paid" | "due" | "upcoming" | "refunded" | "kept" | "unpaid";

export interface OrderPart {
  /** A deposit order's "deposit" or "rest"; "stage-1", "stage-2"… for an order paid stage by stage (1-based). */
  part: "deposit" | "rest" | `stage-${number}`;
  amount: number;
  status: PartStatus;
}

type PartsFacts = RefundFacts & Pick<OrderState, "deposit">;

/**
 * Where a stage's own part stands (decision 101): due while it is the part the client owes now (the first before the
 * order is paid, a later one once reached), upcoming until its stage is reached; once canceled, a paid stage not
 * approved went back (a cancel refunds the paid parts not approved) and an approved one stayed paid.
 */
function stagePartStatus(o: PartsFacts, index: number): PartStatus {
  const stage = o.stages![index]!;
  if (stage.payment) return o.progress === "CANCELED" && stage.status !== "APPROVED" ? "refunded" : "paid";
  if (o.progress === "CANCELED") return "unpaid";
  const firstDue = index === 0 && o.progress === "APPROVED" && o.payment !== "COMPLETED";
  return firstDue || stageDue(o) === index ? "due" : "upcoming";
}

/** Each stage's part of an order paid stage by stage, first stage first. */
export function stageParts(o: PartsFacts): OrderPart[] {
  const amounts = stageAmounts(o.priceAmount ?? 0, o.stages!);
  return amounts.map((amount, index) => ({
    part: `stage-${index + 1}` as const,
    amount,
    status: stagePartStatus(o, index),
  }));
}

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

/**
 * How the order is paid and its parts: a deposit order's terms and its two parts, the deposit first; each stage's part
 * of an order paid stage by stage; null for an order paid at once (and for any order before its approval says how).
 */
export function orderParts(
  o: PartsFacts,
): { kind: "deposit"; terms: DepositTerms; parts: OrderPart[] } | { kind: "byStage"; parts: OrderPart[] } | null {
  if (paysByStage(o)) return { kind: "byStage", parts: stageParts(o) };
  const amounts = partsOf(o);
  if (!amounts || !o.deposit) return null;
  return {
    kind: "deposit",
    terms: o.deposit,
    parts: [
      { part: "deposit", amount: amounts.deposit, status: depositStatus(o) },
      { part: "rest", amount: amounts.rest, status: restStatus(o) },
    ],
  };
}
