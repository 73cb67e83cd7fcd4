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
 * A milestone plan (decision 073) may be paid stage by stage instead (decision 101): the creator asks for it at
 * approval, the client pays the first stage's part as any order is paid, and each later stage's part is charged
 * off-session on the same card when the stage before it is approved, its preview waiting until it is paid. Each stage's
 * charge is kept on the stage (`OrderStage.payment`). A stage part unpaid at its payment deadline ends the order: the
 * approved stages stay with the creator, and nothing else was paid.
 *
 * Pure. Amounts are integer minor units of the order's currency.
 */
import { percentOf } from "./price-lines";
import { currentStageIndex, stageAmounts } from "./order-stages";
import type { OrderState, PaymentRef, RestFailure } from "./order-types";

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
  Partial<Pick<OrderState, "deposit" | "paidRest" | "stages">>;

/**
 * Whether a staged order is paid stage by stage (decision 101): its stages carry their own charges, null until paid. A
 * plan paid at once has none (`payment` absent), as every order had before.
 */
export const paysByStage = (o: Partial<Pick<OrderState, "stages">>): boolean =>
  Boolean(o.stages?.length) && o.stages!.every((stage) => stage.payment !== undefined);

/** Whether a plan of this total can be paid stage by stage: two stages or more, each one charge Stripe takes. */
export const byStageFits = (total: number, stages: NonNullable<PartFacts["stages"]>): boolean =>
  stages.length >= 2 && stageAmounts(total, stages).every((amount) => amount >= PART_MINIMUM);

/**
 * The stage whose own part is due (decision 101), or null: an order paid stage by stage, its first stage paid, has
 * reached a later stage not yet paid. The stage's preview waits for it.
 */
export function stageDue(o: Pick<PartFacts, "progress" | "payment" | "stages">): number | null {
  if (!paysByStage(o) || o.progress !== "APPROVED" || o.payment !== "COMPLETED") return null;
  const index = currentStageIndex(o.stages!);
  return index !== null && index > 0 && !o.stages![index]!.payment ? index : null;
}

/** A part after the first is due: a deposit order's rest, or the stage an order paid stage by stage has reached. */
export const laterPartDue = (o: PartFacts): boolean => restDue(o) || stageDue(o) !== null;

/**
 * The payments the client has made for this order, first paid first: the one payment, a deposit and its rest, or each
 * stage's of an order paid stage by stage.
 */
export function paidParts(o: Pick<OrderState, "paidPayment"> & Partial<Pick<OrderState, "paidRest" | "stages">>) {
  if (paysByStage(o)) return o.stages!.flatMap((stage) => (stage.payment ? [stage.payment] : []));
  return [o.paidPayment, o.paidRest].filter((payment): payment is PaymentRef => Boolean(payment));
}

/** The two parts of a deposit order's total; null for an order paid at once. */
export function partsOf(o: Pick<OrderState, "priceAmount" | "deposit">): { deposit: number; rest: number } | null {
  if (!o.deposit || o.priceAmount === null) return null;
  const deposit = depositAmount(o.priceAmount, o.deposit.percent);
  return { deposit, rest: o.priceAmount - deposit };
}

/** What the first payment charges: the deposit, the first stage's part of an order paid stage by stage, or the total. */
export function firstPartAmount(o: Pick<OrderState, "priceAmount" | "deposit"> & Partial<Pick<OrderState, "stages">>) {
  if (o.priceAmount !== null && paysByStage(o)) return stageAmounts(o.priceAmount, o.stages!)[0]!;
  return partsOf(o)?.deposit ?? o.priceAmount;
}

/** The rest of a deposit order is due: delivered, and not yet paid. */
export const restDue = (o: Pick<PartFacts, "progress" | "deposit" | "paidRest">): boolean =>
  Boolean(o.deposit) && o.progress === "DELIVERED" && !o.paidRest;

/**
 * What the open payment must charge now, or null when nothing is due: the first part of an approved unpaid order, the
 * rest of a delivered deposit order, the reached stage's part of an order paid stage by stage.
 */
export function dueAmount(o: PartFacts): number | null {
  if (o.progress === "APPROVED" && o.payment !== "COMPLETED") return firstPartAmount(o);
  if (restDue(o)) return partsOf(o)!.rest;
  const stage = stageDue(o);
  if (stage !== null) return stageAmounts(o.priceAmount ?? 0, o.stages!)[stage]!;
  return null;
}

/** What the client has paid of the total: nothing, the deposit, the stages paid so far, or all of it. */
export function paidTotal(o: PartFacts): number {
  if (o.payment !== "COMPLETED") return 0;
  if (paysByStage(o)) {
    const amounts = stageAmounts(o.priceAmount ?? 0, o.stages!);
    return o.stages!.reduce((sum, stage, i) => (stage.payment ? sum + amounts[i]! : sum), 0);
  }
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
