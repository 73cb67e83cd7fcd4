import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-nav";
import { DashboardPage, EmptyState, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { m } from "~/paraglide/messages.js";
import { requireCreatorSide } from "./guards.server";
import type { Route } from "./+types/portfolio-creator-client-new";

export function loader({ context }: Route.LoaderArgs) {
  requireCreatorSide(context);
  return null;
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.dashboard_portfolio_client_works_new_title());

export default function PortfolioCreatorClientNewPage() {
  return (
    <DashboardPage title={m.dashboard_portfolio_client_works_new_title()}>
      <EmptyState
        message={m.dashboard_portfolio_client_works_new_empty()}
        detail={m.dashboard_portfolio_client_works_new_empty_detail()}
        action={{ to: DASHBOARD_PATHS.portfolioCreatorClient, label: m.dashboard_portfolio_client_works_back() }}
      />
    </DashboardPage>
  );
}
