/** The media components other areas use (catalog cards, profiles, services, orders). */
export { AddMediaModal } from "./add-media-modal";
export { mediaTypeLabel } from "./media-type-label";
export { MediaImage } from "./media-image";
export { MediaLightbox, MediaPreviewDialog, type MediaLightboxProps } from "./media-lightbox";
export { MediaPlayer, type MediaPlayerProps } from "./players/media-player";
export { embedFor, mediaHref, type EmbedSpec, type PlayableMedia, type PlayerSize } from "./players/embed-urls";
export { PictureUpload } from "./picture-upload";
