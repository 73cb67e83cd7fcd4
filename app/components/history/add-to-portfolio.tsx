// "Add to portfolio" in the order's Delivery tab (spec section 6, docs/decisions/026): the seller of a DELIVERED or
// COMPLETED order posts to the client-work editor's route, which makes a draft from the order and opens it.
import { Form } from "react-router";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { m } from "#app/paraglide/messages.js";
import type { OrderDetail } from "#worker/orders/services/order-views";

export function AddToPortfolio({ order }: { order: OrderDetail }) {
  if (order.side !== "seller" || (order.facts.progress !== "DELIVERED" && order.facts.progress !== "COMPLETED"))
    return null;
  return (
    <Form
      method="post"
      action={DASHBOARD_PATHS.portfolioCreatorClientNew}
      className="space-y-1 border-t border-zinc-200 pt-3 dark:border-zinc-800"
    >
      <input type="hidden" name="fromOrder" value={order.code} />
      <button type="submit" className="button-secondary min-h-11">
        {m.history_add_to_portfolio()}
      </button>
      <p className="text-xs text-zinc-700 dark:text-zinc-300">{m.history_add_to_portfolio_detail()}</p>
    </Form>
  );
}
