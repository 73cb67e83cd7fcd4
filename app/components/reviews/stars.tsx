// A rating as five stars, read by screen readers as "4 out of 5 stars" (the drawing itself is hidden from them).
import { m } from "#app/paraglide/messages.js";

const STAR = "m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z";

export function StarGlyph({ filled, className = "size-4" }: { filled: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={`${className} ${filled ? "fill-amber-500 text-amber-600 dark:fill-amber-400 dark:text-amber-300" : "fill-none text-zinc-500 dark:text-zinc-400"}`}
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinejoin="round"
    >
      <path d={STAR} />
    </svg>
  );
}

export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={m.reviews_stars_label({ rating: String(rating) })} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarGlyph key={n} filled={n <= Math.round(rating)} className={className} />
      ))}
    </span>
  );
}

/** "★ 4.8 out of 5 · 12 reviews"; nothing when there is no review yet. */
export function RatingSummaryLine({
  summary,
  className = "",
}: {
  summary: { count: number; average: number | null };
  className?: string;
}) {
  if (summary.average === null || summary.count === 0) return null;
  const average = summary.average.toFixed(1);
  return (
    <p className={`inline-flex items-center gap-1.5 text-sm text-zinc-800 dark:text-zinc-200 ${className}`}>
      <StarGlyph filled />
      <span>
        {summary.count === 1
          ? m.reviews_summary_one({ average })
          : m.reviews_summary({ average, count: String(summary.count) })}
      </span>
    </p>
  );
}
