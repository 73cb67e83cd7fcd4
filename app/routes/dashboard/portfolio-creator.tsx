import { AUTHORING_PATHS } from "#app/components/authoring/paths";
import { WorkListPage } from "#app/components/authoring/work-list-page";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { portfolioListTexts } from "#app/loaders/authoring/work-list-texts.server";
import { requireCreatorSide } from "./guards.server";
import { deleteWorkAction, loadWorkList } from "./portfolio-work.server";
import type { Route } from "./+types/portfolio-creator";

export async function loader({ context }: Route.LoaderArgs) {
  requireCreatorSide(context);
  return { ...(await loadWorkList(context)), texts: portfolioListTexts() };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireCreatorSide(context);
  return deleteWorkAction(request, context);
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? dashboardTitle(loaderData.texts.title) : []);

export default function PortfolioListPage({ loaderData }: Route.ComponentProps) {
  return (
    <WorkListPage
      texts={loaderData.texts}
      addTo={DASHBOARD_PATHS.portfolioCreatorNew}
      works={loaderData.works}
      editPath={AUTHORING_PATHS.workEdit}
    />
  );
}
