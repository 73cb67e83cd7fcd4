import { NewWorkPage, newWorkMeta } from "#app/components/authoring/work-editor-page";
import { requireCreatorSide } from "./guards.server";
import { loadWorkEditor, saveWorkAction } from "./portfolio-work.server";
import type { Route } from "./+types/portfolio-creator-new";

export async function loader({ context }: Route.LoaderArgs) {
  requireCreatorSide(context);
  return loadWorkEditor(context, undefined);
}

export async function action({ request, context }: Route.ActionArgs) {
  requireCreatorSide(context);
  return saveWorkAction(request, context, undefined, "none");
}

export const meta: Route.MetaFunction = newWorkMeta;
export default NewWorkPage;
