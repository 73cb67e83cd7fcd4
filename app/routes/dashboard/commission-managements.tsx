import { dashboardTitle } from "~/components/dashboard/dashboard-page";
import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-paths";
import { OrderPage } from "~/components/orders/order-page";
import { m } from "~/paraglide/messages.js";
import { requireCreatorSide } from "./guards.server";
import { actOnOrder, loadOrderPage } from "./orders.server";
import type { Route } from "./+types/commission-managements";

/** /dashboard/commission/managements: the orders the creator sells, and `?order={code}` opens one (spec section 2). */
export function loader({ context }: Route.LoaderArgs) {
  return loadOrderPage(context, requireCreatorSide(context), "seller");
}

export function action({ context, request }: Route.ActionArgs) {
  return actOnOrder(context, requireCreatorSide(context), request);
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.dashboard_managements_title());

export default function CommissionManagementsPage({ loaderData }: Route.ComponentProps) {
  return (
    <OrderPage
      data={loaderData}
      title={m.dashboard_managements_title()}
      empty={{ message: m.dashboard_managements_empty(), detail: m.dashboard_managements_empty_detail(), action: { to: DASHBOARD_PATHS.forms, label: m.dashboard_managements_forms_link() } }}
    />
  );
}
