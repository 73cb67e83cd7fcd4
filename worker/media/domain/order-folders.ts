/**
 * Whether an order's folder (media keys commission-order/{orderId}/{field}/...) takes a file now: the one rule every
 * door that writes there asks (issue 75). A completed or canceled order takes no more files (spec section 4's
 * editability): nothing written then could be attached, and a closed order's private folder is no one's storage. One
 * exception: a dispute's evidence, while a completed order may still be disputed (its payout waits through the
 * client's week, decision 092) or a dispute is open (decision 088), since a statement cites files uploaded first.
 */
import type { UploadRule } from "./upload-rules";

/** What the rule reads of the order, as D1's row holds it. */
export interface OrderFolderFacts {
  progress: string;
  /** An open dispute (`disputed_since` set). */
  disputeOpen: boolean;
  /** A completed order's payout still waits (`payout_held_until` set): the client may still dispute. */
  payoutHeld: boolean;
}

const CLOSED_PROGRESS: ReadonlySet<string> = new Set(["COMPLETED", "CANCELED"]);

export function orderFolderTakesFiles(rule: Pick<UploadRule, "disputeEvidence">, order: OrderFolderFacts): boolean {
  if (!CLOSED_PROGRESS.has(order.progress)) return true;
  if (!rule.disputeEvidence) return false;
  return order.disputeOpen || (order.progress === "COMPLETED" && order.payoutHeld);
}
