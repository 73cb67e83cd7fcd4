/**
 * A media list as editors send it (a work's, a service's gallery): what the payload may hold, and how each item
 * becomes a kept id or an entry rebuilt on the server (never trusting the browser's type, site or thumbnail).
 */
import * as v from "valibot";
import type { MediaType } from "../../db/schema/enums";
import { buildMediaEntry, type MediaEntry } from "./media-entries";
import { mediaUrlForKey, parseMediaKey, posterKeyFor } from "./media-keys";
import { mimeTypeForKeyFile } from "./media-sniff";
import type { MediaDomain } from "./upload-rules";
import { MEDIA_FILE_NAME_MAX, MEDIA_URL_MAX, type MediaFormatType } from "./media-limits";
import type { MediaSite } from "./media-sites";
import { detectMediaFromUrl } from "./media-urls";
import type { FieldErrors } from "../../domain/validation";

/** One media of a list as an editor sends it (a work's, a service's gallery, a form's question or choice). */
export interface WorkMediaDraft {
  /** An existing media row (kept as is), or absent for a new entry. */
  id?: string;
  /** FILE: the stored URL (/media/v1/portfolio-work/{workId}/medias/…); LINK: the link; EMBED: the URL inside the code. */
  url: string;
  /** Absent means LINK (the URL-only drafts of before). */
  formatType?: MediaFormatType;
  /** EMBED: the code as pasted. */
  code?: string | null;
  /** Shown by the editor for stored media; ignored on save (the server derives them again). */
  mediaType?: MediaType;
  site?: MediaSite | null;
  thumbnailUrl?: string | null;
  /** FILE: the file's name as its uploader had it, shown in the editor's list. */
  name?: string | null;
}

/** A kept media by id (already stored), or a new entry rebuilt from what was sent. */
export type ParsedMediaDraft = { id: string; entry?: undefined } | { id?: undefined; entry: MediaEntry };

/** A media list of a payload (a work's, a service's): kept ids and new entries, at most `max` ('Limit exceeded'). */
export function mediaDraftListSchema(max: number) {
  return v.pipe(
    v.array(
      v.object({
        id: v.optional(v.pipe(v.string(), v.maxLength(64, "authoring_invalid"))),
        url: v.pipe(v.string(), v.trim(), v.maxLength(MEDIA_URL_MAX, "authoring_media_url")),
        formatType: v.optional(v.picklist(["FILE", "LINK", "EMBED"])),
        code: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(5000)))),
        /** A FILE video's poster frame; kept only when it is that video's own poster key (decision 033). */
        thumbnailUrl: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(MEDIA_URL_MAX)))),
        /** A FILE's name as the uploader had it: shown in the editors, never part of its key. */
        name: v.optional(
          v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(MEDIA_FILE_NAME_MAX, "authoring_invalid"))),
        ),
      }),
    ),
    v.maxLength(max, "media_limit_exceeded"),
  );
}

/** Where a list's FILE entries must live: `v1/{domain}/{id}/{field}/` (the id is the service layer's check). */
export interface MediaFolder {
  domain: MediaDomain;
  field: string;
}

/** The parsed list: kept ids and rebuilt entries, in order; an entry that says nothing usable is `authoring_media_url` at `{prefix}.{i}`. */
export function parseMediaDrafts(
  list: v.InferOutput<ReturnType<typeof mediaDraftListSchema>>,
  folder: MediaFolder,
  prefix = "medias",
): { medias: ParsedMediaDraft[]; errors: FieldErrors } {
  const medias: ParsedMediaDraft[] = [];
  const errors: FieldErrors = {};
  list.forEach((m, i) => {
    if (m.id) {
      medias.push({ id: m.id });
      return;
    }
    const entry = newMediaEntry(m, folder);
    if (!entry) errors[`${prefix}.${i}`] = "authoring_media_url";
    else medias.push({ entry });
  });
  return { medias, errors };
}

/**
 * A new (not yet stored) media of the payload as an entry: FILE from one of our stored URLs (its type from the key's
 * extension, which the upload named after the sniffed bytes), EMBED from its code, LINK from an http(s) URL.
 * Whose FILE it is (the work's or service's own folder) is the service layer's check; here only its shape.
 */
function newMediaEntry(
  m: {
    url: string;
    formatType?: MediaFormatType;
    code?: string | null;
    thumbnailUrl?: string | null;
    name?: string | null;
  },
  folder: MediaFolder,
): MediaEntry | null {
  if (m.formatType === "FILE") {
    const key = parseMediaKey(m.url);
    if (!key || key.domain !== folder.domain || key.field !== folder.field) return null;
    const mimeType = mimeTypeForKeyFile(key.file);
    // A poster is taken from the sender only when it is the video's own poster key; any other URL is dropped.
    const poster = posterKeyFor(key);
    const thumbnailUrl =
      poster && m.thumbnailUrl && parseMediaKey(m.thumbnailUrl)?.key === poster ? mediaUrlForKey(poster) : null;
    return mimeType
      ? buildMediaEntry({ formatType: "FILE", url: mediaUrlForKey(key.key), mimeType, thumbnailUrl, name: m.name })
      : null;
  }
  if (m.formatType === "EMBED") return m.code ? buildMediaEntry({ formatType: "EMBED", code: m.code }) : null;
  return /^https?:\/\//i.test(m.url) ? buildMediaEntry({ formatType: "LINK", url: m.url }) : null;
}

/**
 * A draft item as an editor shows it: one without a type (a URL-only draft, the drafts of before) gets the type, site
 * and thumbnail its link says. Done where a draft is sent back to an editor, so the browser ships no URL detection.
 */
export function withShownType<T extends WorkMediaDraft>(item: T): T {
  if (item.mediaType || !/^https?:\/\//i.test(item.url)) return item;
  const detected = detectMediaFromUrl(item.url);
  if (!detected) return item;
  return {
    ...item,
    mediaType: detected.mediaType,
    site: item.site ?? detected.site,
    thumbnailUrl: item.thumbnailUrl ?? detected.thumbnailUrl ?? null,
  };
}
