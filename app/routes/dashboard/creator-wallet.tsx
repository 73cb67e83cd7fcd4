import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-nav";
import { DashboardPage, EmptyState, dashboardTitle } from "~/components/dashboard/dashboard-page";
import { m } from "~/paraglide/messages.js";
import { requireCreatorSide } from "./guards.server";
import type { Route } from "./+types/creator-wallet";

export function loader({ context }: Route.LoaderArgs) {
  requireCreatorSide(context);
  return null;
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.dashboard_wallet_title());

export default function CreatorWalletPage() {
  return (
    <DashboardPage title={m.dashboard_wallet_title()}>
      <EmptyState
        message={m.dashboard_wallet_empty()}
        detail={m.dashboard_wallet_empty_detail()}
        action={{ to: DASHBOARD_PATHS.sales, label: m.dashboard_wallet_sales_link() }}
      />
    </DashboardPage>
  );
}
