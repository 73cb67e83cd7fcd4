import { DashboardPage, EmptyState, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { m } from "~/paraglide/messages.js";
import { requireUser } from "./guards.server";
import type { Route } from "./+types/setting-payment";

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  return null;
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.settings_payment_title());

export default function SettingPaymentPage() {
  return (
    <DashboardPage title={m.settings_payment_title()}>
      <EmptyState
        message={m.settings_payment_empty()}
        detail={m.settings_payment_empty_detail()}
        action={{ to: "/explore/creators", label: m.dashboard_find_creators() }}
      />
    </DashboardPage>
  );
}
