// A deposit order's words (issue 63, decision 100), made by the order pages' loader: the Approve form's deposit
// fields, and the Payment tab's parts list, the rest due notice, the rest's Pay and the files held until it is paid.
// Where each part stands is the domain's (order-parts-display.ts); these only word it.
import { m } from "#app/paraglide/messages.js";
import { showMoney } from "#app/components/orders/order-format";
import { orderParts, type PartStatus } from "#worker/orders/domain/order-parts-display";
import { DEPOSIT_PERCENT_MAX, DEPOSIT_PERCENT_MIN, partsOf, restDue } from "#worker/orders/domain/order-parts";
import type { OrderDetail } from "#worker/orders/services/order-views";

/** The Approve form's deposit: its fields' words, its bounds, and the total the browser previews the parts of. */
export interface DepositFieldTexts {
  legend: string;
  label: string;
  hint: string;
  min: number;
  max: number;
  termsLegend: string;
  refundable: string;
  kept: string;
  /** The refusal's words, shown when the approval with a deposit comes back refused (the page's posts are unworded). */
  refused: string;
  /** The order's total and currency: the form shows the deposit and the rest as the percent is typed. */
  total: number | null;
  currencyCode: string;
}

export function depositFieldTexts(order: Pick<OrderDetail, "priceAmount" | "currencyCode">): DepositFieldTexts {
  const bounds = { min: String(DEPOSIT_PERCENT_MIN), max: String(DEPOSIT_PERCENT_MAX) };
  const total = order.priceAmount;
  return {
    legend: m.orders_deposit_legend(),
    label: m.orders_deposit_label(),
    hint: m.orders_deposit_hint(bounds),
    min: DEPOSIT_PERCENT_MIN,
    max: DEPOSIT_PERCENT_MAX,
    termsLegend: m.orders_deposit_terms_legend(),
    refundable: m.orders_deposit_terms_refundable(),
    kept: m.orders_deposit_terms_kept(),
    refused: m.order_server_error_deposit_invalid(bounds),
    total,
    currencyCode: order.currencyCode,
  };
}

const PART_LABELS = { deposit: m.orders_part_deposit, rest: m.orders_part_rest } as const;
const STATUS_LABELS: Record<PartStatus, () => string> = {
  paid: m.orders_part_status_paid,
  due: m.orders_part_status_due,
  upcoming: m.orders_part_status_upcoming,
  refunded: m.orders_part_status_refunded,
  kept: m.orders_part_status_kept,
  unpaid: m.orders_part_status_unpaid,
};

/** What the client reads above the rest's Pay: why the off-session charge did not go through, or that it is under way. */
function restDueText(order: OrderDetail): string {
  switch (order.facts.partFailure) {
    case "authentication_required":
      return m.orders_rest_due_authentication();
    case "declined":
      return m.orders_rest_due_declined();
    default:
      return m.orders_rest_charging();
  }
}

function termsText(order: OrderDetail, percent: number, refundable: boolean): string {
  const values = { percent: String(percent) };
  if (order.side === "seller")
    return refundable ? m.orders_deposit_terms_refundable_seller(values) : m.orders_deposit_terms_kept_seller(values);
  return refundable ? m.orders_deposit_terms_refundable_buyer(values) : m.orders_deposit_terms_kept_buyer(values);
}

/** The Payment tab's words of a deposit order; null for an order paid at once. */
export function orderPartsTexts(order: OrderDetail) {
  const parts = orderParts(order.facts);
  if (!parts) return null;
  const due = restDue(order.facts);
  const buyer = order.side === "buyer";
  return {
    heading: m.orders_parts_heading(),
    terms: termsText(order, parts.terms.percent, parts.terms.refundable),
    parts: parts.parts.map(({ part, amount, status }) => ({
      part,
      status,
      label: PART_LABELS[part](),
      amount: showMoney(amount, order.currencyCode),
      statusLabel: STATUS_LABELS[status](),
    })),
    /** The client's notice above the rest's Pay while it is due. */
    restDue: buyer && due ? restDueText(order) : null,
    /** The Pay button's words and the amount it pays while the rest is due. */
    restPay:
      buyer && due
        ? {
            label: m.orders_pay_rest(),
            amount: m.orders_pay_rest_amount({ amount: showMoney(partsOf(order.facts)!.rest, order.currencyCode) }),
          }
        : null,
  };
}

export type OrderPartsTexts = NonNullable<ReturnType<typeof orderPartsTexts>>;
