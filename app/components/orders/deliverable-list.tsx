// The delivered files as both parties see them (decisions 024, 059, 096): each file's name and size, the SHA-256 Comet
// computed of the stored file (issue 75: "being checked" until then, "checksum differs" when the creator's browser said
// another; with a check of a downloaded copy, hashed in this browser), what Comet read
// of it before anyone takes it (a ZIP's table of contents, a PSD's size and layers) and, once the reader may take it,
// the download and a GLB/VRM's 3D preview. A source the creator holds until completion shows the client everything
// but the bytes: no download, no preview (the viewer would load the whole file), only "released when the order
// completes"; the seller sees it marked as held.
import { useId, useRef, useState, type ChangeEvent, type MouseEvent } from "react";
import { ErrorText } from "#app/components/form/error-text";
import { LazyModelViewer } from "#app/components/media/lazy-model-viewer";
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import { useCopyToClipboard } from "#app/lib/use-copy-to-clipboard";
import type { FileDetails, ZipListing } from "#worker/media/domain/file-details";
import { formatFileSize } from "#worker/media/domain/file-size";
import type { OrderDeliverableView } from "#worker/orders/services/order-views";

/** The first and last characters of a checksum, enough to compare by eye: `9f86d081…b0f00a08`. */
const shortSha = (sha256: string) => `${sha256.slice(0, 8)}…${sha256.slice(-8)}`;

/**
 * A deliverable's link lives 5 minutes and opens only with this party's session (decision 059), so a download or a
 * 3D preview signs a fresh one when asked: a page left open still works. Null when the server refuses.
 */
async function freshReadUrl(url: string): Promise<string | null> {
  const response = await fetch("/api/google/storage/sign/read", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url }),
  });
  return response.ok ? ((await response.json()) as { url: string }).url : null;
}

/**
 * A plain click downloads through a fresh link; a click with a modifier (new tab) and a page not yet hydrated use the
 * link as rendered, which works for its 5 minutes.
 */
async function downloadFresh(event: MouseEvent<HTMLAnchorElement>, name: string): Promise<boolean> {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return true;
  event.preventDefault();
  const url = await freshReadUrl(event.currentTarget.href);
  if (!url) return false;
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  return true;
}

export interface DeliverableListProps {
  files: OrderDeliverableView[];
  side: "seller" | "buyer";
  /** The seller may delete files now (DRAFT or APPROVED). */
  canDelete: boolean;
  busy: boolean;
  onDelete: (mediaId: string) => void;
}

export function DeliverableList({ files, side, canDelete, busy, onDelete }: DeliverableListProps) {
  const [downloadError, setDownloadError] = useState<string | null>(null);
  if (files.length === 0)
    return <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.orders_deliverables_empty()}</p>;
  return (
    <>
      <ul className="space-y-3" data-testid="deliverable-list">
        {files.map((file) => (
          <DeliverableItem
            key={file.id}
            file={file}
            side={side}
            canDelete={canDelete}
            busy={busy}
            onDelete={onDelete}
            onDownloadError={setDownloadError}
          />
        ))}
      </ul>
      <ErrorText text={downloadError} />
    </>
  );
}

function DeliverableItem({
  file,
  side,
  canDelete,
  busy,
  onDelete,
  onDownloadError,
}: Omit<DeliverableListProps, "files"> & {
  file: OrderDeliverableView;
  onDownloadError: (text: string | null) => void;
}) {
  const headingId = useId();
  const locale = getLocale();
  const name = file.name ?? m.orders_deliverable_file();
  const psd = file.details?.psd;
  const facts = [file.size === null ? null : formatFileSize(file.size, locale), psd ? psdSummary(psd, locale) : null];
  // The reader may take the bytes: a download, and a model's preview (which loads the whole file into the browser).
  const takeable = Boolean(file.url) && !file.held;
  return (
    <li
      aria-labelledby={headingId}
      data-testid="deliverable"
      className="min-w-0 space-y-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4
            id={headingId}
            className="break-words text-sm font-semibold text-zinc-900 [overflow-wrap:anywhere] dark:text-zinc-50"
          >
            {name}
          </h4>
          <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="deliverable-facts">
            {facts.filter(Boolean).join(" · ")}
          </p>
        </div>
        {side === "seller" && file.heldUntilCompletion && (
          <span
            data-testid="deliverable-held-badge"
            className="inline-flex items-center rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
          >
            {m.orders_deliverable_held_badge()}
          </span>
        )}
      </div>
      {side === "seller" && file.heldUntilCompletion && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.orders_deliverable_held_hint_seller()}</p>
      )}
      {file.held && (
        <p
          data-testid="deliverable-held"
          className="rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100"
        >
          {m.orders_deliverable_held_note()}
          {isModel(file) && <> {m.orders_deliverable_model_held()}</>}
        </p>
      )}
      {(takeable || canDelete) && (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {takeable && (
            <a
              href={file.url!}
              download={name}
              onClick={async (event) =>
                onDownloadError((await downloadFresh(event, name)) ? null : m.orders_deliverables_download_failed())
              }
              className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline dark:text-brand-300"
            >
              {m.orders_deliverables_download({ name })}
            </a>
          )}
          {canDelete && (
            <button
              type="button"
              disabled={busy}
              onClick={() => onDelete(file.id)}
              className="min-h-11 text-sm font-semibold text-red-700 underline disabled:opacity-60 dark:text-red-300"
            >
              {m.orders_deliverables_delete({ name })}
            </button>
          )}
        </div>
      )}
      {file.details?.zip && <ZipContents listing={file.details.zip} locale={locale} />}
      {takeable && isModel(file) && (
        <LazyModelViewer
          url={file.url!}
          resolveUrl={() => freshReadUrl(file.url!)}
          name={name}
          vrm={file.details?.model?.vrm ?? file.kind === "vrm"}
        />
      )}
      {file.checksum === "pending" && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="deliverable-checksum-pending">
          {m.orders_deliverable_checksum_pending()}
        </p>
      )}
      {file.checksum === "differs" && <ChecksumDiffers name={name} claimed={file.claimedSha256} />}
      {file.sha256 && <Checksum sha256={file.sha256} name={name} />}
    </li>
  );
}

const isModel = (file: Pick<OrderDeliverableView, "kind" | "details">) =>
  file.kind === "glb" || file.kind === "vrm" || Boolean(file.details?.model);

function psdSummary(psd: NonNullable<FileDetails["psd"]>, locale: string): string {
  const number = new Intl.NumberFormat(locale);
  const size = { width: number.format(psd.width), height: number.format(psd.height) };
  if (psd.layers === null) return m.orders_deliverable_psd_flat(size);
  if (psd.layers === 1) return m.orders_deliverable_psd_one_layer(size);
  return m.orders_deliverable_psd({ ...size, layers: number.format(psd.layers) });
}

/** A ZIP's table of contents as its central directory states it (never unpacked), folded: names and sizes. */
function ZipContents({ listing, locale }: { listing: ZipListing; locale: string }) {
  const number = new Intl.NumberFormat(locale);
  const size = formatFileSize(listing.totalSize, locale);
  const more = listing.totalEntries - listing.entries.length;
  return (
    <details className="group text-sm" data-testid="deliverable-zip">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-zinc-900 underline dark:text-zinc-100">
        {listing.totalEntries === 1
          ? m.orders_deliverable_zip_summary_one({ size })
          : m.orders_deliverable_zip_summary({ count: number.format(listing.totalEntries), size })}
      </summary>
      <ul className="mt-1 max-h-80 space-y-0.5 overflow-y-auto rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
        {listing.entries.map((entry, index) => (
          <li
            // Names may repeat in a ZIP; the position keeps each row its own.
            key={`${index}:${entry.name}`}
            className="flex justify-between gap-3 text-zinc-800 dark:text-zinc-200"
          >
            <span className="min-w-0 break-words font-mono text-xs [overflow-wrap:anywhere]">{entry.name}</span>
            {!entry.directory && (
              <span className="shrink-0 text-xs text-zinc-700 tabular-nums dark:text-zinc-300">
                {formatFileSize(entry.size, locale)}
              </span>
            )}
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="mt-1 text-zinc-700 dark:text-zinc-300">
          {m.orders_deliverable_zip_more({ count: number.format(more) })}
        </p>
      )}
    </details>
  );
}

/** Bytes read at a time while hashing a picked file: the file is never held whole, whatever its size. */
const HASH_SLICE_BYTES = 8 * 1024 * 1024;

/** The SHA-256 of a file, read slice by slice (hash-wasm's incremental hasher, loaded only when a check starts). */
async function sha256Of(file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  const { createSHA256 } = await import("hash-wasm");
  const hasher = await createSHA256();
  hasher.init();
  for (let start = 0; start < file.size; start += HASH_SLICE_BYTES) {
    const end = Math.min(file.size, start + HASH_SLICE_BYTES);
    hasher.update(new Uint8Array(await file.slice(start, end).arrayBuffer()));
    onProgress(end / file.size);
  }
  return hasher.digest("hex");
}

type CheckState =
  | { step: "idle" }
  | { step: "reading"; name: string; percent: number }
  | { step: "done"; name: string; matches: boolean }
  | { step: "failed" };

/**
 * The creator's browser said it sent other bytes than Comet stored (issue 75): said to both parties (and the admin),
 * with what the browser said; the SHA-256 shown below is Comet's.
 */
function ChecksumDiffers({ name, claimed }: { name: string; claimed: string | null }) {
  return (
    <div
      className="space-y-1 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
      data-testid="deliverable-checksum-differs"
    >
      <p className="font-semibold">{m.orders_deliverable_checksum_differs({ name })}</p>
      {claimed && (
        <p>
          {m.orders_deliverable_checksum_claimed()}{" "}
          <code className="break-all font-mono text-xs" data-testid="deliverable-claimed-sha256">
            {claimed}
          </code>
        </p>
      )}
    </div>
  );
}

/** The checksum, shortened with a Copy button, and a check of a downloaded copy that never leaves this browser. */
function Checksum({ sha256, name }: { sha256: string; name: string }) {
  const fullId = useId();
  const inputId = useId();
  const full = useRef<HTMLElement>(null);
  const { copied, copy } = useCopyToClipboard({
    onRefused: () => {
      const range = document.createRange();
      if (!full.current) return;
      range.selectNodeContents(full.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
    },
  });
  const [check, setCheck] = useState<CheckState>({ step: "idle" });
  const run = useRef(0);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.currentTarget.files?.[0];
    event.currentTarget.value = "";
    if (!picked) return;
    const mine = ++run.current;
    setCheck({ step: "reading", name: picked.name, percent: 0 });
    try {
      const digest = await sha256Of(picked, (fraction) => {
        if (run.current === mine) setCheck({ step: "reading", name: picked.name, percent: Math.floor(fraction * 100) });
      });
      if (run.current === mine) setCheck({ step: "done", name: picked.name, matches: digest === sha256.toLowerCase() });
    } catch {
      if (run.current === mine) setCheck({ step: "failed" });
    }
  }

  return (
    <div className="space-y-1 text-sm" data-testid="deliverable-checksum">
      <div className="flex flex-wrap items-center gap-x-2">
        <span className="text-zinc-700 dark:text-zinc-300">{m.orders_deliverable_checksum()}</span>
        <code className="font-mono text-zinc-900 dark:text-zinc-100" title={sha256}>
          {shortSha(sha256)}
        </code>
        <button
          type="button"
          onClick={() => void copy(sha256)}
          aria-label={
            copied ? m.orders_deliverable_checksum_copied() : m.orders_deliverable_checksum_copy_label({ name })
          }
          className="button-secondary min-h-11 px-3 text-sm"
        >
          {copied ? m.orders_deliverable_checksum_copied() : m.orders_deliverable_checksum_copy()}
        </button>
        <span role="status" className="sr-only">
          {copied ? m.orders_deliverable_checksum_copied() : ""}
        </span>
      </div>
      <details className="group">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-zinc-900 underline dark:text-zinc-100">
          {m.orders_deliverable_check()}
        </summary>
        <div className="mt-1 space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
          <p className="text-zinc-700 dark:text-zinc-300">
            <span id={fullId}>{m.orders_deliverable_checksum_full()}</span>{" "}
            <code
              ref={full}
              aria-labelledby={fullId}
              className="select-all break-all font-mono text-xs text-zinc-900 dark:text-zinc-100"
              data-testid="deliverable-sha256"
            >
              {sha256}
            </code>
          </p>
          <p id={`${inputId}-hint`} className="text-zinc-700 dark:text-zinc-300">
            {m.orders_deliverable_check_hint()}
          </p>
          <label className="button-secondary min-h-11 cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 dark:has-[:focus-visible]:outline-brand-300">
            {m.orders_deliverable_check_pick()}
            <input
              id={inputId}
              type="file"
              onChange={pick}
              aria-describedby={`${inputId}-hint`}
              className="sr-only"
              data-testid="deliverable-check-input"
            />
          </label>
          <div role="status" aria-live="polite" data-testid="deliverable-check-result">
            {check.step === "reading" && (
              <p className="text-zinc-700 dark:text-zinc-300">
                {m.orders_deliverable_check_progress({ name: check.name, percent: String(check.percent) })}
              </p>
            )}
            {check.step === "done" &&
              (check.matches ? (
                <p className="rounded-md bg-green-50 px-3 py-2 font-semibold text-green-900 dark:bg-green-950 dark:text-green-100">
                  {m.orders_deliverable_check_match({ name: check.name })}
                </p>
              ) : (
                <p className="rounded-md bg-red-50 px-3 py-2 font-semibold text-red-900 dark:bg-red-950 dark:text-red-100">
                  {m.orders_deliverable_check_mismatch({ name: check.name })}
                </p>
              ))}
            {check.step === "failed" && (
              <p className="font-semibold text-red-800 dark:text-red-200">{m.orders_deliverable_check_failed()}</p>
            )}
          </div>
        </div>
      </details>
    </div>
  );
}
