// The seller's sales history page body (docs/decisions/026): each order's amount breakdown and the totals per
// currency. Amounts come already split by the server (worker/orders/services/order-history.ts); this file only lays them out.
// Apart from the buyer's billing history (billing-history.tsx) so each page loads only its own table and words.
import { EmptyState } from "#app/components/dashboard/dashboard-page";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { showMoney } from "#app/components/orders/order-format";
import { m } from "#app/paraglide/messages.js";
import { PayoutStatus } from "#app/components/wallet/payout-status";
import type { CurrencyTotals, HistoryEntry } from "#worker/orders/services/order-history";
import { Pages } from "./pages";
import {
  amountColumn,
  counterpartColumn,
  dateColumn,
  orderColumn,
  receiptColumn,
  SalesTable,
  shareColumn,
  stagesColumn,
  statusColumn,
  type SalesColumn,
  type TableTexts,
} from "./sales-table";

function Totals({ totals }: { totals: CurrencyTotals[] }) {
  if (totals.length === 0) return null;
  return (
    <section aria-labelledby="history-totals" className="space-y-2" data-testid="sales-totals">
      <h2 id="history-totals" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        {m.history_totals_title()}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {totals.map((t) => (
          <div key={t.currencyCode} className="rounded-lg border border-zinc-200 p-4 text-sm dark:border-zinc-800">
            <p className="mb-2 font-semibold text-zinc-900 dark:text-zinc-100">
              {t.currencyCode} · {m.history_totals_count({ count: t.count })}
            </p>
            <dl>
              {(
                [
                  [m.orders_breakdown_total(), t.totalAmount],
                  [m.orders_breakdown_tax(), t.taxAmount],
                  [m.orders_breakdown_sales(), t.salesAmount],
                  [m.orders_breakdown_fee(), t.feeAmount],
                  [m.orders_breakdown_income(), t.incomeAmount],
                ] as const
              ).map(([label, amount]) => (
                <div key={label} className="flex justify-between gap-4 py-0.5">
                  <dt className="text-zinc-700 dark:text-zinc-300">{label}</dt>
                  <dd className="tabular-nums font-medium text-zinc-900 dark:text-zinc-100">
                    {showMoney(amount, t.currencyCode)}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
      <p className="text-xs text-zinc-700 dark:text-zinc-300">{m.history_totals_note()}</p>
    </section>
  );
}

/**
 * The seller's columns: what the client paid, the creator's share of it (all of it, or what they kept once part went
 * back: decision 094) with its breakdown, what moved and why, and the creator's payout.
 */
const SALES_COLUMNS = (texts: TableTexts): SalesColumn[] => [
  dateColumn(texts),
  orderColumn(texts, DASHBOARD_PATHS.managements),
  counterpartColumn(m.history_column_client()),
  amountColumn(texts, "totalAmount"),
  receiptColumn(texts),
  shareColumn(texts.share, "amount"),
  shareColumn(texts.amounts.taxAmount, "taxAmount"),
  shareColumn(texts.amounts.salesAmount, "salesAmount"),
  shareColumn(texts.amounts.feeAmount, "feeAmount"),
  shareColumn(texts.amounts.incomeAmount, "incomeAmount"),
  statusColumn(texts, "seller"),
  { label: m.wallet_column_payout(), cell: (e) => <PayoutStatus entry={e} /> },
  stagesColumn(texts, { seller: true }),
];

export function SalesHistory({
  items,
  totals,
  page,
  hasMore,
  texts,
}: {
  items: HistoryEntry[];
  totals: CurrencyTotals[];
  page: number;
  hasMore: boolean;
  texts: TableTexts;
}) {
  if (items.length === 0 && page === 1)
    return (
      <EmptyState
        message={m.dashboard_sales_empty()}
        detail={m.dashboard_sales_empty_detail()}
        action={{ to: DASHBOARD_PATHS.managements, label: m.dashboard_sales_managements_link() }}
      />
    );
  return (
    <div className="space-y-6">
      <Totals totals={totals} />
      <SalesTable testId="sales-history" entries={items} columns={SALES_COLUMNS(texts)} />
      <Pages page={page} hasMore={hasMore} texts={texts} />
    </div>
  );
}
