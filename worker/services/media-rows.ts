import { media } from "../db/schema";
import { parseMediaKey } from "../domain/media-keys";
import type { MediaEntry } from "../domain/media-entries";

/**
 * The `media` row of an entry the server rebuilt with `buildMediaEntry`: one writer for works, forms and services.
 * `file` is what the bucket says of a FILE's object (size and stored type), when it was checked.
 */
export function mediaRow(id: string, ownerUserAccountId: string | null, e: MediaEntry, position: number, file?: { size: number; type: string | null }) {
  const key = e.formatType === "FILE" && e.url ? parseMediaKey(e.url) : null;
  return {
    id,
    ownerUserAccountId,
    formatType: e.formatType,
    mediaType: e.mediaType,
    linkUrl: e.formatType === "LINK" ? e.url : null,
    linkSite: e.formatType === "LINK" ? e.site : null,
    embedCode: e.formatType === "EMBED" ? e.code : null,
    embedSite: e.formatType === "EMBED" ? e.site : null,
    fileUrl: e.formatType === "FILE" ? e.url : null,
    fileName: key?.file ?? null,
    fileExtension: key?.file.split(".").pop() ?? null,
    fileSize: key ? (file?.size ?? null) : null,
    fileType: key ? (file?.type ?? null) : null,
    thumbnailUrl: e.thumbnailUrl,
    userIndex: position,
  };
}

/** The columns an editor reads back to show and re-save attached media. */
export const MEDIA_READ_COLUMNS = {
  id: media.id,
  ownerUserAccountId: media.ownerUserAccountId,
  formatType: media.formatType,
  mediaType: media.mediaType,
  linkUrl: media.linkUrl,
  linkSite: media.linkSite,
  embedCode: media.embedCode,
  embedSite: media.embedSite,
  fileUrl: media.fileUrl,
  thumbnailUrl: media.thumbnailUrl,
};
