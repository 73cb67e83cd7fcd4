/**
 * What a request costs as the client chooses (issue 63, decision 099): the lines and total by `priceLines`, the same
 * rule the server prices the order with, so the total shown before Send is the total the order starts at; the licence
 * the picks grant (`licenceOf`); and which choices the page offers (a rush choice only while rush is offered). Pure: the
 * summary (price-summary.tsx), the choice list (question-field.tsx) and the payload (request-draft.ts) read it.
 */
import type { LicenceTag } from "#worker/orders/domain/licence";
import { licenceOf, type Licence } from "#worker/orders/domain/licence";
import {
  countOf,
  priceLines,
  type PickedChoice,
  type PriceKind,
  type PriceLine,
} from "#worker/orders/domain/price-lines";
import { toDisplayPrice, type DisplayPrice } from "#worker/domain/pricing";
import type { PriceContext } from "#worker/services/price-book";

/** A public choice's price as the catalog gives it (`PublicFormChoice.pricing`): amounts in minor units. */
export interface ChoicePricing {
  kind: PriceKind;
  amount: number | null;
  currencyCode: string | null;
  percent: number | null;
  maxCount: number | null;
  licence: LicenceTag | null;
  rushDays: number | null;
}

/** What the price reads of a question: its choices with their prices. */
export interface PricedQuestion {
  id: string;
  choices: readonly { id: string; title: string; pricing: ChoicePricing }[];
}

/** What the page knows of the request's price besides its choices. */
export interface RequestPricing {
  /** The service's (or form's) own price, minor units of its currency; the lines' currency. */
  basePrice: { amount: number | null; currencyCode: string };
  /** A request now takes a free slot nobody waits for: rush choices are shown and accepted (decision 091). */
  rushOffered: boolean;
  /** The viewer's display currency and its rates, for the approximate total; none shows the total alone. */
  prices?: PriceContext | null;
}

/** What the draft holds of one question's picks. */
interface PickDraft {
  choiceIds: readonly string[];
  counts?: Readonly<Record<string, number>>;
}

/** A rush choice is offered only while rush is: otherwise it is not shown, and an earlier pick of it is not sent. */
export const isOffered = (pricing: Pick<ChoicePricing, "rushDays"> | undefined, rushOffered: boolean) =>
  rushOffered || !pricing?.rushDays;

/** A picked choice with the question it answers and how many (1 but for `each`). */
export interface ChosenChoice {
  questionId: string;
  choice: PricedQuestion["choices"][number];
  count: number;
}

/** The choices picked and still offered, in the questions' order, then each question's picks in the order made. */
function picksOf(
  questions: readonly PricedQuestion[],
  answers: Readonly<Record<string, PickDraft | undefined>>,
  rushOffered: boolean,
): ChosenChoice[] {
  return questions.flatMap((question) => {
    const answer = answers[question.id];
    if (!answer) return [];
    return answer.choiceIds.flatMap((id) => {
      const choice = question.choices.find((c) => c.id === id);
      if (!choice || !isOffered(choice.pricing, rushOffered)) return [];
      return [{ questionId: question.id, choice, count: pickCount(choice.pricing, answer.counts?.[id]) }];
    });
  });
}

/** The count the payload and the price use: the draft's, within 1..the choice's maximum; 1 for all but `each`. */
export function pickCount(pricing: ChoicePricing, count: number | undefined): number {
  return countOf(asChoicePrice(pricing), count ?? 1);
}

const asChoicePrice = (pricing: ChoicePricing): PickedChoice["price"] => ({
  kind: pricing.kind,
  amount: pricing.amount,
  currencyId: pricing.currencyCode,
  percent: pricing.percent,
  maxCount: pricing.maxCount,
});

export interface RequestPrice {
  lines: PriceLine[];
  /** Null when nothing is priced: the creator sets the price after hearing the request. */
  total: number | null;
  /** The lines' currency (the service's or form's). */
  currencyCode: string;
  /** The total in the viewer's display currency, when it is another one and a rate is stored. */
  approximate: DisplayPrice | null;
  licence: Licence;
}

/**
 * The request's price now. The currency is compared by code on both sides (the base's and each choice's), as the
 * server compares ids: a choice in another currency counts for nothing, the creator prices it.
 */
export function requestPrice(
  questions: readonly PricedQuestion[],
  answers: Readonly<Record<string, PickDraft | undefined>>,
  pricing: RequestPricing,
): RequestPrice {
  const picks = picksOf(questions, answers, pricing.rushOffered);
  const { currencyCode } = pricing.basePrice;
  const { lines, total } = priceLines(
    pricing.basePrice.amount,
    currencyCode,
    picks.map((pick) => ({ choiceId: pick.choice.id, price: asChoicePrice(pick.choice.pricing), count: pick.count })),
  );
  const prices = pricing.prices;
  const converted =
    total !== null && prices && prices.displayCode !== currencyCode
      ? toDisplayPrice(total, currencyCode, prices.displayCode, prices.book)
      : null;
  return {
    lines,
    total,
    currencyCode,
    approximate: converted?.approximate ? converted : null,
    licence: licenceOf(picks.map((pick) => pick.choice.pricing.licence)),
  };
}
