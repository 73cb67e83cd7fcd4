import { MadeForYou, REMOVE_ME_INTENT } from "#app/components/authoring/client-works";
import { AUTHORING_PATHS } from "#app/components/authoring/paths";
import { WorkListPage } from "#app/components/authoring/work-list-page";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { data } from "react-router";
import { requestContext } from "#app/lib/request-context";
import { readFormData } from "#app/lib/form-data.server";
import { m } from "#app/paraglide/messages.js";
import { removeMeFromWork } from "#worker/services/portfolio";
import { madeForYouTexts, portfolioListTexts } from "#app/loaders/authoring/work-list-texts.server";
import { requireClientSide } from "./guards.server";
import { deleteWorkAction, loadClientPortfolio } from "./portfolio-work.server";
import type { Route } from "./+types/portfolio-client";

export async function loader({ context }: Route.LoaderArgs) {
  requireClientSide(context, DASHBOARD_PATHS.portfolioCreator);
  const portfolio = await loadClientPortfolio(context);
  return { ...portfolio, texts: portfolioListTexts(), madeForYouTexts: madeForYouTexts(portfolio.madeForYou.length) };
}

/** Delete one of the user's works, or (intent remove-me) take the user off a work made for them. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireClientSide(context, DASHBOARD_PATHS.portfolioCreator);
  const { db, locale } = context.get(requestContext);
  const form = await readFormData(request.clone(), locale);
  if (form.get("intent") !== REMOVE_ME_INTENT) return deleteWorkAction(request, context);
  const result = await removeMeFromWork(db, user.accountId, String(form.get("workId") ?? ""));
  if (!result.ok) throw data(m.authoring_not_found({}, { locale }), { status: 404 });
  return { removed: true };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? dashboardTitle(loaderData.texts.title) : []);

export default function PortfolioListPage({ loaderData }: Route.ComponentProps) {
  return (
    <WorkListPage
      texts={loaderData.texts}
      addTo={DASHBOARD_PATHS.portfolioClientNew}
      works={loaderData.works}
      editPath={AUTHORING_PATHS.clientWorkEdit}
    >
      <MadeForYou works={loaderData.madeForYou} texts={loaderData.madeForYouTexts} />
    </WorkListPage>
  );
}
