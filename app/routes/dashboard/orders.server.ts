// The server side both order pages share (managements for the seller, client requests for the buyer): what their
// loaders read (the list from D1, the order of `?order={code}` for its parties only, the buyer's saved cards, the
// return from 3-D Secure) and what their actions do (every change goes to the order's Durable Object).
import { data, type RouterContextProvider } from "react-router";
import { orderListTexts, orderRows, paymentReturnNotice } from "#app/loaders/orders/order-list-texts.server";
import { orderPanelTexts } from "#app/loaders/orders/order-panel-texts.server";
import { requestContext } from "#app/lib/request-context";
import { readFormData } from "#app/lib/form-data.server";
import { isCurrencyCode } from "#worker/domain/currency";
import { isSaneTimestamp, serviceDetailsOf, type OrderAction, type ServiceDetails } from "#worker/domain/order";
import { parseOrderListFilter, type OrderSide } from "#worker/domain/order-display";
import { pageFromQuery } from "#worker/domain/paging";
import { parsePrice, priceInputError, type PriceInputError } from "#worker/domain/pricing";
import { translateAuthoringErrors } from "#worker/messages/authoring";
import { cardEntryFor } from "#worker/payments/card-entry";
import { listCards } from "#worker/payments/cards";
import { settleReturnedPayment as settleReturned } from "#worker/orders/settle-intent";
import { createStripe } from "#worker/payments/stripe-client";
import { cometNow } from "#worker/services/clock";
import { getOrderDetail, listOrders } from "#worker/services/order-views";
import { translateInBackground } from "#worker/services/order-translations";
import type { SessionUser } from "#worker/services/sessions";
import { inputLanguageOf } from "#worker/domain/input-language";
import { revisionCommentOf } from "#worker/domain/order-stages";
import { m } from "#app/paraglide/messages.js";
import { stagePlanRowsFrom } from "#app/components/authoring/stage-plan-editor";
import { parseStagePlanRows } from "#worker/domain/stage-plan-rows";
import { orderStub } from "#worker/orders/order-stub";
import { orderReviewsPanel } from "#app/loaders/orders/order-review-texts.server";
import { orderDisputePanel } from "#app/loaders/orders/order-dispute-texts.server";
import { orderExtensionPanel } from "#app/loaders/orders/order-extension-texts.server";
import { actOnReview, REVIEW_INTENTS } from "./order-reviews.server";
import { runOrderIntent } from "./order-intents.server";
import { clientRecord } from "#worker/services/reviews";
import { approvalSlots } from "#worker/services/approval-slots";
import { purgeSlotPagesOfOrder, SLOT_MOVES } from "#worker/services/waitlist";

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
  const [reviews, client, dispute, extension, slots] = await Promise.all([
    // A completed order's reviews (decision 086).
    shown?.facts.progress === "COMPLETED" ? orderReviewsPanel(db, shown.id, commissionAccountId, now, locale) : null,
    // A request's client, as the creator deciding on it sees them: their completed orders and reviews as a client.
    shown?.side === "seller" && shown.facts.progress === "DRAFT"
      ? clientRecord(db, shown.buyerId, { locale, now, viewer: { accountId: user.accountId, roles: user.roles } })
      : null,
    // The order's dispute, and the viewer's way to open or answer one (decision 088).
    shown ? orderDisputePanel(db, env, shown, viewer, now) : null,
    // The delivery date moved by agreement: the creator's request, the client's answer or gift (decision 090).
    shown ? orderExtensionPanel(db, shown, locale, now) : null,
    // A request the creator may approve past their slots: the Approve says so first (decision 091).
    shown?.side === "seller" && shown.facts.progress === "DRAFT" ? approvalSlots(db.$client, shown.id) : null,
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
    extension,
    clientRecord: client,
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
  return settleReturned(
    { d1: db.$client, stripe: createStripe(env), orders: env.ORDER },
    { intentId: url.searchParams.get("payment_intent"), buyerCommissionAccountId },
  );
}

/**
 * A date input's yyyy-mm-dd as midnight UTC (dates are shown in UTC, worker/domain/dates.ts); empty is none. A date
 * outside the window the order keeps (2000–2099) is refused with its message, as the domain would refuse it.
 */
function dateField(value: FormDataEntryValue | null): number | null | { error: "authoring_date_range" } | undefined {
  const text = String(value ?? "").trim();
  if (!text) return null;
  const time = Date.parse(`${text}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || !Number.isFinite(time)) return undefined;
  return isSaneTimestamp(time) ? time : { error: "authoring_date_range" };
}

/**
 * The total typed in major units (¥12,000 or $120.50) as minor units of the order's currency, read as the form and
 * service editors read a price (pricing.ts): decimals in yen, a third decimal in dollars or more than the maximum are
 * refused with the editors' message key, never rounded. An order's total cannot be unset, so empty is refused too.
 * Undefined when the currency is not one Comet prices in (the page always sends the order's).
 */
function priceField(
  value: FormDataEntryValue | null,
  currencyCode: string,
): { priceAmount: number } | { error: PriceInputError } | undefined {
  if (!isCurrencyCode(currencyCode)) return undefined;
  const priceAmount = parsePrice(typeof value === "string" ? value : "", currencyCode);
  return priceAmount === null || priceAmount === undefined ? { error: priceInputError(currencyCode) } : { priceAmount };
}

type FormAction = OrderAction | { type: "updateServiceDetails"; details: ServiceDetails };

/**
 * `writtenIn`: the seller's input language, which the service details they type are stored under. A refused field
 * comes back as `errors` (message keys by field name); null is a post no page sends.
 */
function actionOf(form: FormData, writtenIn: "en" | "ja"): FormAction | { errors: Record<string, string> } | null {
  const intent = String(form.get("intent") ?? "");
  if (intent === "setStages") return setStagesAction(form);
  if (intent === "updateServiceDetails") {
    // The category select always posts (empty for none); a post without the field leaves the categories as they are.
    const categoryCode = form.has("categoryCode") ? String(form.get("categoryCode")) : undefined;
    const details = serviceDetailsOf({
      title: String(form.get("title") ?? ""),
      description: String(form.get("description") ?? ""),
      languageCode: writtenIn,
      categoryCode,
    });
    return details ? { type: "updateServiceDetails", details } : null;
  }
  if (intent === "updatePrice") {
    const currency = String(form.get("currency") ?? "");
    const price = priceField(form.get("price"), currency);
    if (!price) return null;
    // The currency goes with the amount: the order refuses one that is not its own rather than read ¥ for $.
    return "error" in price
      ? { errors: { price: price.error } }
      : { type: "updatePrice", priceAmount: price.priceAmount, currency };
  }
  if (intent === "updateSchedule") {
    const estimatedStart = dateField(form.get("estimatedStart"));
    const estimatedDelivery = dateField(form.get("estimatedDelivery"));
    if (estimatedStart === undefined || estimatedDelivery === undefined) return null;
    const errors = Object.fromEntries(
      Object.entries({ estimatedStart, estimatedDelivery }).flatMap(([field, value]) =>
        value !== null && typeof value === "object" ? [[field, value.error]] : [],
      ),
    );
    if (Object.keys(errors).length > 0) return { errors };
    return {
      type: "updateSchedule",
      estimatedStart: estimatedStart as number | null,
      estimatedDelivery: estimatedDelivery as number | null,
    };
  }
  return null;
}

/**
 * The seller's milestones of a pending order (decision 073), typed in the editors' rows and read by their rule; the
 * object refuses them once the order is no longer pending. A refused plan answers with its messages by field.
 */
function setStagesAction(form: FormData): FormAction | { errors: Record<string, string> } {
  const parsed = parseStagePlanRows(stagePlanRowsFrom(form));
  return parsed.ok ? { type: "setStages", plan: parsed.plan } : { errors: parsed.errors };
}

/**
 * An order page's form post: the action goes to the order's Durable Object, which checks the caller is the seller and
 * every rule. Spec section 8: a refused approve, deliver, complete, cancel or update is only logged. A field typed
 * wrong (the price) is answered with its message in the user's language, and nothing is sent.
 */
export async function actOnOrder(context: Context, user: SessionUser, request: Request) {
  const { env, locale } = context.get(requestContext);
  const form = await readFormData(request, locale);
  const orderId = String(form.get("orderId") ?? "");
  const answered = await runOrderIntent(context, user, form);
  if (answered) return answered;
  if (STAGE_INTENTS.has(String(form.get("intent")))) return actOnStage(context, user, orderId, form);
  if (REVIEW_INTENTS.has(String(form.get("intent")))) return actOnReview(context, user, orderId, form);
  const action = actionOf(form, inputLanguageOf(user));
  if (action && "errors" in action)
    return data(
      {
        ok: false as const,
        intent: String(form.get("intent") ?? ""),
        errors: translateAuthoringErrors(action.errors, locale),
      },
      { status: 400 },
    );
  const { commissionAccountId } = user;
  if (!orderId || !action)
    return data({ ok: false as const, intent: String(form.get("intent") ?? "") }, { status: 400 });
  const order = orderStub(env.ORDER, orderId);
  const result =
    "details" in action
      ? await order.updateServiceDetails(action.details, { commissionAccountId })
      : await order.act(action, { commissionAccountId });
  if (result.status === "refused" && result.refusal === "unknown_category") {
    return data(
      {
        ok: false as const,
        intent: action.type,
        errors: translateAuthoringErrors({ categoryCode: "authoring_category" }, locale),
      },
      { status: 400 },
    );
  }
  if (result.status !== "done") {
    console.warn(
      `order ${orderId}: ${action.type} ${result.status === "refused" ? `refused (${result.refusal})` : "not found"}`,
    );
    return data({ ok: false as const, intent: action.type }, { status: result.status === "not_found" ? 404 : 409 });
  }
  // An approval takes a slot, an end frees one: the creator's public pages show their slots (decision 091).
  if (SLOT_MOVES.has(action.type))
    context.get(requestContext).executionCtx.waitUntil(purgeSlotPagesOfOrder(context.get(requestContext).db, orderId));
  // What the seller just wrote for the client (an edit is a new text, translated anew).
  const written =
    "details" in action
      ? [action.details.title, action.details.description]
      : action.type === "setStages"
        ? action.plan.map((stage) => stage.title)
        : [];
  translateInBackground(env, context.get(requestContext).executionCtx, {
    texts: written,
    writerAccountId: user.accountId,
  });
  return { ok: true as const, intent: action.type };
}

// ───────────────────────── the stage moves (decision 073) ─────────────────────────

const STAGE_INTENTS = new Set(["approveStage", "requestRevision", "grantRevision"]);

type StageMove =
  | { type: "approveStage" | "grantRevision"; stage: number }
  | { type: "requestRevision"; stage: number; comment: string | null };

/** The stage move a timeline form posts: the stage's index, and the client's comment with a revision request. */
function stageMoveOf(form: FormData): StageMove | null {
  const type = String(form.get("intent"));
  const stage = Number(form.get("stage"));
  if (!Number.isInteger(stage) || stage < 0) return null;
  if (type === "requestRevision") return { type, stage, comment: revisionCommentOf(String(form.get("comment") ?? "")) };
  return type === "approveStage" || type === "grantRevision" ? { type, stage } : null;
}

/**
 * A timeline's post: the client approves the preview under review or asks for a revision with a comment, the creator
 * allows one more revision. The Order object checks the caller's side and the stage; a revision request keeps the
 * comment in the transition's batch (`requestStageRevision`). A comment blank or too long is answered on its field.
 */
async function actOnStage(context: Context, user: SessionUser, orderId: string, form: FormData) {
  const { env } = context.get(requestContext);
  const move = stageMoveOf(form);
  const intent = String(form.get("intent"));
  if (!orderId || !move) return data({ ok: false as const, intent }, { status: 400 });
  if (move.type === "requestRevision" && move.comment === null)
    return data({ ok: false as const, intent, errors: { comment: m.orders_stage_comment_error() } }, { status: 400 });
  const caller = { commissionAccountId: user.commissionAccountId };
  const order = orderStub(env.ORDER, orderId);
  const result =
    move.type === "requestRevision"
      ? await order.requestStageRevision(move.stage, move.comment!, caller)
      : await order.act({ type: move.type, stage: move.stage }, caller);
  if (result.status !== "done") {
    console.warn(
      `order ${orderId}: ${move.type} ${result.status === "refused" ? `refused (${result.refusal})` : "not found"}`,
    );
    return data({ ok: false as const, intent }, { status: result.status === "not_found" ? 404 : 409 });
  }
  if (move.type === "requestRevision")
    translateInBackground(env, context.get(requestContext).executionCtx, {
      texts: [move.comment],
      writerAccountId: user.accountId,
    });
  return { ok: true as const, intent };
}
