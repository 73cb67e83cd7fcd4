// The order list's words and values, made by the order pages' loader (decision 016's pattern): the list, its filter
// and pager only show them, so the status, counterpart, date and price words and their formatting never ship to the
// browser with the page. The open order's panel (a chunk of its own) still draws its own.
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import { languageName } from "#app/components/translation/use-text-reading";
import type { Locale } from "#worker/domain/locales";
import {
  ORDER_LIST_FILTERS,
  statusBadge,
  type OrderListFilter,
  type StatusBadge,
} from "#worker/orders/domain/order-display";
import type { OrderSummary } from "#worker/orders/services/order-views";
import { showDate } from "#app/components/orders/order-format";
import { counterpartText, orderPriceText, STATUS_LABELS } from "#app/components/orders/order-texts";

/** One row of the list, as shown. */
export interface OrderRow {
  id: string;
  code: string;
  title: string;
  /**
   * The title's language when it is shown translated, with its mark ("Translated from Japanese"). A row is a link, so
   * the original is one click away in the opened order's panel rather than behind a button here.
   */
  translated: { lang: Locale; mark: string } | null;
  badge: StatusBadge;
  status: string;
  /** "From {name} · Submitted {date}" (or "To …" for the buyer). */
  line: string;
  price: string;
}

export const orderRows = (items: OrderSummary[]): OrderRow[] =>
  items.map((order) => {
    const badge = statusBadge(order.facts.progress);
    const submitted = m.orders_list_submitted({ date: showDate(order.facts.submittedAt) });
    return {
      id: order.id,
      code: order.code,
      title: order.titleReading.kind === "translated" ? order.titleReading.text : order.title,
      translated:
        order.titleReading.kind === "translated"
          ? {
              lang: getLocale() as Locale,
              mark: m.translation_translated_from({ language: languageName(order.titleReading.from) }),
            }
          : null,
      badge,
      status: STATUS_LABELS[badge](),
      line: order.counterpart ? `${counterpartText(order.side, order.counterpart.name)} · ${submitted}` : submitted,
      price: orderPriceText(order),
    };
  });

/** The list's fixed words: the filter's links, the list's and pager's names, the empty and not-found notes. */
export const orderListTexts = () => ({
  filters: ORDER_LIST_FILTERS.map((id: OrderListFilter) => ({
    id,
    label: id === "all" ? m.orders_filter_all() : STATUS_LABELS[id](),
  })),
  filterLabel: m.orders_filter_label(),
  listLabel: m.orders_list_label(),
  pageLabel: m.orders_page_label(),
  previous: m.orders_page_previous(),
  next: m.orders_page_next(),
  emptyFiltered: m.orders_list_empty_filtered(),
  notFound: m.orders_not_found(),
});

export type OrderListTexts = ReturnType<typeof orderListTexts>;

/** What the toast says on the way back from 3-D Secure. */
export const paymentReturnNotice = (paymentReturn: "paid" | "refunded" | "failed" | null) =>
  paymentReturn === "paid"
    ? { title: m.toast_success_title(), description: m.orders_paid_notice() }
    : paymentReturn === "refunded"
      ? { title: m.orders_tab_payment(), description: m.orders_pay_refunded(), variant: "error" as const }
      : paymentReturn === "failed"
        ? {
            title: m.orders_tab_payment(),
            description: m.card_error_authentication_failed(),
            variant: "error" as const,
          }
        : null;
