// The order page's review posts (decision 086): the review form (intent "review") and the reply (intent
// "replyReview"), answered as the page's other posts are ({ ok, intent, errors? , message? }). The rules and the
// storage are worker/orders/services/reviews.ts's, as for POST /api/reviews.
import { data, type RouterContextProvider } from "react-router";
import { requestContext } from "#app/lib/request-context";
import type { Locale } from "#worker/domain/locales";
import { parseReviewInput, REVIEW_REPLY_MAX, type ReviewRefusal, reviewTextOf } from "#worker/orders/domain/reviews";
import { replyTextError, reviewFieldErrors, reviewRefusalMessage } from "#worker/messages/reviews";
import { cometNow } from "#worker/services/clock";
import { afterReviewWritten, replyToReview, writeReview } from "#worker/orders/services/reviews";
import type { SessionUser } from "#worker/services/sessions";

export const REVIEW_INTENTS = new Set(["review", "replyReview"]);

/** A star choice as the form sends it ("1" to "5"); anything else is not a rating. */
const ratingOf = (value: FormDataEntryValue | null) =>
  typeof value === "string" && /^[1-5]$/.test(value) ? Number(value) : null;

/** A refusal as the page's posts answer one: a stranger's 404, else the rule's words (409). */
function refused(
  intent: string,
  refusal: ReviewRefusal | "already_replied",
  locale: Locale,
  values?: { rating: number | null; text: string },
) {
  if (refusal === "not_found") return data({ ok: false as const, intent }, { status: 404 });
  return data(
    { ok: false as const, intent, message: reviewRefusalMessage(refusal, locale), ...(values && { values }) },
    { status: 409 },
  );
}

export async function actOnReview(
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
  orderId: string,
  form: FormData,
) {
  const { db, env, executionCtx, locale } = context.get(requestContext);
  const intent = String(form.get("intent"));
  const now = await cometNow(env);
  if (intent === "replyReview") {
    const text = reviewTextOf(String(form.get("text") ?? ""), REVIEW_REPLY_MAX);
    if (text === null)
      return data({ ok: false as const, intent, errors: { text: replyTextError(locale) } }, { status: 400 });
    const result = await replyToReview(db, {
      reviewId: String(form.get("reviewId") ?? ""),
      accountId: user.commissionAccountId,
      text,
      now,
    });
    if (!result.ok) return refused(intent, result.refusal, locale);
    afterReviewWritten(env, executionCtx, { text, writerAccountId: user.accountId });
    return { ok: true as const, intent };
  }
  const rating = ratingOf(form.get("rating"));
  const typed = String(form.get("text") ?? "");
  // A refusal carries what was posted: a review sent as a page's post (before its part hydrated, or without script)
  // is drawn again from this answer, with its field errors beside what was typed (issue 75).
  const values = { rating, text: typed };
  const parsed = parseReviewInput(rating, typed);
  if (!parsed.ok)
    return data(
      { ok: false as const, intent, errors: reviewFieldErrors(parsed.errors, locale), values },
      { status: 400 },
    );
  const result = await writeReview(db, {
    orderId,
    authorId: user.commissionAccountId,
    rating: parsed.rating,
    body: parsed.body,
    now,
  });
  if (!result.ok) return refused(intent, result.refusal, locale, values);
  afterReviewWritten(env, executionCtx, { text: parsed.body, writerAccountId: user.accountId });
  return { ok: true as const, intent };
}
