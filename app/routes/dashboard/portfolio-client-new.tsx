import { NewWorkPage, newWorkMeta } from "#app/components/authoring/work-editor-page";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { requireClientSide } from "./guards.server";
import { loadWorkEditor, saveWorkAction } from "./portfolio-work.server";
import type { Route } from "./+types/portfolio-client-new";

export async function loader({ context }: Route.LoaderArgs) {
  requireClientSide(context, DASHBOARD_PATHS.portfolioCreatorNew);
  return loadWorkEditor(context, undefined);
}

export async function action({ request, context }: Route.ActionArgs) {
  requireClientSide(context, DASHBOARD_PATHS.portfolioCreatorNew);
  return saveWorkAction(request, context, undefined, "none");
}

export const meta: Route.MetaFunction = newWorkMeta;
export default NewWorkPage;
