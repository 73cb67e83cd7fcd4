import * as v from "valibot";
import { VISIBILITY_STATUSES, type MediaType, type VisibilityStatus } from "../db/schema/enums";
import { PORTFOLIO_MEDIA_MAX_FILES, buildMediaEntry, parseMediaKey, type MediaEntry, type MediaFormatType, type MediaSite } from "./media";
import { parseFields, type FieldErrors } from "./validation";
import { CLIENT_HANDLE_MAX, TAG_MAX_LENGTH, WORK_CREDITS_MAX, WORK_TAGS_MAX, WORK_TEXT_MAX, WORK_TEXT_MIN, normalizeTags } from "./portfolio-fields";

// The limits and tag rules the editor uses in the browser live in portfolio-fields.ts, free of valibot (whose
// schemas, built at this module's top level, the bundler cannot drop); re-exported here for the server's callers.
export { CLIENT_HANDLE_MAX, TAG_MAX_LENGTH, TAG_SEARCH_DEBOUNCE_MS, WORK_CREDITS_MAX, WORK_TAGS_MAX, WORK_TEXT_MAX, WORK_TEXT_MIN, addTag, normalizeTags } from "./portfolio-fields";

/**
 * The portfolio work payload (spec sections 3 and 5), shared by the work editor and the server.
 * Messages are message keys of messages/authoring (authoring-messages.ts translates them).
 */

export { VISIBILITY_STATUSES, type VisibilityStatus };

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
}

export interface WorkDraft {
  /** The stored work's id (absent for a new work): uploads go under v1/portfolio-work/{id}/medias/. */
  id?: string;
  title: string;
  description: string;
  medias: WorkMediaDraft[];
  contentRatingCode: string;
  categoryCodes: string[];
  tags: string[];
  visibility: VisibilityStatus;
  /** Handles, as typed ("alice, bob"). */
  credits: string;
  /**
   * Client works only (008-client-works.md): the handle of the client the work was made for, as typed. Absent for
   * the creator's own works (the editor then shows no client field); "" for a client work whose client is gone.
   */
  client?: string;
}

export interface ParsedWork {
  title: string;
  description: string;
  /** Kept media by id (already stored: files, links, embeds), or a new link entry built from its URL. */
  medias: ({ id: string; entry?: undefined } | { id?: undefined; entry: MediaEntry })[];
  contentRatingCode: string | null;
  categoryCodes: string[];
  tags: string[];
  visibility: VisibilityStatus;
  creditHandles: string[];
  /** The client's handle (trimmed, without "@"), or null when none was given. */
  clientHandle: string | null;
}

/** "alice, @bob  carol" → ["alice", "bob", "carol"] (trimmed, de-duplicated ignoring case). */
export function parseCreditHandles(input: string): string[] {
  return normalizeTags(input.split(/[\s,、]+/).map((h) => h.replace(/^@/, "")));
}

const workText = (minKey: string, maxKey: string) => v.pipe(v.string(), v.trim(), v.minLength(WORK_TEXT_MIN, minKey), v.maxLength(WORK_TEXT_MAX, maxKey));

export const workDraftSchema = v.object({
  title: workText("authoring_work_title_min", "authoring_work_title_max"),
  description: workText("authoring_work_description_min", "authoring_work_description_max"),
  medias: v.pipe(
    v.array(
      v.object({
        id: v.optional(v.string()),
        url: v.pipe(v.string(), v.trim()),
        formatType: v.optional(v.picklist(["FILE", "LINK", "EMBED"])),
        code: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(5000)))),
      }),
    ),
    v.maxLength(PORTFOLIO_MEDIA_MAX_FILES, "media_limit_exceeded"),
  ),
  contentRatingCode: v.string(),
  categoryCodes: v.pipe(v.array(v.string()), v.maxLength(10, "authoring_category")),
  tags: v.array(v.string()),
  visibility: v.picklist(VISIBILITY_STATUSES, "authoring_visibility"),
  credits: v.string(),
  client: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(CLIENT_HANDLE_MAX + 1, "client_works_client_unknown"))),
});

/**
 * How the page reads the client field: "required" (a new client work), "none" (a new work of the creator's own:
 * any client sent is dropped), "stored" (editing: the stored work decides, see saveWork).
 */
export type ClientFieldMode = "required" | "none" | "stored";

export function parseWorkDraft(input: unknown, clientMode: ClientFieldMode = "stored"): { ok: true; data: ParsedWork } | { ok: false; errors: FieldErrors } {
  const parsed = parseFields(workDraftSchema, input);
  if (!parsed.ok) return parsed;
  const d = parsed.data;
  const errors: FieldErrors = {};
  const medias: ParsedWork["medias"] = [];
  d.medias.forEach((m, i) => {
    if (m.id) {
      medias.push({ id: m.id });
      return;
    }
    const entry = newMediaEntry(m);
    if (!entry) errors[`medias.${i}`] = "authoring_media_url";
    else medias.push({ entry });
  });
  const tags = normalizeTags(d.tags);
  if (tags.length > WORK_TAGS_MAX || tags.some((t) => t.length > TAG_MAX_LENGTH)) errors.tags = "authoring_tags_max";
  const creditHandles = parseCreditHandles(d.credits);
  if (creditHandles.length > WORK_CREDITS_MAX) errors.credits = "authoring_invalid";
  const clientHandle = clientMode === "none" ? null : d.client?.replace(/^@/, "").trim() || null;
  if (clientMode === "required" && !clientHandle) errors.client = "client_works_client_required";
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    data: {
      title: d.title,
      description: d.description,
      medias,
      contentRatingCode: d.contentRatingCode.trim() || null,
      categoryCodes: [...new Set(d.categoryCodes.map((c) => c.trim()).filter(Boolean))],
      tags,
      visibility: d.visibility,
      creditHandles,
      clientHandle,
    },
  };
}

const FILE_MIME_TYPES: Record<string, string> = { jpg: "image/jpeg", png: "image/png", gif: "image/gif", webp: "image/webp" };

/**
 * A new (not yet stored) media of the payload as an entry: FILE from one of our stored URLs (its type from the key's
 * extension, which the upload named after the sniffed bytes), EMBED from its code, LINK from an http(s) URL.
 * Whose FILE it is (the work's own folder) is the service's check; here only its shape.
 */
function newMediaEntry(m: { url: string; formatType?: MediaFormatType; code?: string | null }): MediaEntry | null {
  if (m.formatType === "FILE") {
    const key = parseMediaKey(m.url);
    if (!key || key.domain !== "portfolio-work" || key.field !== "medias") return null;
    const mimeType = FILE_MIME_TYPES[key.file.split(".").pop() ?? ""];
    return mimeType ? buildMediaEntry({ formatType: "FILE", url: `/media/${key.key}`, mimeType }) : null;
  }
  if (m.formatType === "EMBED") return m.code ? buildMediaEntry({ formatType: "EMBED", code: m.code }) : null;
  return /^https?:\/\//i.test(m.url) ? buildMediaEntry({ formatType: "LINK", url: m.url }) : null;
}

