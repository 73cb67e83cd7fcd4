// The buyer's payments (docs/decisions/026; billing history and /dashboard/billing render the same list), what they
// paid approximated in their display currency. Apart from the sales history (sales-history.tsx) so each page loads
// only its own table and words.
import { EmptyState } from "~/components/dashboard/dashboard-page";
import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-paths";
import { m } from "~/paraglide/messages.js";
import type { HistoryEntry } from "../../../worker/services/order-history";
import { Pages } from "./pages";
import { counterpartColumn, dateColumn, orderColumn, SalesTable, statusColumn, totalWithApproximationColumn, type SalesColumn } from "./sales-table";

/** The buyer's columns: what they paid, approximated in their display currency. */
const BILLING_COLUMNS = (): SalesColumn[] => [
  dateColumn(),
  orderColumn(DASHBOARD_PATHS.clientRequests),
  counterpartColumn(m.history_column_creator()),
  totalWithApproximationColumn(),
  statusColumn(),
];

export function BillingHistory({ items, page, hasMore }: { items: HistoryEntry[]; page: number; hasMore: boolean }) {
  if (items.length === 0 && page === 1)
    return <EmptyState message={m.dashboard_billing_empty()} detail={m.dashboard_billing_empty_detail()} action={{ to: "/explore/creators", label: m.dashboard_find_creators() }} />;
  return (
    <div className="space-y-6">
      <SalesTable testId="billing-history" entries={items} columns={BILLING_COLUMNS()} />
      <Pages page={page} hasMore={hasMore} />
    </div>
  );
}
