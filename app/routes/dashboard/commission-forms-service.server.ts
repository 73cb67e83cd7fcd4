import { data, redirect, type RouterContextProvider } from "react-router";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { serviceDraftFrom, type ServiceEditorTexts } from "#app/components/authoring/service-editor";
import { stagePlanTextsFor } from "#app/components/authoring/stage-plan-texts";
import { requestContext } from "#app/lib/request-context";
import { readFormData } from "#app/lib/form-data.server";
import { m } from "#app/paraglide/messages.js";
import { translateAuthoringErrors } from "#worker/messages/authoring";
import { parseServiceDraft, type ServiceDraft } from "#worker/domain/commission-form";
import { listCategoryOptions, listForms } from "#worker/services/commission-forms";
import { deleteService, getServiceForEdit, saveService } from "#worker/services/commission-services";
import { newServiceDefaults } from "#worker/services/commission-settings";
import { listContentRatings } from "#worker/services/portfolio";
import { cometNow } from "#worker/services/clock";
import { saveTargetSlots } from "#worker/services/waitlist";
import { tellFollowersOfNewService } from "#worker/services/follows";
import { emailNewNotificationsSoon } from "#worker/services/notification-emails";
import { mediaUrlsForViewer, viewMedia } from "#worker/media/services/media-access";
import { requireCreatorSide } from "./guards.server";
import { inputLanguageOf } from "#worker/domain/input-language";
import { withShownType } from "#worker/media/domain/media-drafts";
import type { Locale } from "#worker/domain/locales";

type Context = Readonly<RouterContextProvider>;

const EMPTY: Omit<ServiceDraft, "currency" | "terms"> = {
  title: "",
  description: "",
  medias: [],
  price: "",
  formId: "",
  categoryCodes: [],
  stagePlan: [],
  slots: "",
  deliveryDays: "",
  contentRatingCode: "all-ages",
};

/** The service editor's fixed texts in the reader's language (see ServiceEditorTexts). */
function serviceEditorTextsFor(locale: Locale): ServiceEditorTexts {
  const t = { locale };
  return {
    title: m.authoring_field_title({}, t),
    description: m.authoring_field_description({}, t),
    optional: m.authoring_optional({}, t),
    media: {
      heading: m.authoring_media_heading({}, t),
      hint: m.media_portfolio_hint({}, t),
      saveFirst: m.gallery_service_save_first({}, t),
    },
    price: m.authoring_field_price({}, t),
    priceHint: m.authoring_field_price_hint({}, t),
    currency: m.authoring_field_currency({}, t),
    form: m.authoring_field_form({}, t),
    formNone: m.authoring_field_form_none({}, t),
    untitled: m.authoring_untitled({}, t),
    terms: m.authoring_field_terms({}, t),
    termsHint: m.authoring_field_terms_hint({}, t),
    categories: m.authoring_field_categories({}, t),
    slots: m.slots_service_label({}, t),
    slotsHint: m.slots_service_hint({}, t),
    deliveryDays: m.authoring_field_delivery_days({}, t),
    deliveryDaysHint: m.authoring_field_delivery_days_hint({}, t),
    rating: m.authoring_field_content_rating({}, t),
    errorsSummary: m.authoring_errors_summary({}, t),
    save: m.authoring_save({}, t),
    saving: m.authoring_saving({}, t),
    stagePlan: stagePlanTextsFor(locale),
  };
}

export async function loadServiceEditor(context: Context, serviceId?: string) {
  const user = requireCreatorSide(context);
  const { db, locale } = context.get(requestContext);
  const [forms, categories, ratings] = await Promise.all([
    listForms(db, user.accountId, locale),
    listCategoryOptions(db, locale),
    listContentRatings(db, locale),
  ]);
  // A new service starts in the default currency with the default terms (general settings).
  const stored: ServiceDraft | null = serviceId
    ? await getServiceForEdit(db, user.accountId, serviceId, locale)
    : { ...EMPTY, ...(await newServiceDefaults(db, user.accountId, locale)) };
  if (!stored) throw data(m.authoring_not_found({}, { locale }), { status: 404 });
  // Kept media are saved back by id, so the editor may show signed URLs of a service the public cannot see.
  const view = await mediaUrlsForViewer(
    db,
    context.get(requestContext).env,
    user,
    stored.medias.flatMap((item) => [item.url, item.thumbnailUrl]),
  );
  const values = { ...stored, medias: stored.medias.map((item) => viewMedia(view, item)) };
  return {
    serviceId: serviceId ?? null,
    values,
    forms: forms.map((f) => ({ id: f.id, title: f.title })),
    categories,
    ratings,
    texts: serviceEditorTextsFor(locale),
  };
}

export async function saveServiceAction(request: Request, context: Context, serviceId?: string) {
  const user = requireCreatorSide(context);
  const { db, locale } = context.get(requestContext);
  const form = await readFormData(request, locale);
  const notFound = () => data(m.authoring_not_found({}, { locale }), { status: 404 });
  if (serviceId && form.get("intent") === "delete") {
    if (!(await deleteService(db, user.accountId, serviceId, context.get(requestContext).env.MEDIA)).ok)
      throw notFound();
    return redirect(DASHBOARD_PATHS.forms);
  }
  const posted = serviceDraftFrom(form);
  const values = { ...posted, medias: posted.medias.map(withShownType) };
  const parsed = parseServiceDraft(values);
  if (!parsed.ok) return data({ errors: translateAuthoringErrors(parsed.errors, locale), values }, { status: 400 });
  const result = await saveService(
    db,
    user,
    serviceId ?? null,
    parsed.data,
    inputLanguageOf(user),
    context.get(requestContext).env.MEDIA,
  );
  if (!result.ok && result.reason === "not_found") throw notFound();
  if (!result.ok && result.reason === "invalid")
    return data({ errors: translateAuthoringErrors(result.errors, locale), values }, { status: 400 });
  // Its own slot count (decision 091), once the service is saved: a count raised offers the freed slots to the line.
  if (parsed.data.slots !== undefined)
    await saveTargetSlots(db, {
      sellerAccountId: user.commissionAccountId,
      target: { kind: "service", id: result.serviceId },
      slots: parsed.data.slots,
      now: await cometNow(context.get(requestContext).env),
    });
  // A new service is news to the creator's followers (decision 107): each told once.
  if (!serviceId)
    await tellFollowersOfNewService(db.$client, result.serviceId, await cometNow(context.get(requestContext).env));
  // Their notices, and those of a slot a raised count freed, are mailed after the answer, not at the cron's sweep.
  if (!serviceId || parsed.data.slots !== undefined) {
    const { env, executionCtx } = context.get(requestContext);
    emailNewNotificationsSoon(env, (work) => executionCtx.waitUntil(work));
  }
  return redirect(DASHBOARD_PATHS.forms);
}
