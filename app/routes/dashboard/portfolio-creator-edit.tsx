import { EditWorkPage, editWorkMeta } from "~/components/authoring/work-editor-page";
import { requireCreatorSide } from "./guards.server";
import { loadWorkEditor, saveWorkAction } from "./portfolio-work.server";
import type { Route } from "./+types/portfolio-creator-edit";

export async function loader({ context, params }: Route.LoaderArgs) {
  requireCreatorSide(context);
  return loadWorkEditor(context, params.workId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireCreatorSide(context);
  return saveWorkAction(request, context, params.workId, "stored");
}

export const meta: Route.MetaFunction = editWorkMeta;
export default EditWorkPage;
