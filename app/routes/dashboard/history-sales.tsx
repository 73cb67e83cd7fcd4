import { DashboardPage, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { SalesHistory } from "#app/components/history/sales-history";
import { DocumentList } from "#app/components/documents/document-list";
import { m } from "#app/paraglide/messages.js";
import { requireCreatorSide } from "./guards.server";
import { loadSales } from "./history.server";
import type { Route } from "./+types/history-sales";

/** /dashboard/history/sales (creators and admins): each paid order they sold, its breakdown, and totals per currency. */
export function loader({ context }: Route.LoaderArgs) {
  return loadSales(context, requireCreatorSide(context));
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.dashboard_sales_title());

export default function SalesHistoryPage({ loaderData }: Route.ComponentProps) {
  const { documents, ...history } = loaderData;
  return (
    <DashboardPage title={m.dashboard_sales_title()} intro={m.history_sales_intro()}>
      <SalesHistory {...history} />
      <DocumentList list={documents} />
    </DashboardPage>
  );
}
