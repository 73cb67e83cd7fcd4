// Which player a media gets, decided apart from drawing it: public pages decide in their loaders, so the URL and
// embed-code parsing (worker/media/domain/media-urls.ts) stays out of their JS; the editors and the lightbox decide in the browser.
import type { MediaFormatType, MediaType } from "#worker/db/schema/enums";
import { mediaTypeLabel } from "../media-type-label";
import { SITE_NAMES } from "#worker/media/domain/media-sites";
import { embedFor, mediaHref, type EmbedSpec, type PlayableMedia } from "./embed-urls";

/** Everything MediaPlayerView draws from: plain data, so a loader can send it. */
export type PlayerView = {
  /** image / video / audio: our file; model: the 3D viewer (our file) or a poster and a link; embed: a site's player; link: a link card. */
  kind: "image" | "video" | "audio" | "model" | "embed" | "link";
  href: string | null;
  thumbnailUrl: string | null;
  formatType: MediaFormatType;
  /** The site's name ("" when not a known site: the player says "site"). */
  siteName: string;
  embed: EmbedSpec | null;
  /** image: the picture's size in pixels when stored, for its `<img>`'s width and height. */
  width?: number | null;
  height?: number | null;
};

export function playerView(media: PlayableMedia): PlayerView {
  const href = mediaHref(media);
  const base = {
    href,
    thumbnailUrl: media.thumbnailUrl,
    formatType: media.formatType,
    siteName: (media.site && SITE_NAMES[media.site]) || "",
    embed: null,
  };
  const direct = media.formatType === "FILE" || media.site === "direct";
  const file = FILE_KINDS[media.mediaType];
  if (file === "image" && direct && href) return { ...base, kind: file, width: media.width, height: media.height };
  if (file && direct && href) return { ...base, kind: file };
  if (media.mediaType === "MODEL") return { ...base, kind: "model" };
  const embed = embedFor(media);
  return embed ? { ...base, kind: "embed", embed } : { ...base, kind: "link" };
}

const FILE_KINDS: Partial<Record<MediaType, "image" | "video" | "audio">> = {
  IMAGE: "image",
  VIDEO: "video",
  AUDIO: "audio",
};

/** A media as a gallery shows it: its type and the type's label (the thumbnails' labels), and its player. */
export interface ViewedMedia {
  id?: string;
  mediaType: MediaType;
  typeLabel: string;
  view: PlayerView;
}

export const viewedMedia = (media: PlayableMedia): ViewedMedia => ({
  id: media.id,
  mediaType: media.mediaType,
  typeLabel: mediaTypeLabel(media.mediaType),
  view: playerView(media),
});
