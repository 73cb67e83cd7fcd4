// The money history pages (docs/decisions/026): the seller's sales with each order's amount breakdown and the totals
// per currency, and the buyer's payments (billing history and /dashboard/billing render the same list). Amounts come
// already split by the server (worker/services/order-history.ts); this file only lays them out.
import { Link } from "react-router";
import { EmptyState } from "~/components/dashboard/dashboard-page";
import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-paths";
import { showApproximation, showDate, showMoney } from "~/components/orders/order-texts";
import { m } from "~/paraglide/messages.js";
import { PayoutStatus } from "~/components/wallet/payout-status";
import type { CurrencyTotals, HistoryEntry } from "../../../worker/services/order-history";

const cell = "px-3 py-2 text-left align-top";
const head = `${cell} text-xs font-semibold uppercase tracking-wide text-zinc-700 dark:text-zinc-300`;
const num = "px-3 py-2 text-right align-top tabular-nums";

function Status({ refunded }: { refunded: boolean }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${refunded ? "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100" : "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100"}`}
      data-testid="history-status"
    >
      {refunded ? m.history_status_refunded() : m.history_status_paid()}
    </span>
  );
}

function OrderCell({ entry, to }: { entry: HistoryEntry; to: string }) {
  return (
    <td className={cell}>
      <Link to={`${to}?order=${encodeURIComponent(entry.code)}`} className="font-medium text-brand-700 underline dark:text-brand-300">
        <span className="font-mono text-xs">{entry.code}</span> {entry.title}
      </Link>
    </td>
  );
}

function Person({ entry }: { entry: HistoryEntry }) {
  return <td className={cell}>{entry.counterpart ? `${entry.counterpart.name} (@${entry.counterpart.handle})` : "—"}</td>;
}

/** Previous / next page links (?page=N), shown only when there is somewhere to go. */
export function Pages({ page, hasMore }: { page: number; hasMore: boolean }) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="flex justify-between gap-4 text-sm">
      {page > 1 ? <Link to={`?page=${page - 1}`} className="button-secondary min-h-11">{m.history_page_previous()}</Link> : <span />}
      {hasMore && <Link to={`?page=${page + 1}`} className="button-secondary min-h-11">{m.history_page_next()}</Link>}
    </nav>
  );
}

function Totals({ totals }: { totals: CurrencyTotals[] }) {
  if (totals.length === 0) return null;
  return (
    <section aria-labelledby="history-totals" className="space-y-2" data-testid="sales-totals">
      <h2 id="history-totals" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">{m.history_totals_title()}</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {totals.map((t) => (
          <div key={t.currencyCode} className="rounded-lg border border-zinc-200 p-4 text-sm dark:border-zinc-800">
            <p className="mb-2 font-semibold text-zinc-900 dark:text-zinc-100">{t.currencyCode} · {m.history_totals_count({ count: t.count })}</p>
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
                <dd className="tabular-nums font-medium text-zinc-900 dark:text-zinc-100">{showMoney(amount, t.currencyCode)}</dd>
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

export function SalesHistory({ items, totals, page, hasMore }: { items: HistoryEntry[]; totals: CurrencyTotals[]; page: number; hasMore: boolean }) {
  if (items.length === 0 && page === 1)
    return <EmptyState message={m.dashboard_sales_empty()} detail={m.dashboard_sales_empty_detail()} action={{ to: DASHBOARD_PATHS.managements, label: m.dashboard_sales_managements_link() }} />;
  return (
    <div className="space-y-6">
      <Totals totals={totals} />
      <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table className="w-full text-sm" data-testid="sales-history">
          <thead className="bg-zinc-50 dark:bg-zinc-900">
            <tr>
              <th className={head}>{m.history_column_date()}</th>
              <th className={head}>{m.history_column_order()}</th>
              <th className={head}>{m.history_column_client()}</th>
              <th className={head}>{m.orders_breakdown_total()}</th>
              <th className={head}>{m.orders_breakdown_tax()}</th>
              <th className={head}>{m.orders_breakdown_sales()}</th>
              <th className={head}>{m.orders_breakdown_fee()}</th>
              <th className={head}>{m.orders_breakdown_income()}</th>
              <th className={head}>{m.history_column_status()}</th>
              <th className={head}>{m.wallet_column_payout()}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {items.map((e) => {
              const b = e.breakdown;
              return (
                <tr key={e.transactionId} data-order={e.code}>
                  <td className={cell}>{showDate(e.paidAt)}</td>
                  <OrderCell entry={e} to={DASHBOARD_PATHS.managements} />
                  <Person entry={e} />
                  <td className={num}>{showMoney(b.totalAmount, b.currencyCode)}</td>
                  <td className={num}>{showMoney(b.taxAmount, b.currencyCode)}</td>
                  <td className={num}>{showMoney(b.salesAmount, b.currencyCode)}</td>
                  <td className={num}>{showMoney(b.feeAmount, b.currencyCode)}</td>
                  <td className={num}>{showMoney(b.incomeAmount, b.currencyCode)}</td>
                  <td className={cell}><Status refunded={e.refunded} /></td>
                  <td className={cell}><PayoutStatus entry={e} /></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pages page={page} hasMore={hasMore} />
    </div>
  );
}

export function BillingHistory({ items, page, hasMore }: { items: HistoryEntry[]; page: number; hasMore: boolean }) {
  if (items.length === 0 && page === 1)
    return <EmptyState message={m.dashboard_billing_empty()} detail={m.dashboard_billing_empty_detail()} action={{ to: "/explore/creators", label: m.dashboard_find_creators() }} />;
  return (
    <div className="space-y-6">
      <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table className="w-full text-sm" data-testid="billing-history">
          <thead className="bg-zinc-50 dark:bg-zinc-900">
            <tr>
              <th className={head}>{m.history_column_date()}</th>
              <th className={head}>{m.history_column_order()}</th>
              <th className={head}>{m.history_column_creator()}</th>
              <th className={head}>{m.orders_breakdown_total()}</th>
              <th className={head}>{m.history_column_status()}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {items.map((e) => {
              const b = e.breakdown;
              return (
                <tr key={e.transactionId} data-order={e.code}>
                  <td className={cell}>{showDate(e.paidAt)}</td>
                  <OrderCell entry={e} to={DASHBOARD_PATHS.clientRequests} />
                  <Person entry={e} />
                  <td className={num}>
                    {showMoney(b.totalAmount, b.currencyCode)}
                    {b.displayCurrencyCode !== b.currencyCode && (
                      <span className="block text-xs text-zinc-700 dark:text-zinc-300">{showApproximation(b.displayTotalAmount, b.displayCurrencyCode)}</span>
                    )}
                  </td>
                  <td className={cell}><Status refunded={e.refunded} /></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pages page={page} hasMore={hasMore} />
    </div>
  );
}
