/**
 * Upload progress for every file input (decision 033): one bar per file with its percentage and a Cancel button.
 * `useUploads` runs `uploadFiles` with a progress callback and one AbortController per file; `UploadProgressList`
 * shows the bars. Files still uploading when the component goes away (a dialog closed) are cancelled. The upload
 * client itself is imported when the first upload starts, so a page that only shows a picker does not load it.
 */
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { m } from "~/paraglide/messages.js";
import type { UploadOutcome, uploadFiles } from "./upload-client";

export interface UploadBar {
  id: string;
  name: string;
  percent: number;
}

type Target = Parameters<typeof uploadFiles>[0];

export interface Uploads {
  bars: UploadBar[];
  /** True while any file of any batch is still going. */
  busy: boolean;
  /** What a screen reader hears after a Cancel. */
  announcement: string;
  upload: (target: Target, files: File[]) => Promise<UploadOutcome>;
  cancel: (id: string) => void;
}

export function useUploads(): Uploads {
  const [bars, setBars] = useState<UploadBar[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const live = controllers.current;
    return () => {
      for (const controller of live.values()) controller.abort();
    };
  }, []);

  const upload = useCallback(async (target: Target, files: File[]) => {
    const batch = files.map((file) => ({ id: crypto.randomUUID(), name: file.name, percent: 0 }));
    const signals = batch.map((bar) => {
      const controller = new AbortController();
      controllers.current.set(bar.id, controller);
      return controller.signal;
    });
    setAnnouncement("");
    setBars((current) => [...current, ...batch]);
    const onProgress = (index: number, fraction: number) => {
      const percent = Math.min(100, Math.floor(fraction * 100));
      setBars((current) => current.map((bar) => (bar.id === batch[index].id && bar.percent !== percent ? { ...bar, percent } : bar)));
    };
    try {
      // The upload client (checks, signed writes) loads with the first file, not with the page: callers that prechecked
      // the files already have it.
      const { uploadFiles } = await import("./upload-client");
      return await uploadFiles(target, files, { onProgress, signals });
    } finally {
      for (const bar of batch) controllers.current.delete(bar.id);
      setBars((current) => current.filter((bar) => !batch.some((b) => b.id === bar.id)));
    }
  }, []);

  const cancel = useCallback(
    (id: string) => {
      const bar = bars.find((b) => b.id === id);
      controllers.current.get(id)?.abort();
      if (bar) setAnnouncement(m.uploads_cancelled({ name: bar.name }));
    },
    [bars],
  );

  return { bars, busy: bars.length > 0, announcement, upload, cancel };
}

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
                <div className="h-full bg-brand-600 transition-[width] motion-reduce:transition-none dark:bg-brand-300" style={{ width: `${bar.percent}%` }} />
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
