import { TAX_RATE_PERCENT, feePercent, sellerTransferAmount, splitTotal } from "#worker/domain/money";
import { DEADLINES, MIN_APPROVABLE_PRICE } from "#worker/orders/domain/order-process";

/**
 * The rules the legal texts quote, read from the code that enforces them (worker/domain), so a page cannot promise a
 * deadline or a fee the orders do not keep. The fee is data (the active rows of the `fees` table), read per request:
 * the texts hold a marker for each fee figure (`FEE_PERCENT`, `FEE_EXAMPLE`), which `feeFacts` fills in after the
 * page is drawn, so the drawn page can be kept while the fee can change.
 */
const DAY_MS = 86_400_000;

export const APPROVAL_DAYS = DEADLINES.approvalMs / DAY_MS;
export const PAYMENT_DAYS = DEADLINES.paymentMs / DAY_MS;
export const DELIVERY_DAYS = DEADLINES.deliveryMs / DAY_MS;
export const COMPLETION_DAYS = DEADLINES.completionMs / DAY_MS;
export const MIN_PRICE = MIN_APPROVABLE_PRICE;
export const TAX_PERCENT = TAX_RATE_PERCENT;

const marker = (name: string) => `⟦fee:${name}⟧`;
/** Where a text says the fee percent ("10.36"). */
export const FEE_PERCENT = marker("percent");
/** Where a text walks through the worked example in yen: a total, each amount as the orders compute it. */
export const FEE_EXAMPLE = {
  total: marker("total"),
  tax: marker("tax"),
  income: marker("income"),
  fee: marker("fee"),
  payout: marker("payout"),
} as const;

const EXAMPLE_TOTAL = 121_396;
const yen = (amount: number) => amount.toLocaleString("en-US");

/** The fee figures for today's fee numerators (ten-thousandths, e.g. [1036]), by marker. */
function feeFigures(feeNumerators: number[]): Record<string, string> {
  const split = splitTotal(EXAMPLE_TOTAL, feeNumerators);
  const figures = {
    percent: String(feePercent(feeNumerators)),
    total: yen(split.totalAmount),
    tax: yen(split.taxAmount),
    income: yen(split.incomeAmount),
    fee: yen(split.feeAmount),
    payout: yen(sellerTransferAmount(EXAMPLE_TOTAL, feeNumerators)),
  };
  return Object.fromEntries(Object.entries(figures).map(([name, value]) => [marker(name), value]));
}

/** A drawn page with its fee markers replaced by the figures for today's fee numerators. */
export function withFeeFacts(html: string, feeNumerators: number[]): string {
  const figures = feeFigures(feeNumerators);
  return html.replace(/⟦fee:[a-z]+⟧/g, (found) => figures[found] ?? found);
}

/** The card brands the card form accepts and shows (spec section 3). */
export const CARD_BRANDS = "Visa, Mastercard, JCB, American Express, Diners Club, Discover";
