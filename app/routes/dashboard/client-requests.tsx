import { dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { OrderConfirm } from "#app/components/orders/order-confirm";
import { OrderPage } from "#app/components/orders/order-page";
import { m } from "#app/paraglide/messages.js";
import { requireUser } from "./guards.server";
import { actOnOrder, loadOrderPage } from "./orders.server";
import type { Route } from "./+types/client-requests";

/**
 * /dashboard/commission/client/requests: the orders the signed-in user bought (a creator who buys sees theirs here
 * too), and `?order={code}` opens one (spec section 2).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const page = await loadOrderPage(context, requireUser(context), "buyer");
  // The heading and the empty state's words come with the data, like the list's (decision 016's pattern).
  return {
    ...page,
    title: m.dashboard_requests_title(),
    empty: {
      message: m.dashboard_requests_empty(),
      detail: m.dashboard_requests_empty_detail(),
      action: { to: "/explore/creators", label: m.dashboard_find_creators() },
    },
  };
}

// The buyer posts a stage approval, a late cancel and reviews here (paying is a fetch); the Durable Object refuses a
// buyer's seller actions.
export function action({ context, request }: Route.ActionArgs) {
  return actOnOrder(context, requireUser(context), request);
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? dashboardTitle(loaderData.title) : []);

export default function ClientRequestsPage({ loaderData, actionData }: Route.ComponentProps) {
  // A money action posted without its confirmation is answered with its confirm page (issue 75).
  if (actionData && "confirm" in actionData)
    return <OrderConfirm title={loaderData.title} confirm={actionData.confirm} />;
  return <OrderPage data={loaderData} title={loaderData.title} empty={loaderData.empty} />;
}
