import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-nav";
import { DashboardPage, EmptyState, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { m } from "~/paraglide/messages.js";
import { requireClientSide } from "./guards.server";
import type { Route } from "./+types/portfolio-client";

export function loader({ context }: Route.LoaderArgs) {
  requireClientSide(context, DASHBOARD_PATHS.portfolioCreator);
  return null;
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.dashboard_portfolio_title());

export default function PortfolioClientPage() {
  return (
    <DashboardPage title={m.dashboard_portfolio_title()}>
      <EmptyState
        message={m.dashboard_client_portfolio_empty()}
        detail={m.dashboard_client_portfolio_empty_detail()}
        action={{ to: "/explore/creators", label: m.dashboard_find_creators() }}
      />
    </DashboardPage>
  );
}
