import { WorkEditor } from "~/components/authoring/work-editor";
import { DashboardPage, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { useIsPosting } from "~/components/form/use-is-posting";
import { m } from "~/paraglide/messages.js";
import { requireCreatorSide } from "./guards.server";
import { loadWorkEditor, saveWorkAction } from "./portfolio-work.server";
import type { Route } from "./+types/portfolio-creator-edit";

export async function loader({ context, params }: Route.LoaderArgs) {
  requireCreatorSide(context);
  return loadWorkEditor(context, params.workId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireCreatorSide(context);
  return saveWorkAction(request, context, params.workId);
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.authoring_work_edit_title());

export default function WorkEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPosting();
  return (
    <DashboardPage title={m.authoring_work_edit_title()}>
      <WorkEditor draft={loaderData.draft} errors={actionData?.errors ?? {}} busy={busy} categories={loaderData.categories} ratings={loaderData.ratings} />
    </DashboardPage>
  );
}
