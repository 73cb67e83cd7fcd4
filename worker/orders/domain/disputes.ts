/**
 * Disputes (issue 49, decision 088): either party of a paid order may open one before it ends (the client within a week
 * of delivery, even once the creator completed it: decision 092); it stops the order's clocks and its moves until an
 * admin settles it with one of four outcomes.
 * What a dispute is, what its statements look like and what each settlement does to the money are here; its
 * transitions are rows of the order process (order-process.ts), so the Order object applies them like any other.
 * Pure: data in, data or a refusal out.
 */
import type { Locale } from "../../domain/locales";
import {
  DISPUTE_OUTCOMES,
  DISPUTE_REASONS,
  type DisputeMove,
  type DisputeOutcome,
  type DisputeReason,
  type DisputeSettlement,
  type OrderDispute,
} from "./order-types";
import { approvedAmount, type OrderStage } from "./order-stages";
import { hasUnstorableCharacters, isBlankText, normalizeText, textLength } from "../../domain/text";
import { detectTextLanguage } from "../../domain/text-language";

const DAY = 86_400_000;
/** The client may dispute a delivered order within this long of its delivery (the completion deadline is as long). */
export const DISPUTE_AFTER_DELIVERY_MS = 7 * DAY;
export const DISPUTE_STATEMENT_MAX = 4000;
export const DISPUTE_SETTLEMENT_REASON_MAX = 2000;
/** A reopened order's deadlines are this many days from the settlement. */
export const REOPEN_DAYS_MIN = 1;
export const REOPEN_DAYS_MAX = 60;

/** The dispute's shapes live with the order's (order-types.ts); they are read from here as before. */
export {
  DISPUTE_OUTCOMES,
  DISPUTE_REASONS,
  type DisputeOutcome,
  type DisputeReason,
  type DisputeSettlement,
  type OrderDispute,
} from "./order-types";
export const isDisputeReason = (value: unknown): value is DisputeReason =>
  typeof value === "string" && (DISPUTE_REASONS as readonly string[]).includes(value);

/**
 * When the client's window to dispute the work closes: a week after its delivery, whoever completes the order and when
 * (decision 092). Null before delivery: until the work is delivered the client may dispute while the order is open.
 */
export const buyerDisputeWindowClosesAt = (o: { deliveredAt?: number | null }): number | null =>
  o.deliveredAt == null ? null : o.deliveredAt + DISPUTE_AFTER_DELIVERY_MS;

/**
 * Until when a completion at `now` holds the creator's payout (decision 092): while the client's window is still open
 * and something is still at stake (a staged order's shares went with its stages). Null: the payout goes at once.
 */
export function payoutHoldUntil(
  o: { deliveredAt?: number | null; priceAmount: number | null; stages: readonly OrderStage[] },
  now: number,
): number | null {
  const closesAt = buyerDisputeWindowClosesAt(o);
  if (closesAt === null || closesAt <= now) return null;
  return amountAtStake(o.priceAmount ?? 0, o.priceAmount ?? 0, o.stages) > 0 ? closesAt : null;
}

/** An open dispute (not yet settled); an order may be disputed again after one is settled by a reopen. */
export const isDisputed = (o: { dispute?: OrderDispute | null }): boolean =>
  Boolean(o.dispute && o.dispute.settledAt === null);

/** What a canceled order keeps with the creator by a dispute's split (0 without one). */
export const awardedAmount = (o: { dispute?: OrderDispute | null }): number => o.dispute?.awardedAmount ?? 0;

/**
 * What is still at stake in a paid order: what the client paid (`paid`: the total, or the parts paid so far, decision
 * 100 and 101) less what approved stages of the total already released (decision 073). A settlement refunds, releases
 * or splits exactly this.
 */
export const amountAtStake = (paid: number, total: number, stages: readonly OrderStage[]): number =>
  paid - approvedAmount(total, stages);

/**
 * A party's statement (an opening or an answer) as stored: 1 to `max` characters, storable, normalized. An admin's
 * reason keeps `adminTextOf` (decision 093).
 */
function disputeTextOf(input: unknown, max: number): string | null {
  if (typeof input !== "string" || hasUnstorableCharacters(input) || isBlankText(input)) return null;
  const text = normalizeText(input);
  return textLength(text) > max ? null : text;
}

/** A party's statement refused, by field: the reason of an opening, the statement's text. */
export type PartyStatementErrors = Partial<{ reason: "reason_invalid"; statement: "statement_invalid" }>;

/**
 * A party's opening or answer as posted, by the API's JSON body or the order page's form: the move (an opening's reason
 * checked), the statement's text as stored, and the language it is written in (as detected, else the page's). Every
 * field refused is named, so a form can mark each; the Order object checks the order's own rules after this.
 */
export function parsePartyStatement(
  type: DisputeMove["type"],
  input: { reason?: unknown; statement: unknown },
  pageLocale: Locale,
): { ok: true; move: DisputeMove; body: string; languageCode: Locale } | { ok: false; errors: PartyStatementErrors } {
  const errors: PartyStatementErrors = {};
  const reason = input.reason;
  if (type === "openDispute" && !isDisputeReason(reason)) errors.reason = "reason_invalid";
  const body = disputeTextOf(input.statement, DISPUTE_STATEMENT_MAX);
  if (body === null) errors.statement = "statement_invalid";
  if (body === null || errors.reason) return { ok: false, errors };
  const move: DisputeMove =
    type === "openDispute" ? { type, reason: reason as DisputeReason } : { type: "answerDispute" };
  return { ok: true, move, body, languageCode: detectTextLanguage(body) ?? pageLocale };
}

/** The outcomes an admin may choose for this order: a completed order's dispute ends in money, never reopened (092). */
export const settlementOutcomesFor = (progress: string): readonly DisputeOutcome[] =>
  progress === "COMPLETED" ? DISPUTE_OUTCOMES.filter((outcome) => outcome !== "reopen") : DISPUTE_OUTCOMES;

export type SettlementError = "outcome_invalid" | "refund_amount_invalid" | "days_invalid";

/**
 * An admin's settlement as posted, checked against what is at stake: a split must refund a whole number of minor
 * units more than 0 and less than the stake (all or nothing is a refund or a release); a reopen 1 to 60 days.
 */
export function parseSettlement(
  input: { outcome?: unknown; refundAmount?: unknown; days?: unknown },
  stake: number,
): { ok: true; settlement: DisputeSettlement } | { ok: false; error: SettlementError } {
  const { outcome } = input;
  if (outcome === "refund" || outcome === "release") return { ok: true, settlement: { outcome } };
  if (outcome === "split") {
    const amount = input.refundAmount;
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0 || amount >= stake)
      return { ok: false, error: "refund_amount_invalid" };
    return { ok: true, settlement: { outcome, refundAmount: amount } };
  }
  if (outcome === "reopen") {
    const days = input.days;
    if (typeof days !== "number" || !Number.isInteger(days) || days < REOPEN_DAYS_MIN || days > REOPEN_DAYS_MAX)
      return { ok: false, error: "days_invalid" };
    return { ok: true, settlement: { outcome, days } };
  }
  return { ok: false, error: "outcome_invalid" };
}

/** The money a settlement moves, in minor units of the order's currency: back to the client, and to the creator. */
export function settlementMoney(settlement: DisputeSettlement, stake: number): { refunded: number; released: number } {
  switch (settlement.outcome) {
    case "refund":
      return { refunded: stake, released: 0 };
    case "release":
      return { refunded: 0, released: stake };
    case "split":
      return { refunded: settlement.refundAmount, released: stake - settlement.refundAmount };
    case "reopen":
      return { refunded: 0, released: 0 };
  }
}
