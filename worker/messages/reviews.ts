// The review doors' words (issue 49, decision 086), in the caller's language: the form's field errors and the
// refusals, for the API and the order page alike.
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "../domain/locales";
import { REVIEW_REPLY_MAX, REVIEW_TEXT_MAX, type ReviewInputError, type ReviewRefusal } from "../orders/domain/reviews";

const FIELD_ERRORS: Record<ReviewInputError, (locale: Locale) => string> = {
  rating_invalid: (locale) => m.reviews_error_rating_invalid({}, { locale }),
  text_invalid: (locale) => m.reviews_error_text_invalid({ max: REVIEW_TEXT_MAX }, { locale }),
};

export function reviewFieldErrors(
  errors: Partial<Record<"rating" | "text", ReviewInputError>>,
  locale: Locale,
): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, FIELD_ERRORS[key](locale)]));
}

export const replyTextError = (locale: Locale) => m.reviews_error_reply_invalid({ max: REVIEW_REPLY_MAX }, { locale });

const REFUSALS: Record<Exclude<ReviewRefusal, "not_found"> | "already_replied", (locale: Locale) => string> = {
  not_reviewable: (locale) => m.reviews_error_not_reviewable({}, { locale }),
  review_window_closed: (locale) => m.reviews_error_review_window_closed({}, { locale }),
  review_shown: (locale) => m.reviews_error_review_shown({}, { locale }),
  already_replied: (locale) => m.reviews_error_already_replied({}, { locale }),
};

export const reviewRefusalMessage = (
  refusal: Exclude<ReviewRefusal, "not_found"> | "already_replied",
  locale: Locale,
) => REFUSALS[refusal](locale);

/** A review's author reporting it (issue 59). */
export const ownReviewReportMessage = (locale: Locale) => m.reviews_error_own_review({}, { locale });
