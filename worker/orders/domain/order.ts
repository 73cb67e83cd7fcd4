/**
 * The order's rules (spec section 4; docs/decisions/020): who may do what to an order in which state, and what each
 * accepted action changes. Pure: the Order Durable Object (the only writer of an order) asks `decide` and applies
 * the answer; the time is an argument. A refused action changes nothing and says why. The rules themselves are one
 * table, the order process (order-process.ts, decision 082); this file names the order's shapes and reads the table.
 */
import { MONEY_STEPS } from "./order-effects";
import {
  actsAs,
  DEADLINES,
  heldByDispute,
  ORDER_PROCESS,
  processStateOf,
  type ActionType,
  type AnyTransition,
  type ProcessFacts,
} from "./order-process";
import { currentStageIndex } from "./order-stages";
import type {
  MoneyEffect,
  OrderAction,
  OrderActor,
  OrderEventType,
  OrderRefusal,
  OrderState,
  Outcome,
  PaymentRelease,
} from "./order-types";
import { hasUnstorableCharacters, isBlankText, normalizeText, textLength } from "../../domain/text";
import type { Locale } from "../../domain/locales";

/**
 * The service details the seller may edit (commissionOrderService.updateSeller, spec sections 5 and 7): title and
 * description, and the optional categoryCode of spec section 5's "Service details form".
 */
export const ORDER_DETAILS_TITLE_MAX = 200;
export const ORDER_DETAILS_DESCRIPTION_MAX = 5000;
export interface ServiceDetails {
  title: string;
  description: string;
  languageCode: Locale;
  /**
   * The order's category: a catalogue code (checked against the catalogue where it is stored), null for none;
   * absent, the order keeps the categories it has.
   */
  categoryCode?: string | null;
}
/** What a category code looks like (the catalogue's codes: "character-illustration"); anything else names none. */
export const isCategoryCodeShape = (code: string) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(code) && code.length <= 64;
/**
 * Normalized details (text.ts), or null when the title is blank, either text too long or not storable. A category
 * code is trimmed, and empty means none; whether it names a category is the catalogue's to say, not this function's.
 */
export function serviceDetailsOf(input: {
  title: string;
  description: string;
  languageCode: Locale;
  categoryCode?: string | null;
}): ServiceDetails | null {
  if (hasUnstorableCharacters(input.title) || hasUnstorableCharacters(input.description)) return null;
  const title = normalizeText(input.title);
  const description = isBlankText(input.description) ? "" : normalizeText(input.description);
  if (
    isBlankText(title) ||
    textLength(title) > ORDER_DETAILS_TITLE_MAX ||
    textLength(description) > ORDER_DETAILS_DESCRIPTION_MAX
  )
    return null;
  const details: ServiceDetails = { title, description, languageCode: input.languageCode };
  if (input.categoryCode !== undefined) details.categoryCode = input.categoryCode?.trim() || null;
  return details;
}

/** The caller's side of the order: seller or buyer by commission account, else none. */
export function partyOf(
  order: Pick<OrderState, "sellerId" | "buyerId">,
  commissionAccountId: string | null,
): "seller" | "buyer" | null {
  if (!commissionAccountId) return null;
  if (commissionAccountId === order.sellerId) return "seller";
  if (commissionAccountId === order.buyerId) return "buyer";
  return null;
}

export type Decision =
  /**
   * `money`: the taken row's money tag, whose rows the object's batch writes (a paid transaction, a payout);
   * `releases`: money the tag's step gives back, which the object voids or refunds at Stripe once it is stored (a
   * deposit order's cancel may void its rest's intent and refund both parts' charges).
   */
  | {
      ok: true;
      changed: true;
      next: OrderState;
      event: OrderEventType;
      money: MoneyEffect;
      releases?: PaymentRelease[];
    }
  /** Already in effect (a repeated payment notice, say): nothing to do, and nothing to log. */
  | { ok: true; changed: false }
  | { ok: false; refusal: OrderRefusal };

/**
 * Editability (spec section 4), one predicate per part of the order: whether the state is one the edit's row leaves
 * from. Each reads only progress and payment.
 */
type Editability = Pick<OrderState, "progress" | "payment">;
const editableIn = (name: string) => (o: Editability) => transitionNamed(name).from.includes(processStateOf(o));
export const editable = {
  price: editableIn("updatePrice"),
  chatSettings: editableIn("updateChatSettings"),
  serviceDetails: editableIn("updateServiceDetails"),
  schedule: editableIn("updateSchedule"),
  addDeliverable: editableIn("addDeliverable"),
  deleteDeliverable: editableIn("deleteDeliverable"),
  stages: editableIn("setStages"),
};

/** A new order's deadlines, from its submission time. */
export function submittedOrderDeadlines(submittedAt: number) {
  return { approvalDeadline: submittedAt + DEADLINES.approvalMs };
}

/** Whether this actor may start paying for the order now; null when they may (the startPayment row's refusal). */
export function paymentBlock(o: OrderState, actor: OrderActor): OrderRefusal | null {
  return actorRefusal("startPayment", actor) ?? transitionRefusal(transitionNamed("startPayment"), o, 0);
}

// ───────────────────────── reading the process table ─────────────────────────

/** The row of the order process by its name. */
export const transitionNamed = (name: string): AnyTransition => ORDER_PROCESS.find((t) => t.name === name)!;
const transitionsOn = (type: ActionType) => ORDER_PROCESS.filter((t) => t.on === type);

/** Why this actor may not take any transition of the action: the action belongs to someone else. */
function actorRefusal(type: ActionType, actor: OrderActor): OrderRefusal | null {
  const actors = transitionsOn(type).map((t) => actsAs(t.actor));
  if (actors.includes(actor)) return null;
  if (actors.every((a) => a === "system")) return "system_only";
  if (actor === "seller" && actors.includes("buyer")) return "buyer_only";
  if (actor === "buyer" && actors.includes("seller")) return "seller_only";
  return "not_a_party";
}

/**
 * Why the transition cannot be taken from this state now, or null: outside its from-states, a stage action naming
 * another stage than the current one, then its guards in order. Without an action (a page asking what it may offer)
 * the stage is the current one.
 */
export function transitionRefusal(
  t: AnyTransition,
  o: ProcessFacts,
  now: number,
  action?: OrderAction,
): OrderRefusal | null {
  if (!t.from.includes(processStateOf(o))) {
    const outside = t.refusedOutside ?? "wrong_state";
    return typeof outside === "function" ? outside(o) : outside;
  }
  if (t.onCurrentStage) {
    const current = currentStageIndex(o.stages);
    const named = action && "stage" in action ? action.stage : current;
    if (current === null || named !== current) return "stage_not_current";
  }
  return t.guards?.find((g) => !g.holds(o, now))?.refusal ?? null;
}

/** Among the rows sharing an action and actor, the one that applies now; a time-based one once its deadline passed. */
function applies(t: AnyTransition, o: OrderState, action: OrderAction, now: number): boolean {
  if (t.at) {
    if (!t.from.includes(processStateOf(o))) return false;
    const deadline = t.at(o);
    if (deadline === null || deadline > now) return false;
  }
  return t.when ? (t.when as (o: OrderState, a: OrderAction) => boolean)(o, action) : true;
}

/** The transition the action asks for: refused, nothing to do, or the row to take. */
export function transitionFor(
  o: OrderState,
  action: OrderAction,
  actor: OrderActor,
  now: number,
): { refusal: OrderRefusal } | "unchanged" | { transition: AnyTransition } {
  const refusal = actorRefusal(action.type, actor);
  if (refusal) return { refusal };
  const mine = transitionsOn(action.type).filter((t) => actsAs(t.actor) === actor);
  const transition =
    mine.length === 1 && !mine[0]!.at && !mine[0]!.when ? mine[0] : mine.find((t) => applies(t, o, action, now));
  if (!transition) return "unchanged";
  const refused = transitionRefusal(transition, o, now, action);
  return refused ? { refusal: refused } : { transition };
}

/**
 * What the action does to the order, by the process table (order-process.ts): the row the action and actor ask for,
 * refused when the state is not one of its from-states or a guard fails, else its effect, logged as its event.
 */
export function decide(o: OrderState, action: OrderAction, actor: OrderActor, now: number): Decision {
  const found = transitionFor(o, action, actor, now);
  if (found === "unchanged") return { ok: true, changed: false };
  if ("refusal" in found) return { ok: false, refusal: found.refusal };
  const { transition } = found;
  const outcome = (transition.effect as (o: OrderState, a: OrderAction, now: number) => Outcome)(o, action, now);
  if (outcome === "unchanged") return { ok: true, changed: false };
  if ("refusal" in outcome) return { ok: false, refusal: outcome.refusal };
  // The row's money column: its step gives back what the transition ends (decision 047).
  const { money, event } = transition;
  const { next, releases } = MONEY_STEPS[money](o, outcome.next, action);
  return releases?.length
    ? { ok: true, changed: true, next, event, money, releases }
    : { ok: true, changed: true, next, event, money };
}

/** The deadline whose passing changes the order, if any: the one the object's alarm is set to (the time-based rows'). */
export function pendingDeadline(o: OrderState): number | null {
  const state = processStateOf(o);
  // A paid order may wait on two at once (a stage's review and a request to move its delivery date): the sooner.
  const deadlines = ORDER_PROCESS.filter((t) => t.at && t.from.includes(state))
    .map((t) => t.at!(o))
    .filter((at): at is number => at !== null);
  return deadlines.length > 0 ? Math.min(...deadlines) : null;
}

/**
 * Whether a party's transition is open to them now, for the page: shown when the state is one of its from-states (and,
 * for a stage action, there is a current stage); `blockedBy` is the first of its guards that does not hold (the
 * button disabled, and why). The Order object checks all of it again (`decide`).
 */
export function openTransition(
  name: string,
  o: ProcessFacts,
  now: number,
): { shown: boolean; blockedBy: OrderRefusal | null } {
  const t = transitionNamed(name);
  // A move an open dispute holds back is not offered until it is settled (decision 088).
  const shown =
    t.from.includes(processStateOf(o)) &&
    (!t.onCurrentStage || currentStageIndex(o.stages) !== null) &&
    !heldByDispute(t, o);
  return { shown, blockedBy: t.guards?.find((g) => !g.holds(o, now))?.refusal ?? null };
}
