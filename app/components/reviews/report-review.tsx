// A review's report to the admins (decision 086), folded away under "Report": a reason, then POST /api/reviews/report.
// The same on the order page and the profile, so it speaks to the API rather than to either page's action.
import { useId, useState } from "react";
import { ErrorText } from "#app/components/form/error-text";
import { m } from "#app/paraglide/messages.js";
import { REVIEW_REPORT_REASONS, type ReviewReportReason } from "#worker/orders/domain/reviews";

const REASON_LABELS: Record<ReviewReportReason, () => string> = {
  abuse: m.reviews_report_reason_abuse,
  personal_data: m.reviews_report_reason_personal_data,
  off_topic: m.reviews_report_reason_off_topic,
};

export function ReportReview({ reviewId }: { reviewId: string }) {
  const [state, setState] = useState<"idle" | "sending" | "sent" | "failed">("idle");
  const legendId = useId();
  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = new FormData(event.currentTarget).get("reason");
    setState("sending");
    const response = await fetch("/api/reviews/report", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ reviewId, reason }),
    }).catch(() => null);
    setState(response?.ok ? "sent" : "failed");
  }
  return (
    <details className="text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-zinc-700 underline dark:text-zinc-300">
        {m.reviews_report()}
      </summary>
      {state === "sent" ? (
        <p role="status" className="mt-2 text-zinc-800 dark:text-zinc-200">
          {m.reviews_report_sent()}
        </p>
      ) : (
        <form onSubmit={send} className="mt-2 space-y-2">
          <fieldset aria-labelledby={legendId} className="space-y-1">
            <legend id={legendId} className="font-semibold text-zinc-900 dark:text-zinc-100">
              {m.reviews_report_heading()}
            </legend>
            {REVIEW_REPORT_REASONS.map((reason, i) => (
              <label key={reason} className="flex min-h-11 items-center gap-2 text-zinc-800 dark:text-zinc-200">
                <input type="radio" name="reason" value={reason} required defaultChecked={i === 0} />
                {REASON_LABELS[reason]()}
              </label>
            ))}
          </fieldset>
          <ErrorText text={state === "failed" ? m.error_generic() : null} />
          <button
            type="submit"
            disabled={state === "sending"}
            className="button-secondary min-h-11 disabled:opacity-60"
          >
            {m.reviews_report_submit()}
          </button>
        </form>
      )}
    </details>
  );
}
