import { data, redirect } from "react-router";
import { DeleteItemForm } from "#app/components/form/confirm-form";
import { FormEditor, type FormEditorTexts } from "#app/components/authoring/form-editor";
import { stagePlanRowsFrom } from "#worker/orders/domain/stage-plan-rows";
import { stagePlanTextsFor } from "#app/components/authoring/stage-plan-texts";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { DashboardPage, EmptyState, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { requestContext } from "#app/lib/request-context";
import { readFormData } from "#app/lib/form-data.server";
import { useIsPosting } from "#app/components/form/use-is-posting";
import { m } from "#app/paraglide/messages.js";
import { translateAuthoringErrors } from "#worker/messages/authoring";
import type { Database } from "#worker/db/client";
import { parseFormDraft, type FormDraft } from "#worker/domain/commission-form";
import {
  deleteForm,
  getFormForEdit,
  listCategoryOptions,
  saveForm,
  setFormStatus,
} from "#worker/services/commission-forms";
import { mediaUrlsForViewer, viewMedia, type MediaViewer } from "#worker/media/services/media-access";
import { requireCreatorSide } from "./guards.server";
import type { Route } from "./+types/commission-form-edit";
import { inputLanguageOf } from "#worker/domain/input-language";
import type { Locale } from "#worker/domain/locales";
import { FORM_QUESTION_MEDIA_MAX } from "#worker/media/domain/media-limits";
import { parseSlotCount } from "#worker/domain/slots";
import { cometNow } from "#worker/services/clock";
import { saveTargetSlots } from "#worker/services/waitlist";
import { emailNewNotificationsSoon } from "#worker/services/notification-emails";
import { ownSlotCount } from "#worker/services/waitlist-queue";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireCreatorSide(context);
  const { db, locale } = context.get(requestContext);
  const t = { locale };
  const formId = new URL(request.url).searchParams.get("formId");
  // The sidebar links here without an id: there is nothing to edit, so offer the list.
  if (!formId) {
    const empty = {
      message: m.dashboard_form_edit_empty({}, t),
      detail: m.dashboard_form_edit_empty_detail({}, t),
      back: m.dashboard_forms_back({}, t),
    };
    return { form: null, categories: [], empty };
  }
  const stored = await getFormForEdit(db, user.accountId, formId, locale);
  // Someone else's form and a missing one look the same.
  if (!stored) throw data(m.authoring_not_found({}, { locale }), { status: 404 });
  // The page's and the builder's fixed texts are made here (see FormEditorTexts).
  const page = {
    intro: m.authoring_form_edit_intro({}, t),
    published: m.authoring_status_PUBLISHED({}, t),
    draftNote: m.authoring_draft_note({ path: formPagePath(stored.code) }, t),
    deleteQuestion: m.authoring_delete_confirm({ title: stored.draft.title }, t),
    deleteLabel: m.authoring_delete_form({}, t),
  };
  const [form, categories, slots] = await Promise.all([
    viewableForm(db, context.get(requestContext).env, user, stored),
    listCategoryOptions(db, locale),
    ownSlotCount(db.$client, user.commissionAccountId, { kind: "form", id: formId }),
  ]);
  return { form, categories, page, texts: formEditorTextsFor(locale), slots: slots == null ? "" : String(slots) };
}

/** A form's public page. */
const formPagePath = (code: string) => `/cf/${code}`;

/** The builder's fixed texts in the reader's language (see FormEditorTexts). */
function formEditorTextsFor(locale: Locale): FormEditorTexts {
  const t = { locale };
  // The form's fields and each question's share their labels; the questions and the choices share their buttons.
  const fields = {
    title: m.authoring_field_title({}, t),
    description: m.authoring_field_description({}, t),
    optional: m.authoring_optional({}, t),
  };
  const buttons = {
    moveUp: m.authoring_move_up({}, t),
    moveDown: m.authoring_move_down({}, t),
    remove: m.authoring_remove({}, t),
  };
  return {
    ...fields,
    category: m.authoring_field_category({}, t),
    categoryNone: m.authoring_field_category_none({}, t),
    price: m.authoring_field_price({}, t),
    priceHintJpy: m.authoring_field_price_hint_JPY({}, t),
    priceHintUsd: m.authoring_field_price_hint_USD({}, t),
    currency: m.authoring_field_currency({}, t),
    questionsHeading: m.authoring_questions_heading({}, t),
    question: {
      types: {
        SHORT_TEXT: m.authoring_type_SHORT_TEXT({}, t),
        LONG_TEXT: m.authoring_type_LONG_TEXT({}, t),
        SINGLE_CHOICE: m.authoring_type_SINGLE_CHOICE({}, t),
        MULTIPLE_CHOICE: m.authoring_type_MULTIPLE_CHOICE({}, t),
        MEDIA: m.authoring_type_MEDIA({}, t),
        DATE: m.authoring_type_DATE({}, t),
        NONE: m.authoring_type_NONE({}, t),
      },
      noneHint: m.authoring_question_none_hint({}, t),
      ...fields,
      mediaHint: m.authoring_question_media_hint({ max: FORM_QUESTION_MEDIA_MAX }, t),
      required: m.authoring_question_required({}, t),
      ...buttons,
      choices: {
        heading: m.authoring_choices_heading({}, t),
        mediaHint: m.authoring_choice_media_hint({}, t),
        mediaImagesOnly: m.authoring_choice_media_image({}, t),
        mediaAdd: m.authoring_choice_media_add({}, t),
        add: m.authoring_choice_add({}, t),
        ...buttons,
        // How each choice is priced (issue 63): the kinds and licences by name, the rush field's hint.
        pricing: {
          kinds: {
            add: m.authoring_choice_kind_add({}, t),
            plan: m.authoring_choice_kind_plan({}, t),
            percent: m.authoring_choice_kind_percent({}, t),
            each: m.authoring_choice_kind_each({}, t),
          },
          licences: {
            none: m.authoring_choice_licence_none({}, t),
            personal: m.authoring_choice_licence_personal({}, t),
            streaming: m.authoring_choice_licence_streaming({}, t),
            goods: m.authoring_choice_licence_goods({}, t),
            advertising: m.authoring_choice_licence_advertising({}, t),
            exclusive: m.authoring_choice_licence_exclusive({}, t),
          },
          more: m.authoring_choice_more({}, t),
          rushHint: m.authoring_choice_rush_hint({}, t),
        },
      },
    },
    addType: m.authoring_question_add_type({}, t),
    add: m.authoring_question_add({}, t),
    saved: m.authoring_saved({}, t),
    errorsSummary: m.authoring_errors_summary({}, t),
    save: m.authoring_save({}, t),
    saving: m.authoring_saving({}, t),
    publish: m.authoring_publish({}, t),
    unpublish: m.authoring_unpublish({}, t),
    stagePlan: stagePlanTextsFor(locale),
    slots: m.slots_form_label({}, t),
    slotsHint: m.slots_form_hint({}, t),
  };
}

/**
 * A draft form's files are not served at /media/ (only published forms are public): its owner gets signed read URLs
 * (worker/media/services/media-access.ts). Kept media are saved back by id, so the editor may hold them.
 */
async function viewableForm<F extends { draft: FormDraft }>(
  db: Database,
  env: Env,
  viewer: MediaViewer,
  form: F,
): Promise<F> {
  const shown = form.draft.questions.flatMap((q) => [
    ...(q.medias ?? []),
    ...q.choices.flatMap((c) => (c.media ? [c.media] : [])),
  ]);
  const view = await mediaUrlsForViewer(
    db,
    env,
    viewer,
    shown.flatMap((item) => [item.url, item.thumbnailUrl]),
  );
  const questions = form.draft.questions.map((q) => ({
    ...q,
    medias: q.medias?.map((item) => viewMedia(view, item)),
    choices: q.choices.map((c) => ({ ...c, media: c.media ? viewMedia(view, c.media) : c.media })),
  }));
  return { ...form, draft: { ...form.draft, questions } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireCreatorSide(context);
  const { db, locale } = context.get(requestContext);
  const formId = new URL(request.url).searchParams.get("formId") ?? "";
  const body = await readFormData(request, locale);
  const intent = String(body.get("intent") ?? "save");
  const notFound = () => data(m.authoring_not_found({}, { locale }), { status: 404 });

  if (intent === "delete") {
    const result = await deleteForm(db, user.accountId, formId, context.get(requestContext).env.MEDIA);
    if (!result.ok) throw notFound();
    return redirect(DASHBOARD_PATHS.forms);
  }
  if (intent === "unpublish") {
    const result = await setFormStatus(db, user.accountId, formId, "DRAFT");
    if (!result.ok) throw notFound();
    return { saved: true, errors: {} as Record<string, string> };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(String(body.get("payload") ?? ""));
  } catch {
    payload = null;
  }
  // The milestones' rows are the form's own inputs, not the payload's (stage-plan-editor.tsx).
  const parsed = parseFormDraft(
    typeof payload === "object" && payload !== null ? { ...payload, stagePlan: stagePlanRowsFrom(body) } : payload,
  );
  // So is its own slot count (decision 091); a post without it leaves the count as it is.
  const slots = body.has("slots") ? parseSlotCount(String(body.get("slots"))) : null;
  const slotsError = slots && !slots.ok ? { slots: slots.error } : null;
  if (!parsed.ok || slotsError)
    return data(
      {
        saved: false,
        errors: translateAuthoringErrors({ ...(parsed.ok ? {} : parsed.errors), ...slotsError }, locale),
      },
      { status: 400 },
    );
  const result = await saveForm(
    db,
    user.accountId,
    formId,
    parsed.data,
    inputLanguageOf(user),
    context.get(requestContext).env.MEDIA,
  );
  if (!result.ok && result.reason === "not_found") throw notFound();
  if (!result.ok && result.reason === "invalid")
    return data({ saved: false, errors: translateAuthoringErrors(result.errors, locale) }, { status: 400 });
  if (slots?.ok) {
    await saveTargetSlots(db, {
      sellerAccountId: user.commissionAccountId,
      target: { kind: "form", id: formId },
      slots: slots.slots,
      now: await cometNow(context.get(requestContext).env),
    });
    // A slot a raised count freed: the first in line's and the followers' notices are mailed after the answer.
    const { env, executionCtx } = context.get(requestContext);
    emailNewNotificationsSoon(env, (work) => executionCtx.waitUntil(work));
  }
  if (intent === "publish") await setFormStatus(db, user.accountId, formId, "PUBLISHED");
  return { saved: true, errors: {} as Record<string, string> };
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.authoring_form_edit_title());

export default function CommissionFormEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPosting();
  if (!loaderData.form) {
    const { empty } = loaderData;
    return (
      <DashboardPage title={m.authoring_form_edit_title()}>
        <EmptyState
          message={empty.message}
          detail={empty.detail}
          action={{ to: DASHBOARD_PATHS.forms, label: empty.back }}
        />
      </DashboardPage>
    );
  }
  const { form, categories, page, texts } = loaderData;
  const path = formPagePath(form.code);
  const published = form.status === "PUBLISHED";
  return (
    <DashboardPage title={m.authoring_form_edit_title()} intro={page.intro}>
      <p className="rounded-md border border-zinc-300 px-3 py-2 text-sm text-zinc-800 dark:border-zinc-700 dark:text-zinc-200">
        {published ? (
          <>
            {page.published}:{" "}
            <a href={path} className="font-mono text-brand-700 underline dark:text-brand-300">
              {path}
            </a>
          </>
        ) : (
          page.draftNote
        )}
      </p>
      <FormEditor
        key={form.id}
        formId={form.id}
        draft={form.draft}
        errors={actionData?.errors ?? {}}
        saved={Boolean(actionData?.saved)}
        busy={busy}
        published={published}
        categories={categories}
        texts={texts}
        slots={loaderData.slots}
      />
      <DeleteItemForm question={page.deleteQuestion} label={page.deleteLabel} />
    </DashboardPage>
  );
}
