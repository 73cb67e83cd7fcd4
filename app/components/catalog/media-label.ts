import type { PlayableMedia } from "~/components/media/players/embed-urls";
import type { MediaType } from "../../../worker/db/schema/enums";
import type { MediaFormatType, MediaSite } from "../../../worker/domain/media";
import type { MediaPreview } from "../../../worker/services/catalog";
import { m } from "~/paraglide/messages.js";

/** The picture to show for a media: the file for images, else its thumbnail. */
export function previewImageUrl(media: { mediaType: MediaType; url: string | null; thumbnailUrl: string | null }): string | null {
  if (media.mediaType === "IMAGE" && media.url) return media.url;
  return media.thumbnailUrl;
}

/** A catalog preview as the media lightbox and players take it. */
export function playableOfPreview(preview: Omit<MediaPreview, "workId">): PlayableMedia {
  const formatType = preview.formatType as MediaFormatType;
  return {
    id: preview.id,
    formatType,
    mediaType: preview.mediaType,
    site: (preview.site ?? null) as MediaSite | null,
    url: formatType === "FILE" ? preview.url : preview.linkUrl,
    code: preview.embedCode ?? null,
    thumbnailUrl: preview.thumbnailUrl,
  };
}
