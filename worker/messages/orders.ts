import { m } from "#app/paraglide/messages.js";
import type { Locale } from "../domain/locales";
import type { OrderRefusal } from "../orders/domain/order-types";
import { DEPOSIT_PERCENT_MAX, DEPOSIT_PERCENT_MIN } from "../orders/domain/order-parts";
import {
  REVISION_COMMENT_MAX,
  STAGE_REVISIONS_MAX,
  STAGE_TITLE_MAX,
  STAGES_MAX,
  type StagePlanError,
} from "../orders/domain/order-stages";

/** A revision comment `revisionCommentOf` refused: blank, too long or not storable. */
export const REVISION_COMMENT_INVALID = "revision_comment_invalid";

/**
 * The order refusals the API words (milestones, decision 073, and the ones the stage doors meet besides), the stage
 * plan's errors (`parseStagePlan`) and a refused revision comment, in the caller's language. The other refusals are
 * answered by key alone, as before. Listed explicitly (not m[key]) so a bundle carries only these messages.
 */
export type WordedOrderRefusal =
  | Extract<
      OrderRefusal,
      | "seller_only"
      | "buyer_only"
      | "wrong_state"
      | "not_editable"
      | "stage_not_current"
      | "stage_not_in_review"
      | "no_revisions_left"
      | "stages_pending"
      | "order_disputed"
      | "deposit_invalid"
      | "rest_unpaid"
      | "by_stage_invalid"
      | "stage_unpaid"
    >
  | StagePlanError
  | typeof REVISION_COMMENT_INVALID;

type Message = (inputs: { max: number; min: number }, options: { locale: Locale }) => string;

const ORDER_MESSAGES: Record<WordedOrderRefusal, { message: Message; max?: number; min?: number }> = {
  seller_only: { message: m.order_server_error_seller_only },
  buyer_only: { message: m.order_server_error_buyer_only },
  wrong_state: { message: m.order_server_error_wrong_state },
  not_editable: { message: m.order_server_error_not_editable },
  stage_not_current: { message: m.order_server_error_stage_not_current },
  stage_not_in_review: { message: m.order_server_error_stage_not_in_review },
  no_revisions_left: { message: m.order_server_error_no_revisions_left },
  stages_pending: { message: m.order_server_error_stages_pending },
  // An open dispute holds the order's moves back (decision 088): the disputes' own words.
  order_disputed: { message: m.disputes_error_order_disputed },
  // Paying in parts (decision 100).
  deposit_invalid: {
    message: m.order_server_error_deposit_invalid,
    min: DEPOSIT_PERCENT_MIN,
    max: DEPOSIT_PERCENT_MAX,
  },
  rest_unpaid: { message: m.order_server_error_rest_unpaid },
  // Paying stage by stage (decision 101).
  by_stage_invalid: { message: m.order_server_error_by_stage_invalid },
  stage_unpaid: { message: m.order_server_error_stage_unpaid },
  stages_count: { message: m.order_server_error_stages_count, max: STAGES_MAX },
  stage_title_required: { message: m.order_server_error_stage_title_required },
  stage_title_too_long: { message: m.order_server_error_stage_title_too_long, max: STAGE_TITLE_MAX },
  stage_share_invalid: { message: m.order_server_error_stage_share_invalid },
  stage_shares_sum: { message: m.order_server_error_stage_shares_sum },
  stage_revisions_invalid: { message: m.order_server_error_stage_revisions_invalid, max: STAGE_REVISIONS_MAX },
  revision_comment_invalid: { message: m.order_server_error_revision_comment_invalid, max: REVISION_COMMENT_MAX },
};

/** The words of a refusal the API words, else null (the answer then carries the key alone). */
export function orderRefusalMessage(key: string, locale: Locale): string | null {
  if (!Object.hasOwn(ORDER_MESSAGES, key)) return null;
  const { message, max = 0, min = 0 } = ORDER_MESSAGES[key as WordedOrderRefusal];
  return message({ max, min }, { locale });
}

/** A money action sent without its confirmation (issue 75): nothing was done; the page asks first. */
export const confirmationRequiredMessage = (locale: Locale): string =>
  m.order_server_error_confirmation_required({}, { locale });
