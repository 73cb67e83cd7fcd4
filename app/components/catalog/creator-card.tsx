import { useState } from "react";
import { mediaTypeLabel } from "~/components/media/media-type-label";
import { Link } from "react-router";
import { Avatar } from "~/components/layout/avatar";
import { m } from "~/paraglide/messages.js";
import type { CreatorCard as CreatorCardData, MediaPreview } from "../../../worker/services/catalog";
import { truncateText } from "../../../worker/domain/search";
import { FORM_TITLE_MAX } from "./form-card";
import { LazyMediaLightbox } from "./lazy-lightbox";
import { playableOfPreview, previewImageUrl } from "./media-label";
import { OpenBadge } from "./open-badge";
import { PriceLabel } from "./price-label";

/** Spec section 2: at most 4 previews, bio cut at 140 characters. */
const CARD_PREVIEW_MAX = 4;
export const CARD_BIO_MAX = 140;

/** What a card shows of a creator: the previews without their work, the forms without their category. */
export interface CreatorCardView extends Omit<CreatorCardData, "previews" | "forms"> {
  previews: Omit<MediaPreview, "workId">[];
  forms: Omit<CreatorCardData["forms"][number], "categoryName">[];
}

/**
 * The card's data and nothing more, for a page's hydration data (it repeats every card next to its markup): the bio
 * cut at CARD_BIO_MAX (cutting twice gives the same text, so the card renders exactly as from the full bio), at most
 * CARD_PREVIEW_MAX previews, and no work ids, empty embed fields or category names.
 */
export function creatorCardView(creator: CreatorCardData): CreatorCardView {
  return {
    id: creator.id,
    handle: creator.handle,
    avatarUrl: creator.avatarUrl,
    name: creator.name,
    bio: truncateText(creator.bio, CARD_BIO_MAX),
    isOpenCommission: creator.isOpenCommission,
    previews: creator.previews.slice(0, CARD_PREVIEW_MAX).map(({ workId: _, embedCode, site, ...preview }) => ({
      ...preview,
      ...(embedCode ? { embedCode } : {}),
      ...(site ? { site } : {}),
    })),
    forms: creator.forms.map(({ categoryName: _, ...form }) => form),
  };
}

/**
 * A creator in search results. The name links to /{handle} and its link covers the card; previews (which open
 * the lightbox) and form links sit above that cover so each stays its own control.
 */
export function CreatorCard({ creator }: { creator: CreatorCardView }) {
  const [open, setOpen] = useState<number | null>(null);
  const previews = creator.previews.slice(0, CARD_PREVIEW_MAX);
  return (
    <article className="creator-card">
      <div className="flex items-center gap-3">
        <Avatar src={creator.avatarUrl} className="size-12" loading="lazy" />
        <div className="min-w-0 flex-1">
          <h3 className="creator-card-name">
            <Link to={`/${creator.handle}`}>
              {creator.name}
            </Link>
          </h3>
          <p className="creator-card-handle">@{creator.handle}</p>
        </div>
      </div>
      <OpenBadge open={creator.isOpenCommission} className="mt-3 self-start" />
      {previews.length > 0 ? (
        <ul aria-label={m.catalog_creator_previews({ name: creator.name })} className="creator-card-previews">
          {previews.map((preview, index) => {
            const image = previewImageUrl(preview);
            return (
              <li key={preview.id}>
                <button
                  type="button"
                  onClick={() => setOpen(index)}
                  aria-label={m.catalog_preview_open({ index: index + 1, total: previews.length })}
                  className="creator-card-preview"
                >
                  {image ? (
                    <img src={image} alt="" loading="lazy" />
                  ) : (
                    <span>{mediaTypeLabel(preview.mediaType)}</span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {creator.bio ? <p className="creator-card-bio">{truncateText(creator.bio, CARD_BIO_MAX)}</p> : null}
      {creator.forms.length > 0 ? (
        <div>
          <h4 className="sr-only">{m.catalog_creator_forms()}</h4>
          <ul className="creator-card-forms">
            {creator.forms.map((form) => (
              <li key={form.id}>
                <Link
                  to={`/cf/${form.code}`}
                  className="creator-card-form"
                >
                  <span className="creator-card-form-title" title={form.title}>
                    {truncateText(form.title, FORM_TITLE_MAX)}
                  </span>
                  <PriceLabel
                    price={form.price}
                    className={form.price ? "creator-card-price" : "creator-card-price-note"}
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
