// One page body for both order pages (managements and client requests): the status filter, the list or its empty
// state, the pager, and the panel of the order in `?order={code}` (or a plain "not found" for anyone else's code).
import { lazy, Suspense, useState } from "react";
import { useLocation } from "react-router";
import { DashboardPage, EmptyState } from "#app/components/dashboard/dashboard-page";
import type { ToastMessage } from "#app/components/toast/toast";
import type { OrderListFilter } from "#worker/orders/domain/order-display";
import type { CardEntry } from "#worker/payments/card-entry";
import type { PaymentAccountMethod } from "#worker/payments/cards";
import type { OrderDetail } from "#worker/orders/services/order-views";
import { OrderFilter, OrderList, OrderPager, withQuery } from "./order-list";
import type { OrderListTexts, OrderRow } from "#app/loaders/orders/order-list-texts.server";
import { OrderPanel } from "./order-panel";
import type { OrderPanelTexts } from "#app/loaders/orders/order-panel-texts.server";
import type { OrderReviewsPanel } from "#app/loaders/orders/order-review-texts.server";
import type { OrderDisputePanel } from "#app/loaders/orders/order-dispute-texts.server";
import type { OrderExtensionPanel } from "#app/loaders/orders/order-extension-texts.server";
import type { OrderLicencePanel } from "#app/loaders/orders/order-licence-texts.server";
import type { OrderChargebackBanner } from "#app/loaders/orders/order-chargeback-texts.server";
import { OrderChargebacks } from "./order-chargeback";
import type { ClientRecordView } from "#app/components/reviews/client-record";

const PaymentReturnToast = lazy(() => import("./payment-return-toast"));

export interface OrderPageData {
  filter: OrderListFilter;
  page: number;
  /** The list's rows and words as texts (order-list-texts.server.ts). */
  list: { rows: OrderRow[]; hasMore: boolean };
  texts: OrderListTexts;
  code: string | null;
  order: OrderDetail | null;
  /** The open order's words and values (order-panel-texts.server.ts); null with no order. */
  panel: OrderPanelTexts | null;
  /** A completed order's reviews (decision 086); null otherwise. */
  reviews: OrderReviewsPanel | null;
  /** The order's dispute, and the viewer's way to open or answer one (decision 088); null when neither applies. */
  dispute: OrderDisputePanel | null;
  /** A card issuer's disputes of the order's payment (decision 103), for both parties; null when it has none. */
  chargebacks: OrderChargebackBanner[] | null;
  /** The delivery date moved by agreement (decision 090): the viewer's request, answer or gift; null when none applies. */
  extension: OrderExtensionPanel | null;
  /** The licence changed by agreement (issue 63): the client's request or the creator's answer; null when none applies. */
  licenceChange: OrderLicencePanel | null;
  /** The client's record beside a request, for the creator (decision 086); null otherwise. */
  clientRecord: ClientRecordView | null;
  /** The buyer's saved cards for the Payment tab's choice (oldest first; empty for the seller). */
  cards: PaymentAccountMethod[];
  /** How this deployment takes a card's next action (3-D Secure in the page; decision 057); the buyer's Pay uses it. */
  cardEntry: CardEntry;
  paymentReturn: "paid" | "refunded" | "failed" | null;
  /** The toast of `paymentReturn`, in the viewer's language. */
  paymentNotice: ToastMessage | null;
}

export function OrderPage({
  data,
  title,
  empty,
}: {
  data: OrderPageData;
  title: string;
  empty: { message: string; detail: string; action?: { to: string; label: string } };
}) {
  const { search } = useLocation();
  const closeTo = withQuery(search, { order: null });
  // Back from 3-D Secure: the notice of the page's first load, kept while the toast shows after the query is dropped.
  const [paymentNotice] = useState(data.paymentNotice);

  return (
    <DashboardPage title={title}>
      {data.code && !data.order && (
        <p
          role="status"
          className="rounded-md border border-zinc-300 px-4 py-3 text-sm text-zinc-800 dark:border-zinc-700 dark:text-zinc-200"
        >
          {data.texts.notFound}
        </p>
      )}
      {data.order && data.chargebacks && <OrderChargebacks banners={data.chargebacks} />}
      {data.order && data.panel && (
        <OrderPanel
          key={data.order.id}
          order={data.order}
          texts={data.panel}
          reviews={data.reviews}
          dispute={data.dispute}
          extension={data.extension}
          licenceChange={data.licenceChange}
          clientRecord={data.clientRecord}
          cards={data.cards}
          cardEntry={data.cardEntry}
          closeTo={closeTo}
        />
      )}
      <OrderFilter current={data.filter} search={search} texts={data.texts} />
      {data.list.rows.length === 0 ? (
        data.filter === "all" && data.page === 1 ? (
          <EmptyState {...empty} />
        ) : (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{data.texts.emptyFiltered}</p>
        )
      ) : (
        <OrderList
          rows={data.list.rows}
          label={data.texts.listLabel}
          search={search}
          openCode={data.order?.code ?? null}
        />
      )}
      <OrderPager page={data.page} hasMore={data.list.hasMore} search={search} texts={data.texts} />
      {paymentNotice && (
        <Suspense fallback={null}>
          <PaymentReturnToast notice={paymentNotice} />
        </Suspense>
      )}
    </DashboardPage>
  );
}
