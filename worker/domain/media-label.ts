import type { MediaType } from "../db/schema/enums";

/** The label a work card shows for its first media (spec section 2): Image, Video, Audio, 3D Model, Other. */
export type WorkMediaLabel = "IMAGE" | "VIDEO" | "AUDIO" | "MODEL" | "OTHER";
export function workMediaLabel(mediaType: MediaType | null | undefined): WorkMediaLabel | null {
  if (!mediaType) return null;
  return mediaType === "IMAGE" || mediaType === "VIDEO" || mediaType === "AUDIO" || mediaType === "MODEL" ? mediaType : "OTHER";
}
