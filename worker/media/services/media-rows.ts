import { media } from "../../db/schema";
import { fileNameOf } from "../domain/file-names";
import { parseMediaKey } from "../domain/media-keys";
import type { MediaEntry } from "../domain/media-entries";
import type { ParsedMediaDraft } from "../domain/media-drafts";
import type { MediaFormatType, MediaType } from "../../db/schema/enums";
import type { MediaSite } from "../domain/media-sites";

/**
 * The `media` row of an entry the server rebuilt with `buildMediaEntry`: one writer for works, forms and services.
 * `file` is what the bucket says of a FILE's object (size and stored type), when it was checked.
 */
export function mediaRow(
  id: string,
  ownerUserAccountId: string | null,
  e: MediaEntry,
  position: number,
  file?: { size: number; type: string | null },
) {
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
    // The uploader's name for it when the editor sent one (kept as every file's name is), else the stored key's.
    fileName: key ? fileNameOf(e.name, key.file) : null,
    fileExtension: key?.file.split(".").pop() ?? null,
    fileSize: key ? (file?.size ?? null) : null,
    fileType: key ? (file?.type ?? null) : null,
    thumbnailUrl: e.thumbnailUrl,
    userIndex: position,
  };
}

/**
 * The field errors of a list's kept media (`{prefix}.{i}`): a kept id must be one the record holds in that list
 * (`currentIds`), and be listed once, since a row is attached to a list at most once (media_attachments is unique
 * on owner, field and media). The same rule as a form's (saveForm); a repeat is refused, not silently dropped.
 */
export function keptMediaErrors(
  items: readonly ParsedMediaDraft[],
  currentIds: ReadonlySet<string>,
  prefix: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const listed = new Set<string>();
  items.forEach((item, i) => {
    if (!item.id) return;
    if (!currentIds.has(item.id) || listed.has(item.id)) errors[`${prefix}.${i}`] = "authoring_invalid";
    listed.add(item.id);
  });
  return errors;
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
  fileName: media.fileName,
  thumbnailUrl: media.thumbnailUrl,
};

/** A row read with MEDIA_READ_COLUMNS. */
type StoredMediaRow = Pick<typeof media.$inferSelect, keyof typeof MEDIA_READ_COLUMNS>;

/** A stored media as the players, the preview dialog, the lightbox and the editors' media lists take it. */
export interface ShownMedia {
  id: string;
  formatType: MediaFormatType;
  mediaType: MediaType;
  site: MediaSite | null;
  url: string;
  code: string | null;
  thumbnailUrl: string | null;
  /** FILE: its name (the uploader's, when the editor sent it). */
  name: string | null;
  /**
   * FILE: the stored picture's size in pixels, when known (the pages' reads carry it, so an `<img>` reserves its box
   * before the picture arrives: no layout shift).
   */
  width?: number | null;
  height?: number | null;
}

/** The one reading of a stored media row, for works, forms and services alike. */
export function shownMedia(row: StoredMediaRow): ShownMedia {
  return {
    id: row.id,
    formatType: row.formatType,
    mediaType: row.mediaType,
    site: ((row.formatType === "EMBED" ? row.embedSite : row.linkSite) ?? null) as MediaSite | null,
    url: row.fileUrl ?? row.linkUrl ?? "",
    code: row.embedCode,
    thumbnailUrl: row.thumbnailUrl,
    name: row.formatType === "FILE" ? row.fileName : null,
  };
}
