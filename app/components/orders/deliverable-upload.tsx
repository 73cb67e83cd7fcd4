/**
 * The creator's upload of deliverables (issue 60, decision 096): each picked file is checked here first (its kind by
 * its bytes, its size against the multipart limit), sent in parts by the resumable engine (multipart-upload.ts), then
 * attached to the order (deliverable/create) and the page revalidated. "Hold until the order completes" sends it to
 * `deliverable_sources`, whose bytes the client takes only after completion.
 *
 * Each file shows its name, a progressbar, the bytes sent of its size, the speed and time left (in the reader's
 * locale, by Intl), and Pause/Resume and Cancel. A polite live region says when a file starts, finishes, fails,
 * pauses or is cancelled, never every percent.
 *
 * The uploads live in this module, not in the component: the order's tabs unmount their panels (a switch to Details,
 * a revalidation that changes the order's state), and a 2 GB upload must not end because the creator read the
 * brief meanwhile. The panel subscribes to them while it is shown. After a reload the server still has the unfinished
 * uploads: the panel lists them, and picking the same file again resumes it from its first missing part.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ChangeEvent } from "react";
import { useRevalidator } from "react-router";
import { ErrorText } from "#app/components/form/error-text";
import { uploadErrorMessage } from "#app/components/media/upload-client";
import {
  abortUnfinishedUpload,
  browserTabId,
  browserTransport,
  listUnfinishedUploads,
} from "#app/components/media/multipart-transport";
import type {
  MultipartUpload,
  UploadSnapshot,
  UploadState,
  UploadStatus,
} from "#app/components/media/multipart-upload";
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import { formatFileSize } from "#worker/domain/file-size";
import { checkMediaLimit, ORDER_DELIVERABLES_MAX_FILES } from "#worker/domain/media-limits";
import { FILE_KINDS, SNIFF_BYTES, sniffMediaType } from "#worker/domain/media-sniff";
import {
  acceptAttribute,
  checkFile,
  checkFileCount,
  findUploadRule,
  type UploadRule,
} from "#worker/domain/upload-rules";

const DOMAIN = "commission-order";
const OPEN_FIELD = "deliverables";
const HELD_FIELD = "deliverable_sources";
const RULES: Record<string, UploadRule> = {
  [OPEN_FIELD]: findUploadRule(DOMAIN, OPEN_FIELD)!,
  [HELD_FIELD]: findUploadRule(DOMAIN, HELD_FIELD)!,
};

/** The engine (and hash-wasm with it) loads with the first file sent; the network's module with the panel. */
const loadEngine = () => import("#app/components/media/multipart-upload");

// ---------------------------------------------------------------------------------------------------------------
// The uploads of each order, kept for the page's life.

type RowStatus = "queued" | UploadStatus | "attaching";

interface Row {
  id: string;
  name: string;
  size: number;
  lastModified: number;
  held: boolean;
  status: RowStatus;
  sentBytes: number;
  resumedBytes: number;
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  /** `network` while paused for a dropped connection. */
  error: string | null;
  uploadId: string | null;
}

interface OrderUploads {
  rows: Row[];
  announcement: string;
  error: string | null;
}

const EMPTY: OrderUploads = { rows: [], announcement: "", error: null };
const store = new Map<string, OrderUploads>();
const listeners = new Set<() => void>();
const engines = new Map<string, MultipartUpload>();
const files = new Map<string, { file: File; kind: string; field: string }>();
const draining = new Set<string>();
/** Uploads this page took up (new or resumed): shown as their rows, or finished, and so never again as unfinished. */
const takenUploads = new Set<string>();
/** The router's revalidation, as the last panel shown handed it (any panel's will do: it is the router's). */
let revalidate: (() => void) | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function change(orderId: string, next: (current: OrderUploads) => OrderUploads) {
  store.set(orderId, next(store.get(orderId) ?? EMPTY));
  for (const listener of listeners) listener();
}

function patchRow(orderId: string, id: string, patch: Partial<Row>) {
  change(orderId, (current) => ({
    ...current,
    rows: current.rows.map((row) => (row.id === id ? { ...row, ...patch } : row)),
  }));
}

function removeRow(orderId: string, id: string, said: Partial<Pick<OrderUploads, "announcement" | "error">> = {}) {
  files.delete(id);
  engines.delete(id);
  change(orderId, (current) => ({ ...current, ...said, rows: current.rows.filter((row) => row.id !== id) }));
}

function announce(orderId: string, announcement: string) {
  change(orderId, (current) => ({ ...current, announcement }));
}

/**
 * The reader's words for a failure's code: this panel's own (the engine's codes, and a clearer word for the tab
 * lease), the multipart door's (messages/multipart: MULTIPART_ERROR_CODES, listed so the bundle carries only these),
 * then the upload client's (media_error_*, failed).
 */
const ERROR_MESSAGES: Record<string, () => string> = {
  upload_in_another_tab: m.work_files_upload_in_another_tab,
  file_unreadable: m.work_files_upload_file_unreadable,
  network: m.work_files_upload_network,
  upload_error_invalid_request: m.upload_error_invalid_request,
  upload_error_signed_out: m.upload_error_signed_out,
  upload_error_forbidden: m.upload_error_forbidden,
  upload_error_not_found: m.upload_error_not_found,
  upload_error_token: m.upload_error_token,
  upload_error_rate_limited: m.upload_error_rate_limited,
  upload_error_order_total: m.upload_error_order_total,
  upload_error_name_blank: m.upload_error_name_blank,
  upload_error_name_too_long: m.upload_error_name_too_long,
  upload_error_name_path: m.upload_error_name_path,
  upload_error_name_characters: m.upload_error_name_characters,
  upload_error_name_direction: m.upload_error_name_direction,
  upload_already_completed: m.upload_already_completed,
  upload_error_closed: m.upload_error_closed,
  upload_error_part_out_of_range: m.upload_error_part_out_of_range,
  upload_error_too_many_parts: m.upload_error_too_many_parts,
  upload_error_part_too_large: m.upload_error_part_too_large,
  upload_error_part_incomplete: m.upload_error_part_incomplete,
  upload_error_length_required: m.upload_error_length_required,
  upload_error_parts_missing: m.upload_error_parts_missing,
  upload_error_size_mismatch: m.upload_error_size_mismatch,
  upload_error_storage_unavailable: m.upload_error_storage_unavailable,
};

function workFileErrorMessage(code: string): string {
  return Object.hasOwn(ERROR_MESSAGES, code) ? ERROR_MESSAGES[code]() : uploadErrorMessage(code);
}

function fromSnapshot(snapshot: UploadSnapshot): Partial<Row> {
  return {
    status: snapshot.status,
    sentBytes: snapshot.sentBytes,
    resumedBytes: snapshot.resumedBytes,
    bytesPerSecond: snapshot.bytesPerSecond,
    secondsLeft: snapshot.secondsLeft,
    error: snapshot.error,
    uploadId: snapshot.uploadId,
  };
}

async function attach(orderId: string, url: string, name: string): Promise<boolean> {
  try {
    const response = await fetch("/api/features/commission/order/deliverable/create", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ orderId, medias: [{ url, name }] }),
      credentials: "same-origin",
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Sends the order's waiting files one after another (each in parallel parts); a paused file holds the ones after it. */
async function drain(orderId: string) {
  if (draining.has(orderId)) return;
  draining.add(orderId);
  try {
    for (;;) {
      const row = store.get(orderId)?.rows.find((r) => r.status === "queued");
      if (!row) return;
      await send(orderId, row);
    }
  } finally {
    draining.delete(orderId);
  }
}

async function send(orderId: string, row: Row) {
  const picked = files.get(row.id);
  if (!picked) return removeRow(orderId, row.id);
  patchRow(orderId, row.id, { status: "starting" });
  let MultipartUpload: typeof import("#app/components/media/multipart-upload").MultipartUpload;
  try {
    ({ MultipartUpload } = await loadEngine());
  } catch {
    const text = m.work_files_upload_failed({ name: row.name, reason: uploadErrorMessage("failed") });
    return removeRow(orderId, row.id, { announcement: text, error: text });
  }
  const engine = new MultipartUpload({
    file: picked.file,
    target: { domain: DOMAIN, id: orderId, field: picked.field },
    kind: picked.kind,
    transport: browserTransport,
    tabId: browserTabId(),
    onChange: (snapshot) => {
      if (snapshot.uploadId) takenUploads.add(snapshot.uploadId);
      patchRow(orderId, row.id, fromSnapshot(snapshot));
    },
  });
  engines.set(row.id, engine);
  announce(orderId, m.work_files_upload_started({ name: row.name }));
  const outcome = await engine.start();
  engines.delete(row.id);
  if (!outcome.ok) {
    if (outcome.code === "cancelled")
      return removeRow(orderId, row.id, { announcement: m.work_files_upload_cancelled({ name: row.name }) });
    const reason = workFileErrorMessage(outcome.code);
    const text = m.work_files_upload_failed({ name: row.name, reason });
    return removeRow(orderId, row.id, { announcement: text, error: text });
  }
  patchRow(orderId, row.id, { status: "attaching" });
  const attached = await attach(orderId, outcome.completed.url, row.name);
  removeRow(
    orderId,
    row.id,
    attached
      ? { announcement: m.work_files_upload_done({ name: row.name }) }
      : { announcement: m.work_files_upload_attach_failed(), error: m.work_files_upload_attach_failed() },
  );
  revalidate?.();
}

function pauseRow(orderId: string, row: Row) {
  engines.get(row.id)?.pause();
  announce(orderId, m.work_files_upload_paused_announcement({ name: row.name }));
}

function resumeRow(orderId: string, row: Row) {
  engines.get(row.id)?.resume();
  announce(orderId, m.work_files_upload_resumed_announcement({ name: row.name }));
}

function cancelRow(orderId: string, row: Row) {
  const engine = engines.get(row.id);
  // A file still waiting has nothing on the server yet.
  if (!engine) return removeRow(orderId, row.id, { announcement: m.work_files_upload_cancelled({ name: row.name }) });
  void engine.cancel();
}

// ---------------------------------------------------------------------------------------------------------------
// Numbers in the reader's locale.

const SPEED_UNITS = ["kilobyte", "megabyte", "gigabyte"] as const;

/** A speed in decimal units a second, as sizes are shown (formatFileSize): "3.2 MB/s"; never under 1 kB/s. */
function formatSpeed(bytesPerSecond: number, locale: string): string {
  let value = Math.max(1, bytesPerSecond / 1000);
  let unit = 0;
  while (value >= 1000 && unit < SPEED_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: `${SPEED_UNITS[unit]}-per-second`,
    maximumFractionDigits: value >= 100 ? 0 : 1,
  }).format(value);
}

type DurationFormatter = { format(duration: Record<string, number>): string };
type DurationFormatConstructor = new (
  locale: string,
  options: { style: "narrow" | "short" | "long" },
) => DurationFormatter;

/** Time left, rounded as a person would say it: seconds under a minute, minutes under an hour, then hours and minutes. */
function formatDuration(seconds: number, locale: string): string {
  const total = Math.max(1, Math.round(seconds));
  const parts: Record<string, number> =
    total < 60
      ? { seconds: total }
      : total < 3600
        ? { minutes: Math.min(59, Math.ceil(total / 60)) }
        : { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60) };
  if (parts.minutes === 0) delete parts.minutes;
  const DurationFormat = (Intl as unknown as { DurationFormat?: DurationFormatConstructor }).DurationFormat;
  if (DurationFormat) return new DurationFormat(locale, { style: "short" }).format(parts);
  return Object.entries(parts)
    .map(([unit, value]) =>
      new Intl.NumberFormat(locale, { style: "unit", unit: unit.slice(0, -1), unitDisplay: "long" }).format(value),
    )
    .join(" ");
}

function percentOf(sent: number, size: number): number {
  return size > 0 ? Math.min(100, Math.floor((sent / size) * 100)) : 0;
}

// ---------------------------------------------------------------------------------------------------------------
// The panel.

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
    () => store.get(orderId) ?? EMPTY,
    () => EMPTY,
  );
  const [held, setHeld] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [unfinished, setUnfinished] = useState<Unfinished[]>([]);
  const busy = uploads.rows.some((row) => row.status !== "paused");
  const rule = RULES[held ? HELD_FIELD : OPEN_FIELD];
  const picker = useRef<HTMLLabelElement>(null);

  useEffect(() => {
    revalidate = () => routerRevalidator.revalidate();
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
    change(orderId, (current) => ({ ...current, error: null }));
    const current = store.get(orderId)?.rows ?? [];
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
    const rows: Row[] = fresh.map((file, index) => {
      const rowId = crypto.randomUUID();
      files.set(rowId, { file, kind: kinds[index], field });
      return {
        id: rowId,
        name: file.name,
        size: file.size,
        lastModified: file.lastModified,
        held: field === HELD_FIELD,
        status: "queued",
        sentBytes: 0,
        resumedBytes: 0,
        bytesPerSecond: null,
        secondsLeft: null,
        error: null,
        uploadId: null,
      };
    });
    change(orderId, (state) => ({ ...state, rows: [...state.rows, ...rows] }));
    void drain(orderId);
  }

  async function cancelUnfinished(upload: Unfinished) {
    if (!(await abortUnfinishedUpload(upload.id))) {
      return setCheckError(uploadErrorMessage("failed"));
    }
    setUnfinished((list) => list.filter((u) => u.id !== upload.id));
    announce(orderId, m.work_files_upload_cancelled({ name: upload.name }));
  }

  // An upload this page has taken up again is shown as its own row (or is finished), not as unfinished.
  const waiting = unfinished.filter((upload) => !takenUploads.has(upload.id));
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
