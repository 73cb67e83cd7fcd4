import { m } from "~/paraglide/messages.js";
import { DASHBOARD_PATHS } from "./dashboard-paths";

/**
 * Dashboard pages whose feature has not landed yet (orders, payments, payouts, notifications; see the open issues).
 * Each says honestly what will be there and where to go meanwhile; one route module (routes/dashboard/upcoming.tsx)
 * serves them all. A page leaves this table when its feature lands.
 */
export interface UpcomingPage {
  /** Who may open it: any signed-in user, the creator side, or the client side (creators go to `creatorCounterpart`). */
  access: { kind: "signed-in" } | { kind: "creator" } | { kind: "client"; creatorCounterpart: string };
  title: () => string;
  message: () => string;
  detail: () => string;
  action?: { to: string; label: () => string };
}

export const UPCOMING_PAGES: Record<string, UpcomingPage> = {
  [DASHBOARD_PATHS.wallet]: {
    access: { kind: "creator" },
    title: m.dashboard_wallet_title,
    message: m.dashboard_wallet_empty,
    detail: m.dashboard_wallet_empty_detail,
    action: { to: DASHBOARD_PATHS.sales, label: m.dashboard_wallet_sales_link },
  },
};
