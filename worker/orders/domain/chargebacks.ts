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
