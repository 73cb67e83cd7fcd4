// The list half of both order pages: a status filter (links, so it works without JavaScript and can be shared),
// one row per order opening it with `?order={code}`, and previous / next pages. Its words and values come from the
// loader (order-list-texts.server.ts).
import { Link } from "react-router";
import type { OrderListFilter } from "#worker/orders/domain/order-display";
import type { OrderListTexts, OrderRow } from "#app/loaders/orders/order-list-texts.server";
import { StatusBadgeLabel } from "./status-badge";

/** The page's query with some parameters changed (null removes one). */
export function withQuery(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}

export function OrderFilter({
  current,
  search,
  texts,
}: {
  current: OrderListFilter;
  search: string;
  texts: OrderListTexts;
}) {
  return (
    <nav aria-label={texts.filterLabel}>
      <ul className="flex flex-wrap gap-2">
        {texts.filters.map((filter) => (
          <li key={filter.id}>
            <Link
              to={withQuery(search, { status: filter.id === "all" ? null : filter.id, page: null, order: null })}
              aria-current={filter.id === current ? "page" : undefined}
              className="inline-flex min-h-11 items-center rounded-full border border-zinc-300 px-4 text-sm font-medium text-zinc-800 hover:bg-zinc-100 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800 dark:aria-[current=page]:border-brand-300 dark:aria-[current=page]:bg-brand-300 dark:aria-[current=page]:text-zinc-950"
            >
              {filter.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function OrderList({
  rows,
  label,
  search,
  openCode,
}: {
  rows: OrderRow[];
  label: string;
  search: string;
  openCode: string | null;
}) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
    >
      {rows.map((order) => (
        <li key={order.id}>
          <Link
            to={withQuery(search, { order: order.code })}
            aria-current={order.code === openCode ? "true" : undefined}
            className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-zinc-50 aria-[current=true]:bg-brand-50 dark:hover:bg-zinc-900 dark:aria-[current=true]:bg-zinc-800"
          >
            <StatusBadgeLabel badge={order.badge} label={order.status} />
            <span className="min-w-0 flex-1">
              <span
                lang={order.translated?.lang}
                className="block truncate font-semibold text-zinc-900 dark:text-zinc-50"
              >
                {order.title}
              </span>
              {order.translated && (
                <span data-translation-marker className="block text-xs text-zinc-700 dark:text-zinc-300">
                  {order.translated.mark}
                </span>
              )}
              <span className="block text-sm text-zinc-700 dark:text-zinc-300">{order.line}</span>
            </span>
            <span className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{order.price}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function OrderPager({
  page,
  hasMore,
  search,
  texts,
}: {
  page: number;
  hasMore: boolean;
  search: string;
  texts: OrderListTexts;
}) {
  if (page <= 1 && !hasMore) return null;
  const link =
    "inline-flex min-h-11 items-center rounded-full border border-zinc-300 px-4 text-sm font-medium text-zinc-800 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800";
  return (
    <nav aria-label={texts.pageLabel} className="flex justify-between">
      {page > 1 ? (
        <Link className={link} to={withQuery(search, { page: page === 2 ? null : String(page - 1), order: null })}>
          {texts.previous}
        </Link>
      ) : (
        <span />
      )}
      {hasMore && (
        <Link className={link} to={withQuery(search, { page: String(page + 1), order: null })}>
          {texts.next}
        </Link>
      )}
    </nav>
  );
}
