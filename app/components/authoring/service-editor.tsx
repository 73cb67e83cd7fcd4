import type { ReactNode } from "react";
import { Form } from "react-router";
import { DashboardPage } from "#app/components/dashboard/dashboard-page";
import { FormStatus } from "#app/components/form/form-status";
import { SelectField } from "#app/components/form/select-field";
import { TextField } from "#app/components/form/text-field";
import { controlBorder, controlClass } from "#app/components/form/field";
import { TextareaField } from "#app/components/form/textarea-field";
import { useIsPosting } from "#app/components/form/use-is-posting";
import { CURRENCIES, type CurrencyCode } from "#worker/domain/currency";
import type { ServiceDraft } from "#worker/domain/commission-form";
import { SERVICE_DESCRIPTION_MAX, SERVICE_TERMS_MAX, SERVICE_TITLE_MAX } from "#worker/domain/commission-form-fields";
import { ErrorText } from "#app/components/form/error-text";
import { SERVICE_MEDIAS_FIELD, ServiceMediaField, serviceMediasFrom } from "./service-editor-media";
import { StagePlanEditor } from "./stage-plan-editor";
import { stagePlanRowsFrom } from "#worker/orders/domain/stage-plan-rows";
import type { StagePlanTexts } from "./stage-plan-texts";

/**
 * The editor's fixed texts, made by the loader in the reader's language (decision 030's pattern: the page only shows
 * them, so their messages stay out of its JavaScript). See serviceEditorTextsFor in commission-forms-service.server.ts.
 */
export interface ServiceEditorTexts {
  title: string;
  description: string;
  optional: string;
  media: { heading: string; hint: string; saveFirst: string };
  price: string;
  priceHint: string;
  currency: string;
  form: string;
  formNone: string;
  untitled: string;
  terms: string;
  termsHint: string;
  categories: string;
  /** Its own slot count (decision 091). */
  slots: string;
  slotsHint: string;
  /** Its typical delivery time (decision 109). */
  deliveryDays: string;
  deliveryDaysHint: string;
  /** Its content rating (decision 110). */
  rating: string;
  errorsSummary: string;
  save: string;
  saving: string;
  stagePlan: StagePlanTexts;
}

/** Reads the service editor's fields (plain HTML form, works without JavaScript). */
export function serviceDraftFrom(form: FormData): ServiceDraft {
  const s = (name: string) => String(form.get(name) ?? "");
  return {
    title: s("title"),
    description: s("description"),
    medias: serviceMediasFrom(form.get(SERVICE_MEDIAS_FIELD)),
    price: s("price"),
    // As posted: parseServiceDraft's picklist refuses "usd", "EUR" or "JPY " with its message, never reads them as JPY.
    currency: s("currency") as CurrencyCode,
    formId: s("formId"),
    terms: s("terms"),
    categoryCodes: form.getAll("categoryCodes").map(String),
    stagePlan: stagePlanRowsFrom(form),
    // A post without the field (not the editor's) leaves the service's own slot count as it is.
    ...(form.has("slots") && { slots: s("slots") }),
    ...(form.has("deliveryDays") && { deliveryDays: s("deliveryDays") }),
    ...(form.has("contentRatingCode") && { contentRatingCode: s("contentRatingCode") }),
  };
}

function ServiceEditor(props: {
  serviceId: string | null;
  values: ServiceDraft;
  errors: Record<string, string>;
  busy: boolean;
  forms: { id: string; title: string }[];
  categories: { code: string; name: string }[];
  ratings: { code: string; name: string }[];
  texts: ServiceEditorTexts;
}) {
  const { values, errors, busy, forms, categories, ratings, texts } = props;
  return (
    <Form method="post" noValidate className="max-w-2xl space-y-5">
      <TextField
        name="title"
        label={texts.title}
        defaultValue={values.title}
        error={errors.title}
        maxLength={SERVICE_TITLE_MAX}
        required
      />
      <TextareaField
        name="description"
        label={texts.description}
        hint={texts.optional}
        defaultValue={values.description}
        error={errors.description}
        maxLength={SERVICE_DESCRIPTION_MAX}
        rows={5}
      />
      <ServiceMediaField
        texts={texts.media}
        serviceId={props.serviceId}
        title={values.title}
        medias={values.medias}
        errors={errors}
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <TextField
          name="price"
          label={texts.price}
          hint={texts.priceHint}
          defaultValue={values.price}
          error={errors.price}
          inputMode="decimal"
        />
        <SelectField
          name="currency"
          label={texts.currency}
          defaultValue={values.currency}
          error={errors.currency}
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
        />
      </div>
      <TextField
        name="deliveryDays"
        label={texts.deliveryDays}
        hint={texts.deliveryDaysHint}
        defaultValue={values.deliveryDays ?? ""}
        error={errors.deliveryDays}
        inputMode="numeric"
        autoComplete="off"
        maxLength={3}
        className={`${controlClass} ${controlBorder(Boolean(errors.deliveryDays))} max-w-32`}
      />
      <TextField
        name="slots"
        label={texts.slots}
        hint={texts.slotsHint}
        defaultValue={values.slots ?? ""}
        error={errors.slots}
        inputMode="numeric"
        autoComplete="off"
        maxLength={3}
        className={`${controlClass} ${controlBorder(Boolean(errors.slots))} max-w-32`}
      />
      <SelectField
        name="contentRatingCode"
        label={texts.rating}
        defaultValue={values.contentRatingCode ?? "all-ages"}
        error={errors.contentRatingCode}
        options={ratings.map((r) => ({ value: r.code, label: r.name }))}
      />
      <StagePlanEditor idPrefix="service-stage" rows={values.stagePlan ?? []} errors={errors} texts={texts.stagePlan} />
      <SelectField
        name="formId"
        label={texts.form}
        defaultValue={values.formId}
        error={errors.formId}
        options={[
          { value: "", label: texts.formNone },
          ...forms.map((f) => ({ value: f.id, label: f.title || texts.untitled })),
        ]}
      />
      <TextareaField
        name="terms"
        label={texts.terms}
        hint={texts.termsHint}
        defaultValue={values.terms}
        error={errors.terms}
        maxLength={SERVICE_TERMS_MAX}
        rows={5}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{texts.categories}</legend>
        <ErrorText text={errors.categoryCodes} />
        <div className="grid gap-1 sm:grid-cols-2">
          {categories.map((c) => (
            <label key={c.code} className="flex min-h-9 items-center gap-2 text-sm text-zinc-900 dark:text-zinc-100">
              <input
                type="checkbox"
                name="categoryCodes"
                value={c.code}
                defaultChecked={values.categoryCodes.includes(c.code)}
                className="size-5 accent-brand-600"
              />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>
      <FormStatus saved={false} savedText="" errorText={Object.keys(errors).length ? texts.errorsSummary : undefined} />
      <button
        type="submit"
        name="intent"
        value="save"
        disabled={busy}
        className="button-primary min-h-11 disabled:opacity-70"
      >
        {busy ? texts.saving : texts.save}
      </button>
    </Form>
  );
}

/**
 * The new and edit service pages: the editor with what was loaded, or after a refused save what was typed.
 * A new service's loaded values carry the creator's default currency and terms (general settings).
 */
export function ServiceEditorPage(props: {
  title: string;
  loaderData: {
    serviceId: string | null;
    values: ServiceDraft;
    forms: { id: string; title: string }[];
    categories: { code: string; name: string }[];
    ratings: { code: string; name: string }[];
    texts: ServiceEditorTexts;
  };
  actionData?: { values: ServiceDraft; errors: Record<string, string> };
  children?: ReactNode;
}) {
  const { title, loaderData, actionData, children } = props;
  const busy = useIsPosting();
  return (
    <DashboardPage title={title}>
      <ServiceEditor
        key={actionData ? "retry" : "initial"}
        serviceId={loaderData.serviceId}
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors ?? {}}
        busy={busy}
        forms={loaderData.forms}
        categories={loaderData.categories}
        ratings={loaderData.ratings}
        texts={loaderData.texts}
      />
      {children}
    </DashboardPage>
  );
}
