/**
 * Chargebacks (issue 64, decision 103): a client's bank disputing a card charge of an order. Pure rules; the webhook
 * service (orders/services/chargebacks.ts) applies them to the `chargebacks` rows.
 */
import type { ChargebackBearer } from "../../db/schema/enums";

/** Stripe's dispute statuses (API 2025+). `warning_*` are inquiries that may become disputes; no money moves. */
export type ChargebackStatus =
  | "warning_needs_response"
  | "warning_under_review"
  | "warning_closed"
  | "needs_response"
  | "under_review"
  | "won"
  | "lost"
  | "prevented";

const CLOSED: ReadonlySet<string> = new Set(["warning_closed", "won", "lost", "prevented"]);

/** A dispute no longer open: its outcome is final and no later event changes it. */
export function isChargebackClosed(status: string): boolean {
  return CLOSED.has(status);
}

/** While open, the order's untransferred payouts wait (decision 103). */
export function holdsPayouts(status: string): boolean {
  return !isChargebackClosed(status);
}

/** Evidence may still be sent: Stripe is waiting for the platform's answer. */
export function awaitsEvidence(status: string): boolean {
  return status === "needs_response" || status === "warning_needs_response";
}

/**
 * Who carries a lost chargeback (decision 103): Comet, when the work reached the client through Comet before the
 * bank was asked (the order was delivered, or a stage of it approved); otherwise the creator, up to what they have not
 * yet been paid for the order (their waiting payouts are withheld; what was already transferred is not taken back).
 */
export function chargebackBearer(facts: { deliveredBefore: boolean }): ChargebackBearer {
  return facts.deliveredBefore ? "comet" : "creator";
}

/** What the order page and the admin console show of a chargeback. */
export interface ChargebackSummary {
  id: string;
  stripeDisputeId: string;
  orderId: string | null;
  orderCode: string | null;
  amount: number;
  currency: string;
  reason: string;
  status: string;
  evidenceDueAt: number | null;
  evidenceSubmittedAt: number | null;
  withdrawnAmount: number;
  reinstatedAmount: number;
  borneBy: ChargebackBearer | null;
  openedAt: number;
  closedAt: number | null;
}

/**
 * The order's record, gathered by itself for the bank (decision 103): what the admin reviews and what is sent as
 * Stripe's dispute evidence. Times are ms since epoch.
 */
export interface ChargebackEvidence {
  orderCode: string;
  orderTitle: string;
  clientName: string;
  clientEmail: string;
  creatorName: string;
  /** The request: when it was sent, that the client accepted the terms, and its answers as written. */
  request: { submittedAt: number; agreedToTerms: boolean; answers: { question: string; answer: string }[] };
  approvedAt: number | null;
  payments: { at: number; amount: number; currency: string; intentId: string | null }[];
  /** The chat, oldest first; `side` is who wrote it. */
  chat: { at: number; side: "client" | "creator" | "system"; text: string }[];
  /** What was delivered and when (files by name and size), and each stage's approved preview. */
  deliveries: { at: number; files: { name: string; byteSize: number | null }[] }[];
  /** The client's downloads of the delivered files. */
  downloads: { at: number; fileName: string }[];
  completedAt: number | null;
}

/** What a Stripe Dispute says, as plain facts (times in ms): the one shape the rules below read. */
export interface DisputeFacts {
  id: string;
  chargeId: string;
  paymentIntentId: string | null;
  amount: number;
  /** Upper-case ISO code. */
  currency: string;
  reason: string;
  status: string;
  createdAt: number;
  evidenceDueAt: number | null;
  /** The dispute's balance transactions: a withdrawal is negative, a reinstatement positive (in the balance's unit). */
  balanceAmounts: readonly number[];
}

/** What the bank took from the platform's balance for the dispute, and what it gave back. */
export function disputeFunds(balanceAmounts: readonly number[]): { withdrawn: number; reinstated: number } {
  let withdrawn = 0;
  let reinstated = 0;
  for (const amount of balanceAmounts) {
    if (amount < 0) withdrawn -= amount;
    else reinstated += amount;
  }
  return { withdrawn, reinstated };
}

/**
 * Stripe's dispute statuses in the order a dispute lives through them, the closed ones last. Events that come in the
 * same second (Stripe's `created` has no finer grain) are told apart by it: of two, the later in this order stands.
 */
export const CHARGEBACK_STATUS_ORDER: readonly ChargebackStatus[] = [
  "warning_needs_response",
  "warning_under_review",
  "needs_response",
  "under_review",
  "warning_closed",
  "prevented",
  "won",
  "lost",
];

/**
 * The status a row takes from an event (decision 103): a closed outcome is final; otherwise a newer event's status, or,
 * from the same second, whichever is further along.
 */
export function nextChargebackStatus(
  current: { status: string; at: number } | null,
  incoming: { status: string; at: number },
): string {
  if (!current) return incoming.status;
  if (isChargebackClosed(current.status) || incoming.at < current.at) return current.status;
  if (incoming.at > current.at) return incoming.status;
  const rank = (status: string) => CHARGEBACK_STATUS_ORDER.indexOf(status as ChargebackStatus);
  return rank(incoming.status) >= rank(current.status) ? incoming.status : current.status;
}

/**
 * Whether the work reached the client through Comet before the bank was asked (decision 103): the order was delivered,
 * or a stage of it approved, before the dispute opened.
 */
function deliveredBeforeDispute(
  order: { deliveredAt: number | null; stageApprovals: readonly (number | null)[] },
  openedAt: number,
): boolean {
  const before = (at: number | null) => at !== null && at <= openedAt;
  return before(order.deliveredAt) || order.stageApprovals.some(before);
}

/** Who carries a chargeback once it is closed: set only when it was lost; an order unknown to Comet is Comet's. */
export function bearerOnClose(
  status: string,
  order: { deliveredAt: number | null; stageApprovals: readonly (number | null)[] } | null,
  openedAt: number,
): ChargebackBearer | null {
  if (status !== "lost") return null;
  return order ? chargebackBearer({ deliveredBefore: deliveredBeforeDispute(order, openedAt) }) : "comet";
}

/** What happens to the order's waiting payouts: they wait, they go, or (a loss the creator bears) they are withheld. */
export type PayoutFate = "wait" | "go" | "withhold";

/** The fate of an order's untransferred payouts given all its chargebacks: any open one holds them; a creator-borne loss withholds them. */
export function payoutFate(chargebacks: readonly { status: string; borneBy: ChargebackBearer | null }[]): PayoutFate {
  if (chargebacks.some((c) => holdsPayouts(c.status))) return "wait";
  if (chargebacks.some((c) => c.status === "lost" && c.borneBy === "creator")) return "withhold";
  return "go";
}

/** Evidence may be submitted now: Stripe waits for it and its due date has not passed. */
export type SubmissionRefusal = "not_awaiting_evidence" | "past_due";
export function evidenceSubmissionRefusal(
  row: { status: string; evidenceDueAt: number | null; evidenceSubmittedAt: number | null },
  now: number,
): SubmissionRefusal | null {
  if (!awaitsEvidence(row.status) || row.evidenceSubmittedAt !== null) return "not_awaiting_evidence";
  if (row.evidenceDueAt !== null && now > row.evidenceDueAt) return "past_due";
  return null;
}
