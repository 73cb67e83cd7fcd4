import { AUTHORING_PATHS } from "~/components/authoring/paths";
import { WorkGrid } from "~/components/authoring/work-grid";
import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-nav";
import { DashboardPage, EmptyState, buttonLinkClass, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { Link } from "react-router";
import { m } from "~/paraglide/messages.js";
import { requireCreatorSide } from "./guards.server";
import { deleteWorkAction, loadWorkList } from "./portfolio-work.server";
import type { Route } from "./+types/portfolio-creator";

export async function loader({ context }: Route.LoaderArgs) {
  requireCreatorSide(context);
  return loadWorkList(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  requireCreatorSide(context);
  return deleteWorkAction(request, context);
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.authoring_portfolio_title());

export default function PortfolioListPage({ loaderData }: Route.ComponentProps) {
  const { works } = loaderData;
  return (
    <DashboardPage title={m.authoring_portfolio_title()} intro={m.authoring_portfolio_intro()}>
      {works.length === 0 ? (
        <EmptyState message={m.authoring_portfolio_empty()} detail={m.authoring_portfolio_empty_detail()} action={{ to: DASHBOARD_PATHS.portfolioCreatorNew, label: m.authoring_portfolio_add() }} />
      ) : (
        <>
          <Link to={DASHBOARD_PATHS.portfolioCreatorNew} className={buttonLinkClass}>
            {m.authoring_portfolio_add()}
          </Link>
          <WorkGrid works={works} editPath={AUTHORING_PATHS.workEdit} />
        </>
      )}
    </DashboardPage>
  );
}
