// An order's dispute on its page (decision 088), for either party: "Report a problem", folded away under the order's
// buttons, opens the form (a reason and a statement); an open dispute's banner says the order waits for Comet's team
// with its deadlines paused; the thread shows what each side and Comet's team wrote, read in the viewer's language;
// the party the dispute waits for answers it; a settled one shows its outcome and what it did to the money. Its words
// come from the loader (order-dispute-texts.server.ts); the posts go to the page's action (intents openDispute and
// answerDispute), and the Order object checks every rule again.
import { type ChangeEvent, useId, useState } from "react";
import { useFetcher } from "react-router";
import { ErrorText } from "#app/components/form/error-text";
import { TextareaField } from "#app/components/form/textarea-field";
import { precheckFiles, uploadErrorMessage } from "#app/components/media/upload-client";
import { UploadProgressList, useUploads } from "#app/components/media/upload-progress";
import { checkMediaLimit, DISPUTE_FILES_MAX } from "#worker/media/domain/media-limits";
import { acceptAttribute, findUploadRule } from "#worker/media/domain/upload-rules";
import { TranslatedText } from "#app/components/translation/translated-text";
import type { Posted } from "./pending-answer";
import type {
  DisputeCase,
  DisputeEntry,
  DisputeOpenForm,
  DisputeStatementField,
} from "#app/loaders/orders/order-dispute-texts.server";

const RULE = findUploadRule("commission-order", "dispute_files")!;

/** "Report a problem": a quiet fold under the order's buttons, with the form to open a dispute inside. */
export function OrderDisputeReport({ orderId, report }: { orderId: string; report: DisputeOpenForm }) {
  const headingId = useId();
  return (
    <details className="group text-sm" data-testid="dispute-report">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-zinc-700 underline dark:text-zinc-300">
        {report.toggle}
      </summary>
      <section
        aria-labelledby={headingId}
        className="mt-2 space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      >
        <h3 id={headingId} className="font-semibold text-zinc-900 dark:text-zinc-50">
          {report.heading}
        </h3>
        {report.explanation.map((paragraph) => (
          <p key={paragraph} className="text-zinc-700 dark:text-zinc-300">
            {paragraph}
          </p>
        ))}
        {report.until && <p className="font-medium text-zinc-800 dark:text-zinc-200">{report.until}</p>}
        <OpenForm orderId={orderId} report={report} />
      </section>
    </details>
  );
}

function OpenForm({ orderId, report }: { orderId: string; report: DisputeOpenForm }) {
  const fetcher = useFetcher<Posted>();
  const [uploading, setUploading] = useState(false);
  const ids = { legend: useId(), reasonError: useId() };
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" className="space-y-3" data-testid="dispute-open-form">
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="intent" value="openDispute" />
      <fieldset aria-describedby={failed?.errors?.reason ? ids.reasonError : undefined}>
        <legend id={ids.legend} className="font-semibold text-zinc-900 dark:text-zinc-100">
          {report.reasonLegend}
        </legend>
        <div className="mt-1">
          {report.reasons.map((reason) => (
            <label key={reason.value} className="flex min-h-11 items-center gap-2 text-zinc-800 dark:text-zinc-200">
              <input type="radio" name="reason" value={reason.value} required className="size-4 shrink-0" />
              {reason.label}
            </label>
          ))}
        </div>
        <ErrorText id={ids.reasonError} text={failed?.errors?.reason} />
      </fieldset>
      <StatementField field={report} error={failed?.errors?.statement} />
      <EvidenceFiles orderId={orderId} texts={report.files} onBusy={setUploading} />
      <ErrorText text={failed?.message} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle" || uploading}
        className="button-primary min-h-11 disabled:opacity-60"
      >
        {report.submit}
      </button>
    </fetcher.Form>
  );
}

/**
 * A statement's textarea with its hint and a counter of characters used, and the server's words on it when refused.
 * Uncontrolled: what was typed stays when a post is refused.
 */
function StatementField({ field, error }: { field: DisputeStatementField; error?: string }) {
  const count = (n: number) => field.counter.replace("{count}", n.toLocaleString());
  return (
    <TextareaField
      id={useId()}
      name="statement"
      label={field.label}
      hint={field.hint}
      error={error}
      required
      rows={6}
      maxLength={field.max}
      counter={{ visible: count, spoken: count }}
    />
  );
}

/**
 * Evidence under a statement (decision 088): each chosen file is uploaded at once into the order's dispute folder, then
 * posted with the statement as its URL and name (hidden fields), which the action checks again. Up to five.
 */
function EvidenceFiles({
  orderId,
  texts,
  onBusy,
}: {
  orderId: string;
  texts: DisputeStatementField["files"];
  onBusy: (busy: boolean) => void;
}) {
  const inputId = useId();
  const uploads = useUploads();
  const [files, setFiles] = useState<{ url: string; name: string }[]>([]);
  const [error, setError] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = "";
    if (chosen.length === 0) return;
    setError(null);
    const limit = checkMediaLimit(files.length, chosen.length, DISPUTE_FILES_MAX);
    const problem = limit.ok ? await precheckFiles(chosen, RULE) : limit.error;
    if (problem) return setError(uploadErrorMessage(problem));
    onBusy(true);
    const uploaded = await uploads.upload({ domain: "commission-order", id: orderId, field: "dispute_files" }, chosen);
    onBusy(false);
    if (!uploaded.ok) return setError(uploadErrorMessage(uploaded.code));
    setFiles((now) => [...now, ...uploaded.uploaded.map(({ url, file }) => ({ url, name: file.name }))]);
  }

  return (
    <div className="space-y-1 text-sm">
      <label className="button-secondary min-h-11 cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 dark:has-[:focus-visible]:outline-brand-300">
        {uploads.busy ? texts.uploading : texts.label}
        <input
          id={inputId}
          type="file"
          multiple
          accept={acceptAttribute(RULE)}
          aria-disabled={uploads.busy}
          onClick={(event) => uploads.busy && event.preventDefault()}
          onChange={choose}
          aria-describedby={`${inputId}-hint`}
          className="sr-only"
        />
      </label>
      <p id={`${inputId}-hint`} className="text-xs text-zinc-700 dark:text-zinc-300">
        {texts.hint}
      </p>
      <UploadProgressList uploads={uploads} />
      {files.length > 0 && (
        <ul className="space-y-1" data-testid="dispute-evidence">
          {files.map((file) => (
            <li key={file.url} className="flex items-center justify-between gap-2">
              <span className="min-w-0 truncate text-zinc-900 dark:text-zinc-100">{file.name}</span>
              <input type="hidden" name="fileUrl" value={file.url} />
              <input type="hidden" name="fileName" value={file.name} />
              <button
                type="button"
                onClick={() => setFiles((now) => now.filter((f) => f.url !== file.url))}
                className="min-h-11 font-semibold text-red-700 underline dark:text-red-300"
              >
                {texts.remove.replace("{name}", file.name)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ErrorText text={error} persistent />
    </div>
  );
}

/** The order's dispute: the open one's banner and answer form, or the settlement; and the thread. */
export function OrderDisputeCase({ orderId, dispute }: { orderId: string; dispute: DisputeCase }) {
  const headingId = useId();
  const { banner, settled } = dispute;
  return (
    <section
      aria-labelledby={headingId}
      className={`space-y-4 rounded-lg border p-4 ${
        banner
          ? "border-amber-400 bg-amber-50 dark:border-amber-700 dark:bg-amber-950"
          : "border-zinc-200 dark:border-zinc-800"
      }`}
      data-testid="order-dispute"
    >
      {banner ? (
        <div className="space-y-1" data-testid="dispute-banner">
          <h3 id={headingId} className="font-semibold text-amber-950 dark:text-amber-50">
            {banner.title}
          </h3>
          <p className="text-sm text-amber-950 dark:text-amber-100">{banner.body}</p>
          <p className="text-sm font-medium text-amber-950 dark:text-amber-100">{banner.waitingFor}</p>
        </div>
      ) : (
        <h3 id={headingId} className="font-semibold text-zinc-900 dark:text-zinc-50">
          {settled?.heading ?? dispute.heading}
        </h3>
      )}
      {settled && (
        <div className="space-y-2" data-testid="dispute-settled">
          <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{settled.summary}</p>
          {settled.facts.length > 0 && (
            <dl className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {settled.facts.map((fact) => (
                <div key={fact.label} className="flex justify-between gap-4 py-1.5 text-sm">
                  <dt className="text-zinc-700 dark:text-zinc-300">{fact.label}</dt>
                  <dd className="text-right font-medium text-zinc-900 dark:text-zinc-100">{fact.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {settled.reason && (
            <div className="space-y-1">
              <h4 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{settled.reasonHeading}</h4>
              <EntryText entry={settled.reason} />
            </div>
          )}
        </div>
      )}
      {dispute.entries.length > 0 && (
        <div className="space-y-2">
          <h4 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{dispute.threadHeading}</h4>
          <ol className="space-y-2" data-testid="dispute-thread">
            {dispute.entries.map((entry) => (
              <li
                key={entry.id}
                data-testid="dispute-entry"
                className={`space-y-1 rounded-md p-3 text-sm ${
                  entry.side === "admin"
                    ? "border border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-900"
                    : "bg-white dark:bg-zinc-900"
                }`}
              >
                <p className="text-xs text-zinc-700 dark:text-zinc-300">{entry.meta}</p>
                {entry.detail && <p className="font-medium text-zinc-900 dark:text-zinc-100">{entry.detail}</p>}
                <EntryText entry={entry} />
              </li>
            ))}
          </ol>
        </div>
      )}
      {dispute.answer && <AnswerForm orderId={orderId} field={dispute.answer} />}
    </section>
  );
}

/** A statement read in the viewer's language, the original a click away; its files beneath. */
function EntryText({ entry }: { entry: DisputeEntry }) {
  return (
    <>
      <TranslatedText
        text={entry.body}
        reading={entry.reading}
        className="text-sm break-words whitespace-pre-line text-zinc-900 dark:text-zinc-100"
      />
      {entry.files.length > 0 && (
        <div className="space-y-1 pt-1">
          <p className="text-xs font-semibold text-zinc-700 dark:text-zinc-300">{entry.filesLabel}</p>
          <ul className="space-y-1">
            {entry.files.map((file) => (
              <li key={file.id} className="truncate text-sm">
                {file.url ? (
                  <a
                    href={file.url}
                    target="_blank"
                    rel="noreferrer"
                    className="text-brand-700 underline dark:text-brand-300"
                  >
                    {file.name}
                  </a>
                ) : (
                  <span className="text-zinc-800 dark:text-zinc-200">{file.name}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function AnswerForm({ orderId, field }: { orderId: string; field: DisputeStatementField }) {
  const fetcher = useFetcher<Posted>();
  const [uploading, setUploading] = useState(false);
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" className="space-y-3 text-sm" data-testid="dispute-answer-form">
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="intent" value="answerDispute" />
      <StatementField field={field} error={failed?.errors?.statement} />
      <EvidenceFiles orderId={orderId} texts={field.files} onBusy={setUploading} />
      <ErrorText text={failed?.message} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle" || uploading}
        className="button-primary min-h-11 disabled:opacity-60"
      >
        {field.submit}
      </button>
    </fetcher.Form>
  );
}
