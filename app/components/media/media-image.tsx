import { useCallback, useState } from "react";
import { m } from "#app/paraglide/messages.js";

/**
 * An image that shows a pulsing placeholder while it loads and a placeholder picture if it fails
 * (spec section 8: placeholder image on load error; loading shows a placeholder animation).
 */
export function MediaImage({
  src,
  alt,
  className = "",
  imgClassName = "",
  mediaType,
  loading,
  loadingClassName = "",
  width,
  height,
  fetchPriority,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  imgClassName?: string;
  /** What the media is, when it is not a picture: a video or a sound without a poster shows its own icon. */
  mediaType?: string | null;
  /** "lazy" for pictures in long lists (cards below the fold). */
  loading?: "lazy" | "eager";
  /**
   * The frame's shape while loading, where only the picture gives it a height (a player's picture): without one the
   * frame, and its pulsing placeholder, would be 0 px high until the picture arrives.
   */
  loadingClassName?: string;
  /** The picture's size in pixels, when known: the browser reserves its box (its ratio) before it arrives. */
  width?: number | null;
  height?: number | null;
  /** "high" for the page's largest picture (its LCP element) only, so it is not queued behind the scripts. */
  fetchPriority?: "high";
}) {
  // The state belongs to one src: a new src starts loading again without an effect (which would run after the
  // mount check below and undo it).
  const [status, setStatus] = useState<{ src: typeof src; state: "loading" | "loaded" | "failed" }>({
    src,
    state: src ? "loading" : "failed",
  });
  const state = status.src === src ? status.state : src ? "loading" : "failed";
  const setState = (next: "loaded" | "failed") => setStatus({ src, state: next });
  // An image that finished (or failed) before hydration fires no React events; read its state once mounted.
  const checkLoaded = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete) setStatus({ src, state: img.naturalWidth === 0 ? "failed" : "loaded" });
    },
    [src],
  );

  return (
    <span
      className={`relative block overflow-hidden bg-zinc-200 dark:bg-zinc-800 ${className} ${state === "loading" ? loadingClassName : ""}`}
    >
      {state === "loading" && (
        <span
          aria-hidden="true"
          className="absolute inset-0 animate-pulse bg-zinc-300 motion-reduce:animate-none dark:bg-zinc-700"
        />
      )}
      {src && state !== "failed" ? (
        <img
          key={src}
          ref={checkLoaded}
          src={src}
          alt={alt}
          loading={loading}
          width={width ?? undefined}
          height={height ?? undefined}
          fetchPriority={fetchPriority}
          onLoad={() => setState("loaded")}
          onError={() => setState("failed")}
          className={`size-full object-cover ${imgClassName}`}
        />
      ) : (
        // A decorative image (alt "") stays decorative when it fails.
        <PlaceholderPicture label={src && alt ? `${alt} (${m.media_placeholder_alt()})` : alt} mediaType={mediaType} />
      )}
    </span>
  );
}

/** The drawings of the placeholder: a picture, a play button on a frame (video, no poster), a note (audio). */
const PLACEHOLDER_PATHS: Record<"picture" | "video" | "audio", React.ReactNode> = {
  picture: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="m21 17-5-5-9 8" />
    </>
  ),
  video: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m10 9 5 3-5 3z" />
    </>
  ),
  audio: (
    <>
      <path d="M9 18V5l11-2v13" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="17" cy="16" r="3" />
    </>
  ),
};

function PlaceholderPicture({ label, mediaType }: { label: string; mediaType?: string | null }) {
  const drawing = mediaType === "VIDEO" ? "video" : mediaType === "AUDIO" ? "audio" : "picture";
  return (
    <span
      role={label ? "img" : undefined}
      aria-label={label || undefined}
      data-drawing={drawing}
      className="flex size-full items-center justify-center text-zinc-500 dark:text-zinc-400"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        className="size-1/3 max-h-12 max-w-12"
      >
        {PLACEHOLDER_PATHS[drawing]}
      </svg>
    </span>
  );
}
