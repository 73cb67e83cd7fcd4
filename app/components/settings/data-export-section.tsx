import { useEffect } from "react";
import { Form, useFetcher, useRevalidator } from "react-router";
import { FormStatus, SubmitButton } from "#app/components/form/form-status";
import { m } from "#app/paraglide/messages.js";

/** How often a page showing "preparing" asks again, so it turns to Download without a reload. */
const PREPARING_RECHECK_MS = 4000;

/** What the data download section shows (decision 104), worded by the loader (app/routes/dashboard/data-export.server.ts). */
export type DataExportSectionData =
  | { state: "none"; tooSoon: string | null }
  | { state: "preparing" }
  | { state: "ready"; id: string; summary: string }
  | { state: "failed" };

/**
 * The account settings' "Download your data": ask, preparing, ready (Download, its size and expiry) or failed (ask
 * again). The ask goes by fetcher, so the settings form above keeps its own state; the Download is a plain post whose
 * answer sends the browser to the file's short-lived link, so the file downloads and the page stays.
 */
export function DataExportSection({ section }: { section: DataExportSectionData }) {
  const ask = useFetcher<{ dataExport?: { ok: boolean; message?: string } }>();
  const asking = ask.state !== "idle";
  const refusal = ask.data?.dataExport?.ok === false ? ask.data.dataExport.message : undefined;
  const { revalidate } = useRevalidator();
  const preparing = section.state === "preparing";
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => void revalidate(), PREPARING_RECHECK_MS);
    return () => clearInterval(timer);
  }, [preparing, revalidate]);
  return (
    <section
      aria-labelledby="data-export-heading"
      className="max-w-xl space-y-3 border-t border-zinc-200 pt-6 dark:border-zinc-800"
    >
      <h2 id="data-export-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        {m.data_export_title()}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.data_export_intro()}</p>
      {section.state === "preparing" && (
        <p role="status" className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {m.data_export_preparing()}
        </p>
      )}
      {section.state === "ready" && (
        <Form method="post" reloadDocument className="space-y-3">
          <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{section.summary}</p>
          <input type="hidden" name="intent" value="exportDownload" />
          <input type="hidden" name="exportId" value={section.id} />
          <button type="submit" className="button-primary min-h-11">
            {m.data_export_download()}
          </button>
        </Form>
      )}
      {section.state === "none" && section.tooSoon && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{section.tooSoon}</p>
      )}
      {((section.state === "none" && !section.tooSoon) || section.state === "failed") && (
        <ask.Form method="post" className="space-y-3">
          {section.state === "failed" && (
            <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-200">
              {m.data_export_failed()}
            </p>
          )}
          <input type="hidden" name="intent" value="export" />
          <FormStatus saved={false} savedText="" errorText={refusal} />
          <SubmitButton
            busy={asking}
            label={section.state === "failed" ? m.data_export_ask_again() : m.data_export_ask()}
            busyLabel={m.data_export_asking()}
          />
        </ask.Form>
      )}
    </section>
  );
}
