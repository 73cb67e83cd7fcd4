/** Spec section 5's media entry (FILE, LINK or EMBED), built from what was uploaded, linked or pasted. */
import type { MediaFormatType, MediaType } from "./media-limits";
import type { MediaSite } from "./media-sites";
import { detectMediaFromEmbedCode, detectMediaFromUrl } from "./media-urls";

/** The mediaType of a stored file from its MIME type. */
export function mediaTypeForMimeType(mimeType: string): MediaType {
  if (mimeType.startsWith("image/")) return "IMAGE";
  if (mimeType.startsWith("video/")) return "VIDEO";
  if (mimeType.startsWith("audio/")) return "AUDIO";
  if (mimeType.startsWith("model/")) return "MODEL";
  if (mimeType === "application/pdf") return "DOCUMENT";
  return "OTHER";
}

export interface MediaEntry {
  formatType: MediaFormatType;
  mediaType: MediaType;
  site: MediaSite | null;
  /** FILE: the stored URL; LINK: the link. */
  url: string | null;
  /** EMBED: the code as pasted. */
  code: string | null;
  thumbnailUrl: string | null;
  /** FILE: the name of the file as the uploader had it (shown in the editors; the stored key is ours). */
  name?: string | null;
}

export type MediaEntryInput =
  /** `thumbnailUrl`: a video's poster frame (see posterKeyFor); the caller has checked it is this video's. */
  | { formatType: "FILE"; url: string; mimeType: string; thumbnailUrl?: string | null; name?: string | null }
  | { formatType: "LINK"; url: string }
  | { formatType: "EMBED"; code: string };

/** Spec section 5: a media entry is built as FILE, LINK or EMBED depending on input; null when the input says nothing. */
export function buildMediaEntry(input: MediaEntryInput): MediaEntry | null {
  if (input.formatType === "FILE") {
    const mediaType = mediaTypeForMimeType(input.mimeType);
    const thumbnailUrl =
      mediaType === "IMAGE" ? input.url : mediaType === "VIDEO" ? (input.thumbnailUrl ?? null) : null;
    return {
      formatType: "FILE",
      mediaType,
      site: null,
      url: input.url,
      code: null,
      thumbnailUrl,
      name: input.name || null,
    };
  }
  if (input.formatType === "LINK") {
    const detected = detectMediaFromUrl(input.url);
    if (!detected) return null;
    return {
      formatType: "LINK",
      mediaType: detected.mediaType,
      site: detected.site,
      url: detected.url,
      code: null,
      thumbnailUrl: detected.thumbnailUrl ?? null,
    };
  }
  const detected = detectMediaFromEmbedCode(input.code);
  if (!detected) return null;
  return {
    formatType: "EMBED",
    mediaType: detected.mediaType,
    site: detected.site,
    url: detected.url,
    code: input.code.trim(),
    thumbnailUrl: detected.thumbnailUrl ?? null,
  };
}
