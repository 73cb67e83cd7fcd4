import * as v from "valibot";
import { textField } from "./text";
import { VISIBILITY_STATUSES, type VisibilityStatus } from "../db/schema/enums";
import { PORTFOLIO_MEDIA_MAX_FILES } from "../media/domain/media-limits";
import {
  mediaDraftListSchema,
  parseMediaDrafts,
  type ParsedMediaDraft,
  type WorkMediaDraft,
} from "../media/domain/media-drafts";
import { parseFields, type FieldErrors } from "./validation";
import {
  CLIENT_HANDLE_MAX,
  TAG_MAX_LENGTH,
  USER_CATEGORIES_MAX,
  USER_CATEGORY_MAX_LENGTH,
  WORK_CREDITS_MAX,
  WORK_TAGS_MAX,
  WORK_TEXT_MAX,
  WORK_TEXT_MIN,
  normalizeTags,
} from "./portfolio-fields";
import {
  GRANTABLE_ROLES,
  GRANT_PERMISSIONS,
  GRANT_USERS_MAX,
  cleanHandle,
  type GrantPermission,
  type WorkGrantsDraft,
} from "./work-grants";

// The limits and tag rules the editor uses in the browser live in portfolio-fields.ts, free of valibot (whose
// schemas, built at this module's top level, the bundler cannot drop); re-exported here for the server's callers.
export {
  addTag,
  normalizeTags,
} from "./portfolio-fields";

/**
 * The portfolio work payload (spec sections 3 and 5), shared by the work editor and the server.
 * Messages are message keys of messages/authoring (authoring-messages.ts translates them).
 */

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
  /** Images for link previews (og:image), stored as the attachments field "og_images". Absent: left as stored. */
  ogImages?: WorkMediaDraft[];
  /** The creator's own category labels, beside categoryCodes. Absent: left as stored. */
  userCategories?: string[];
  /**
   * Who may view, edit and manage the work, by role code and by user handle (032-work-editor-grants.md). Only an
   * admin of the work changes them; absent: left as stored.
   */
  grants?: WorkGrantsDraft;
  /** The credited users' handles, as typed ("alice, bob"): the "credit" list of the grants. */
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
  /** Kept media by id (already stored: files, links, embeds), or a new entry rebuilt from what was sent. */
  medias: ParsedMediaDraft[];
  contentRatingCode: string | null;
  categoryCodes: string[];
  tags: string[];
  visibility: VisibilityStatus;
  creditHandles: string[];
  /** Null: the payload had none, so the stored ones stay. */
  ogImages: ParsedMediaDraft[] | null;
  userCategories: string[] | null;
  grants: ParsedGrants | null;
  /** The client's handle (trimmed, without "@"), or null when none was given. */
  clientHandle: string | null;
}

/** "alice, @bob  carol" → ["alice", "bob", "carol"] (trimmed, de-duplicated ignoring case). */
export function parseCreditHandles(input: string): string[] {
  return normalizeTags(input.split(/[\s,、]+/).map((h) => h.replace(/^@/, "")));
}

/** The grant lists as saved: valid role codes and clean handles (resolved to accounts by the service). */
type ParsedGrants = Record<GrantPermission, { roleCodes: string[]; handles: string[] }>;

const granteesSchema = v.object({
  roles: v.pipe(
    v.array(v.picklist(GRANTABLE_ROLES, "work_editor_role_unknown")),
    v.maxLength(GRANTABLE_ROLES.length, "work_editor_role_unknown"),
  ),
  users: v.pipe(
    v.array(v.pipe(v.string(), v.maxLength(CLIENT_HANDLE_MAX + 1, "work_editor_user_unknown"))),
    v.maxLength(GRANT_USERS_MAX, "work_editor_users_max"),
  ),
});

/**
 * "Illustration, Fan art, illustration" → ["Illustration", "Fan art"]: trimmed, de-duplicated ignoring case (the
 * first spelling wins), empty ones dropped; null when there are more than USER_CATEGORIES_MAX or one is too long.
 */
function parseUserCategories(input: readonly string[]): string[] | null {
  const names = normalizeTags(input);
  return names.length > USER_CATEGORIES_MAX || names.some((name) => name.length > USER_CATEGORY_MAX_LENGTH)
    ? null
    : names;
}

const workText = (minKey: string, maxKey: string) =>
  textField({ min: WORK_TEXT_MIN, max: WORK_TEXT_MAX, required: true }, { min: minKey, max: maxKey });

const workDraftSchema = v.object({
  title: workText("authoring_work_title_min", "authoring_work_title_max"),
  description: workText("authoring_work_description_min", "authoring_work_description_max"),
  medias: mediaDraftListSchema(PORTFOLIO_MEDIA_MAX_FILES),
  contentRatingCode: v.string(),
  categoryCodes: v.pipe(v.array(v.string()), v.maxLength(10, "authoring_category")),
  tags: v.array(v.string()),
  visibility: v.picklist(VISIBILITY_STATUSES, "authoring_visibility"),
  credits: v.string(),
  ogImages: v.optional(mediaDraftListSchema(PORTFOLIO_MEDIA_MAX_FILES)),
  userCategories: v.optional(v.array(v.string())),
  grants: v.optional(v.object({ view: granteesSchema, edit: granteesSchema, admin: granteesSchema })),
  client: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(CLIENT_HANDLE_MAX + 1, "client_works_client_unknown"))),
});

/**
 * How the page reads the client field: "required" (a new client work), "none" (a new work of the creator's own:
 * any client sent is dropped), "stored" (editing: the stored work decides, see saveWork).
 */
export type ClientFieldMode = "required" | "none" | "stored";

export function parseWorkDraft(
  input: unknown,
  clientMode: ClientFieldMode = "stored",
): { ok: true; data: ParsedWork } | { ok: false; errors: FieldErrors } {
  const parsed = parseFields(workDraftSchema, input);
  if (!parsed.ok) return parsed;
  const d = parsed.data;
  const { medias, errors } = parseMediaDrafts(d.medias, { domain: "portfolio-work", field: "medias" });
  const og = d.ogImages
    ? parseMediaDrafts(d.ogImages, { domain: "portfolio-work", field: "og_images" }, "ogImages")
    : null;
  Object.assign(errors, og?.errors);
  // og:image takes pictures only; a stored file's kind is the upload rule's (PICTURE_KINDS), a link's is detected.
  og?.medias.forEach((item, i) => {
    if (item.entry && item.entry.mediaType !== "IMAGE") errors[`ogImages.${i}`] = "work_editor_og_image_only";
  });
  const userCategories = d.userCategories ? parseUserCategories(d.userCategories) : null;
  if (d.userCategories && !userCategories) errors.userCategories = "work_editor_user_categories_max";
  const grants = d.grants ? parsedGrants(d.grants) : null;
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
      ogImages: og?.medias ?? null,
      userCategories,
      grants,
    },
  };
}

/** The lists as saved: roles de-duplicated, handles cleaned and de-duplicated ignoring case. */
function parsedGrants(draft: WorkGrantsDraft): ParsedGrants {
  const out = {} as ParsedGrants;
  for (const permission of GRANT_PERMISSIONS) {
    out[permission] = {
      roleCodes: [...new Set(draft[permission].roles)],
      handles: normalizeTags(draft[permission].users.map(cleanHandle)),
    };
  }
  return out;
}
