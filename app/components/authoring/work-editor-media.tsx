import { PORTFOLIO_MEDIA_MAX_FILES } from "#worker/media/domain/media-limits";
import { MediaListField, type KeyedMedia } from "./media-list-field";

export type { KeyedMedia } from "./media-list-field";

/** A media list's heading and hint (from the loader, see WorkEditorTexts). */
export interface MediaTexts {
  heading: string;
  hint: string;
}

/**
 * The work's media list (the shared MediaListField): at most PORTFOLIO_MEDIA_MAX_FILES ('Limit exceeded' past it). Files upload
 * under the work's folder, so a new work (no id yet) adds only links and embeds until it is saved.
 */
export function WorkMediaField(props: {
  texts: MediaTexts;
  workId: string | undefined;
  title: string;
  medias: KeyedMedia[];
  errors: Record<string, string>;
  onChange: (medias: KeyedMedia[]) => void;
}) {
  return (
    <MediaListField
      idPrefix="media"
      legend={props.texts.heading}
      hint={props.texts.hint}
      max={PORTFOLIO_MEDIA_MAX_FILES}
      target={props.workId ? { domain: "portfolio-work", id: props.workId, field: "medias" } : null}
      title={props.title}
      medias={props.medias}
      error={props.errors.medias}
      itemError={(index) => props.errors[`medias.${index}`]}
      onChange={props.onChange}
    />
  );
}

/**
 * The work's images for link previews (og:image; spec section 3 "ogImages", section 5 "medias and ogImages
 * optional"): images only, uploaded under the work's og_images folder, as many as the media list.
 */
export function WorkOgImagesField(props: {
  texts: MediaTexts & { add: string; imagesOnly: string };
  workId: string | undefined;
  title: string;
  medias: KeyedMedia[];
  errors: Record<string, string>;
  onChange: (medias: KeyedMedia[]) => void;
}) {
  return (
    <MediaListField
      idPrefix="og-image"
      legend={props.texts.heading}
      hint={props.texts.hint}
      max={PORTFOLIO_MEDIA_MAX_FILES}
      target={props.workId ? { domain: "portfolio-work", id: props.workId, field: "og_images" } : null}
      title={props.title}
      medias={props.medias}
      error={props.errors.ogImages}
      itemError={(index) => props.errors[`ogImages.${index}`]}
      imagesOnly
      imagesOnlyText={props.texts.imagesOnly}
      addLabel={props.texts.add}
      itemContext={props.texts.heading}
      onChange={props.onChange}
    />
  );
}
