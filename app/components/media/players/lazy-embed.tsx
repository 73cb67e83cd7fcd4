import { useState } from "react";
import { m } from "#app/paraglide/messages.js";
import { MediaImage } from "../media-image";
import type { EmbedSpec } from "./embed-urls";

/**
 * A third-party player that loads only when asked: a thumbnail (or a plain panel) with a play button first, the
 * site's iframe after the press. Nothing is fetched from the site before that, so a page of many works stays light
 * and nobody's browser talks to YouTube or X just by scrolling.
 */
export function LazyEmbed({
  spec,
  thumbnailUrl,
  siteName,
  title,
  autoLoad = false,
}: {
  spec: EmbedSpec;
  thumbnailUrl: string | null;
  siteName: string;
  title: string;
  autoLoad?: boolean;
}) {
  const [loaded, setLoaded] = useState(autoLoad);
  const frameStyle = spec.height ? { height: spec.height } : { aspectRatio: spec.aspect };
  if (loaded) {
    return (
      <iframe
        src={spec.src}
        title={m.media_player_title({ site: siteName, title })}
        allow={spec.allow || undefined}
        sandbox={spec.sandbox}
        referrerPolicy="strict-origin-when-cross-origin"
        loading="lazy"
        allowFullScreen={spec.allow.includes("fullscreen")}
        style={frameStyle}
        className="block w-full rounded-lg border-0 bg-black"
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => setLoaded(true)}
      style={thumbnailUrl ? { aspectRatio: spec.aspect === "auto" ? "16 / 9" : spec.aspect } : frameStyle}
      className="group relative block w-full overflow-hidden rounded-lg bg-zinc-900 text-left text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300"
    >
      {thumbnailUrl && <MediaImage src={thumbnailUrl} alt="" className="absolute inset-0 size-full" />}
      <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-zinc-950/75 p-3 text-center">
        <span
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-white/95 text-zinc-900 shadow group-hover:scale-105 motion-reduce:transition-none"
        >
          <svg viewBox="0 0 24 24" className="ml-0.5 size-6" fill="currentColor">
            <path d="M8 5v14l11-7z" />
          </svg>
        </span>
        <span className="text-sm font-semibold">{m.media_play({ title })}</span>
        <span className="text-xs text-white">{m.media_loads_from({ site: siteName })}</span>
      </span>
    </button>
  );
}
