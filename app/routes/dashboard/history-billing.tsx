import { DashboardPage, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { BillingHistory } from "#app/components/history/billing-history";
import { DocumentList } from "#app/components/documents/document-list";
import { m } from "#app/paraglide/messages.js";
import { requireUser } from "./guards.server";
import { loadPayments } from "./history.server";
import type { Route } from "./+types/history-billing";

/** /dashboard/history/billing (everyone signed in): each payment the caller made, paid or refunded. */
export function loader({ context }: Route.LoaderArgs) {
  return loadPayments(context, requireUser(context));
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.dashboard_billing_history_title());

export default function BillingHistoryPage({ loaderData }: Route.ComponentProps) {
  const { documents, ...history } = loaderData;
  return (
    <DashboardPage title={m.dashboard_billing_history_title()} intro={m.history_billing_intro()}>
      <BillingHistory {...history} />
      <DocumentList list={documents} />
    </DashboardPage>
  );
}
