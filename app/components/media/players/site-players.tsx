// The players of media that are not our own picture, video or sound files: 3D models (the viewer on press), third-party
// players (LazyEmbed, loaded on press) and link cards. MediaPlayerView loads this module only for such a media, so a
// page of pictures and files does not ship them.
import { m } from "#app/paraglide/messages.js";
import type { MediaFormatType } from "#worker/db/schema/enums";
import { LazyModelViewer } from "../lazy-model-viewer";
import { MediaImage } from "../media-image";
import { LazyEmbed } from "./lazy-embed";
import type { PlayerView } from "./player-view";

export function SitePlayer({ view, title, autoLoad }: { view: PlayerView; title: string; autoLoad?: boolean }) {
  if (view.kind === "model") return <ModelPoster view={view} title={title} />;
  const siteName = view.siteName || m.media_site_generic();
  if (view.embed)
    return (
      <LazyEmbed
        spec={view.embed}
        thumbnailUrl={view.thumbnailUrl}
        siteName={siteName}
        title={title}
        autoLoad={autoLoad}
      />
    );
  return <LinkCard view={view} title={title} siteName={siteName} />;
}

/**
 * 3D models. Our own GLB or VRM file: the in-page viewer, loaded when "View in 3D" is pressed (LazyModelViewer), and
 * the file to download. A model on another site: its poster and a link there (the page's CSP lets the viewer fetch
 * only our origin, and another site's file would need that site's CORS too).
 */
function ModelPoster({ view, title }: { view: PlayerView; title: string }) {
  const { href } = view;
  const ours = view.formatType === "FILE" && href !== null && href.startsWith("/");
  return (
    <div className="space-y-2 rounded-lg border border-zinc-300 p-3 dark:border-zinc-700">
      {ours ? (
        <LazyModelViewer
          url={href}
          name={title}
          vrm={/\.vrm$/i.test(href.split("?")[0])}
          posterUrl={view.thumbnailUrl}
        />
      ) : (
        <>
          {view.thumbnailUrl ? (
            <MediaImage src={view.thumbnailUrl} alt={title} className="aspect-video w-full rounded-md" />
          ) : (
            <div
              aria-hidden="true"
              className="flex aspect-video w-full items-center justify-center rounded-md bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400"
            >
              <svg viewBox="0 0 24 24" className="size-12" fill="none" stroke="currentColor" strokeWidth="1.5">
                <path d="M12 2 3 7v10l9 5 9-5V7z M3 7l9 5 9-5 M12 12v10" />
              </svg>
            </div>
          )}
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.model_viewer_link_note()}</p>
        </>
      )}
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
      {view.thumbnailUrl && (
        <MediaImage src={view.thumbnailUrl} alt={title} className="aspect-video w-full rounded-md" />
      )}
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
