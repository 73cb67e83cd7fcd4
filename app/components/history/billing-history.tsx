// The buyer's payments (docs/decisions/026; billing history and /dashboard/billing render the same list), what they
// paid approximated in their display currency. Apart from the sales history (sales-history.tsx) so each page loads
// only its own table and words.
import { EmptyState } from "#app/components/dashboard/dashboard-page";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import type { HistoryEntry } from "#worker/orders/services/order-history";
import { Pages } from "./pages";
import type { BillingTexts } from "#app/loaders/history/table-texts.server";
import {
  counterpartColumn,
  dateColumn,
  orderColumn,
  receiptColumn,
  SalesTable,
  stagesColumn,
  statusColumn,
  totalWithApproximationColumn,
  type SalesColumn,
  type TableTexts,
} from "./sales-table";

/** The buyer's columns: what they paid, approximated in their display currency, and what became of it (decision 094). */
const BILLING_COLUMNS = (texts: TableTexts, billing: BillingTexts): SalesColumn[] => [
  dateColumn(texts),
  orderColumn(texts, DASHBOARD_PATHS.clientRequests),
  counterpartColumn(billing.creator),
  totalWithApproximationColumn(texts),
  receiptColumn(texts),
  statusColumn(texts, "buyer"),
  stagesColumn(texts, { seller: false }),
];

/** The words come from the loader (loadPayments: table-texts.server.ts). */
export function BillingHistory({
  items,
  page,
  hasMore,
  texts,
  billing,
}: {
  items: HistoryEntry[];
  page: number;
  hasMore: boolean;
  texts: TableTexts;
  billing: BillingTexts;
}) {
  if (items.length === 0 && page === 1)
    return (
      <EmptyState
        message={billing.empty}
        detail={billing.emptyDetail}
        action={{ to: "/explore/creators", label: billing.findCreators }}
      />
    );
  return (
    <div className="space-y-6">
      <SalesTable testId="billing-history" entries={items} columns={BILLING_COLUMNS(texts, billing)} />
      <Pages page={page} hasMore={hasMore} texts={texts} />
    </div>
  );
}
