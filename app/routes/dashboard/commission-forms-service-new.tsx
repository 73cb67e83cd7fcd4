import { ServiceEditor } from "~/components/authoring/service-editor";
import { DashboardPage, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { useIsPosting } from "~/components/form/use-is-posting";
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

export default function ServiceEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPosting();
  return (
    <DashboardPage title={m.authoring_service_new_title()}>
      <ServiceEditor
        key={actionData ? "retry" : "initial"}
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors ?? {}}
        busy={busy}
        forms={loaderData.forms}
        categories={loaderData.categories}
      />
    </DashboardPage>
  );
}
