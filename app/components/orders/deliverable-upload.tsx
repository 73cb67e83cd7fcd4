/**
 * The creator's upload of deliverables (issue 60, decision 096): each picked file is checked here first (its kind by
 * its bytes, its size against the multipart limit), then queued in the page's uploads (deliverable-uploads.ts), which
 * send it in parts by the resumable engine and attach it to the order. "Hold until the order completes" sends it to
 * `deliverable_sources`, whose bytes the client takes only after completion.
 *
 * Each file shows its name, a progressbar, the bytes sent of its size, the speed and time left (in the reader's
 * locale, by Intl: upload-progress-format.ts), and Pause/Resume and Cancel. A polite live region says when a file
 * starts, finishes, fails, pauses or is cancelled, never every percent.
 *
 * The uploads outlive this panel (the order's tabs unmount it): it subscribes to them while it is shown. After a reload
 * the server still has the unfinished uploads: the panel lists them, and picking the same file again resumes it from
 * its first missing part.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ChangeEvent } from "react";
import { useRevalidator } from "react-router";
import { ErrorText } from "#app/components/form/error-text";
import { uploadErrorMessage } from "#app/components/media/upload-client";
import { abortUnfinishedUpload, listUnfinishedUploads } from "#app/components/media/multipart-transport";
import type { UploadState } from "#app/components/media/multipart-upload";
import { formatDuration, formatSpeed, percentOf } from "#app/components/media/upload-progress-format";
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import { formatFileSize } from "#worker/media/domain/file-size";
import { checkMediaLimit, ORDER_DELIVERABLES_MAX_FILES } from "#worker/media/domain/media-limits";
import { FILE_KINDS, SNIFF_BYTES, sniffMediaType } from "#worker/media/domain/media-sniff";
import {
  acceptAttribute,
  checkFile,
  checkFileCount,
  findUploadRule,
  type UploadRule,
} from "#worker/media/domain/upload-rules";
import {
  announce,
  cancelRow,
  clearError,
  DOMAIN,
  EMPTY,
  enqueue,
  HELD_FIELD,
  OPEN_FIELD,
  pauseRow,
  resumeRow,
  type Row,
  setRevalidate,
  subscribe,
  uploadsOf,
  wasTaken,
} from "./deliverable-uploads";

const RULES: Record<string, UploadRule> = {
  [OPEN_FIELD]: findUploadRule(DOMAIN, OPEN_FIELD)!,
  [HELD_FIELD]: findUploadRule(DOMAIN, HELD_FIELD)!,
};

const BUTTON =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300";

interface Unfinished extends UploadState {
  held: boolean;
}

export function DeliverableUpload({ orderId, deliverableCount }: { orderId: string; deliverableCount: number }) {
  const id = useId();
  const locale = getLocale();
  const routerRevalidator = useRevalidator();
  const uploads = useSyncExternalStore(
    subscribe,
    () => uploadsOf(orderId),
    () => EMPTY,
  );
  const [held, setHeld] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [unfinished, setUnfinished] = useState<Unfinished[]>([]);
  const busy = uploads.rows.some((row) => row.status !== "paused");
  const rule = RULES[held ? HELD_FIELD : OPEN_FIELD];
  const picker = useRef<HTMLLabelElement>(null);

  useEffect(() => {
    setRevalidate(() => routerRevalidator.revalidate());
  });

  // A file added above grows the list (its facts, its checksum) and pushes the picker down: the keyboard user still on
  // it, ready for the next file, keeps seeing where their focus is.
  useEffect(() => {
    if (deliverableCount > 0 && picker.current?.contains(document.activeElement))
      picker.current.scrollIntoView({ block: "nearest" });
  }, [deliverableCount]);

  // What the server still keeps of this creator's uploads to the order (a reload, a closed tab).
  useEffect(() => {
    let live = true;
    void Promise.all(
      [OPEN_FIELD, HELD_FIELD].map(async (field) =>
        (await listUnfinishedUploads({ domain: DOMAIN, id: orderId, field })).map((upload) => ({
          ...upload,
          held: field === HELD_FIELD,
        })),
      ),
    )
      .then((lists) => live && setUnfinished(lists.flat()))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [orderId]);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = "";
    if (picked.length === 0) return;
    setCheckError(null);
    clearError(orderId);
    const current = uploadsOf(orderId).rows;
    // The same file again while its upload is paused here: that upload goes on (a second one would send it twice).
    const fresh = picked.filter((file) => {
      const same = current.find(
        (row) => row.name === file.name && row.size === file.size && row.lastModified === file.lastModified,
      );
      if (same?.status === "paused") resumeRow(orderId, same);
      return !same;
    });
    if (fresh.length === 0) return;
    const field = held ? HELD_FIELD : OPEN_FIELD;
    const limit = checkMediaLimit(deliverableCount + current.length, fresh.length, ORDER_DELIVERABLES_MAX_FILES);
    if (!limit.ok) return setCheckError(uploadErrorMessage(limit.error));
    const count = checkFileCount(fresh.length, rule);
    if (!count.ok) return setCheckError(uploadErrorMessage(count.error));
    const kinds: string[] = [];
    for (const file of fresh) {
      // The multipart door's size, and the kind by the bytes (never the name), as the server checks them again.
      const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
      const checked = checkFile(
        { size: file.size, head },
        { maxBytes: rule.multipartMaxBytes ?? rule.maxBytes, kinds: rule.kinds },
      );
      if (!checked.ok) return setCheckError(`${file.name}: ${uploadErrorMessage(checked.error)}`);
      kinds.push(sniffMediaType(head)!.kind);
    }
    enqueue(
      orderId,
      fresh.map((file, index) => ({ file, kind: kinds[index], field })),
    );
  }

  async function cancelUnfinished(upload: Unfinished) {
    if (!(await abortUnfinishedUpload(upload.id))) {
      return setCheckError(uploadErrorMessage("failed"));
    }
    setUnfinished((list) => list.filter((u) => u.id !== upload.id));
    announce(orderId, m.work_files_upload_cancelled({ name: upload.name }));
  }

  // An upload this page has taken up again is shown as its own row (or is finished), not as unfinished.
  const waiting = unfinished.filter((upload) => !wasTaken(upload.id));
  const kindList = new Intl.ListFormat(locale, { type: "disjunction" }).format([
    ...new Set(rule.kinds.map((kind) => FILE_KINDS[kind].ext.toUpperCase())),
  ]);

  return (
    <div className="space-y-3">
      <label className="flex min-h-11 items-start gap-2 text-sm text-zinc-900 dark:text-zinc-100">
        <input
          type="checkbox"
          checked={held}
          onChange={(event) => setHeld(event.currentTarget.checked)}
          aria-describedby={`${id}-hold-hint`}
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
        />
        <span>
          <span className="font-medium">{m.work_files_upload_hold_label()}</span>
          <span id={`${id}-hold-hint`} className="block text-xs text-zinc-700 dark:text-zinc-300">
            {m.work_files_upload_hold_hint()}
          </span>
        </span>
      </label>
      <div className="space-y-1">
        <label
          ref={picker}
          className="button-secondary min-h-11 cursor-pointer has-[[aria-disabled=true]]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 dark:has-[:focus-visible]:outline-brand-300"
        >
          {busy ? m.orders_deliverables_uploading() : m.orders_deliverables_upload()}
          {/* aria-disabled, not disabled, while busy: a disabled input loses focus, and the keyboard user who pressed
              Enter on it would be left on the page's body for the whole upload. */}
          <input
            type="file"
            multiple
            accept={acceptAttribute(rule)}
            aria-disabled={busy}
            onClick={(event) => busy && event.preventDefault()}
            onChange={pick}
            aria-describedby={`${id}-hint`}
            className="sr-only"
          />
        </label>
        <p id={`${id}-hint`} className="text-xs text-zinc-700 dark:text-zinc-300">
          {m.work_files_upload_hint({
            count: ORDER_DELIVERABLES_MAX_FILES,
            size: formatFileSize(rule.multipartMaxBytes ?? rule.maxBytes, locale),
            kinds: kindList,
          })}
        </p>
      </div>
      {waiting.length > 0 && (
        <section aria-labelledby={`${id}-unfinished`} className="space-y-2">
          <h4 id={`${id}-unfinished`} className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
            {m.work_files_upload_unfinished_heading()}
          </h4>
          <ul className="space-y-2">
            {waiting.map((upload) => (
              <li
                key={upload.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed border-zinc-300 px-3 py-2 text-sm dark:border-zinc-700"
              >
                <span className="min-w-0 flex-1 break-words text-zinc-900 dark:text-zinc-100">
                  {m.work_files_upload_unfinished({
                    name: upload.name,
                    percent: percentOf(Math.min(upload.size, upload.doneParts.length * upload.partSize), upload.size),
                  })}
                </span>
                <button
                  type="button"
                  aria-label={m.work_files_upload_unfinished_cancel_label({ name: upload.name })}
                  onClick={() => cancelUnfinished(upload)}
                  className={`${BUTTON} text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950`}
                >
                  {m.work_files_upload_cancel()}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {uploads.rows.length > 0 && (
        <ul aria-label={m.work_files_upload_list_label()} className="space-y-3">
          {uploads.rows.map((row) => (
            <UploadRow key={row.id} orderId={orderId} row={row} locale={locale} />
          ))}
        </ul>
      )}
      <p role="status" className="sr-only">
        {uploads.announcement}
      </p>
      <ErrorText text={checkError ?? uploads.error} persistent />
    </div>
  );
}

function statusText(row: Row, locale: string): string {
  switch (row.status) {
    case "queued":
      return m.work_files_upload_waiting();
    case "starting":
      return m.work_files_upload_preparing();
    case "paused":
      return row.error === "network" ? m.work_files_upload_offline() : m.work_files_upload_paused();
    case "completing":
      return m.work_files_upload_completing();
    case "attaching":
      return m.work_files_upload_attaching();
    case "uploading": {
      const moving = [
        row.bytesPerSecond ? formatSpeed(row.bytesPerSecond, locale) : null,
        row.secondsLeft ? m.work_files_upload_time_left({ time: formatDuration(row.secondsLeft, locale) }) : null,
      ].filter(Boolean);
      if (moving.length > 0) return moving.join(" · ");
      return row.resumedBytes > 0
        ? m.work_files_upload_resumed({ percent: percentOf(row.resumedBytes, row.size) })
        : m.work_files_upload_preparing();
    }
    default:
      return "";
  }
}

function UploadRow({ orderId, row, locale }: { orderId: string; row: Row; locale: string }) {
  const nameId = useId();
  const percent = percentOf(row.sentBytes, row.size);
  const sent = formatFileSize(row.sentBytes, locale);
  const total = formatFileSize(row.size, locale);
  const canPause = row.status === "uploading" || row.status === "starting";
  const canCancel = row.status !== "completing" && row.status !== "attaching" && row.status !== "done";
  return (
    <li className="space-y-1.5 rounded-md border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800">
      <div className="flex flex-wrap items-center gap-x-2">
        <span id={nameId} className="min-w-0 flex-1 truncate font-medium text-zinc-900 dark:text-zinc-100">
          {row.name}
        </span>
        {row.held && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            {m.work_files_upload_held()}
          </span>
        )}
        <span aria-hidden="true" className="tabular-nums text-zinc-700 dark:text-zinc-300">
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={nameId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={m.work_files_upload_progress({ name: row.name, percent, sent, total })}
        className="h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700"
      >
        <div
          className="h-full bg-brand-600 transition-[width] motion-reduce:transition-none dark:bg-brand-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-zinc-700 dark:text-zinc-300">
        <span className="tabular-nums">{m.work_files_upload_sent({ sent, total })}</span>
        <span className="tabular-nums">{statusText(row, locale)}</span>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {canPause ? (
          <button
            type="button"
            aria-label={m.work_files_upload_pause_label({ name: row.name })}
            onClick={() => pauseRow(orderId, row)}
            className={`${BUTTON} text-zinc-900 hover:bg-zinc-100 dark:text-zinc-100 dark:hover:bg-zinc-800`}
          >
            {m.work_files_upload_pause()}
          </button>
        ) : row.status === "paused" ? (
          <button
            type="button"
            aria-label={m.work_files_upload_resume_label({ name: row.name })}
            onClick={() => resumeRow(orderId, row)}
            className={`${BUTTON} text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-zinc-800`}
          >
            {m.work_files_upload_resume()}
          </button>
        ) : null}
        {canCancel && (
          <button
            type="button"
            aria-label={m.work_files_upload_cancel_label({ name: row.name })}
            onClick={() => cancelRow(orderId, row)}
            className={`${BUTTON} text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950`}
          >
            {m.work_files_upload_cancel()}
          </button>
        )}
      </div>
    </li>
  );
}
