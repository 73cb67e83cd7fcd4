import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-nav";
import { DashboardPage, EmptyState, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { m } from "~/paraglide/messages.js";
import { requireCreatorSide } from "./guards.server";
import type { Route } from "./+types/commission-managements";

export function loader({ context }: Route.LoaderArgs) {
  requireCreatorSide(context);
  return null;
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.dashboard_managements_title());

export default function CommissionManagementsPage() {
  return (
    <DashboardPage title={m.dashboard_managements_title()}>
      <EmptyState
        message={m.dashboard_managements_empty()}
        detail={m.dashboard_managements_empty_detail()}
        action={{ to: DASHBOARD_PATHS.forms, label: m.dashboard_managements_forms_link() }}
      />
    </DashboardPage>
  );
}
