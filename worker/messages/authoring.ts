import { m } from "#app/paraglide/messages.js";
import type { Locale } from "../domain/locales";

/**
 * The authoring schemas' message keys (commission-form.ts, portfolio.ts) → their texts in en and ja.
 * Listed explicitly (not m[key]) so the browser bundle carries only these messages; same pattern as validation-messages.ts.
 */
const AUTHORING_MESSAGES: Record<string, (inputs: object, options: { locale: Locale }) => string> = {
  authoring_form_title_required: m.authoring_form_title_required,
  authoring_form_title_max: m.authoring_form_title_max,
  authoring_form_description_max: m.authoring_form_description_max,
  authoring_question_title_required: m.authoring_question_title_required,
  authoring_question_title_max: m.authoring_question_title_max,
  authoring_question_description_max: m.authoring_question_description_max,
  authoring_question_type: m.authoring_question_type,
  authoring_questions_max: m.authoring_questions_max,
  authoring_choice_title_required: m.authoring_choice_title_required,
  authoring_choice_title_max: m.authoring_choice_title_max,
  authoring_choices_required: m.authoring_choices_required,
  authoring_choices_max: m.authoring_choices_max,
  authoring_price_jpy: m.authoring_price_jpy,
  authoring_price_usd: m.authoring_price_usd,
  authoring_currency: m.authoring_currency,
  authoring_category: m.authoring_category,
  authoring_work_title_min: m.authoring_work_title_min,
  authoring_work_title_max: m.authoring_work_title_max,
  authoring_work_description_min: m.authoring_work_description_min,
  authoring_work_description_max: m.authoring_work_description_max,
  authoring_media_url: m.authoring_media_url,
  authoring_visibility: m.authoring_visibility,
  authoring_content_rating: m.authoring_content_rating,
  authoring_tags_max: m.authoring_tags_max,
  authoring_credit_unknown: m.authoring_credit_unknown,
  authoring_credit_self: m.authoring_credit_self,
  authoring_service_description_max: m.authoring_service_description_max,
  authoring_service_terms_max: m.authoring_service_terms_max,
  delivery_days_invalid: m.authoring_delivery_days_invalid,
  authoring_invalid: m.authoring_invalid,
  text_invalid_characters: m.text_invalid_characters,
  authoring_date_range: m.authoring_date_range,
  authoring_media_forbidden: m.media_error_foreign,
  // An attached object whose bytes fail the upload rule (re-checked on save): the upload errors' own texts.
  media_error_too_large: m.media_error_too_large,
  media_error_unsupported_type: m.media_error_unsupported_type,
  media_limit_exceeded: m.media_limit_exceeded,
  authoring_form_media_forbidden: m.authoring_form_media_forbidden,
  authoring_choice_media_image: m.authoring_choice_media_image,
  client_works_client_required: m.client_works_client_required,
  client_works_client_unknown: m.client_works_client_unknown,
  client_works_client_self: m.client_works_client_self,
  client_works_client_removed: m.client_works_client_removed,
  client_works_credit_removed: m.client_works_credit_removed,
  // A stage plan's (order-stages.ts parseStagePlan, decision 073): the service and form editors and a pending order.
  stages_count: m.authoring_stage_count,
  stage_title_required: m.authoring_stage_title_required,
  stage_title_too_long: m.authoring_stage_title_too_long,
  stage_share_invalid: m.authoring_stage_share_invalid,
  stage_shares_sum: m.authoring_stage_shares_sum,
  stage_revisions_invalid: m.authoring_stage_revisions_invalid,
  // A choice's pricing (choice-pricing.ts, issue 63).
  authoring_choice_price_kind: m.authoring_choice_price_kind,
  authoring_choice_licence: m.authoring_choice_licence,
  authoring_choice_price_required: m.authoring_choice_price_required,
  authoring_choice_percent_no_price: m.authoring_choice_percent_no_price,
  authoring_choice_plan_single: m.authoring_choice_plan_single,
  authoring_choice_percent: m.authoring_choice_percent,
  authoring_choice_max_count: m.authoring_choice_max_count,
  authoring_choice_rush_days: m.authoring_choice_rush_days,
  authoring_choice_amount_max: m.authoring_choice_amount_max,
  // A service's own slot count (decision 091).
  slots_invalid: m.slots_invalid,
};

function authoringMessage(key: string, locale: Locale): string {
  return (AUTHORING_MESSAGES[key] ?? AUTHORING_MESSAGES.authoring_invalid)({}, { locale });
}

export function translateAuthoringErrors(errors: Record<string, string>, locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, authoringMessage(key, locale)]));
}
