import { Form } from "react-router";
import { ServiceEditorPage } from "~/components/authoring/service-editor";
import { dashboardTitle } from "~/components/dashboard/dashboard-page";
import { m } from "~/paraglide/messages.js";
import { loadServiceEditor, saveServiceAction } from "./commission-forms-service.server";
import type { Route } from "./+types/commission-forms-service-edit";

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadServiceEditor(context, params.serviceId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return saveServiceAction(request, context, params.serviceId);
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.authoring_service_edit_title());

export default function ServiceEditPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ServiceEditorPage title={m.authoring_service_edit_title()} loaderData={loaderData} actionData={actionData}>
      <Form
        method="post"
        className="border-t border-zinc-200 pt-6 dark:border-zinc-700"
        onSubmit={(event) => {
          if (!window.confirm(m.authoring_delete_confirm({ title: loaderData.values.title }))) event.preventDefault();
        }}
      >
        <button type="submit" name="intent" value="delete" className="min-h-11 rounded-full border border-red-700 px-5 text-sm font-semibold text-red-700 hover:bg-red-50 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950">
          {m.authoring_delete_service()}
        </button>
      </Form>
    </ServiceEditorPage>
  );
}
