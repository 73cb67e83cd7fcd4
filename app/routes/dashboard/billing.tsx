import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-nav";
import { DashboardPage, EmptyState, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { m } from "~/paraglide/messages.js";
import { requireClientSide } from "./guards.server";
import type { Route } from "./+types/billing";

export function loader({ context }: Route.LoaderArgs) {
  requireClientSide(context, DASHBOARD_PATHS.billingHistory);
  return null;
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.dashboard_billing_title());

export default function BillingPage() {
  return (
    <DashboardPage title={m.dashboard_billing_title()}>
      <EmptyState
        message={m.dashboard_billing_empty()}
        detail={m.dashboard_billing_empty_detail()}
        action={{ to: "/explore/creators", label: m.dashboard_find_creators() }}
      />
    </DashboardPage>
  );
}
