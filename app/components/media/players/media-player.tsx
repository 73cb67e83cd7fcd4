import { m } from "~/paraglide/messages.js";
import { MediaImage } from "../media-image";
import { embedFor, mediaHref, SITE_NAMES, type PlayableMedia, type PlayerSize } from "./embed-urls";
import { LazyEmbed } from "./lazy-embed";

export type { PlayableMedia, PlayerSize } from "./embed-urls";

const SIZES: Record<PlayerSize, string> = {
  sm: "w-full max-w-xs",
  md: "w-full max-w-xl",
  lg: "w-full max-w-4xl",
};

export interface MediaPlayerProps {
  media: PlayableMedia;
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
export function MediaPlayer({ media, size = "md", title, autoLoad, className = "" }: MediaPlayerProps) {
  return <div className={`${SIZES[size]} ${className}`}>{<PlayerBody media={media} title={title} autoLoad={autoLoad} />}</div>;
}

function PlayerBody({ media, title, autoLoad }: { media: PlayableMedia; title: string; autoLoad?: boolean }) {
  const href = mediaHref(media);
  const direct = media.formatType === "FILE" || media.site === "direct";
  if (media.mediaType === "IMAGE" && direct && href) {
    return <MediaImage src={href} alt={title} className="w-full rounded-lg" imgClassName="max-h-[70vh] object-contain" />;
  }
  if (media.mediaType === "VIDEO" && direct && href) {
    return (
      // Captions are the uploader's to provide; none are stored yet.
      <video controls preload="metadata" playsInline src={href} poster={media.thumbnailUrl ?? undefined} aria-label={title} className="block aspect-video w-full rounded-lg bg-black" />
    );
  }
  if (media.mediaType === "AUDIO" && direct && href) {
    return <audio controls preload="none" src={href} aria-label={title} className="block w-full" />;
  }
  if (media.mediaType === "MODEL") return <ModelPoster media={media} title={title} href={href} />;
  const spec = embedFor(media, title);
  const siteName = (media.site && SITE_NAMES[media.site]) || m.media_site_generic();
  if (spec) return <LazyEmbed spec={spec} thumbnailUrl={media.thumbnailUrl} siteName={siteName} title={title} autoLoad={autoLoad} />;
  return <LinkCard media={media} title={title} href={href} siteName={siteName} />;
}

/** 3D models: no in-page viewer (no <model-viewer>, no WebGL bundle); the poster if any and a link to the file. */
function ModelPoster({ media, title, href }: { media: PlayableMedia; title: string; href: string | null }) {
  return (
    <div className="space-y-2 rounded-lg border border-zinc-300 p-3 dark:border-zinc-700">
      {media.thumbnailUrl ? (
        <MediaImage src={media.thumbnailUrl} alt={title} className="aspect-video w-full rounded-md" />
      ) : (
        <div aria-hidden="true" className="flex aspect-video w-full items-center justify-center rounded-md bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
          <svg viewBox="0 0 24 24" className="size-12" fill="none" stroke="currentColor" strokeWidth="1.5">
            <path d="M12 2 3 7v10l9 5 9-5V7z M3 7l9 5 9-5 M12 12v10" />
          </svg>
        </div>
      )}
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.media_model_note()}</p>
      {href && (
        <a href={href} {...externalProps(media)} className="button-secondary inline-flex min-h-11 items-center">
          {media.formatType === "FILE" ? m.media_download() : m.media_model_open()}
        </a>
      )}
    </div>
  );
}

function LinkCard({ media, title, href, siteName }: { media: PlayableMedia; title: string; href: string | null; siteName: string }) {
  return (
    <div className="space-y-2 rounded-lg border border-zinc-300 p-3 dark:border-zinc-700">
      {media.thumbnailUrl && <MediaImage src={media.thumbnailUrl} alt={title} className="aspect-video w-full rounded-md" />}
      <p className="text-sm break-all text-zinc-700 dark:text-zinc-300">{href ?? title}</p>
      {href && (
        <a href={href} {...externalProps(media)} className="button-secondary inline-flex min-h-11 items-center">
          {m.media_view_site({ site: siteName })}
        </a>
      )}
    </div>
  );
}

/** Links to other sites open in a new tab without giving it this window; our files download. */
export function externalProps(media: PlayableMedia) {
  return media.formatType === "FILE" ? { download: "" } : { target: "_blank", rel: "noopener noreferrer" };
}
