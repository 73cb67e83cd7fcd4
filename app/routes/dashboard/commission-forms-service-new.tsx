import { MediaListOnFirstAdd } from "~/components/authoring/media-list-on-first-add";
import { ServiceEditorPage } from "~/components/authoring/service-editor";
import { dashboardTitle } from "~/components/dashboard/dashboard-page";
import { m } from "~/paraglide/messages.js";
import { loadServiceEditor, saveServiceAction } from "./commission-forms-service.server";
import type { Route } from "./+types/commission-forms-service-new";

export async function loader({ context }: Route.LoaderArgs) {
  return loadServiceEditor(context, undefined);
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveServiceAction(request, context, undefined);
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.authoring_service_new_title());

// A new service's gallery takes files only once the service is saved, so it is often left for the edit page: its list
// loads on the first add (media-list-on-first-add.tsx).
export default function ServiceNewPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ServiceEditorPage title={m.authoring_service_new_title()} mediaList={MediaListOnFirstAdd} loaderData={loaderData} actionData={actionData} />;
}
