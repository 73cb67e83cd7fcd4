// The server side both order pages share (managements for the seller, client requests for the buyer): what their
// loaders read (the list from D1, the order of `?order={code}` for its parties only, the buyer's saved cards, the
// return from 3-D Secure) and what their actions do (every change is an order command: order-intents.server.ts).
import { data, type RouterContextProvider } from "react-router";
import { orderListTexts, orderRows, paymentReturnNotice } from "#app/loaders/orders/order-list-texts.server";
import { orderPanelTexts } from "#app/loaders/orders/order-panel-texts.server";
import { requestContext } from "#app/lib/request-context";
import { readFormData } from "#app/lib/form-data.server";
import { parseOrderListFilter, type OrderSide } from "#worker/orders/domain/order-display";
import { pageFromQuery } from "#worker/domain/paging";
import { cardEntryFor } from "#worker/payments/card-entry";
import { listCards } from "#worker/payments/cards";
import { settleDeps, settleReturnedPayment as settleReturned } from "#worker/orders/settle-intent";
import { createStripe } from "#worker/payments/stripe-client";
import { cometNow } from "#worker/services/clock";
import { getOrderDetail, listOrders } from "#worker/orders/services/order-views";
import type { SessionUser } from "#worker/services/sessions";
import { orderReviewsPanel } from "#app/loaders/orders/order-review-texts.server";
import { orderDisputePanel } from "#app/loaders/orders/order-dispute-texts.server";
import { orderExtensionPanel } from "#app/loaders/orders/order-extension-texts.server";
import { orderLicencePanel } from "#app/loaders/orders/order-licence-texts.server";
import { orderChargebackBanners } from "#app/loaders/orders/order-chargeback-texts.server";
import { actOnReview, REVIEW_INTENTS } from "./order-reviews.server";
import { runOrderIntent } from "./order-intents.server";
import { clientRecord } from "#worker/orders/services/reviews";
import { clientSignalsOf } from "#worker/services/trust-signals";
import { clientSignalItems, signalListTexts } from "#app/loaders/signals/signal-items.server";
import { approvalSlots } from "#worker/orders/services/approval-slots";
import { orderDocumentLinks } from "#app/loaders/documents/document-list.server";

type Context = Readonly<RouterContextProvider>;

export async function loadOrderPage(context: Context, user: SessionUser, side: OrderSide) {
  const { db, env, url, locale } = context.get(requestContext);
  const { commissionAccountId } = user;
  const filter = parseOrderListFilter(url.searchParams.get("status"));
  const page = pageFromQuery(url.searchParams.get("page"));
  const code = url.searchParams.get("order");
  const texts = orderListTexts();
  // The buyer's Pay takes 3-D Secure in the page, the way this deployment takes cards (decision 057).
  const cardEntry = cardEntryFor(env);
  const viewer = {
    commissionAccountId,
    profileId: user.profileId,
    locale,
    displayCurrencyCode: user.displayCurrencyCode,
  };
  const paymentReturn =
    side === "buyer" && code ? await settleReturnedPayment(context, url, commissionAccountId) : null;
  const [list, order, cards, now] = await Promise.all([
    listOrders(db, { commissionAccountId, side, filter, page, locale }),
    code ? getOrderDetail(db, env, code, viewer) : null,
    side === "buyer" && code ? listCards(db, user.accountId) : [],
    // Comet's time (the dev clock's outside production, decision 080) decides what a passed deadline allows.
    code ? cometNow(env) : 0,
  ]);
  // The other party's page is not this one: a seller opening their sale from the buyer's list sees nothing here.
  const shown = order && order.side === side ? order : null;
  // The Payment tab's receipts (decision 102): the client's, and the creator's issued in their name.
  const orderDocuments = shown ? orderDocumentLinks(db.$client, shown.id, user.accountId, locale) : null;
  const [reviews, client, dispute, extension, slots, chargebacks] = await Promise.all([
    // A completed order's reviews (decision 086).
    shown?.facts.progress === "COMPLETED" ? orderReviewsPanel(db, shown.id, commissionAccountId, now, locale) : null,
    // A request's client, as the creator deciding on it sees them: their completed orders and reviews as a client.
    shown?.side === "seller" && shown.facts.progress === "DRAFT"
      ? Promise.all([
          clientRecord(db, shown.buyerId, { locale, now, viewer: { accountId: user.accountId, roles: user.roles } }),
          // The client's signals, the facts a profile shows of a creator where they apply (decision 106).
          clientSignalsOf(db.$client, shown.buyerId),
        ]).then(([record, signals]) => ({
          ...record,
          signals: signals && { items: clientSignalItems(signals, locale), texts: signalListTexts("client") },
        }))
      : null,
    // The order's dispute, and the viewer's way to open or answer one (decision 088).
    shown ? orderDisputePanel(db, env, shown, viewer, now) : null,
    // The delivery date moved by agreement: the creator's request, the client's answer or gift (decision 090).
    shown ? orderExtensionPanel(db, shown, locale, now) : null,
    // A request the creator may approve past their slots: the Approve says so first (decision 091).
    shown?.side === "seller" && shown.facts.progress === "DRAFT" ? approvalSlots(db.$client, shown.id) : null,
    // A card issuer's dispute of the order's payment, for both parties (decision 103).
    shown ? orderChargebackBanners(db, shown, locale) : null,
  ]);
  return {
    filter,
    page,
    list: { rows: orderRows(list.items), hasMore: list.hasMore },
    texts,
    code,
    order: shown,
    panel: shown ? orderPanelTexts(shown, now, slots) : null,
    reviews,
    dispute,
    chargebacks,
    extension,
    // The licence changed by agreement: the client's request, the creator's answer (issue 63).
    licenceChange: shown ? orderLicencePanel(shown, now) : null,
    clientRecord: client,
    orderDocuments: await orderDocuments,
    // The buyer's saved cards to choose from, oldest first: the first is preselected (issue 33).
    cards,
    cardEntry,
    paymentReturn,
    paymentNotice: paymentReturnNotice(paymentReturn),
  };
}

/**
 * Back from a 3-D Secure redirect (the intent's return_url; a `redirect_to_url` action, decision 057): the payment is
 * read from Stripe, once, and recorded if it succeeded.
 */
function settleReturnedPayment(context: Context, url: URL, buyerCommissionAccountId: string) {
  const { db, env } = context.get(requestContext);
  // The one way an intent's outcome reaches its order (settle-intent.ts); Stripe unreachable: null, the page opens.
  return settleReturned(settleDeps(env, db.$client, createStripe(env)), {
    intentId: url.searchParams.get("payment_intent"),
    buyerCommissionAccountId,
  });
}

/**
 * An order page's form post: the order's command its intent names (order-intents.server.ts, worker/orders/commands/),
 * else the reviews' own. Spec section 8: a refused approve, deliver, complete, cancel or update is only
 * logged. A field typed wrong (the price) is answered with its message in the user's language, and nothing is sent.
 */
export async function actOnOrder(context: Context, user: SessionUser, request: Request) {
  const { locale } = context.get(requestContext);
  const form = await readFormData(request, locale);
  const orderId = String(form.get("orderId") ?? "");
  const answered = await runOrderIntent(context, user, form);
  if (answered) return answered;
  if (REVIEW_INTENTS.has(String(form.get("intent")))) return actOnReview(context, user, orderId, form);
  // A post no page sends.
  return data({ ok: false as const, intent: String(form.get("intent") ?? "") }, { status: 400 });
}
