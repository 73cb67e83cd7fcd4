import type { ReactNode } from "react";
import { Form } from "react-router";
import { DashboardPage } from "~/components/dashboard/dashboard-page";
import { FormStatus } from "~/components/form/form-status";
import { SelectField } from "~/components/form/select-field";
import { TextField } from "~/components/form/text-field";
import { TextareaField } from "~/components/form/textarea-field";
import { useIsPosting } from "~/components/form/use-is-posting";
import { m } from "~/paraglide/messages.js";
import { CURRENCIES, asCurrencyCode } from "../../../worker/domain/currency";
import type { ServiceDraft } from "../../../worker/domain/commission-form";
import { SERVICE_DESCRIPTION_MAX, SERVICE_TERMS_MAX, SERVICE_TITLE_MAX } from "../../../worker/domain/commission-form-fields";
import { ErrorText } from "~/components/form/error-text";
import { SERVICE_MEDIAS_FIELD, ServiceMediaField, serviceMediasFrom } from "./service-editor-media";

/** Reads the service editor's fields (plain HTML form, works without JavaScript). */
export function serviceDraftFrom(form: FormData): ServiceDraft {
  const s = (name: string) => String(form.get(name) ?? "");
  return {
    title: s("title"),
    description: s("description"),
    medias: serviceMediasFrom(form.get(SERVICE_MEDIAS_FIELD)),
    price: s("price"),
    currency: asCurrencyCode(s("currency")),
    formId: s("formId"),
    terms: s("terms"),
    categoryCodes: form.getAll("categoryCodes").map(String),
  };
}

function ServiceEditor(props: {
  serviceId: string | null;
  values: ServiceDraft;
  errors: Record<string, string>;
  busy: boolean;
  forms: { id: string; title: string }[];
  categories: { code: string; name: string }[];
}) {
  const { values, errors, busy, forms, categories } = props;
  return (
    <Form method="post" noValidate className="max-w-2xl space-y-5">
      <TextField name="title" label={m.authoring_field_title()} defaultValue={values.title} error={errors.title} maxLength={SERVICE_TITLE_MAX} required />
      <TextareaField name="description" label={m.authoring_field_description()} hint={m.authoring_optional()} defaultValue={values.description} error={errors.description} maxLength={SERVICE_DESCRIPTION_MAX} rows={5} />
      <ServiceMediaField serviceId={props.serviceId} title={values.title} medias={values.medias} errors={errors} />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <TextField name="price" label={m.authoring_field_price()} hint={m.authoring_field_price_hint()} defaultValue={values.price} error={errors.price} inputMode="decimal" />
        <SelectField name="currency" label={m.authoring_field_currency()} defaultValue={values.currency} error={errors.currency} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
      </div>
      <SelectField
        name="formId"
        label={m.authoring_field_form()}
        defaultValue={values.formId}
        error={errors.formId}
        options={[{ value: "", label: m.authoring_field_form_none() }, ...forms.map((f) => ({ value: f.id, label: f.title || m.authoring_untitled() }))]}
      />
      <TextareaField name="terms" label={m.authoring_field_terms()} hint={m.authoring_field_terms_hint()} defaultValue={values.terms} error={errors.terms} maxLength={SERVICE_TERMS_MAX} rows={5} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{m.authoring_field_categories()}</legend>
        <ErrorText text={errors.categoryCodes} />
        <div className="grid gap-1 sm:grid-cols-2">
          {categories.map((c) => (
            <label key={c.code} className="flex min-h-9 items-center gap-2 text-sm text-zinc-900 dark:text-zinc-100">
              <input type="checkbox" name="categoryCodes" value={c.code} defaultChecked={values.categoryCodes.includes(c.code)} className="size-5 accent-brand-600" />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>
      <FormStatus saved={false} savedText="" errorText={Object.keys(errors).length ? m.authoring_errors_summary() : undefined} />
      <button type="submit" name="intent" value="save" disabled={busy} className="button-primary min-h-11 disabled:opacity-70">
        {busy ? m.authoring_saving() : m.authoring_save()}
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
  loaderData: { serviceId: string | null; values: ServiceDraft; forms: { id: string; title: string }[]; categories: { code: string; name: string }[] };
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
      />
      {children}
    </DashboardPage>
  );
}
