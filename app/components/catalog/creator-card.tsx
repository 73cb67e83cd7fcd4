import { mediaTypeLabel } from "#app/components/media/media-type-label";
import { Avatar } from "#app/components/layout/avatar";
import { m } from "#app/paraglide/messages.js";
import type { CardPreview, CreatorCard as CreatorCardData } from "#worker/services/catalog";
import { truncateText } from "#worker/domain/search";
import type { TextReading } from "#worker/domain/text-reading";
import { type CardText, CardTranslatedMark, TextWithOriginal, cardText, cardTitle } from "./card-readings";
import { FORM_TITLE_MAX } from "./card-limits";
import { previewImageUrl, type PreviewView } from "./media-label";
import { OpenBadge, openBadgeLabel } from "./open-badge";
import { PriceLabel } from "./price-label";

/** Spec section 2: at most 4 previews, bio cut at 140 characters. */
const CARD_PREVIEW_MAX = 4;
const CARD_BIO_MAX = 140;

/**
 * What a card shows of a creator: no id (keys are the handle, the form's code and the preview's place) and no empty
 * media fields. Only the server draws cards (creator-cards.server.tsx).
 */
export interface CreatorCardView extends Omit<CreatorCardData, "id" | "previews" | "forms"> {
  previews: PreviewView[];
  forms: (CreatorCardData["forms"][number] & CardText)[];
  /** The bio's original language, when the card shows its translation (card-readings.tsx). */
  bioFrom?: CardText["translatedFrom"];
}

/** A preview's fields that are set (an image has neither link nor embed code; a link has no file). */
function previewView(preview: CardPreview): PreviewView {
  const view: PreviewView = { mediaType: preview.mediaType, formatType: preview.formatType };
  for (const key of ["url", "thumbnailUrl", "linkUrl", "embedCode", "site"] as const)
    if (preview[key]) view[key] = preview[key];
  return view;
}

/**
 * The card's data and nothing more: the bio cut at CARD_BIO_MAX (cutting twice gives the same text, so the card
 * renders exactly as from the full bio) and at most CARD_PREVIEW_MAX previews. A bio or form title the creator wrote
 * in another language is its stored translation (issue 46), cut the same.
 */
export function creatorCardView(
  creator: CreatorCardData,
  readings: Readonly<Record<string, TextReading>> = {},
): CreatorCardView {
  const bio = cardText(creator.bio, readings);
  return {
    handle: creator.handle,
    avatarUrl: creator.avatarUrl,
    name: creator.name,
    bio: truncateText(bio.text, CARD_BIO_MAX),
    bioFrom: bio.translatedFrom,
    isOpenCommission: creator.isOpenCommission,
    previews: creator.previews.slice(0, CARD_PREVIEW_MAX).map(previewView),
    forms: creator.forms.map((form) => ({ ...form, ...cardTitle(form.title, readings) })),
  };
}

/**
 * A creator in search results. The name links to /{handle} and its link covers the card; previews and form links
 * sit above that cover so each stays its own control. The card is markup only, so that the explore page's first
 * cards work as the server rendered them (decision 035): its links are plain anchors the list navigates
 * (useDelegatedLinks), and a preview button carries its media for the page's one lightbox (card-previews.ts): a
 * picture's address is its <img>'s, anything else is in `data-media`.
 */
export function CreatorCard({ creator }: { creator: CreatorCardView }) {
  const previews = creator.previews.slice(0, CARD_PREVIEW_MAX);
  return (
    <article className="creator-card">
      <div className="creator-card-head">
        <Avatar src={creator.avatarUrl} className="size-12" loading="lazy" />
        <div>
          <h3>
            <a href={`/${creator.handle}`}>{creator.name}</a>
          </h3>
          <p>@{creator.handle}</p>
        </div>
      </div>
      <OpenBadge open={creator.isOpenCommission} label={openBadgeLabel(creator.isOpenCommission)} />
      {previews.length > 0 ? (
        <ul aria-label={m.catalog_creator_previews({ name: creator.name })} className="creator-card-previews">
          {previews.map((preview, index) => {
            const image = previewImageUrl(preview);
            const openLabel = m.catalog_preview_open({ index: index + 1, total: previews.length });
            return (
              <li key={index}>
                <button
                  type="button"
                  data-media={isPlainImage(preview) ? undefined : JSON.stringify(preview)}
                  // A preview shown by its type's name keeps that visible name first in its label (WCAG 2.5.3).
                  aria-label={image ? openLabel : `${mediaTypeLabel(preview.mediaType)}, ${openLabel}`}
                >
                  {image ? <img src={image} alt="" loading="lazy" /> : <span>{mediaTypeLabel(preview.mediaType)}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {creator.bio ? <p>{truncateText(creator.bio, CARD_BIO_MAX)}</p> : null}
      <CardTranslatedMark from={creator.bioFrom ?? creator.forms.find((form) => form.translatedFrom)?.translatedFrom} />
      {creator.forms.length > 0 ? (
        <div>
          <h4 className="sr-only">{m.catalog_creator_forms()}</h4>
          <ul className="creator-card-forms">
            {creator.forms.map((form) => (
              <li key={form.code}>
                <a href={`/cf/${form.code}`}>
                  <FormTitle title={form.title} original={form.original} translatedFrom={form.translatedFrom} />
                  <PriceLabel
                    price={form.price}
                    className={form.price ? "creator-card-price" : "creator-card-price-note"}
                  />
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  );
}

/** An image file: its picture is the whole media, so its button's <img> holds everything the lightbox needs. */
function isPlainImage(preview: PreviewView): boolean {
  return preview.mediaType === "IMAGE" && preview.formatType === "FILE" && Boolean(preview.url);
}

/** The form's title cut for the card; the original as a tooltip when translated, else the full title when it was cut. */
function FormTitle({ title, ...mark }: { title: string } & CardText) {
  const shown = truncateText(title, FORM_TITLE_MAX);
  return <TextWithOriginal text={shown} {...mark} hover={shown === title ? undefined : title} />;
}
