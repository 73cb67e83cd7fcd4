import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-nav";
import { DashboardPage, EmptyState, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { m } from "~/paraglide/messages.js";
import { requireCreatorSide } from "./guards.server";
import type { Route } from "./+types/commission-forms";

export function loader({ context }: Route.LoaderArgs) {
  requireCreatorSide(context);
  return null;
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.dashboard_forms_title());

export default function CommissionFormsPage() {
  return (
    <DashboardPage title={m.dashboard_forms_title()}>
      <EmptyState
        message={m.dashboard_forms_empty()}
        detail={m.dashboard_forms_empty_detail()}
        action={{ to: DASHBOARD_PATHS.formNew, label: m.dashboard_forms_create() }}
      />
    </DashboardPage>
  );
}
