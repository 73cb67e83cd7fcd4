/**
 * What the order's own doors answer (spec section 7): the order's statuses, price, dates, deliverables and stages after
 * the action, and `money`, what the action did with the client's money when it gave any back. A refusal is its key with
 * its words where the order words them (`orderRefusalMessage`); a stranger is told 404.
 */
import type { OrderAction } from "./domain/order-types";
import type { DeliverableResult, OrderActResult, ServiceDetailsResult } from "./domain/order-contract";
import { translateAuthoringErrors } from "../messages/authoring";
import { orderRefusalMessage } from "../messages/orders";
import { translateInBackground } from "./services/order-translations";
import { purgeSlotPagesOfOrder, SLOT_MOVES } from "../services/waitlist";
import { type CommandContext, NOT_FOUND, type Outcome, type Refusal } from "./command";
import { orderStub } from "./order-stub";

/** Refusals that are the caller's input, not the order's state: 400. The rest are 409. */
const INPUT_REFUSALS = new Set([
  "price_invalid",
  "schedule_invalid",
  "too_many_files",
  "invalid_request",
  "deposit_invalid",
  "by_stage_invalid",
]);
/** A party doing the other party's action is told why (409); only someone who is no party is told 404. */
const STRANGER_REFUSALS = new Set(["not_a_party"]);

export type OrderResult = OrderActResult | DeliverableResult | ServiceDetailsResult;

/** The order page answers the order's refusals 409 and unworded, a stranger's too (it shows the order as it was). */
const PAGE_REFUSAL = { page: { status: 409 as const } };

/** A refusal of the order's, worded in the caller's language where the order words it. */
function orderRefusal(refusal: string, context: Pick<CommandContext, "locale">): Refusal {
  if (STRANGER_REFUSALS.has(refusal)) return { ...NOT_FOUND, ...PAGE_REFUSAL };
  if (refusal === "unknown_category") {
    // The editors' own message for a category not in the list, by field as they answer it.
    const errors = translateAuthoringErrors({ categoryCode: "authoring_category" }, context.locale);
    return { status: 400, error: refusal, message: errors.categoryCode, errors };
  }
  const message = orderRefusalMessage(refusal, context.locale);
  const status = INPUT_REFUSALS.has(refusal) ? 400 : 409;
  return { status, error: refusal, ...(message !== null && { message }), ...PAGE_REFUSAL };
}

export function orderOutcome(result: OrderResult, context: Pick<CommandContext, "locale">): Outcome {
  // Outside production: the order object's own D1 round trips, beside the Worker's (`npm run bench:orders`).
  const headers =
    "d1RoundTrips" in result && result.d1RoundTrips !== undefined
      ? { "X-Order-D1-Round-Trips": String(result.d1RoundTrips) }
      : undefined;
  if (result.status === "not_found") return { ok: false, ...NOT_FOUND, headers };
  if (result.status === "refused") return { ok: false, ...orderRefusal(result.refusal, context), headers };
  const { progress, payment, chat, priceAmount, estimatedStart, estimatedDelivery, deliverableCount, stages } =
    result.state;
  const data = {
    orderProgressStatus: progress,
    orderPaymentStatus: payment,
    orderChatStatus: chat,
    priceAmount,
    estimatedStart,
    estimatedDelivery,
    deliverableCount,
    stages,
    money: result.money ?? null,
  };
  return { ok: true, data, headers };
}

/**
 * An action of the caller's on the order, handed to its object, which checks who asks and every rule. An approval
 * takes a slot and an end frees one, so the creator's public pages are purged (decision 091); `written` is what the
 * caller just wrote for the other party, translated for them once the action is done (decision 078).
 */
export async function actOnOrder(
  context: CommandContext,
  orderId: string,
  action: OrderAction,
  written: readonly string[] = [],
): Promise<Outcome> {
  const result = await orderStub(context.env.ORDER, orderId).act(action, { userAccountId: context.user.accountId });
  return afterAction(context, orderId, action.type, result, written);
}

/** What follows any done action: the slot pages' purge, the written texts' translation; then the answer. */
export function afterAction(
  context: CommandContext,
  orderId: string,
  type: string,
  result: OrderResult,
  written: readonly string[] = [],
): Outcome {
  if (result.status === "done" && SLOT_MOVES.has(type))
    context.executionCtx.waitUntil(purgeSlotPagesOfOrder(context.db, orderId));
  if (result.status === "done" && written.length > 0)
    translateInBackground(context.env, context.executionCtx, {
      texts: [...written],
      writerAccountId: context.user.accountId,
    });
  return orderOutcome(result, context);
}
