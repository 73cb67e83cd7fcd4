import { dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { OrderConfirm } from "#app/components/orders/order-confirm";
import { OrderPage } from "#app/components/orders/order-page";
import { m } from "#app/paraglide/messages.js";
import { requireCreatorSide } from "./guards.server";
import { actOnOrder, loadOrderPage } from "./orders.server";
import type { Route } from "./+types/commission-managements";

/** /dashboard/commission/managements: the orders the creator sells, and `?order={code}` opens one (spec section 2). */
export async function loader({ context }: Route.LoaderArgs) {
  const page = await loadOrderPage(context, requireCreatorSide(context), "seller");
  // The heading and the empty state's words come with the data, like the list's (decision 016's pattern).
  return {
    ...page,
    title: m.dashboard_managements_title(),
    empty: {
      message: m.dashboard_managements_empty(),
      detail: m.dashboard_managements_empty_detail(),
      action: { to: DASHBOARD_PATHS.forms, label: m.dashboard_managements_forms_link() },
    },
  };
}

export function action({ context, request }: Route.ActionArgs) {
  return actOnOrder(context, requireCreatorSide(context), request);
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? dashboardTitle(loaderData.title) : []);

export default function CommissionManagementsPage({ loaderData, actionData }: Route.ComponentProps) {
  // A money action posted without its confirmation is answered with its confirm page (issue 75).
  if (actionData && "confirm" in actionData)
    return <OrderConfirm title={loaderData.title} confirm={actionData.confirm} />;
  return <OrderPage data={loaderData} title={loaderData.title} empty={loaderData.empty} />;
}
