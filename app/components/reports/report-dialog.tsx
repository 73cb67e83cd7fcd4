// The report dialog's body (decision 089), loaded on first open (report-button.tsx): a reason, then POST /api/reports.
// The same on the work page and the profile, so it speaks to the API rather than to either page's action.
import { useId, useState } from "react";
import { ModalShell } from "#app/components/dialog/modal-shell";
import { ErrorText } from "#app/components/form/error-text";
import { m } from "#app/paraglide/messages.js";
import {
  CONTENT_REPORT_REASONS,
  type ContentReportReason,
  type ContentReportTarget,
} from "#worker/admin/domain/content-reports";

const REASON_LABELS: Record<ContentReportReason, () => string> = {
  abuse: m.reports_reason_abuse,
  personal_data: m.reports_reason_personal_data,
  stolen_art: m.reports_reason_stolen_art,
  explicit: m.reports_reason_explicit,
  impersonation: m.reports_reason_impersonation,
  spam: m.reports_reason_spam,
};

/** The door's own words for a report it could not read (400), else ours. */
async function failureText(response: Response | null): Promise<string> {
  if (response?.status === 400) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    if (typeof body?.message === "string") return body.message;
  }
  return m.reports_failed();
}

export function ReportDialog({
  targetType,
  targetId,
  onClose,
}: {
  targetType: ContentReportTarget;
  targetId: string;
  onClose: () => void;
}) {
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const introId = useId();
  const errorId = useId();

  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = new FormData(event.currentTarget).get("reason");
    setState("sending");
    setError(null);
    const response = await fetch("/api/reports", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ targetType, targetId, reason }),
    }).catch(() => null);
    if (response?.ok) return setState("sent");
    setError(await failureText(response));
    setState("idle");
  }

  return (
    <ModalShell open labelledBy={titleId} onClose={onClose}>
      <h2 id={titleId} className="pr-8 text-lg font-semibold">
        {targetType === "work" ? m.reports_heading_work() : m.reports_heading_profile()}
      </h2>
      {state === "sent" ? (
        <>
          <p role="status" className="mt-3 text-zinc-800 dark:text-zinc-200">
            {m.reports_sent()}
          </p>
          <div className="mt-5 flex justify-end">
            <button type="button" className="button-primary" onClick={onClose}>
              {m.reports_close()}
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={send} className="mt-3 space-y-4" aria-describedby={introId}>
          <p id={introId} className="text-sm text-zinc-700 dark:text-zinc-300">
            {m.reports_intro()}
          </p>
          <fieldset className="space-y-1" aria-describedby={error ? errorId : undefined}>
            <legend className="font-semibold text-zinc-900 dark:text-zinc-100">{m.reports_reason_legend()}</legend>
            {CONTENT_REPORT_REASONS.map((reason) => (
              <label key={reason} className="flex min-h-11 items-center gap-2 text-zinc-800 dark:text-zinc-200">
                <input type="radio" name="reason" value={reason} required />
                {REASON_LABELS[reason]()}
              </label>
            ))}
          </fieldset>
          <ErrorText id={errorId} text={error} />
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className="button-secondary" onClick={onClose}>
              {m.reports_cancel()}
            </button>
            <button type="submit" className="button-primary disabled:opacity-60" disabled={state === "sending"}>
              {m.reports_submit()}
            </button>
          </div>
        </form>
      )}
    </ModalShell>
  );
}
