/**
 * Upload progress for every file input (decision 033): one bar per file with its percentage and a Cancel button.
 * `useUploads` (use-uploads.ts, re-exported here for the file inputs that show the bars from the start) keeps the
 * uploads; `UploadProgressList` shows their bars.
 */
import { useId } from "react";
import { m } from "#app/paraglide/messages.js";
import type { Uploads } from "./use-uploads";

export { useUploads, type UploadBar, type Uploads } from "./use-uploads";

/** The bars of `useUploads`: the file name, a progressbar named by it with its percentage, and Cancel. */
export function UploadProgressList({ uploads, className = "" }: { uploads: Uploads; className?: string }) {
  const id = useId();
  return (
    <div className={className}>
      {uploads.bars.length > 0 && (
        <ul aria-label={m.uploads_list_label()} className="space-y-2">
          {uploads.bars.map((bar) => (
            <li key={bar.id} className="space-y-1 text-sm">
              <div className="flex items-center gap-2">
                <span id={`${id}-${bar.id}`} className="min-w-0 flex-1 truncate text-zinc-900 dark:text-zinc-100">
                  {bar.name}
                </span>
                <span aria-hidden="true" className="tabular-nums text-zinc-700 dark:text-zinc-300">
                  {bar.percent}%
                </span>
                <button
                  type="button"
                  aria-label={m.uploads_cancel_label({ name: bar.name })}
                  onClick={() => uploads.cancel(bar.id)}
                  className="min-h-9 rounded-md px-2 font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-red-300 dark:hover:bg-red-950"
                >
                  {m.uploads_cancel()}
                </button>
              </div>
              <div
                role="progressbar"
                aria-labelledby={`${id}-${bar.id}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={bar.percent}
                aria-valuetext={m.uploads_file_progress({ name: bar.name, percent: bar.percent })}
                className="h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700"
              >
                <div
                  className="h-full bg-brand-600 transition-[width] motion-reduce:transition-none dark:bg-brand-300"
                  style={{ width: `${bar.percent}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="sr-only">
        {uploads.announcement}
      </p>
    </div>
  );
}
