import { useState } from "react";
import { mediaTypeLabel } from "~/components/media/media-type-label";
import { Link } from "react-router";
import { Avatar } from "~/components/layout/avatar";
import { m } from "~/paraglide/messages.js";
import type { CreatorCard as CreatorCardData } from "../../../worker/services/catalog";
import { truncateText } from "../../../worker/domain/search";
import { FORM_TITLE_MAX } from "./form-card";
import { LazyMediaLightbox } from "./lazy-lightbox";
import { playableOfPreview, previewImageUrl } from "./media-label";
import { OpenBadge } from "./open-badge";
import { PriceLabel } from "./price-label";

/** Spec section 2: at most 4 previews, bio cut at 140 characters. */
const CARD_PREVIEW_MAX = 4;
export const CARD_BIO_MAX = 140;

/**
 * A creator in search results. The name links to /{handle} and its link covers the card; previews (which open
 * the lightbox) and form links sit above that cover so each stays its own control.
 */
export function CreatorCard({ creator }: { creator: CreatorCardData }) {
  const [open, setOpen] = useState<number | null>(null);
  const previews = creator.previews.slice(0, CARD_PREVIEW_MAX);
  return (
    <article className="relative flex flex-col rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm hover:border-brand-600 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-brand-300">
      <div className="flex items-center gap-3">
        <Avatar src={creator.avatarUrl} className="size-12" />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-zinc-900 dark:text-zinc-50">
            <Link to={`/${creator.handle}`} className="after:absolute after:inset-0 after:rounded-2xl">
              {creator.name}
            </Link>
          </h3>
          <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">@{creator.handle}</p>
        </div>
      </div>
      <OpenBadge open={creator.isOpenCommission} className="mt-3 self-start" />
      {previews.length > 0 ? (
        <ul aria-label={m.catalog_creator_previews({ name: creator.name })} className="relative z-10 mt-4 grid grid-cols-4 gap-2">
          {previews.map((preview, index) => {
            const image = previewImageUrl(preview);
            return (
              <li key={preview.id}>
                <button
                  type="button"
                  onClick={() => setOpen(index)}
                  aria-label={m.catalog_preview_open({ index: index + 1, total: previews.length })}
                  className="block aspect-square w-full overflow-hidden rounded-lg bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-zinc-800"
                >
                  {image ? (
                    <img src={image} alt="" loading="lazy" className="size-full object-cover" />
                  ) : (
                    <span className="flex size-full items-center justify-center text-xs text-zinc-600 dark:text-zinc-300">{mediaTypeLabel(preview.mediaType)}</span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {creator.bio ? <p className="mt-4 text-sm text-zinc-700 dark:text-zinc-300">{truncateText(creator.bio, CARD_BIO_MAX)}</p> : null}
      {creator.forms.length > 0 ? (
        <div className="relative z-10 mt-4">
          <h4 className="sr-only">{m.catalog_creator_forms()}</h4>
          <ul className="space-y-1.5">
            {creator.forms.map((form) => (
              <li key={form.id}>
                <Link
                  to={`/cf/${form.code}`}
                  className="flex items-baseline justify-between gap-3 rounded-lg bg-zinc-50 px-3 py-2 text-sm hover:bg-zinc-100 dark:bg-zinc-800/60 dark:hover:bg-zinc-800"
                >
                  <span className="min-w-0 flex-1 truncate text-zinc-900 dark:text-zinc-100" title={form.title}>
                    {truncateText(form.title, FORM_TITLE_MAX)}
                  </span>
                  <PriceLabel
                    price={form.price}
                    className={
                      form.price
                        ? "shrink-0 text-right font-semibold text-zinc-900 dark:text-zinc-50"
                        : "max-w-[55%] text-right text-xs text-zinc-700 dark:text-zinc-300"
                    }
                  />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {/* Mounted only while open, so a page of cards does not carry a dialog per card. */}
      {open !== null ? (
        <LazyMediaLightbox
          open
          onClose={() => setOpen(null)}
          items={previews.map(playableOfPreview)}
          startIndex={open}
          title={m.catalog_creator_previews({ name: creator.name })}
          heading={(index, total) => m.catalog_lightbox_title({ index: index + 1, total })}
          linkLabel={m.catalog_lightbox_open_link()}
        />
      ) : null}
    </article>
  );
}
