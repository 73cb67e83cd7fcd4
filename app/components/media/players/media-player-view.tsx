// Draws a media's player from a PlayerView (player-view.ts): no URL parsing here, so a page whose loader sent the
// views (the work page, /cf) does not ship worker/domain/media.ts.
import { m } from "~/paraglide/messages.js";
import type { MediaFormatType } from "../../../../worker/db/schema/enums";
import { MediaImage } from "../media-image";
import type { PlayerSize } from "./embed-urls";
import { LazyEmbed } from "./lazy-embed";
import type { PlayerView } from "./player-view";

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
}

/**
 * One media in sizes sm / md / lg: image, video and audio files (native controls), YouTube, SoundCloud, niconico,
 * TikTok, Bandcamp, Mixcloud and X posts (their players, loaded on press), 3D models (poster and a link to the file:
 * no in-page viewer), and anything else as a link card.
 */
export function MediaPlayerView({ view, size = "md", title, autoLoad, className = "" }: MediaPlayerViewProps) {
  return <div className={`${SIZES[size]} ${className}`}>{<PlayerBody view={view} title={title} autoLoad={autoLoad} />}</div>;
}

function PlayerBody({ view, title, autoLoad }: { view: PlayerView; title: string; autoLoad?: boolean }) {
  const { href } = view;
  if (view.kind === "image" && href) {
    return <MediaImage src={href} alt={title} className="w-full rounded-lg" imgClassName="max-h-[70vh] object-contain" />;
  }
  if (view.kind === "video" && href) {
    return (
      // Captions are the uploader's to provide; none are stored yet.
      <video controls preload="metadata" playsInline src={href} poster={view.thumbnailUrl ?? undefined} aria-label={title} className="block aspect-video w-full rounded-lg bg-black" />
    );
  }
  if (view.kind === "audio" && href) {
    return <audio controls preload="none" src={href} aria-label={title} className="block w-full" />;
  }
  if (view.kind === "model") return <ModelPoster view={view} title={title} />;
  const siteName = view.siteName || m.media_site_generic();
  if (view.embed) return <LazyEmbed spec={view.embed} thumbnailUrl={view.thumbnailUrl} siteName={siteName} title={title} autoLoad={autoLoad} />;
  return <LinkCard view={view} title={title} siteName={siteName} />;
}

/** 3D models: no in-page viewer (no <model-viewer>, no WebGL bundle); the poster if any and a link to the file. */
function ModelPoster({ view, title }: { view: PlayerView; title: string }) {
  const { href } = view;
  return (
    <div className="space-y-2 rounded-lg border border-zinc-300 p-3 dark:border-zinc-700">
      {view.thumbnailUrl ? (
        <MediaImage src={view.thumbnailUrl} alt={title} className="aspect-video w-full rounded-md" />
      ) : (
        <div aria-hidden="true" className="flex aspect-video w-full items-center justify-center rounded-md bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
          <svg viewBox="0 0 24 24" className="size-12" fill="none" stroke="currentColor" strokeWidth="1.5">
            <path d="M12 2 3 7v10l9 5 9-5V7z M3 7l9 5 9-5 M12 12v10" />
          </svg>
        </div>
      )}
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.media_model_note()}</p>
      {href && (
        <a href={href} {...externalProps(view)} className="button-secondary inline-flex min-h-11 items-center">
          {view.formatType === "FILE" ? m.media_download() : m.media_model_open()}
        </a>
      )}
    </div>
  );
}

function LinkCard({ view, title, siteName }: { view: PlayerView; title: string; siteName: string }) {
  const { href } = view;
  return (
    <div className="space-y-2 rounded-lg border border-zinc-300 p-3 dark:border-zinc-700">
      {view.thumbnailUrl && <MediaImage src={view.thumbnailUrl} alt={title} className="aspect-video w-full rounded-md" />}
      <p className="text-sm break-all text-zinc-700 dark:text-zinc-300">{href ?? title}</p>
      {href && (
        <a href={href} {...externalProps(view)} className="button-secondary inline-flex min-h-11 items-center">
          {m.media_view_site({ site: siteName })}
        </a>
      )}
    </div>
  );
}

/** Links to other sites open in a new tab without giving it this window; our files download. */
export function externalProps(media: { formatType: MediaFormatType }) {
  return media.formatType === "FILE" ? { download: "" } : { target: "_blank", rel: "noopener noreferrer" };
}
