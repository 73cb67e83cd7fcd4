import { DeleteItemForm } from "~/components/form/confirm-form";
import { ServiceEditorPage } from "~/components/authoring/service-editor";
import { ServicePreview } from "~/components/authoring/service-preview";
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
      <DeleteItemForm question={m.authoring_delete_confirm({ title: loaderData.values.title })} label={m.authoring_delete_service()} />
      <ServicePreview title={loaderData.values.title} description={loaderData.values.description} medias={loaderData.values.medias} />
    </ServiceEditorPage>
  );
}
