/**
 * Upload progress for every file input (decision 033), the state half: `useUploads` runs `uploadFiles` with a progress
 * callback and one AbortController per file; `UploadProgressList` (upload-progress.tsx) shows its bars. Files still
 * uploading when the component goes away (a dialog closed) are cancelled. The upload client itself is imported when
 * the first upload starts, so a page that only shows a picker does not load it; apart from the bars, so a picker
 * can load those with the first upload too (picture-upload.tsx).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { m } from "#app/paraglide/messages.js";
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
      setBars((current) =>
        current.map((bar) => (bar.id === batch[index].id && bar.percent !== percent ? { ...bar, percent } : bar)),
      );
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
