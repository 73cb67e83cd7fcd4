// The words of an order paid in parts (issue 63, decisions 100 and 101), made by the order pages' loader: the Approve
// form's deposit fields or its choice to charge stage by stage, and the Payment tab's parts list (a deposit and its
// rest, or each stage's part), the notice of a later part due, its Pay and the files held until the rest is paid.
// Where each part stands is the domain's (order-parts-display.ts); these only word it.
import { m } from "#app/paraglide/messages.js";
import { showMoney } from "#app/components/orders/order-format";
import { orderParts, type OrderPart, type PartStatus } from "#worker/orders/domain/order-parts-display";
import {
  DEPOSIT_PERCENT_MAX,
  DEPOSIT_PERCENT_MIN,
  dueAmount,
  laterPartDue,
  stageDue,
} from "#worker/orders/domain/order-parts";
import { stageAmounts } from "#worker/orders/domain/order-stages";
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

/**
 * The Approve form's choice for a plan of two stages or more (decision 101): the whole total now, or each stage charged
 * when it starts, with the first stage's amount the client pays now. Null for a plan of one stage, or before a price.
 */
export interface ByStageFieldTexts {
  legend: string;
  atOnce: string;
  byStage: string;
  hint: string;
  /** The refusal's words, shown when the approval stage by stage comes back refused (the page's posts are unworded). */
  refused: string;
}

export function byStageFieldTexts(order: Pick<OrderDetail, "currencyCode" | "facts">): ByStageFieldTexts | null {
  const { priceAmount, stages } = order.facts;
  // A plan whose stages fall below a charge is still offered the choice: the approval's refusal says why (decision 101).
  if (stages.length < 2 || priceAmount === null) return null;
  const first = stageAmounts(priceAmount, stages)[0]!;
  return {
    legend: m.orders_by_stage_legend(),
    atOnce: m.orders_by_stage_at_once(),
    byStage: m.orders_by_stage_choice(),
    hint: m.orders_by_stage_hint({ amount: showMoney(first, order.currencyCode) }),
    refused: m.order_server_error_by_stage_invalid(),
  };
}

/** A part's name: the deposit, the rest, or "Stage 2" of an order paid stage by stage. */
function partLabel(part: OrderPart["part"]): string {
  if (part === "deposit") return m.orders_part_deposit();
  if (part === "rest") return m.orders_part_rest();
  return m.orders_part_stage({ n: part.slice("stage-".length) });
}

const STATUS_LABELS: Record<PartStatus, () => string> = {
  paid: m.orders_part_status_paid,
  due: m.orders_part_status_due,
  upcoming: m.orders_part_status_upcoming,
  refunded: m.orders_part_status_refunded,
  kept: m.orders_part_status_kept,
  unpaid: m.orders_part_status_unpaid,
};

/** A part's status as the parts list says it: a stage's upcoming part falls due when its stage starts, not at delivery. */
export function partStatusLabel(status: PartStatus, byStage: boolean): string {
  return byStage && status === "upcoming" ? m.orders_part_status_upcoming_stage() : STATUS_LABELS[status]();
}

/**
 * What the client reads above the later part's Pay: why the off-session charge did not go through, or that it is under
 * way; of the rest, or of the stage reached (`stage`, 0-based).
 */
function partDueText(order: OrderDetail, stage: number | null): string {
  const n = { n: String((stage ?? 0) + 1) };
  switch (order.facts.partFailure) {
    case "authentication_required":
      return stage === null ? m.orders_rest_due_authentication() : m.orders_stage_due_authentication(n);
    case "declined":
      return stage === null ? m.orders_rest_due_declined() : m.orders_stage_due_declined(n);
    default:
      return stage === null ? m.orders_rest_charging() : m.orders_stage_charging(n);
  }
}

function termsText(order: OrderDetail, percent: number, refundable: boolean): string {
  const values = { percent: String(percent) };
  if (order.side === "seller")
    return refundable ? m.orders_deposit_terms_refundable_seller(values) : m.orders_deposit_terms_kept_seller(values);
  return refundable ? m.orders_deposit_terms_refundable_buyer(values) : m.orders_deposit_terms_kept_buyer(values);
}

/** The later part's Pay: the button's words and the amount it pays (the rest, or the reached stage's part). */
function partPayText(order: OrderDetail, stage: number | null) {
  const amount = showMoney(dueAmount(order.facts) ?? 0, order.currencyCode);
  if (stage === null) return { label: m.orders_pay_rest(), amount: m.orders_pay_rest_amount({ amount }) };
  const n = String(stage + 1);
  return { label: m.orders_pay_stage({ n }), amount: m.orders_pay_stage_amount({ n, amount }) };
}

/** The Payment tab's words of an order paid in parts; null for an order paid at once. */
export function orderPartsTexts(order: OrderDetail) {
  const parts = orderParts(order.facts);
  if (!parts) return null;
  const byStage = parts.kind === "byStage";
  const due = laterPartDue(order.facts);
  const stage = stageDue(order.facts);
  const buyer = order.side === "buyer";
  return {
    heading: byStage ? m.orders_parts_heading_by_stage() : m.orders_parts_heading(),
    terms: byStage
      ? buyer
        ? m.orders_by_stage_terms_buyer()
        : m.orders_by_stage_terms_seller()
      : termsText(order, parts.terms.percent, parts.terms.refundable),
    parts: parts.parts.map(({ part, amount, status }) => ({
      part,
      status,
      label: partLabel(part),
      amount: showMoney(amount, order.currencyCode),
      statusLabel: partStatusLabel(status, byStage),
    })),
    /** The client's notice above the later part's Pay while it is due (a deposit order's rest, a stage's part). */
    partDue: buyer && due ? partDueText(order, stage) : null,
    /** The Pay button's words and the amount it pays while a later part is due. */
    partPay: buyer && due ? partPayText(order, stage) : null,
  };
}

export type OrderPartsTexts = NonNullable<ReturnType<typeof orderPartsTexts>>;
