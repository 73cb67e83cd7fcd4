import { m } from "#app/paraglide/messages.js";
import type { MediaType } from "#worker/db/schema/enums";
import { workMediaLabel, type WorkMediaLabel } from "#worker/media/domain/work-media-label";

const LABELS: Record<WorkMediaLabel, () => string> = {
  IMAGE: m.media_type_image,
  VIDEO: m.media_type_video,
  AUDIO: m.media_type_audio,
  MODEL: m.media_type_model,
  OTHER: m.media_type_other,
};

/**
 * The one media type label (spec section 2: Image, Video, Audio, 3D Model, Other; a document reads Other), used by
 * the work cards, the editors' media lists and the add-media modal.
 */
export function mediaTypeLabel(type: MediaType): string {
  return LABELS[workMediaLabel(type) ?? "OTHER"]();
}
