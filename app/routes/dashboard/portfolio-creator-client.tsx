import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-nav";
import { DashboardPage, EmptyState, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { m } from "~/paraglide/messages.js";
import { requireCreatorSide } from "./guards.server";
import type { Route } from "./+types/portfolio-creator-client";

export function loader({ context }: Route.LoaderArgs) {
  requireCreatorSide(context);
  return null;
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.dashboard_portfolio_client_works_title());

export default function PortfolioCreatorClientPage() {
  return (
    <DashboardPage title={m.dashboard_portfolio_client_works_title()}>
      <EmptyState
        message={m.dashboard_portfolio_client_works_empty()}
        detail={m.dashboard_portfolio_client_works_empty_detail()}
        action={{ to: DASHBOARD_PATHS.managements, label: m.dashboard_sales_managements_link() }}
      />
    </DashboardPage>
  );
}
