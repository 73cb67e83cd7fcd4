import { EditWorkPage, editWorkMeta } from "#app/components/authoring/work-editor-page";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { requireClientSide } from "./guards.server";
import { loadWorkEditor, saveWorkAction } from "./portfolio-work.server";
import type { Route } from "./+types/portfolio-client-edit";

export async function loader({ context, params }: Route.LoaderArgs) {
  requireClientSide(context, DASHBOARD_PATHS.portfolioCreator);
  return loadWorkEditor(context, params.workId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireClientSide(context, DASHBOARD_PATHS.portfolioCreator);
  return saveWorkAction(request, context, params.workId, "stored");
}

export const meta: Route.MetaFunction = editWorkMeta;
export default EditWorkPage;
