import { inputLanguageOf } from "#worker/domain/input-language";
import { data, redirect, type RouterContextProvider } from "react-router";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { requestContext } from "#app/lib/request-context";
import { readFormData } from "#app/lib/form-data.server";
import { m } from "#app/paraglide/messages.js";
import { translateWorkErrors } from "#worker/messages/work-editor";
import { parseWorkDraft, type ClientFieldMode, type WorkDraft } from "#worker/domain/portfolio";
import { isCreatorSide } from "#worker/domain/roles";
import { listCategoryOptions } from "#worker/services/commission-forms";
import { mediaUrlsForViewer, viewMedia, type MediaViewer } from "#worker/media/services/media-access";
import { emptyGrantsDraft } from "#worker/domain/work-grants";
import {
  deleteWork,
  getWorkForEdit,
  type WorkEditAccess,
  listContentRatings,
  listWorks,
  listWorksMadeFor,
  saveWork,
  type WorkKind,
  type WorkListItem,
} from "#worker/services/portfolio";
import { requireUser } from "./guards.server";
import type { GrantsTexts } from "#app/components/authoring/work-grants-field";
import type { WorkEditorTexts } from "#app/components/authoring/work-editor";
import { withCardTexts } from "#app/loaders/authoring/work-card-texts.server";
import type { Locale } from "#worker/domain/locales";

type Context = Readonly<RouterContextProvider>;

/** The list page this user's works live on: creators and admins have the creator page, everyone else the client one. */
function portfolioListPath(roles: readonly string[]) {
  return isCreatorSide(roles) ? DASHBOARD_PATHS.portfolioCreator : DASHBOARD_PATHS.portfolioClient;
}

const EMPTY_WORK: WorkDraft = {
  title: "",
  description: "",
  medias: [],
  ogImages: [],
  contentRatingCode: "all-ages",
  categoryCodes: [],
  userCategories: [],
  tags: [],
  visibility: "PUBLIC",
  grants: emptyGrantsDraft(),
  credits: "",
};

/** A new work is the user's own: they manage it. */
const OWNER_ACCESS: WorkEditAccess = { canAdmin: true, isOwner: true };

/** A new client work starts with an empty (required) client field. */
const EMPTY_CLIENT_WORK: WorkDraft = { ...EMPTY_WORK, client: "" };

/**
 * The works' media as the viewer's browser can load them: files of works that are not public (PRIVATE, drafts) are
 * not served at /media/, so their owner gets signed read URLs (worker/media/services/media-access.ts); public ones keep
 * their cacheable /media/ URLs.
 */
async function viewableWorks(
  context: Context,
  viewer: MediaViewer,
  ...lists: WorkListItem[][]
): Promise<WorkListItem[][]> {
  const { db, env } = context.get(requestContext);
  const urls = lists.flat().flatMap((w) => [w.thumbnailUrl, ...w.medias.flatMap((m) => [m.url, m.thumbnailUrl])]);
  const view = await mediaUrlsForViewer(db, env, viewer, urls);
  return lists.map((works) =>
    works.map((w) => ({ ...w, thumbnailUrl: view(w.thumbnailUrl), medias: w.medias.map((m) => viewMedia(view, m)) })),
  );
}

export async function loadWorkList(context: Context, kind: WorkKind = "own") {
  const user = requireUser(context);
  const { db, locale } = context.get(requestContext);
  const [works] = await viewableWorks(context, user, await listWorks(db, user.accountId, locale, kind));
  return { works: withCardTexts(works) };
}

/** The client portfolio page: the user's own works and, read-only, the public works creators made for them. */
export async function loadClientPortfolio(context: Context) {
  const user = requireUser(context);
  const { db, locale } = context.get(requestContext);
  const [works, madeForYou] = await viewableWorks(
    context,
    user,
    ...(await Promise.all([listWorks(db, user.accountId, locale), listWorksMadeFor(db, user.accountId, locale)])),
  );
  return { works: withCardTexts(works), madeForYou: withCardTexts(madeForYou) };
}

/** The work editor's access section's fixed texts in the reader's language (see GrantsTexts). */
function grantsTextsFor(locale: Locale): GrantsTexts {
  const t = { locale };
  return {
    heading: m.work_editor_access_heading({}, t),
    hint: m.work_editor_access_hint({}, t),
    readOnly: m.work_editor_access_readonly({}, t),
    rolesLabel: m.work_editor_roles_label({}, t),
    usersLabel: m.work_editor_users_label({}, t),
    userAdd: m.work_editor_user_add({}, t),
    nobody: m.work_editor_nobody({}, t),
    roles: {
      admin: m.work_editor_role_admin({}, t),
      creator: m.work_editor_role_creator({}, t),
      user: m.work_editor_role_user({}, t),
      "private-beta-creator": m.work_editor_role_private_beta_creator({}, t),
      "private-beta-user": m.work_editor_role_private_beta_user({}, t),
      "public-beta-creator": m.work_editor_role_public_beta_creator({}, t),
      "public-beta-user": m.work_editor_role_public_beta_user({}, t),
    },
    permissions: {
      view: { legend: m.work_editor_permission_view({}, t), hint: m.work_editor_permission_view_hint({}, t) },
      edit: { legend: m.work_editor_permission_edit({}, t), hint: m.work_editor_permission_edit_hint({}, t) },
      admin: { legend: m.work_editor_permission_admin({}, t), hint: m.work_editor_permission_admin_hint({}, t) },
    },
  };
}

/** The work editor's fixed texts in the reader's language (see WorkEditorTexts). */
function workEditorTextsFor(locale: Locale): WorkEditorTexts {
  const t = { locale };
  return {
    client: m.client_works_field_client({}, t),
    clientHint: m.client_works_client_hint({}, t),
    clientFormer: m.client_works_client_former({}, t),
    title: m.authoring_field_title({}, t),
    description: m.authoring_field_description({}, t),
    media: { heading: m.authoring_media_heading({}, t), hint: m.media_portfolio_hint({}, t) },
    draftUntilMedia: m.work_editor_draft_until_media({}, t),
    ogImages: {
      heading: m.work_editor_og_images_heading({}, t),
      hint: m.work_editor_og_images_hint({}, t),
      add: m.work_editor_og_images_add({}, t),
      imagesOnly: m.work_editor_og_image_only({}, t),
    },
    rating: m.authoring_field_content_rating({}, t),
    categories: m.authoring_field_categories({}, t),
    userCategories: m.work_editor_user_categories_label({}, t),
    userCategoriesHint: m.work_editor_user_categories_hint({}, t),
    userCategoryAdd: m.work_editor_user_category_add({}, t),
    tags: {
      label: m.authoring_field_tags({}, t),
      hint: m.authoring_tags_hint({}, t),
      add: m.authoring_tag_add({}, t),
      suggestions: m.authoring_tag_suggestions({}, t),
    },
    visibility: m.authoring_field_visibility({}, t),
    visibilities: {
      PUBLIC: m.authoring_visibility_PUBLIC({}, t),
      UNLISTED: m.authoring_visibility_UNLISTED({}, t),
      PRIVATE: m.work_editor_visibility_private({}, t),
    },
    credits: m.authoring_field_credits({}, t),
    creditsHint: m.authoring_credits_hint({}, t),
    saved: m.work_editor_saved({}, t),
    errorsSummary: m.authoring_errors_summary({}, t),
    save: m.authoring_save({}, t),
    saving: m.authoring_saving({}, t),
  };
}

/**
 * New work (workId undefined; `kind` "client" for a client work) or a stored work the user may edit: their own, or
 * one an edit or admin grant lets them edit (032-work-editor-grants.md); anyone else gets a 404. `access` says
 * whether they also manage its visibility and grants.
 */
export async function loadWorkEditor(context: Context, workId?: string, kind: WorkKind = "own") {
  const user = requireUser(context);
  const { db, locale } = context.get(requestContext);
  const [categories, ratings] = await Promise.all([listCategoryOptions(db, locale), listContentRatings(db, locale)]);
  if (!workId) {
    const draft = kind === "client" ? EMPTY_CLIENT_WORK : EMPTY_WORK;
    return {
      draft,
      access: OWNER_ACCESS,
      categories,
      ratings,
      grantsTexts: grantsTextsFor(locale),
      texts: workEditorTextsFor(locale),
      listPath: kind === "client" ? DASHBOARD_PATHS.portfolioCreatorClient : portfolioListPath(user.roles),
    };
  }
  const stored = await getWorkForEdit(db, user.accountId, workId, locale);
  if (!stored) throw data(m.authoring_not_found({}, { locale }), { status: 404 });
  const { access, ...work } = stored;
  // Kept media are saved back by id, so the editor may hold signed URLs (see viewableWorks).
  const lists = [...work.medias, ...(work.ogImages ?? [])];
  const view = await mediaUrlsForViewer(
    db,
    context.get(requestContext).env,
    user,
    lists.flatMap((item) => [item.url, item.thumbnailUrl]),
  );
  const draft = {
    ...work,
    medias: work.medias.map((item) => viewMedia(view, item)),
    ogImages: (work.ogImages ?? []).map((item) => viewMedia(view, item)),
  };
  return {
    draft,
    access,
    categories,
    ratings,
    grantsTexts: grantsTextsFor(locale),
    texts: workEditorTextsFor(locale),
    listPath: draft.client !== undefined ? DASHBOARD_PATHS.portfolioCreatorClient : portfolioListPath(user.roles),
  };
}

/**
 * Save (create when workId is undefined) then back to the list the work is on; errors come back translated, keyed by
 * path. `clientMode`: "required" on the new client work page, "none" on the other new pages, "stored" when editing.
 */
export async function saveWorkAction(
  request: Request,
  context: Context,
  workId: string | undefined,
  clientMode: ClientFieldMode,
) {
  const user = requireUser(context);
  const { db, locale } = context.get(requestContext);
  const body = await readFormData(request, locale);
  let payload: unknown = null;
  try {
    payload = JSON.parse(String(body.get("payload") ?? ""));
  } catch {
    payload = null;
  }
  const parsed = parseWorkDraft(payload, clientMode);
  if (!parsed.ok) return data({ errors: translateWorkErrors(parsed.errors, locale) }, { status: 400 });
  const result = await saveWork(
    db,
    user.accountId,
    workId ?? null,
    parsed.data,
    inputLanguageOf(user),
    context.get(requestContext).env.MEDIA,
  );
  if (!result.ok && result.reason === "not_found") throw data(m.authoring_not_found({}, { locale }), { status: 404 });
  if (!result.ok && result.reason === "invalid")
    return data({ errors: translateWorkErrors(result.errors, locale) }, { status: 400 });
  // A grantee's work is on no list of theirs: they stay on its editor, told it was saved.
  if (!result.isOwner) return { saved: true };
  return redirect(result.isClientWork ? DASHBOARD_PATHS.portfolioCreatorClient : portfolioListPath(user.roles));
}

/** The list pages' action: delete one of the user's works (confirmed in the browser first). */
export async function deleteWorkAction(request: Request, context: Context) {
  const user = requireUser(context);
  const { db, locale } = context.get(requestContext);
  const body = await readFormData(request, locale);
  const result = await deleteWork(
    db,
    user.accountId,
    String(body.get("workId") ?? ""),
    context.get(requestContext).env.MEDIA,
  );
  if (!result.ok) throw data(m.authoring_not_found({}, { locale }), { status: 404 });
  return { deleted: true };
}
