import { AUTHORING_PATHS } from "~/components/authoring/paths";
import { WorkListPage } from "~/components/authoring/work-list-page";
import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-paths";
import { dashboardTitle } from "~/components/dashboard/dashboard-page";
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
  return (
    <WorkListPage
      title={m.authoring_portfolio_title()}
      intro={m.authoring_portfolio_intro()}
      empty={{ message: m.authoring_portfolio_empty(), detail: m.authoring_portfolio_empty_detail() }}
      add={{ to: DASHBOARD_PATHS.portfolioCreatorNew, label: m.authoring_portfolio_add() }}
      works={loaderData.works}
      editPath={AUTHORING_PATHS.workEdit}
    />
  );
}
