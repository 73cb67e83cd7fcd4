// Beside a request, what the creator deciding on it may know of the client (decision 086): their completed orders on
// Comet, their average as a client, and the latest reviews creators wrote of them.
import { useId } from "react";
import { TranslatedText } from "#app/components/translation/translated-text";
import { m } from "#app/paraglide/messages.js";
import type { ClientRecord } from "#worker/orders/services/reviews";
import { RatingSummaryLine, Stars } from "./stars";
import { type SignalItem, SignalList, type SignalListTexts } from "#app/components/signals/signal-list";

/** The record with the client's signals (decision 106: orders completed, creators returned to, member since). */
export type ClientRecordView = ClientRecord & { signals?: { items: SignalItem[]; texts: SignalListTexts } | null };

export function ClientRecordBlock({ record }: { record: ClientRecordView }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      data-testid="client-record"
    >
      <h3 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        {m.reviews_client_record_heading()}
      </h3>
      {record.signals ? (
        <SignalList {...record.signals} />
      ) : (
        <p className="text-sm text-zinc-800 dark:text-zinc-200">
          {m.reviews_client_record_orders({ count: String(record.completedOrders) })}
        </p>
      )}
      {record.rating.count === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.reviews_client_record_no_reviews()}</p>
      ) : (
        <>
          <RatingSummaryLine summary={record.rating} />
          <ul className="space-y-2">
            {record.recent.map((review) => (
              <li key={review.id} className="space-y-1 border-t border-zinc-200 pt-2 dark:border-zinc-800">
                <div className="flex flex-wrap items-center gap-2">
                  <Stars rating={review.rating} className="size-3.5" />
                  <span className="text-xs text-zinc-700 dark:text-zinc-300">{review.date}</span>
                </div>
                <TranslatedText
                  text={review.body}
                  reading={review.reading}
                  className="text-sm whitespace-pre-line text-zinc-800 dark:text-zinc-200"
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
