/**
 * The spec's "3D model viewer" for a GLB or VRM file (issue 60, decision 096): a "View in 3D" button, and only when it
 * is pressed the viewer itself (model-viewer.tsx: three.js and @pixiv/three-vrm, a chunk of its own), so a page that
 * shows a model ships a button, not a 3D engine. Used by an order's deliverables and a portfolio work's model file.
 */
import { lazy, Suspense, useState } from "react";
import { m } from "#app/paraglide/messages.js";
import { MediaImage } from "./media-image";
import type { LazyModelViewerProps } from "./model-viewer-props";

const ModelViewer = lazy(() => import("./model-viewer"));

export function LazyModelViewer({ url, name, posterUrl, resolveUrl }: LazyModelViewerProps) {
  // Closed, asking for a fresh URL, open on a URL, or refused one (the link could not be signed again).
  const [view, setView] = useState<{ state: "closed" | "signing" | "refused" } | { state: "open"; url: string }>({
    state: "closed",
  });
  if (view.state === "signing") return <ViewerLoading />;
  if (view.state === "refused") return <ViewerRefused />;
  if (view.state === "open")
    return (
      <Suspense fallback={<ViewerLoading />}>
        <ModelViewer url={view.url} name={name} />
      </Suspense>
    );
  const open = async () => {
    if (!resolveUrl) return setView({ state: "open", url });
    setView({ state: "signing" });
    const fresh = await resolveUrl().catch(() => null);
    setView(fresh ? { state: "open", url: fresh } : { state: "refused" });
  };
  return (
    <div className="relative overflow-hidden rounded-lg border border-zinc-300 dark:border-zinc-700">
      {posterUrl ? (
        <MediaImage src={posterUrl} alt={name} className="aspect-video w-full" />
      ) : (
        <div
          aria-hidden="true"
          className="flex aspect-video w-full items-center justify-center bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400"
        >
          <svg viewBox="0 0 24 24" className="size-12" fill="none" stroke="currentColor" strokeWidth="1.5">
            <path d="M12 2 3 7v10l9 5 9-5V7z M3 7l9 5 9-5 M12 12v10" />
          </svg>
        </div>
      )}
      <div className="absolute inset-x-0 bottom-0 flex justify-center p-3">
        <button
          type="button"
          onClick={open}
          // The visible words first (WCAG 2.5.3), then which model: a page may show several.
          aria-label={m.model_viewer_open_named({ name })}
          className="button-primary inline-flex min-h-11 items-center gap-2 px-4"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M12 2 3 7v10l9 5 9-5V7z M3 7l9 5 9-5 M12 12v10" />
          </svg>
          {m.model_viewer_open()}
        </button>
      </div>
    </div>
  );
}

/** While the viewer's code arrives: the frame it will fill, saying it is loading. */
function ViewerLoading() {
  return (
    <div
      role="status"
      className="flex aspect-square w-full flex-col items-center justify-center gap-2 rounded-lg border border-zinc-300 bg-zinc-100 sm:aspect-video dark:border-zinc-700 dark:bg-zinc-800"
    >
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-zinc-300 border-t-zinc-600 motion-reduce:animate-none dark:border-zinc-600 dark:border-t-zinc-200"
      />
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.model_viewer_loading()}</p>
    </div>
  );
}

/** The file could not be read now (its link was refused): the viewer's own words, without loading the viewer. */
function ViewerRefused() {
  return (
    <div
      role="alert"
      className="flex aspect-square w-full flex-col items-center justify-center gap-2 rounded-lg border border-zinc-300 bg-zinc-100 p-4 text-center sm:aspect-video dark:border-zinc-700 dark:bg-zinc-800"
    >
      <p className="font-medium text-zinc-900 dark:text-zinc-100">{m.model_viewer_error()}</p>
      <p className="max-w-sm text-sm text-zinc-700 dark:text-zinc-300">{m.model_viewer_error_hint()}</p>
    </div>
  );
}
