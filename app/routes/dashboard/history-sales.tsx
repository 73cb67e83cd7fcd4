import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-nav";
import { DashboardPage, EmptyState, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { m } from "~/paraglide/messages.js";
import { requireCreatorSide } from "./guards.server";
import type { Route } from "./+types/history-sales";

export function loader({ context }: Route.LoaderArgs) {
  requireCreatorSide(context);
  return null;
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.dashboard_sales_title());

export default function HistorySalesPage() {
  return (
    <DashboardPage title={m.dashboard_sales_title()}>
      <EmptyState
        message={m.dashboard_sales_empty()}
        detail={m.dashboard_sales_empty_detail()}
        action={{ to: DASHBOARD_PATHS.managements, label: m.dashboard_sales_managements_link() }}
      />
    </DashboardPage>
  );
}
