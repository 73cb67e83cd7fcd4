import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-nav";
import { DashboardPage, EmptyState, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { m } from "~/paraglide/messages.js";
import { requireCreatorSide } from "./guards.server";
import type { Route } from "./+types/portfolio-creator";

export function loader({ context }: Route.LoaderArgs) {
  requireCreatorSide(context);
  return null;
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.dashboard_portfolio_title());

export default function PortfolioCreatorPage() {
  return (
    <DashboardPage title={m.dashboard_portfolio_title()}>
      <EmptyState
        message={m.dashboard_portfolio_empty()}
        detail={m.dashboard_portfolio_empty_detail()}
        action={{ to: DASHBOARD_PATHS.portfolioCreatorNew, label: m.dashboard_portfolio_add() }}
      />
    </DashboardPage>
  );
}
