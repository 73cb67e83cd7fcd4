// A completed order's reviews (decision 086): the viewer's own (a form until it shows), the other party's once it shows
// (or a line saying it waits for theirs), the viewer's one reply to it, and a report to the admins. The review and the
// reply post to the order page's action (intents review and replyReview); the server checks every rule again.
import { useId, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { CheckedInput } from "#app/components/form/checked-input";
import { ErrorText } from "#app/components/form/error-text";
import { useTypedBeforeHydration } from "#app/components/form/typed-before-hydration";
import { ReportReview } from "#app/components/reviews/report-review";
import { StarGlyph, Stars } from "#app/components/reviews/stars";
import { TranslatedText } from "#app/components/translation/translated-text";
import { m } from "#app/paraglide/messages.js";
import { REVIEW_REPLY_MAX, REVIEW_TEXT_MAX } from "#worker/orders/domain/reviews";
import type { OrderReviewsPanel } from "#app/loaders/orders/order-review-texts.server";

type Posted = {
  ok: boolean;
  intent?: string;
  errors?: Record<string, string>;
  message?: string;
  /** What a refused review posted, to draw it again (issue 75). */
  values?: { rating: number | null; text: string };
};

const fieldClass =
  "w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";

export function OrderReviews({ orderId, reviews }: { orderId: string; reviews: OrderReviewsPanel }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      data-testid="order-reviews"
    >
      <h3 id={headingId} className="font-semibold text-zinc-900 dark:text-zinc-50">
        {m.reviews_order_heading()}
      </h3>
      <TheirReview orderId={orderId} reviews={reviews} />
      {reviews.canWrite ? (
        <ReviewForm orderId={orderId} reviews={reviews} />
      ) : reviews.mine ? (
        <div className="space-y-1">
          <h4 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{m.reviews_order_yours()}</h4>
          <Stars rating={reviews.mine.rating} />
          <p className="text-sm whitespace-pre-line text-zinc-800 dark:text-zinc-200">{reviews.mine.body}</p>
        </div>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.reviews_order_closed()}</p>
      )}
    </section>
  );
}

function TheirReview({ orderId, reviews }: { orderId: string; reviews: OrderReviewsPanel }) {
  const theirs = reviews.theirs;
  if (!theirs)
    return reviews.theirsWritten ? (
      <p className="text-sm text-zinc-800 dark:text-zinc-200" data-testid="their-review-waiting">
        {m.reviews_order_theirs_waiting({ date: reviews.windowEnds })}
      </p>
    ) : null;
  // The other side wrote it: the client's review of a creator, the creator's of a client.
  const heading = reviews.side === "seller" ? m.reviews_order_theirs_buyer() : m.reviews_order_theirs_seller();
  return (
    <div className="space-y-2" data-testid="their-review">
      <h4 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{heading}</h4>
      {theirs.hidden ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.reviews_order_hidden_by_admin()}</p>
      ) : (
        <>
          <Stars rating={theirs.rating} />
          <TranslatedText
            text={theirs.body}
            reading={theirs.reading}
            className="text-sm whitespace-pre-line text-zinc-800 dark:text-zinc-200"
          />
          {theirs.reply !== null && theirs.replyReading ? (
            <div className="ml-3 border-l-2 border-zinc-300 pl-3 dark:border-zinc-700">
              <h5 className="text-xs font-semibold text-zinc-700 dark:text-zinc-300">{m.reviews_reply_label()}</h5>
              <TranslatedText
                text={theirs.reply}
                reading={theirs.replyReading}
                className="text-sm whitespace-pre-line text-zinc-800 dark:text-zinc-200"
              />
            </div>
          ) : null}
          {reviews.canReply ? <ReplyForm orderId={orderId} reviewId={theirs.id} /> : null}
          <ReportReview reviewId={theirs.id} />
        </>
      )}
    </div>
  );
}

function ReviewForm({ orderId, reviews }: { orderId: string; reviews: OrderReviewsPanel }) {
  const fetcher = useFetcher<Posted>();
  // Sent before this part hydrated (or without script), the review posted as the page: its answer is the page's,
  // with the field errors and what was typed (issue 75).
  const pagePost = useActionData() as Posted | undefined;
  const answer = fetcher.data ?? (pagePost?.intent === "review" ? pagePost : undefined);
  const ids = { text: useId(), textError: useId(), ratingError: useId(), legend: useId() };
  const [rating, setRating] = useState(answer?.values?.rating ?? reviews.mine?.rating ?? 0);
  // A star chosen and a text typed while the page hydrates stay (decision 060).
  const textRef = useRef<HTMLTextAreaElement>(null);
  useTypedBeforeHydration(textRef);
  const errors = answer && !answer.ok ? answer.errors : undefined;
  const refusal = answer && !answer.ok ? answer.message : undefined;
  const saved = fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.intent === "review";
  return (
    <fetcher.Form method="post" className="space-y-3" data-testid="review-form">
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="intent" value="review" />
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.reviews_order_intro({ date: reviews.windowEnds })}</p>
      <fieldset aria-describedby={errors?.rating ? ids.ratingError : undefined}>
        <legend id={ids.legend} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          {m.reviews_order_rating_legend()}
        </legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
            >
              <CheckedInput
                type="radio"
                name="rating"
                value={n}
                required
                checked={rating === n}
                onCheckedChange={(chosen) => chosen && setRating(n)}
                className="sr-only"
              />
              <StarGlyph filled={n <= rating} className="size-7" />
              <span className="sr-only">
                {n === 1 ? m.reviews_star_choice_one() : m.reviews_star_choice({ n: String(n) })}
              </span>
            </label>
          ))}
        </div>
        <ErrorText id={ids.ratingError} text={errors?.rating} />
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={ids.text} className="block text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          {m.reviews_order_text_label()}
        </label>
        <textarea
          ref={textRef}
          id={ids.text}
          name="text"
          required
          rows={4}
          maxLength={REVIEW_TEXT_MAX}
          defaultValue={answer?.values?.text ?? reviews.mine?.body ?? ""}
          aria-invalid={errors?.text ? true : undefined}
          aria-describedby={errors?.text ? ids.textError : undefined}
          className={fieldClass}
        />
        <ErrorText id={ids.textError} text={errors?.text} />
      </div>
      <ErrorText text={refusal} />
      {reviews.mine ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300" role={saved ? "status" : undefined}>
          {saved
            ? m.reviews_order_saved({ date: reviews.windowEnds })
            : m.reviews_order_yours_hidden_until({ date: reviews.windowEnds })}
        </p>
      ) : null}
      <button type="submit" disabled={fetcher.state !== "idle"} className="button-primary min-h-11 disabled:opacity-60">
        {reviews.mine ? m.reviews_order_update() : m.reviews_order_submit()}
      </button>
    </fetcher.Form>
  );
}

function ReplyForm({ orderId, reviewId }: { orderId: string; reviewId: string }) {
  const fetcher = useFetcher<Posted>();
  const ids = { text: useId(), error: useId() };
  const error = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors?.text ?? fetcher.data.message) : undefined;
  return (
    <fetcher.Form method="post" className="space-y-2">
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="intent" value="replyReview" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <label htmlFor={ids.text} className="block text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {m.reviews_reply_label()}
      </label>
      <textarea
        id={ids.text}
        name="text"
        required
        rows={3}
        maxLength={REVIEW_REPLY_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        className={fieldClass}
      />
      <ErrorText id={ids.error} text={error} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="button-secondary min-h-11 disabled:opacity-60"
      >
        {m.reviews_reply_submit()}
      </button>
    </fetcher.Form>
  );
}
