// Draws a media's player from a PlayerView (player-view.ts): no URL parsing here, so a page whose loader sent the
// views (the work page, /cf) does not ship worker/media/domain/media-urls.ts (the URL parsing embed-urls.ts does).
import { lazy, Suspense } from "react";
import { MediaImage } from "../media-image";
import type { PlayerSize } from "./embed-urls";
import type { PlayerView } from "./player-view";

// Models, third-party players and link cards load only where there is one: most pages show pictures and files.
const SitePlayer = lazy(() => import("./site-players").then((module) => ({ default: module.SitePlayer })));

const SIZES: Record<PlayerSize, string> = {
  sm: "w-full max-w-xs",
  md: "w-full max-w-xl",
  lg: "w-full max-w-4xl",
};

export interface MediaPlayerViewProps {
  view: PlayerView;
  size?: PlayerSize;
  /** What the media is (the work's title): names the iframe, the play button and the image. */
  title: string;
  /** Load a third-party player at once (the user already asked for it, e.g. opened the preview). Default: on press. */
  autoLoad?: boolean;
  className?: string;
  /**
   * A picture's fetch: "first" for the page's main picture (its LCP element), at high priority; "lazy" for one off
   * screen (a gallery's later slide), once it nears the viewport, so it does not share a slow link with the first.
   */
  load?: "first" | "lazy";
}

/**
 * One media in sizes sm / md / lg: image, video and audio files (native controls), YouTube, SoundCloud, niconico,
 * TikTok, Bandcamp, Mixcloud and X posts (their players, loaded on press), 3D models (our GLB or VRM files in the
 * in-page viewer, loaded on press; a model on another site as its poster and a link), and anything else as a link card.
 */
export function MediaPlayerView({ view, size = "md", title, autoLoad, className = "", load }: MediaPlayerViewProps) {
  return (
    <div className={`${SIZES[size]} ${className}`}>
      <PlayerBody view={view} title={title} autoLoad={autoLoad} load={load} />
    </div>
  );
}

function PlayerBody({ view, title, autoLoad, load }: Omit<MediaPlayerViewProps, "size" | "className">) {
  const { href } = view;
  if (view.kind === "image" && href) {
    const sized = Boolean(view.width && view.height);
    return (
      <MediaImage
        src={href}
        alt={title}
        className="w-full rounded-lg"
        // A stored size gives the picture its own box while it loads (no shift when it arrives); else a 16:9 frame.
        loadingClassName={sized ? "" : "aspect-video"}
        width={view.width}
        height={view.height}
        fetchPriority={load === "first" ? "high" : undefined}
        loading={load === "lazy" ? "lazy" : undefined}
        imgClassName="max-h-[70vh] object-contain"
      />
    );
  }
  if (view.kind === "video" && href) {
    return (
      // Captions are the uploader's to provide; none are stored yet.
      <video
        controls
        preload="metadata"
        playsInline
        src={href}
        poster={view.thumbnailUrl ?? undefined}
        aria-label={title}
        className="block aspect-video w-full rounded-lg bg-black"
      />
    );
  }
  if (view.kind === "audio" && href) {
    return <audio controls preload="none" src={href} aria-label={title} className="block w-full" />;
  }
  return (
    <Suspense fallback={null}>
      <SitePlayer view={view} title={title} autoLoad={autoLoad} />
    </Suspense>
  );
}
