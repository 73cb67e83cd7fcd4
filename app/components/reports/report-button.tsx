// A work's or a profile's "Report" control (decision 089): a quiet button on the page, and the dialog with the reasons
// (report-dialog.tsx) fetched on first use, so the pages do not ship its words and form up front.
import { Suspense, lazy, useState } from "react";
import type { ContentReportTarget } from "#worker/admin/domain/content-reports";

// The dialog loads when a pointer nears the button, it gets focus, or at the latest on the click.
const loadReportDialog = () => import("./report-dialog");
const ReportDialog = lazy(() => loadReportDialog().then((module) => ({ default: module.ReportDialog })));

/**
 * The button's words, made by the page's loader (reportButtonTexts): the page ships neither message. `name` is its
 * accessible name ("Report this work"): the page may hold other reports (a review's), and the name says which this is.
 */
export interface ReportButtonTexts {
  text: string;
  name: string;
}

/** Shown only to a signed-in reader who may not edit the target: the page's loader decides. */
export function ReportButton({
  targetType,
  targetId,
  texts,
}: {
  targetType: ContentReportTarget;
  targetId: string;
  texts: ReportButtonTexts;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={texts.name}
        className="inline-flex min-h-11 items-center px-1 text-sm text-zinc-700 underline underline-offset-2 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-zinc-100"
        onPointerEnter={loadReportDialog}
        onFocus={loadReportDialog}
        onClick={() => setOpen(true)}
      >
        {texts.text}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog targetType={targetType} targetId={targetId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
