import type { MediaType } from "./media-limits";

/**
 * The label a work card shows for its first media (spec section 2): Image, Video, Audio, 3D Model, Other. A module of
 * its own: the pages that show a label should not load portfolio.ts's form schemas or upload-rules.ts with it.
 */
export type WorkMediaLabel = "IMAGE" | "VIDEO" | "AUDIO" | "MODEL" | "OTHER";
export function workMediaLabel(mediaType: MediaType | null | undefined): WorkMediaLabel | null {
  if (!mediaType) return null;
  return mediaType === "IMAGE" || mediaType === "VIDEO" || mediaType === "AUDIO" || mediaType === "MODEL"
    ? mediaType
    : "OTHER";
}
