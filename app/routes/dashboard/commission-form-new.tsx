import { Form, data, redirect } from "react-router";
import { AUTHORING_PATHS } from "#app/components/authoring/paths";
import { DashboardPage, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { FormStatus, SubmitButton } from "#app/components/form/form-status";
import { TextField } from "#app/components/form/text-field";
import { requestContext } from "#app/lib/request-context";
import { readFormData } from "#app/lib/form-data.server";
import { useIsPosting } from "#app/components/form/use-is-posting";
import { m } from "#app/paraglide/messages.js";
import { FORM_TITLE_MAX } from "#worker/domain/commission-form-fields";
import { createFormFromTemplate } from "#worker/services/commission-forms";
import { requireCreatorSide } from "./guards.server";
import type { Route } from "./+types/commission-form-new";
import { inputLanguageOf } from "#worker/domain/input-language";

export function loader({ context }: Route.LoaderArgs) {
  requireCreatorSide(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireCreatorSide(context);
  const { db, locale } = context.get(requestContext);
  const form = await readFormData(request, locale);
  const title = String(form.get("title") ?? "").trim();
  if (title.length > FORM_TITLE_MAX)
    return data({ errors: { title: m.authoring_form_title_max({}, { locale }) }, title }, { status: 400 });
  const formId = await createFormFromTemplate(db, user, inputLanguageOf(user), {
    title: title || m.authoring_form_new_default_title({}, { locale: inputLanguageOf(user) }),
  });
  return redirect(AUTHORING_PATHS.formEdit(formId));
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.authoring_form_new_title());

export default function CommissionFormNewPage({ actionData }: Route.ComponentProps) {
  const busy = useIsPosting();
  return (
    <DashboardPage title={m.authoring_form_new_title()} intro={m.authoring_form_new_intro()}>
      <Form method="post" noValidate className="max-w-xl space-y-5">
        <TextField
          name="title"
          label={m.authoring_field_title()}
          hint={m.authoring_optional()}
          placeholder={m.authoring_form_new_default_title()}
          defaultValue={actionData?.title}
          error={actionData?.errors.title}
          maxLength={FORM_TITLE_MAX}
        />
        <FormStatus
          saved={false}
          savedText=""
          errorText={actionData?.errors ? m.authoring_errors_summary() : undefined}
        />
        <SubmitButton busy={busy} label={m.authoring_form_new_submit()} busyLabel={m.authoring_form_new_busy()} />
      </Form>
    </DashboardPage>
  );
}
