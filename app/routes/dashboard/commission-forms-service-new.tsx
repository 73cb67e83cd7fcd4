import { ServiceEditorPage } from "#app/components/authoring/service-editor";
import { dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { m } from "#app/paraglide/messages.js";
import { loadServiceEditor, saveServiceAction } from "./commission-forms-service.server";
import type { Route } from "./+types/commission-forms-service-new";

export async function loader({ context }: Route.LoaderArgs) {
  return loadServiceEditor(context, undefined);
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveServiceAction(request, context, undefined);
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.authoring_service_new_title());

export default function ServiceNewPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ServiceEditorPage title={m.authoring_service_new_title()} loaderData={loaderData} actionData={actionData} />;
}
