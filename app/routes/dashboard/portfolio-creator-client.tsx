import { ClientWorksPage, clientWorksMeta } from "#app/components/authoring/client-works";
import { clientWorksListTexts } from "#app/loaders/authoring/work-list-texts.server";
import { requireCreatorSide } from "./guards.server";
import { deleteWorkAction, loadWorkList } from "./portfolio-work.server";
import type { Route } from "./+types/portfolio-creator-client";

export async function loader({ context }: Route.LoaderArgs) {
  requireCreatorSide(context);
  return { ...(await loadWorkList(context, "client")), texts: clientWorksListTexts() };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireCreatorSide(context);
  return deleteWorkAction(request, context);
}

export const meta: Route.MetaFunction = clientWorksMeta;
export default ClientWorksPage;
