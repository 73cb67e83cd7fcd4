/**
 * The money rules (spec sections 3 and 9; docs/decisions/018): what an order's total splits into, and what the
 * creator is paid. Amounts are integer minor units of one currency (JPY 0 digits, USD 2: `currency.ts`);
 * converting to the viewer's currency goes through `pricing.ts`. Nothing else computes money.
 *
 * The reading (decision 018), on the order's total T, which the client pays and which includes 10% tax:
 *   tax    = T / 11                      (10% of the tax-excluded sales; spec: "1/11 of the tax-included total")
 *   sales  = T − tax                     (tax excluded)
 *   income = sales / (1 + r)             (what the creator earns; r = Σ fee numerators / 10000, seeded 0.1036)
 *   fee    = sales − income  = income × r            → factor 0.1036
 *   so  sales = income × 1.1036,  total = income × 1.1036 × 1.1 = income × 1.21396,
 *   and the fee with the 10% tax on it = income × 0.11396: the four factors of spec section 9.
 * The seller pays the fee: the client pays T and nothing on top.
 *
 * Rounding, the one stated rule: each derived amount is rounded to the nearest minor unit, halves up, and the last
 * one is the difference, so income + fee + tax = total exactly.
 */
import { toDisplayPrice, type PriceBook } from "./pricing";
import type { CurrencyCode } from "./currency";

/** The consumption tax included in every total: 10%. */
export const TAX_RATE_PERCENT = 10;
/** Fee numerators are ten-thousandths (1036 = 10.36%). */
const FEE_DENOMINATOR = 10_000;

export interface AmountBreakdown {
  currencyCode: CurrencyCode;
  /** What the creator earns: sales minus the fee. */
  incomeAmount: number;
  /** The 10% tax included in the total. */
  taxAmount: number;
  /** The total without tax: income plus fee. */
  salesAmount: number;
  /** The platform's fee, paid by the seller. */
  feeAmount: number;
  /** What the client pays: sales plus tax. */
  totalAmount: number;
  /** The viewer's display currency and the total in it, approximate when converted (spec section 3). */
  displayCurrencyCode: string;
  displayTotalAmount: number;
}

/** a / b rounded to the nearest integer, halves up, for non-negative integers (no floating point on the way). */
function divideRounded(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

function assertMinorUnits(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Not an amount in minor units: ${amount}`);
}

/** The fee rate as a numerator over 10,000: the sum of the active fees' numerators. */
export function feeNumerator(numerators: readonly number[]): number {
  return numerators.reduce((sum, n) => sum + n, 0);
}

/** The displayed fee percent: the sum of the numerators / 100 (1036 → 10.36). */
export function feePercent(numerators: readonly number[]): number {
  return feeNumerator(numerators) / 100;
}

/** The tax included in a tax-included total: total × 10 / 110 (= total / 11), rounded. */
export function includedTax(totalAmount: number): number {
  assertMinorUnits(totalAmount);
  return divideRounded(totalAmount * TAX_RATE_PERCENT, 100 + TAX_RATE_PERCENT);
}

/** Splits a total into income, fee and tax (see the reading above). */
export function splitTotal(totalAmount: number, feeNumerators: readonly number[]) {
  assertMinorUnits(totalAmount);
  const numerator = feeNumerator(feeNumerators);
  const taxAmount = includedTax(totalAmount);
  const salesAmount = totalAmount - taxAmount;
  const incomeAmount = divideRounded(salesAmount * FEE_DENOMINATOR, FEE_DENOMINATOR + numerator);
  return { totalAmount, taxAmount, salesAmount, incomeAmount, feeAmount: salesAmount - incomeAmount };
}

/** The amount breakdown entity of an order, with the total in the viewer's display currency. */
export function amountBreakdown(
  totalAmount: number,
  currencyCode: CurrencyCode,
  feeNumerators: readonly number[],
  displayCurrencyCode: string,
  book: PriceBook,
): AmountBreakdown {
  const split = splitTotal(totalAmount, feeNumerators);
  const shown = toDisplayPrice(totalAmount, currencyCode, displayCurrencyCode, book);
  return {
    currencyCode,
    ...split,
    displayCurrencyCode: shown?.currency.code ?? currencyCode,
    displayTotalAmount: shown?.amount ?? totalAmount,
  };
}

/** What goes to the creator's connected account when an order completes: the total minus the platform's fee. */
export function sellerTransferAmount(totalAmount: number, feeNumerators: readonly number[]): number {
  const { feeAmount } = splitTotal(totalAmount, feeNumerators);
  return totalAmount - feeAmount;
}

/** An amount of money as Stripe reports it: integer minor units of a currency (lower- or upper-case ISO code). */
export interface MinorUnits {
  amount: number;
  currency: string;
}

/**
 * The creator's share in the money the client's charge actually became (docs/decisions/050): the platform settles in
 * its own currency (JPY for a Japanese Stripe account), so a dollar charge exists in the balance only as yen, and a
 * transfer from it (`source_transaction`) must be in yen. The share, in the order's currency, is converted at the
 * charge's own rate, read as the ratio of its balance transaction's amount to the charge's amount (both integers, so
 * no float and no question of decimal places), and rounded down: the creator is never sent more than the share was
 * worth, and the sub-unit remainder stays with the platform. Stripe's own fee is the platform's cost, as on a yen
 * order, so it is not taken from the share. A charge that was not converted (same currency) gives the share unchanged.
 *
 * `charged`: the amount captured, in the charge's (the order's) currency; `settled`: its balance transaction's gross
 * `amount` and `currency`. Returns the share in `settled.currency`.
 */
export function shareInSettlementCurrency(shareAmount: number, charged: MinorUnits, settled: MinorUnits): MinorUnits {
  assertMinorUnits(shareAmount);
  assertMinorUnits(settled.amount);
  if (!Number.isSafeInteger(charged.amount) || charged.amount <= 0)
    throw new RangeError(`Not a captured amount: ${charged.amount}`);
  if (shareAmount > charged.amount)
    throw new RangeError(`The share (${shareAmount}) exceeds the charge (${charged.amount})`);
  const currency = settled.currency.toUpperCase();
  if (currency === charged.currency.toUpperCase() && settled.amount === charged.amount)
    return { amount: shareAmount, currency };
  // BigInt: share × settled can pass 2^53 for large yen amounts.
  const amount = Number((BigInt(shareAmount) * BigInt(settled.amount)) / BigInt(charged.amount));
  return { amount, currency };
}

/**
 * A fee amount shared among several fees by their numerators (one fee, as seeded, takes it all): each share rounded
 * down, the last takes what is left, so the shares add up to the fee exactly.
 */
export function shareFee(feeAmount: number, numerators: readonly number[]): number[] {
  const total = feeNumerator(numerators);
  if (numerators.length === 0) return [];
  if (total === 0) return numerators.map(() => 0);
  const shares = numerators.map((n) => Math.floor((feeAmount * n) / total));
  shares[shares.length - 1] = feeAmount - shares.slice(0, -1).reduce((sum, share) => sum + share, 0);
  return shares;
}
