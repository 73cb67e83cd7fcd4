import type { MediaType } from "../../../worker/db/schema/enums";
import { m } from "~/paraglide/messages.js";

/** The work card's media type label (spec section 2): Image, Video, Audio, 3D Model, Other. */
export function mediaTypeLabel(type: MediaType): string {
  switch (type) {
    case "IMAGE":
      return m.catalog_media_image();
    case "VIDEO":
      return m.catalog_media_video();
    case "AUDIO":
      return m.catalog_media_audio();
    case "MODEL":
      return m.catalog_media_model();
    default:
      return m.catalog_media_other();
  }
}

/** The picture to show for a media: the file for images, else its thumbnail. */
export function previewImageUrl(media: { mediaType: MediaType; url: string | null; thumbnailUrl: string | null }): string | null {
  if (media.mediaType === "IMAGE" && media.url) return media.url;
  return media.thumbnailUrl;
}
