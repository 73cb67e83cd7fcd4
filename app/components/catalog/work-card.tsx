import { useState } from "react";
import { Link } from "react-router";
import { workPagePath } from "~/components/work/work-path";
import { MediaImage } from "~/components/media/media-image";
import { mediaTypeLabel } from "~/components/media/media-type-label";
import { m } from "~/paraglide/messages.js";
import type { PortfolioWorkCard } from "../../../worker/services/catalog";
import { LazyMediaLightbox } from "./lazy-lightbox";
import { playableOfPreview, previewImageUrl } from "./media-label";

/**
 * A portfolio work: its first media with the media type label, and its title linking to the work's page. The media
 * opens the lightbox, a quick preview that counts a visit too.
 */
export function WorkCard({ work, handle }: { work: PortfolioWorkCard; handle: string }) {
  const [open, setOpen] = useState(false);
  const title = work.title || m.catalog_work_untitled();
  const image = work.media ? previewImageUrl(work.media) : null;
  return (
    <article className="overflow-hidden rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <button
        type="button"
        disabled={!work.media}
        onClick={() => {
          setOpen(true);
          // The counter loads on the first preview: a profile page of cards needs it only then.
          void import("./use-page-visit").then(({ countPageVisit }) => countPageVisit("portfolio/work", "portfolio_work", work.id));
        }}
        className="relative block aspect-square w-full bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-zinc-800"
      >
        {/* A video or sound without a poster shows its icon, never an empty frame or a broken picture. */}
        {work.media ? <MediaImage src={image} alt="" mediaType={work.media.mediaType} loading="lazy" className="size-full" /> : null}
        {work.media ? (
          <span className="absolute top-2 left-2 rounded-full bg-zinc-900/80 px-2 py-0.5 text-xs font-semibold text-white">{mediaTypeLabel(work.media.mediaType)}</span>
        ) : null}
        <span className="sr-only">{title}</span>
      </button>
      <h3 className="truncate px-3 py-2 text-sm font-semibold text-zinc-900 dark:text-zinc-50" title={title}>
        <Link to={workPagePath(handle, work.id)} className="hover:underline">
          {title}
        </Link>
      </h3>
      {/* Mounted only while open, so a page of cards does not carry a dialog per card. */}
      {open && work.media ? (
        <LazyMediaLightbox
          open
          onClose={() => setOpen(false)}
          items={[playableOfPreview(work.media)]}
          title={title}
          heading={(index, total) => m.catalog_lightbox_title({ index: index + 1, total })}
          linkLabel={m.catalog_lightbox_open_link()}
        />
      ) : null}
    </article>
  );
}
