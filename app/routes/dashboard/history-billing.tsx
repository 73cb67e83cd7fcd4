import { DashboardPage, EmptyState, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { m } from "~/paraglide/messages.js";
import { requireUser } from "./guards.server";
import type { Route } from "./+types/history-billing";

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  return null;
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.dashboard_billing_history_title());

export default function HistoryBillingPage() {
  return (
    <DashboardPage title={m.dashboard_billing_history_title()}>
      <EmptyState
        message={m.dashboard_billing_empty()}
        detail={m.dashboard_billing_empty_detail()}
        action={{ to: "/explore/creators", label: m.dashboard_find_creators() }}
      />
    </DashboardPage>
  );
}
