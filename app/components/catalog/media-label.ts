import type { PlayableMedia } from "#app/components/media/players/embed-urls";
import type { MediaType } from "#worker/db/schema/enums";
import type { MediaFormatType } from "#worker/media/domain/media-limits";
import type { MediaSite } from "#worker/media/domain/media-sites";
import type { CardPreview } from "#worker/services/catalog";

/** A preview as a page's data carries it: only the media fields that are set. */
export type PreviewView = Pick<CardPreview, "mediaType" | "formatType"> &
  Partial<Record<"url" | "thumbnailUrl" | "linkUrl" | "embedCode" | "site", string | null>>;

/** The picture to show for a media: the file for images, else its thumbnail. */
export function previewImageUrl(media: {
  mediaType: MediaType;
  url?: string | null;
  thumbnailUrl?: string | null;
}): string | null {
  if (media.mediaType === "IMAGE" && media.url) return media.url;
  return media.thumbnailUrl ?? null;
}

/** A catalog preview as the media lightbox and players take it. */
export function playableOfPreview(preview: PreviewView & { id?: string }): PlayableMedia {
  const formatType = preview.formatType as MediaFormatType;
  return {
    id: preview.id,
    formatType,
    mediaType: preview.mediaType,
    site: (preview.site ?? null) as MediaSite | null,
    url: (formatType === "FILE" ? preview.url : preview.linkUrl) ?? null,
    code: preview.embedCode ?? null,
    thumbnailUrl: preview.thumbnailUrl ?? null,
  };
}
