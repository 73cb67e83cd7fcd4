// The order detail panel of `?order={code}` (spec section 2): the left panel, the tabs each party may see, the event
// log, and the order chat beside them (issue 11; toggled by a message button on small screens). The left panel and
// the tabs sit side by side when the content is wide enough (a container query: the chat takes room on wide screens).
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { OrderChat } from "#app/components/chat/order-chat";
import { Tabs } from "#app/components/tabs/tabs";
import { m } from "#app/paraglide/messages.js";
import type { CardEntry } from "#worker/payments/card-entry";
import type { PaymentAccountMethod } from "#worker/payments/cards";
import type { OrderTab } from "#worker/orders/domain/order-display";
import type { OrderDetail } from "#worker/orders/services/order-views";
import { OrderDelivery, OrderPayment, OrderSettings, preloadOrderTabs } from "./lazy-order-tabs";
import { OrderDetails } from "./order-details";
import { OrderLog } from "./order-log";
import type { OrderPanelTexts } from "#app/loaders/orders/order-panel-texts.server";
import type { OrderReviewsPanel } from "#app/loaders/orders/order-review-texts.server";
import type { OrderDisputePanel } from "#app/loaders/orders/order-dispute-texts.server";
import type { OrderExtensionPanel } from "#app/loaders/orders/order-extension-texts.server";
import type { OrderLicencePanel } from "#app/loaders/orders/order-licence-texts.server";
import type { ClientRecordView } from "#app/components/reviews/client-record";
import { OrderSummary } from "./order-summary";

/** Its words and values come from the loader (order-panel-texts.server.ts); the tabs and the log draw their own. */
// Beside a request only (the creator's view of a pending order): its own chunk, rendered by the server in the response.
const ClientRecordBlock = lazy(() =>
  import("#app/components/reviews/client-record").then((module) => ({ default: module.ClientRecordBlock })),
);
const OrderReviews = lazy(() => import("./order-reviews").then((module) => ({ default: module.OrderReviews })));
// An order's dispute (decision 088): its own chunk, as only paid orders under way or disputed ones show it.
const OrderDisputeReport = lazy(() =>
  import("./order-dispute").then((module) => ({ default: module.OrderDisputeReport })),
);
const OrderDisputeCase = lazy(() => import("./order-dispute").then((module) => ({ default: module.OrderDisputeCase })));
// The delivery date moved by agreement (decision 090): its own chunk, as only paid orders under way show it.
const OrderExtension = lazy(() => import("./order-extension").then((module) => ({ default: module.OrderExtension })));
// The licence changed by agreement (issue 63): its own chunk, as only paid orders under way show it.
const OrderLicence = lazy(() => import("./order-licence").then((module) => ({ default: module.OrderLicence })));
const OrderStageTimeline = lazy(() =>
  import("./order-stage-timeline").then((module) => ({ default: module.OrderStageTimeline })),
);

export function OrderPanel({
  order,
  texts,
  cards,
  cardEntry,
  closeTo,
  reviews,
  dispute,
  extension,
  licenceChange,
  clientRecord,
}: {
  order: OrderDetail;
  texts: OrderPanelTexts;
  reviews: OrderReviewsPanel | null;
  dispute: OrderDisputePanel | null;
  extension: OrderExtensionPanel | null;
  licenceChange: OrderLicencePanel | null;
  clientRecord: ClientRecordView | null;
  cards: PaymentAccountMethod[];
  cardEntry: CardEntry;
  closeTo: string;
}) {
  const tabs = texts.tabs;
  // The selected tab belongs to the order's state: a transition may add or remove a tab, and the list starts again
  // from Details. `payFocus` counts the summary's Pay presses: each one brings the Payment tab's Pay into view.
  const state = `${order.facts.progress}-${order.facts.payment}`;
  const [selection, setSelection] = useState<{ state: string; tab: OrderTab }>({ state, tab: "details" });
  const [payFocus, setPayFocus] = useState(0);
  const selected =
    selection.state === state && tabs.some((tab) => tab.id === selection.tab) ? selection.tab : "details";
  const select = (tab: OrderTab) => setSelection({ state, tab });
  const openPayment = () => {
    preloadOrderTabs();
    select("payment");
    setPayFocus((n) => n + 1);
  };
  return (
    <article
      aria-label={texts.label}
      className="w-full space-y-4 rounded-xl border border-zinc-200 bg-white p-4 sm:p-6 dark:border-zinc-800 dark:bg-zinc-950"
    >
      <OrderChat
        room={order.chatRoom}
        toolbar={
          <Link
            to={closeTo}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline dark:text-brand-300"
          >
            {texts.backToList}
          </Link>
        }
      >
        <div className="grid gap-6 @xl:grid-cols-[16rem_minmax(0,1fr)]">
          <div className="space-y-6">
            <OrderSummary order={order} texts={texts} onPay={openPayment} />
            {extension && (
              <Suspense fallback={null}>
                <OrderExtension orderId={order.id} extension={extension} />
              </Suspense>
            )}
            {licenceChange && (
              <Suspense fallback={null}>
                <OrderLicence orderId={order.id} licence={licenceChange} />
              </Suspense>
            )}
            {dispute?.report && (
              <Suspense fallback={null}>
                <OrderDisputeReport orderId={order.id} report={dispute.report} />
              </Suspense>
            )}
            {clientRecord && (
              <Suspense fallback={null}>
                <ClientRecordBlock record={clientRecord} />
              </Suspense>
            )}
            <OrderLog events={texts.logLines} />
          </div>
          <div className="min-w-0 space-y-6">
            {/* The order's dispute first: while one is open, it is what the order waits on (decision 088). */}
            {dispute?.dispute && (
              <Suspense fallback={null}>
                <OrderDisputeCase orderId={order.id} dispute={dispute.dispute} />
              </Suspense>
            )}
            {/*
              A staged order's stages (decision 073), above the tabs: what both parties act on while it is under way. Its
              own chunk: most orders have no stages, so their pages never load it; the server renders it in the same
              response, and the browser keeps that markup until the chunk arrives.
            */}
            {/* A completed order's reviews (decision 086): its own chunk, as only completed orders show it. */}
            {reviews && (
              <Suspense fallback={null}>
                <OrderReviews orderId={order.id} reviews={reviews} />
              </Suspense>
            )}
            {texts.stages && (
              <Suspense fallback={null}>
                <OrderStageTimeline orderId={order.id} timeline={texts.stages} />
              </Suspense>
            )}
            {/* The other tabs' panels load when a pointer nears the tab list or a tab gets focus (lazy-order-tabs.ts). */}
            <div
              className="min-w-0"
              onPointerOver={tabs.length > 1 ? preloadOrderTabs : undefined}
              onFocus={tabs.length > 1 ? preloadOrderTabs : undefined}
            >
              <Tabs
                key={state}
                selected={selected}
                onSelect={select}
                label={texts.tabsLabel}
                tabs={tabs}
                look="underline"
                className="min-w-0 overflow-x-auto"
                panelClassName="pt-4"
              >
                {(selected) =>
                  selected === "details" ? (
                    <OrderDetails order={order} choicePrices={texts.choicePrices} terms={texts.terms} />
                  ) : (
                    <Suspense fallback={<TabLoading />}>
                      {selected === "payment" ? (
                        <OrderPayment
                          order={order}
                          cards={cards}
                          cardEntry={cardEntry}
                          payFocus={payFocus}
                          priceLines={texts.priceLines && { heading: texts.priceLinesHeading, lines: texts.priceLines }}
                          parts={texts.parts}
                        />
                      ) : selected === "delivery" ? (
                        <OrderDelivery order={order} heldForRest={texts.filesHeldForRest} />
                      ) : (
                        <OrderSettings order={order} />
                      )}
                    </Suspense>
                  )
                }
              </Tabs>
            </div>
          </div>
        </div>
      </OrderChat>
    </article>
  );
}

/**
 * A tab's panel while its code loads (lazy-order-tabs.ts; a slow phone or a busy machine takes seconds): said, and
 * marked busy, not left blank. A blank panel looked empty, and a keyboard user's Tab went straight past it to the chat
 * before its controls (the Delivery tab's upload, Other settings' Edit) were there.
 */
function TabLoading() {
  return (
    <p role="status" aria-busy="true" data-tab-loading className="text-sm text-zinc-600 dark:text-zinc-400">
      {m.orders_tab_loading()}
    </p>
  );
}
