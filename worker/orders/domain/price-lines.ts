/**
 * A request's price as a creator's price sheet reads (issue 63, decision 099): a base, then each choice the client
 * picked adding its line. Pure, shared by the request page (the total and its lines as the client chooses), the
 * server (the order's total and its snapshot of lines) and the order page (the lines, and what the creator changed).
 *
 * - The base is the service's (or form's) price, unless the client picked a plan ("Bust-up, 20,000 yen"): a plan's
 *   price is the base instead, and plans picked in several questions add up to it.
 * - `add` adds a fixed amount ("Background +5,000"), `percent` a whole percentage of the base ("Commercial use +100%",
 *   "Rush +30%"), `each` a count times an amount ("Extra character, 8,000 each" × 2).
 * - Amounts are integer minor units of one currency (yen, cents). A choice priced in another currency is left for the
 *   creator to price, as before. A percentage rounds half up to a whole minor unit.
 * - No priced line is negative, and the lines always sum to the total. A creator's change at approval is one more
 *   line, `adjustment` (the difference, either way), added when the order is shown, never stored.
 */

import { PRICE_KINDS } from "../../db/schema/enums";

export { PRICE_KINDS };
export type PriceKind = (typeof PRICE_KINDS)[number];

/** A percentage option's bounds (whole percent of the base). */
export const PRICE_PERCENT_MIN = 1;
export const PRICE_PERCENT_MAX = 1000;
/** How many of an `each` option a client may ask for, at most (the creator sets it, up to this). */
export const EACH_COUNT_MAX = 20;
/** The largest amount one choice may carry, in minor units (10,000,000 yen; 100,000.00 dollars). */
export const CHOICE_AMOUNT_MAX = 10_000_000;

/** What a choice costs, as the creator set it. */
export interface ChoicePrice {
  kind: PriceKind;
  /** Minor units: what `add` adds, the base a `plan` sets, one of an `each`. Null for `percent` (and unpriced). */
  amount: number | null;
  /** The currency of `amount` (null when unpriced). */
  currencyId: string | null;
  /** Whole percent of the base, for `percent`. */
  percent: number | null;
  /** The most of an `each` the client may ask for (1..EACH_COUNT_MAX). */
  maxCount: number | null;
}

/** A choice the client picked, with how many (`each`; 1 otherwise). */
export interface PickedChoice {
  /** The choice's id where the lines will be read: the form's choice on the request page, the order's snapshot after. */
  choiceId: string;
  price: ChoicePrice;
  count: number;
}

export type PriceLine =
  /** The service's or form's own price, when no plan is picked. */
  | { kind: "base"; amount: number }
  | { kind: "plan"; choiceId: string; amount: number }
  | { kind: "add"; choiceId: string; amount: number }
  | { kind: "percent"; choiceId: string; percent: number; amount: number }
  | { kind: "each"; choiceId: string; count: number; unit: number; amount: number };

/** The creator's change at approval: the total they set less the lines as priced (negative for a discount). */
export interface AdjustmentLine {
  kind: "adjustment";
  amount: number;
}

export type ShownLine = PriceLine | AdjustmentLine;

export interface PricedRequest {
  lines: PriceLine[];
  /** The lines' sum; null when it is 0 (no price yet: the creator sets it, spec section 5's 'Unsettled'). */
  total: number | null;
}

/** A priced choice in this currency: what counts. Anything else (unpriced, another currency) is the creator's to price. */
function counts(price: ChoicePrice, currencyId: string): boolean {
  if (price.kind === "percent") return price.percent !== null && price.percent > 0;
  return price.amount !== null && price.amount > 0 && price.currencyId === currencyId;
}

/** Half up to a whole minor unit, on integers only (no floating point on money). */
export const percentOf = (base: number, percent: number) => Math.floor((base * percent + 50) / 100);

/** How many of a choice count: 1 for everything but `each`, whose count is clamped to 1..its maximum. */
export function countOf(price: ChoicePrice, count: number): number {
  if (price.kind !== "each") return 1;
  const max = Math.min(price.maxCount ?? 1, EACH_COUNT_MAX);
  return Math.max(1, Math.min(max, Math.trunc(Number.isFinite(count) ? count : 1)));
}

/** The lines and total of a request: the base (or its plans), then the options in the order they were picked. */
export function priceLines(
  basePrice: number | null,
  currencyId: string,
  picks: readonly PickedChoice[],
): PricedRequest {
  const priced = picks.filter((pick) => counts(pick.price, currencyId));
  const plans = priced.filter((pick) => pick.price.kind === "plan");
  const lines: PriceLine[] =
    plans.length > 0
      ? plans.map((pick) => ({ kind: "plan", choiceId: pick.choiceId, amount: pick.price.amount! }))
      : basePrice && basePrice > 0
        ? [{ kind: "base", amount: basePrice }]
        : [];
  const base = lines.reduce((sum, line) => sum + line.amount, 0);
  for (const pick of priced) {
    const { price, choiceId } = pick;
    if (price.kind === "add") lines.push({ kind: "add", choiceId, amount: price.amount! });
    else if (price.kind === "percent")
      lines.push({ kind: "percent", choiceId, percent: price.percent!, amount: percentOf(base, price.percent!) });
    else if (price.kind === "each") {
      const count = countOf(price, pick.count);
      lines.push({ kind: "each", choiceId, count, unit: price.amount!, amount: count * price.amount! });
    }
  }
  const total = sumOf(lines);
  return { lines, total: total > 0 ? total : null };
}

export const sumOf = (lines: readonly { amount: number }[]) => lines.reduce((sum, line) => sum + line.amount, 0);

/**
 * The lines as the order shows them: as priced, then the creator's change when the total is no longer their sum. An
 * order from before the lines were kept (null) shows its total alone, as it always did.
 */
export function shownLines(lines: readonly PriceLine[] | null, total: number | null): ShownLine[] | null {
  if (!lines || lines.length === 0) return null;
  const difference = (total ?? 0) - sumOf(lines);
  return difference === 0 ? [...lines] : [...lines, { kind: "adjustment", amount: difference }];
}

/** The stored lines (commission_orders.price_lines) read back; anything unreadable is no lines (the total alone). */
export function parsePriceLines(json: string | null): PriceLine[] | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value) || !value.every(isPriceLine)) return null;
    return value;
  } catch {
    return null;
  }
}

function isPriceLine(value: unknown): value is PriceLine {
  if (!value || typeof value !== "object") return false;
  const line = value as Record<string, unknown>;
  const whole = (n: unknown) => typeof n === "number" && Number.isSafeInteger(n) && n >= 0;
  if (!whole(line.amount)) return false;
  if (line.kind === "base") return true;
  if (typeof line.choiceId !== "string") return false;
  if (line.kind === "plan" || line.kind === "add") return true;
  if (line.kind === "percent") return whole(line.percent);
  if (line.kind === "each") return whole(line.count) && whole(line.unit);
  return false;
}

/** The days a rush order is delivered in: the shortest of the rush choices picked; null when none is rush. */
export function rushDaysOf(picked: readonly { rushDays: number | null }[]): number | null {
  const days = picked.map((choice) => choice.rushDays).filter((d): d is number => d !== null && d > 0);
  return days.length > 0 ? Math.min(...days) : null;
}

/**
 * Rush (issue 63): a choice with days to deliver makes the order a rush order, offered only while the creator has a
 * free slot nobody waits for (decision 091), so rush never jumps a waiting client. A rush option's bounds: delivered
 * within 1 to 60 days of payment.
 */
export const RUSH_DAYS_MIN = 1;
export const RUSH_DAYS_MAX = 60;
