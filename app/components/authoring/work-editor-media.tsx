import { m } from "~/paraglide/messages.js";
import { PORTFOLIO_MEDIA_MAX_FILES } from "../../../worker/domain/media-limits";
import { MediaListField, type KeyedMedia } from "./media-list-field";

export type { KeyedMedia } from "./media-list-field";

/**
 * The work's media list (the shared MediaListField): at most PORTFOLIO_MEDIA_MAX_FILES ('Limit exceeded' past it). Files upload
 * under the work's folder, so a new work (no id yet) adds only links and embeds until it is saved.
 */
export function WorkMediaField(props: {
  workId: string | undefined;
  title: string;
  medias: KeyedMedia[];
  errors: Record<string, string>;
  onChange: (medias: KeyedMedia[]) => void;
}) {
  return (
    <MediaListField
      idPrefix="media"
      legend={m.authoring_media_heading()}
      hint={m.media_portfolio_hint()}
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
export function WorkOgImagesField(props: { workId: string | undefined; title: string; medias: KeyedMedia[]; errors: Record<string, string>; onChange: (medias: KeyedMedia[]) => void }) {
  return (
    <MediaListField
      idPrefix="og-image"
      legend={m.work_editor_og_images_heading()}
      hint={m.work_editor_og_images_hint()}
      max={PORTFOLIO_MEDIA_MAX_FILES}
      target={props.workId ? { domain: "portfolio-work", id: props.workId, field: "og_images" } : null}
      title={props.title}
      medias={props.medias}
      error={props.errors.ogImages}
      itemError={(index) => props.errors[`ogImages.${index}`]}
      imagesOnly
      imagesOnlyText={m.work_editor_og_image_only()}
      addLabel={m.work_editor_og_images_add()}
      itemContext={m.work_editor_og_images_heading()}
      onChange={props.onChange}
    />
  );
}
