import { m } from "#app/paraglide/messages.js";
import type { Locale } from "../domain/locales";
import {
  DISPUTE_SETTLEMENT_REASON_MAX,
  DISPUTE_STATEMENT_MAX,
  REOPEN_DAYS_MAX,
  type DisputeOutcome,
  type DisputeReason,
  type SettlementError,
} from "../orders/domain/disputes";

/**
 * A dispute door's refusals (decision 088) in the caller's language: the order's own refusals a dispute move meets, a
 * statement or a settlement the rules refused. Listed explicitly (not m[key]) so a bundle carries only these messages.
 */
export type DisputeError =
  | "statement_invalid"
  | "reason_invalid"
  | "settlement_reason_invalid"
  | SettlementError
  | "order_disputed"
  | "not_disputed"
  | "not_reopenable"
  | "dispute_window_closed"
  | "dispute_not_answerable"
  | "wrong_state";

type Message = (inputs: { max: number }, options: { locale: Locale }) => string;
const DISPUTE_MESSAGES: Record<DisputeError, { message: Message; max?: number }> = {
  statement_invalid: { message: m.disputes_error_statement_invalid, max: DISPUTE_STATEMENT_MAX },
  reason_invalid: { message: m.disputes_error_reason_invalid },
  settlement_reason_invalid: {
    message: m.disputes_error_settlement_reason_invalid,
    max: DISPUTE_SETTLEMENT_REASON_MAX,
  },
  outcome_invalid: { message: m.disputes_error_outcome_invalid },
  refund_amount_invalid: { message: m.disputes_error_refund_amount_invalid },
  days_invalid: { message: m.disputes_error_days_invalid, max: REOPEN_DAYS_MAX },
  order_disputed: { message: m.disputes_error_order_disputed },
  not_disputed: { message: m.disputes_error_not_disputed },
  not_reopenable: { message: m.disputes_error_not_reopenable },
  dispute_window_closed: { message: m.disputes_error_dispute_window_closed },
  dispute_not_answerable: { message: m.disputes_error_dispute_not_answerable },
  wrong_state: { message: m.disputes_error_wrong_state },
};

/** The words of a dispute refusal, else null (another refusal, answered by the order's own words or its key). */
export function disputeErrorMessage(key: string, locale: Locale): string | null {
  if (!Object.hasOwn(DISPUTE_MESSAGES, key)) return null;
  const { message, max = 0 } = DISPUTE_MESSAGES[key as DisputeError];
  return message({ max }, { locale });
}

const REASON_LABELS: Record<DisputeReason, (inputs?: object, options?: { locale: Locale }) => string> = {
  not_delivered: m.disputes_reason_not_delivered,
  not_as_agreed: m.disputes_reason_not_as_agreed,
  quality: m.disputes_reason_quality,
  unresponsive: m.disputes_reason_unresponsive,
  conduct: m.disputes_reason_conduct,
  other: m.disputes_reason_other,
};
export const disputeReasonLabel = (reason: DisputeReason, locale: Locale) => REASON_LABELS[reason]({}, { locale });

const OUTCOME_LABELS: Record<DisputeOutcome, (inputs?: object, options?: { locale: Locale }) => string> = {
  refund: m.disputes_outcome_refund,
  release: m.disputes_outcome_release,
  split: m.disputes_outcome_split,
  reopen: m.disputes_outcome_reopen,
};
export const disputeOutcomeLabel = (outcome: DisputeOutcome, locale: Locale) => OUTCOME_LABELS[outcome]({}, { locale });
