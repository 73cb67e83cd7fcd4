import { useState } from "react";
import { Link } from "react-router";
import type { PlayableMedia } from "#app/components/media/players/embed-urls";
import { MediaImage } from "#app/components/media/media-image";
import { m } from "#app/paraglide/messages.js";
import type { MediaType } from "#worker/db/schema/enums";
import { type CardText, CardTranslatedMark, TextWithOriginal } from "./card-readings";
import { LazyMediaLightbox } from "./lazy-lightbox";

/** A portfolio work as its card shows it, made by the profile's loader (profile-cards.server.ts). */
export interface WorkCardView extends CardText {
  id: string;
  /** The work's title (or its translation, card-readings.tsx), or "Untitled". */
  title: string;
  href: string;
  media: { image: string | null; mediaType: MediaType; typeLabel: string; playable: PlayableMedia } | null;
  /** What the preview steps through: every media of the work, the card's first. */
  gallery: PlayableMedia[];
}

/**
 * A portfolio work: its first media with the media type label, and its title linking to the work's page. The media
 * opens the lightbox, a quick preview that counts a visit too.
 */
export function WorkCard({ work }: { work: WorkCardView }) {
  const [open, setOpen] = useState(false);
  const { media } = work;
  return (
    <article className="overflow-hidden rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <button
        type="button"
        disabled={!media}
        onClick={() => {
          setOpen(true);
          // The counter loads on the first preview: a profile page of cards needs it only then.
          void import("./page-visit-counter").then(({ countPageVisit }) =>
            countPageVisit("portfolio/work", "portfolio_work", work.id),
          );
        }}
        className="relative block aspect-square w-full bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-zinc-800"
      >
        {/* A video or sound without a poster shows its icon, never an empty frame or a broken picture. */}
        {media ? (
          <MediaImage src={media.image} alt="" mediaType={media.mediaType} loading="lazy" className="size-full" />
        ) : null}
        {media ? (
          <span className="absolute top-2 left-2 rounded-full bg-zinc-900/80 px-2 py-0.5 text-xs font-semibold text-white">
            {media.typeLabel}
          </span>
        ) : null}
        <span className="sr-only">{work.title}</span>
      </button>
      {/* Two lines, then cut: one line showed little of a title on a 375 px wide screen. */}
      <h3
        className={`line-clamp-2 px-3 text-sm font-semibold break-words text-zinc-900 dark:text-zinc-50 ${work.translatedFrom ? "pt-2" : "py-2"}`}
        title={work.original === undefined ? work.title : undefined}
      >
        <Link to={work.href} className="hover:underline">
          <TextWithOriginal text={work.title} original={work.original} translatedFrom={work.translatedFrom} />
        </Link>
      </h3>
      <CardTranslatedMark from={work.translatedFrom} className="px-3 pb-2" />
      {/* Mounted only while open, so a page of cards does not carry a dialog per card. */}
      {open && media ? (
        <LazyMediaLightbox
          open
          onClose={() => setOpen(false)}
          items={work.gallery.length ? work.gallery : [media.playable]}
          title={work.title}
          heading={(index, total) => m.catalog_lightbox_title({ index: index + 1, total })}
          linkLabel={m.catalog_lightbox_open_link()}
        />
      ) : null}
    </article>
  );
}
