/**
 * Paying in parts (issue 63, docs/decisions/100): a creator may ask, at approval, for a deposit, a percentage of the
 * total they set, with the rest due at delivery. Each part is its own PaymentIntent: the deposit is paid as any order
 * is (the client's Pay, 3-D Secure in the page); the rest is charged off-session on the card the deposit was paid
 * with when the work is delivered, and the client is asked in the page when the bank wants 3-D Secure or the card
 * fails. Until the rest is paid the delivered files stay closed and the completion clock does not run; a rest unpaid
 * at its payment deadline cancels the order as an unpaid order is.
 *
 * The creator's terms say whether the deposit is refunded when the client walks away after the work started (the
 * client cancels before delivery, or leaves the rest unpaid): `refundable`, or kept. A creator who cancels, or is late,
 * always refunds it; an admin's settlement decides by itself, with the terms in front of them.
 *
 * Pure. Amounts are integer minor units of the order's currency.
 */
import { percentOf } from "./price-lines";
import type { OrderState, RestFailure } from "./order-types";

export type { DepositTerms, RestFailure } from "./order-types";

/** A deposit's share of the total, in whole percents: at least a tenth, and never the whole. */
export const DEPOSIT_PERCENT_MIN = 10;
export const DEPOSIT_PERCENT_MAX = 90;

/** Why the rest's off-session charge did not go through: the bank wants the client, or the card was refused. */
export const REST_FAILURES: readonly RestFailure[] = ["authentication_required", "declined"];

/**
 * The smallest part Stripe charges in Comet's currencies: ¥50 and $0.50 are both 50 minor units. Each part is its own
 * charge, so a deposit that leaves either part below it cannot be paid.
 */
const PART_MINIMUM = 50;

/** Whether this deposit of this total makes two parts Stripe can each charge. */
export function depositFits(total: number, percent: number): boolean {
  const deposit = depositAmount(total, percent);
  return deposit >= PART_MINIMUM && total - deposit >= PART_MINIMUM;
}

/** Whole percents within the bounds; anything else is no deposit the order takes. */
export const isDepositPercent = (percent: number) =>
  Number.isInteger(percent) && percent >= DEPOSIT_PERCENT_MIN && percent <= DEPOSIT_PERCENT_MAX;

/** The deposit of a total: its percent, half up, and always at least one unit and one less than the total. */
export function depositAmount(total: number, percent: number): number {
  return Math.min(total - 1, Math.max(1, percentOf(total, percent)));
}

type PartFacts = Pick<OrderState, "progress" | "payment" | "priceAmount"> &
  Partial<Pick<OrderState, "deposit" | "paidRest">>;

/** The two parts of a deposit order's total; null for an order paid at once. */
export function partsOf(o: Pick<OrderState, "priceAmount" | "deposit">): { deposit: number; rest: number } | null {
  if (!o.deposit || o.priceAmount === null) return null;
  const deposit = depositAmount(o.priceAmount, o.deposit.percent);
  return { deposit, rest: o.priceAmount - deposit };
}

/** What the first payment charges: the deposit, or the whole total. */
export const firstPartAmount = (o: Pick<OrderState, "priceAmount" | "deposit">): number | null =>
  partsOf(o)?.deposit ?? o.priceAmount;

/** The rest of a deposit order is due: delivered, and not yet paid. */
export const restDue = (o: Pick<PartFacts, "progress" | "deposit" | "paidRest">): boolean =>
  Boolean(o.deposit) && o.progress === "DELIVERED" && !o.paidRest;

/**
 * What the open payment must charge now, or null when nothing is due: the first part of an approved unpaid order, the
 * rest of a delivered deposit order.
 */
export function dueAmount(o: PartFacts): number | null {
  if (o.progress === "APPROVED" && o.payment !== "COMPLETED") return firstPartAmount(o);
  if (restDue(o)) return partsOf(o)!.rest;
  return null;
}

/** What the client has paid of the total: nothing, the deposit, or all of it. */
export function paidTotal(o: PartFacts): number {
  if (o.payment !== "COMPLETED") return 0;
  const parts = partsOf(o);
  return parts && !o.paidRest ? parts.deposit : (o.priceAmount ?? 0);
}

/**
 * The client walks away from a deposit order by cancelling it before a late delivery (a late one is the creator's
 * failing): the cancelByBuyerAfterDeposit row's rule, which the cancel prompt reads too.
 */
export const clientWalksAway = (
  o: Pick<OrderState, "deliveryDeadline"> & Partial<Pick<OrderState, "deposit">>,
  now: number,
) => Boolean(o.deposit) && !(o.deliveryDeadline !== null && now > o.deliveryDeadline);

/**
 * The deposit the creator keeps when the client walks away (their cancel before delivery, or the rest unpaid): all of
 * it under a kept deposit's terms, nothing under refundable ones or when no deposit was paid.
 */
export function depositKeptOnWalkAway(o: PartFacts): number {
  const parts = partsOf(o);
  if (!parts || o.deposit!.refundable || o.payment !== "COMPLETED") return 0;
  return parts.deposit;
}
