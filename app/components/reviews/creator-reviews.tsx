// A creator's public reviews on their profile (decision 086): the average and count, the latest reviews with the
// service each was for, the creator's reply beneath, five at a time ("More reviews" asks GET /api/reviews/creator/…).
// Signed-in readers may report a review to the admins, but not their own. An author whose profile does not show (hidden
// by the admins, banned) is not named: "A client", with no picture or link.
import { useId, useState } from "react";
import { Link } from "react-router";
import { TextWithOriginal } from "#app/components/catalog/card-readings";
import { Avatar } from "#app/components/layout/avatar";
import { TranslatedText } from "#app/components/translation/translated-text";
import { m } from "#app/paraglide/messages.js";
import type { ListedReview, RatingSummary, ShownTitle } from "#worker/orders/services/reviews";
import { ReportReview } from "./report-review";
import { RatingSummaryLine, Stars } from "./stars";

export interface CreatorReviewsData {
  summary: RatingSummary;
  reviews: ListedReview[];
  hasMore: boolean;
}

export function CreatorReviews({
  handle,
  creatorName,
  data,
  canReport,
  askTranslations,
  headingClassName,
}: {
  handle: string;
  creatorName: string;
  data: CreatorReviewsData;
  canReport: boolean;
  askTranslations: boolean;
  headingClassName: string;
}) {
  const headingId = useId();
  const [more, setMore] = useState<{ reviews: ListedReview[]; hasMore: boolean; failed: boolean }>({
    reviews: [],
    hasMore: data.hasMore,
    failed: false,
  });
  const [loading, setLoading] = useState(false);
  const shown = [...data.reviews, ...more.reviews];
  async function loadMore() {
    const last = shown.at(-1);
    if (!last) return;
    setLoading(true);
    const response = await fetch(`/api/reviews/creator/${encodeURIComponent(handle)}?before=${last.at}`).catch(
      () => null,
    );
    const body = response?.ok
      ? ((await response.json()) as { data: { reviews: ListedReview[]; hasMore: boolean } })
      : null;
    setMore((prev) =>
      body
        ? { reviews: [...prev.reviews, ...body.data.reviews], hasMore: body.data.hasMore, failed: false }
        : { ...prev, failed: true },
    );
    setLoading(false);
  }
  return (
    <section aria-labelledby={headingId} className="mt-12" data-testid="creator-reviews">
      <h2 id={headingId} className={headingClassName}>
        {m.reviews_heading()}
      </h2>
      <RatingSummaryLine summary={data.summary} className="mt-2" />
      {shown.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-zinc-300 px-6 py-10 text-center text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
          {m.reviews_empty()}
        </p>
      ) : (
        <ul className="mt-4 max-w-3xl space-y-4">
          {shown.map((review) => (
            <li
              key={review.id}
              className="space-y-2 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
              data-testid="review"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Avatar src={review.author?.avatarUrl ?? null} alt="" className="size-8" />
                {review.author ? (
                  <Link
                    to={`/${review.author.handle}`}
                    className="font-semibold text-zinc-900 underline-offset-2 hover:underline dark:text-zinc-100"
                  >
                    {review.author.name ?? `@${review.author.handle}`}
                  </Link>
                ) : (
                  <span className="font-semibold text-zinc-900 dark:text-zinc-100">
                    {m.reviews_author_unnamed_client()}
                  </span>
                )}
                <Stars rating={review.rating} />
                <span className="text-sm text-zinc-700 dark:text-zinc-300">{review.date}</span>
              </div>
              {review.service ? <ForService service={review.service} /> : null}
              <TranslatedText
                text={review.body}
                reading={review.reading}
                ask={askTranslations}
                className="text-sm whitespace-pre-line text-zinc-800 dark:text-zinc-200"
              />
              {review.reply !== null && review.replyReading ? (
                <div className="ml-3 border-l-2 border-zinc-300 pl-3 dark:border-zinc-700">
                  <h3 className="text-xs font-semibold text-zinc-700 dark:text-zinc-300">
                    {m.reviews_reply_heading({ name: creatorName })}
                  </h3>
                  <TranslatedText
                    text={review.reply}
                    reading={review.replyReading}
                    ask={askTranslations}
                    className="text-sm whitespace-pre-line text-zinc-800 dark:text-zinc-200"
                  />
                </div>
              ) : null}
              {canReport && !review.byReader ? <ReportReview reviewId={review.id} /> : null}
            </li>
          ))}
        </ul>
      )}
      {more.hasMore ? (
        <button
          type="button"
          onClick={loadMore}
          disabled={loading}
          className="button-secondary mt-4 min-h-11 disabled:opacity-60"
        >
          {m.reviews_more()}
        </button>
      ) : null}
      {more.failed ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {m.error_generic()}
        </p>
      ) : null}
    </section>
  );
}

/** Stands for the title in the sentence, so the title can be its own element (a character no message holds). */
const TITLE_MARK = "\u0000";

/**
 * "For Subscriber badge set", worded in the reader's language with the service's title as every title reads (issue 75):
 * translated, the original on hover in its own language (TextWithOriginal).
 */
function ForService({ service }: { service: ShownTitle }) {
  const [before, after = ""] = m.reviews_for_service({ service: TITLE_MARK }).split(TITLE_MARK);
  return (
    <p className="text-xs text-zinc-700 dark:text-zinc-300" data-testid="review-service">
      {before}
      <TextWithOriginal text={service.title} original={service.original} translatedFrom={service.translatedFrom} />
      {after}
    </p>
  );
}
