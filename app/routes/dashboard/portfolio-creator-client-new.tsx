import { data, redirect } from "react-router";
import { NewClientWorkPage, newClientWorkMeta } from "#app/components/authoring/work-editor-page";
import { requestContext } from "#app/lib/request-context";
import { readFormData } from "#app/lib/form-data.server";
import { m } from "#app/paraglide/messages.js";
import { startWorkFromOrder } from "#worker/services/portfolio-from-order";
import { requireCreatorSide } from "./guards.server";
import { loadWorkEditor, saveWorkAction } from "./portfolio-work.server";
import type { Route } from "./+types/portfolio-creator-client-new";

export async function loader({ context }: Route.LoaderArgs) {
  requireCreatorSide(context);
  return loadWorkEditor(context, undefined, "client");
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireCreatorSide(context);
  const { db, env, locale } = context.get(requestContext);
  // "Add to portfolio" from a delivered order (docs/decisions/026): the draft work is made from the order, files
  // copied, then the same client-work editor opens on it, prefilled.
  const fromOrder = (await readFormData(request.clone(), locale)).get("fromOrder");
  if (typeof fromOrder === "string" && fromOrder) {
    const result = await startWorkFromOrder(db, env.MEDIA, user.accountId, fromOrder, locale);
    if (!result.ok) throw data(m.history_portfolio_denied(), { status: 404 });
    return redirect(`/dashboard/portfolio/creator/${result.workId}/edit`);
  }
  return saveWorkAction(request, context, undefined, "required");
}

export const meta: Route.MetaFunction = newClientWorkMeta;
export default NewClientWorkPage;
