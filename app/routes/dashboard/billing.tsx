import { DashboardPage, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { BillingHistory } from "#app/components/history/billing-history";
import { DocumentList } from "#app/components/documents/document-list";
import { m } from "#app/paraglide/messages.js";
import { requireClientSide } from "./guards.server";
import { loadPayments } from "./history.server";
import type { Route } from "./+types/billing";

/** /dashboard/billing (non-creators; creators and admins go to the billing history): the same list of payments. */
export function loader({ context }: Route.LoaderArgs) {
  return loadPayments(context, requireClientSide(context, DASHBOARD_PATHS.billingHistory));
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.dashboard_billing_title());

export default function BillingPage({ loaderData }: Route.ComponentProps) {
  const { documents, ...history } = loaderData;
  return (
    <DashboardPage title={m.dashboard_billing_title()} intro={m.history_billing_intro()}>
      <BillingHistory {...history} />
      <DocumentList list={documents} />
    </DashboardPage>
  );
}
