import { NewClientWorkPage, newClientWorkMeta } from "~/components/authoring/work-editor-page";
import { requireCreatorSide } from "./guards.server";
import { loadWorkEditor, saveWorkAction } from "./portfolio-work.server";
import type { Route } from "./+types/portfolio-creator-client-new";

export async function loader({ context }: Route.LoaderArgs) {
  requireCreatorSide(context);
  return loadWorkEditor(context, undefined, "client");
}

export async function action({ request, context }: Route.ActionArgs) {
  requireCreatorSide(context);
  return saveWorkAction(request, context, undefined, "required");
}

export const meta: Route.MetaFunction = newClientWorkMeta;
export default NewClientWorkPage;
