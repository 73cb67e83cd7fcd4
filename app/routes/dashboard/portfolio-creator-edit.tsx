import { EditWorkPage, editWorkMeta } from "#app/components/authoring/work-editor-page";
import { loadWorkEditor, saveWorkAction } from "./portfolio-work.server";
import type { Route } from "./+types/portfolio-creator-edit";

// AUTHORING_PATHS.workEdit: not only for creators, since an edit or admin grant lets any user edit someone's work
// (032-work-editor-grants.md). loadWorkEditor and saveWorkAction require a user and apply the rule.
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadWorkEditor(context, params.workId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return saveWorkAction(request, context, params.workId, "stored");
}

export const meta: Route.MetaFunction = editWorkMeta;
export default EditWorkPage;
