/**
 * How a form's choice is priced, read from what the editor posts (issue 63, decision 099): its kind, amount, percent,
 * most count, licence and rush days by the rules of worker/orders/domain/price-lines.ts. Pure; commission-form.ts's
 * parse calls it for each choice. Errors are message keys of messages/authoring, keyed by the field they belong to, so
 * the editor shows each under its own input.
 */
import type { QuestionType } from "../db/schema/enums";
import { CURRENCY_DIGITS, type CurrencyCode } from "./currency";
import { parsePrice, priceInputError } from "./pricing";
import type { LicenceTag } from "../orders/domain/licence";
import {
  CHOICE_AMOUNT_MAX,
  EACH_COUNT_MAX,
  PRICE_PERCENT_MAX,
  PRICE_PERCENT_MIN,
  RUSH_DAYS_MAX,
  RUSH_DAYS_MIN,
  type PriceKind,
} from "../orders/domain/price-lines";

interface ChoicePricingInput {
  price: string;
  priceKind: PriceKind;
  percent: string;
  maxCount: string;
  licence: LicenceTag | "";
  rushDays: string;
}

/** A choice's pricing as stored (commission_form_question_choices): only the fields its kind uses are set. */
export interface ParsedChoicePricing {
  priceKind: PriceKind;
  /** Minor units; null when unpriced (an `add` left blank) and always for `percent`. */
  priceAmount: number | null;
  pricePercent: number | null;
  maxCount: number | null;
  licence: LicenceTag | null;
  rushDays: number | null;
}

/** The fields of a choice an error may sit on (the editor's inputs). */
type ChoicePricingField = "price" | "priceKind" | "percent" | "maxCount" | "rushDays";

type ChoicePricingErrors = Partial<Record<ChoicePricingField, string>>;

/** A whole number typed into a field ("30", " 30 ", "30%" for a percent); null when it is not one. */
function wholeNumber(input: string, allowPercentSign = false): number | null {
  let s = input.trim();
  if (allowPercentSign) s = s.replace(/\s*[%％]$/, "");
  return /^\d{1,7}$/.test(s) ? Number(s) : null;
}

const within = (n: number | null, min: number, max: number): n is number => n !== null && n >= min && n <= max;

/** A price too large for a choice, told apart from one mistyped (parsePrice refuses both alike). */
function exceedsChoiceMax(input: string, currency: CurrencyCode): boolean {
  const s = input.trim().replace(/,/g, "");
  if (!/^\d+(\.\d+)?$/.test(s)) return false;
  return Number(s) * 10 ** CURRENCY_DIGITS[currency] > CHOICE_AMOUNT_MAX;
}

/** The amount typed, in minor units: null when blank, a message key when refused. */
function choiceAmount(input: string, currency: CurrencyCode): number | null | { error: string } {
  if (exceedsChoiceMax(input, currency)) return { error: "authoring_choice_amount_max" };
  const amount = parsePrice(input, currency);
  if (amount === undefined) return { error: priceInputError(currency) };
  return amount;
}

/**
 * A choice's pricing by the rules: `add`, `plan` and `each` carry an amount (blank is unpriced, for `add` only); a
 * `percent` carries a whole percent and no amount; an `each` its most count; a `plan` sets the base, which only one
 * pick of a question can do (a single-choice question). Rush days and the licence are any kind's.
 */
export function parseChoicePricing(
  input: ChoicePricingInput,
  questionType: QuestionType,
  currency: CurrencyCode,
): { ok: true; pricing: ParsedChoicePricing } | { ok: false; errors: ChoicePricingErrors } {
  const errors: ChoicePricingErrors = {};
  const kind = input.priceKind;
  let priceAmount: number | null = null;
  if (kind === "percent") {
    if (input.price.trim() !== "") errors.price = "authoring_choice_percent_no_price";
  } else {
    const amount = choiceAmount(input.price, currency);
    if (amount !== null && typeof amount === "object") errors.price = amount.error;
    else if (kind !== "add" && !(amount !== null && amount > 0)) errors.price = "authoring_choice_price_required";
    else priceAmount = amount;
  }
  if (kind === "plan" && questionType !== "SINGLE_CHOICE") errors.priceKind = "authoring_choice_plan_single";
  const percent = kind === "percent" ? wholeNumber(input.percent, true) : null;
  if (kind === "percent" && !within(percent, PRICE_PERCENT_MIN, PRICE_PERCENT_MAX))
    errors.percent = "authoring_choice_percent";
  const maxCount = kind === "each" ? wholeNumber(input.maxCount) : null;
  if (kind === "each" && !within(maxCount, 1, EACH_COUNT_MAX)) errors.maxCount = "authoring_choice_max_count";
  const rushDays = input.rushDays.trim() === "" ? null : wholeNumber(input.rushDays);
  if (input.rushDays.trim() !== "" && !within(rushDays, RUSH_DAYS_MIN, RUSH_DAYS_MAX))
    errors.rushDays = "authoring_choice_rush_days";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    pricing: {
      priceKind: kind,
      priceAmount,
      pricePercent: percent,
      maxCount,
      licence: input.licence || null,
      rushDays,
    },
  };
}
