// The open order's words and values, made by the order pages' loader (decision 016's pattern): the left panel (badge,
// next step with its time and deadline, schedule, price and licence, the seller's buttons or the buyer's waiting
// label), the tab names, the Details tab's choice prices and licence, the Payment tab's price lines (issue 63) and the
// event log's lines. The panel only shows them, so the spec's
// display rules (order-display.ts), the labels and the date and money formatting stay on the server; the Details tab
// and the log draw their few fixed words from the messages, and the Payment, Delivery and Settings tabs (a chunk
// loaded on first use) draw their own. Data, never markup: the page's markup is its render, sent once.
import { m } from "#app/paraglide/messages.js";
import {
  buyerMayPay,
  buyerWaiting,
  nextStep,
  orderTabs,
  sellerActions,
  statusBadge,
  type OrderTab,
} from "#worker/orders/domain/order-display";
import type { OrderDetail } from "#worker/orders/services/order-views";
import type { ApprovalSlots } from "#worker/orders/services/approval-slots";
import { showDate, showDateTime, showMoney } from "#app/components/orders/order-format";
import { orderLogLines } from "./order-log-texts.server";
import { buyerCancelTexts, cancelPromptText } from "#app/components/orders/order-refund-texts";
import { paysByStage, restDue, stageDue } from "#worker/orders/domain/order-parts";
import {
  byStageFieldTexts,
  depositFieldTexts,
  orderPartsTexts,
  type ByStageFieldTexts,
  type DepositFieldTexts,
} from "./order-parts-texts.server";
import { stageTimelineTexts } from "./order-stage-texts.server";
import { completeConfirmText } from "./order-confirm-texts.server";
import { orderPriceLineTexts } from "./order-price-texts.server";
import { licenceFact } from "#app/components/orders/licence-text";
import {
  counterpartText,
  orderPriceText,
  SHOWN_TIME_LABELS,
  STATUS_LABELS,
  stepText,
  WAITING_LABELS,
} from "#app/components/orders/order-texts";

const TAB_LABELS: Record<OrderTab, () => string> = {
  details: m.orders_tab_details,
  payment: m.orders_tab_payment,
  delivery: m.orders_tab_delivery,
  settings: m.orders_tab_settings,
};

export interface OrderFact {
  label: string;
  value: string;
}

/** A seller's form button: Approve, Deliver or Complete, with the hint shown while it is disabled. */
export interface OrderPost {
  intent: "approve" | "deliver" | "complete";
  label: string;
  enabled: boolean;
  hint?: string;
  /** A warning above the button (Approve with every slot taken, decision 091), and the question it then asks first. */
  caution?: { note: string; confirm: string };
  /** The question a money action asks first (Complete, issue 75); its form then sends its confirmation. */
  confirm?: string;
  /** Approve's optional deposit (decision 100); absent for an order with stages. */
  deposit?: DepositFieldTexts;
  /** Approve's choice to charge a plan of two stages or more stage by stage (decision 101); absent otherwise. */
  byStage?: ByStageFieldTexts;
}

const SLOTS_NOTES: Record<ApprovalSlots["scope"], typeof m.approval_slots_overall> = {
  overall: m.approval_slots_overall,
  service: m.approval_slots_service,
  form: m.approval_slots_form,
};

/** Approving past the slots is the creator's choice, never refused: the note says so and the button asks first. */
function slotsCaution(slots: ApprovalSlots) {
  const note = SLOTS_NOTES[slots.scope]({ held: String(slots.held), slots: String(slots.slots) });
  return { note, confirm: m.approval_slots_confirm({ note }) };
}

/** The by-stage choice for Approve, when the plan can be paid so (decision 101). */
function withByStage(order: OrderDetail): { byStage?: ByStageFieldTexts } {
  const byStage = byStageFieldTexts(order);
  return byStage ? { byStage } : {};
}

function sellerTexts(order: OrderDetail, slots: ApprovalSlots | null) {
  const actions = sellerActions(order.facts);
  const posts: OrderPost[] = [];
  if (actions.approve.shown)
    posts.push({
      intent: "approve",
      label: m.orders_approve(),
      enabled: actions.approve.enabled,
      hint: m.orders_approve_price_hint(),
      ...(slots && { caution: slotsCaution(slots) }),
      ...(order.facts.stages.length === 0 && { deposit: depositFieldTexts(order) }),
      ...withByStage(order),
    });
  if (actions.deliver.shown)
    posts.push({
      intent: "deliver",
      label: m.orders_deliver(),
      enabled: actions.deliver.enabled,
      // A staged order delivers once every stage is approved (decision 073): that reason comes before the files.
      hint: actions.deliver.blockedBy === "stages_pending" ? m.orders_deliver_stages_hint() : m.orders_deliver_hint(),
    });
  if (actions.complete.shown)
    posts.push({
      intent: "complete",
      label: m.orders_complete(),
      enabled: actions.complete.enabled,
      // A deposit order completes once the client paid the rest (decision 100): the refusal's own words.
      hint: m.order_server_error_rest_unpaid(),
      confirm: completeConfirmText(order),
    });
  return { posts, cancel: actions.cancel.shown ? m.orders_cancel() : null };
}

/**
 * The buyer's disabled waiting label, and past the delivery deadline the late cancel (issue 10; decision 020); or,
 * when the next step is theirs (payment), the button in the next-step block that opens the Payment tab at its Pay
 * (issue 33: the step said Payment while Pay hid in a tab).
 */
function buyerTexts(order: OrderDetail, now: number) {
  if (buyerMayPay(order.facts)) {
    const stage = stageDue(order.facts);
    return {
      waiting: null,
      // The client of an order paid stage by stage may stop at a stage instead of paying it (decision 101).
      lateCancel: stage === null ? null : buyerCancelTexts(order, now),
      // A delivered deposit order's rest (decision 100), or a reached stage's part (101), is paid the same way, named
      // as what it is.
      pay: {
        label:
          stage !== null
            ? m.orders_review_and_pay_stage({ n: String(stage + 1) })
            : restDue(order.facts)
              ? m.orders_review_and_pay_rest()
              : m.orders_review_and_pay(),
        hint: m.orders_review_and_pay_hint(),
      },
    };
  }
  // No waiting label when the move is the client's (a stage's preview to review, in the timeline); the late cancel (or
  // a deposit order's cancel before delivery) stays offered all the same.
  const waiting = buyerWaiting(order.facts);
  const cancel = buyerCancelTexts(order, now);
  if (!waiting && !cancel) return null;
  return { waiting: waiting ? WAITING_LABELS[waiting]() : null, lateCancel: cancel, pay: null };
}

/**
 * A deadline as the next step shows it: the delivery date, once moved by agreement (decision 090), with the date the
 * order was paid with beside it.
 */
function deadlineText(deadline: number, facts: OrderDetail["facts"]): string {
  const original = facts.originalDeliveryDeadline ?? null;
  return deadline === facts.deliveryDeadline && original !== null && original !== deadline
    ? m.extensions_moved_date({ date: showDateTime(deadline), original: showDateTime(original) })
    : showDateTime(deadline);
}

/**
 * The payment step of a later part: a delivered deposit order's is its rest's (decision 100); a reached stage's is
 * that stage's, which the creator waits on (decision 101). Null for any other step.
 */
function paymentStepText(step: ReturnType<typeof nextStep>, order: OrderDetail): string | null {
  if (step.step !== "payment") return null;
  if (restDue(order.facts)) return m.orders_step_rest_payment();
  const stage = stageDue(order.facts);
  if (stage === null) return null;
  const n = { n: String(stage + 1) };
  return order.side === "seller" ? m.orders_step_stage_payment_seller(n) : m.orders_step_stage_payment_buyer(n);
}

/**
 * Everything the open order's panel says, in the request's language; `now` decides the buyer's late cancel, `slots`
 * the count a request's approval would take the creator past (null: none).
 */
export function orderPanelTexts(order: OrderDetail, now: number, slots: ApprovalSlots | null = null) {
  const badge = statusBadge(order.facts.progress);
  const step = nextStep(order.facts);
  const closed = step.step === "completed" || step.step === "canceled";
  const stepFacts: OrderFact[] = [];
  if (!closed || step.shownTime.at !== null)
    stepFacts.push({ label: SHOWN_TIME_LABELS[step.shownTime.kind](), value: showDateTime(step.shownTime.at) });
  // An open dispute stops every deadline until Comet's team settles it (decision 088): the panel says so.
  if (step.step === "dispute") stepFacts.push({ label: m.orders_deadline(), value: m.disputes_deadline_paused() });
  if (step.deadline !== null)
    stepFacts.push({
      // A preview under review is approved by itself at its deadline (decision 073): the label says so.
      label: step.step === "stage_review" ? m.orders_review_deadline() : m.orders_deadline(),
      value: deadlineText(step.deadline, order.facts),
    });
  // The licence both agreed to (issue 63), under the total and above the Details' answers; none on an older order.
  const licence = licenceFact(order.facts.licence ?? null);
  const choicePrices: Record<string, string> = {};
  for (const question of order.questions) {
    for (const choice of question.choices)
      if (choice.priceAmount) choicePrices[choice.id] = showMoney(choice.priceAmount, order.currencyCode);
  }
  return {
    label: m.orders_panel_label({ code: order.code }),
    backToList: m.orders_back_to_list(),
    badge,
    status: STATUS_LABELS[badge](),
    counterpart: order.counterpart ? counterpartText(order.side, order.counterpart.name) : null,
    submitted: `${m.orders_submitted_at()}: ${showDateTime(order.facts.submittedAt)}`,
    nextStepHeading: m.orders_next_step(),
    step: paymentStepText(step, order) ?? stepText(step, order.side),
    stepFacts,
    facts: [
      // The service details' category (spec section 5's optional categoryCode), for both parties, when it has one.
      ...(order.categories.length
        ? [{ label: m.authoring_field_category(), value: order.categories.map((c) => c.name).join(", ") }]
        : []),
      { label: m.orders_estimated_start(), value: showDate(order.estimatedStart) },
      { label: m.orders_estimated_delivery(), value: showDate(order.estimatedDelivery) },
      { label: m.orders_total_price(), value: orderPriceText(order) },
      // How a deposit order is paid (decision 100): "Deposit 30% · rest at delivery".
      ...(order.facts.deposit
        ? [
            {
              label: m.orders_deposit_fact_label(),
              value: m.orders_deposit_fact({ percent: String(order.facts.deposit.percent) }),
            },
          ]
        : []),
      // An order paid stage by stage (decision 101), once approved so.
      ...(paysByStage(order.facts) ? [{ label: m.orders_deposit_fact_label(), value: m.orders_by_stage_fact() }] : []),
      ...(licence ? [licence] : []),
    ],
    seller: order.side === "seller" ? sellerTexts(order, slots) : null,
    buyer: order.side === "buyer" ? buyerTexts(order, now) : null,
    // What a cancel by the viewer does with the client's money (decision 061); null when they may not cancel now.
    cancelConfirm: cancelPromptText(order, now),
    tabsLabel: m.orders_tabs_label(),
    tabs: orderTabs(order.side, order.facts.progress).map((id) => ({ id, label: TAB_LABELS[id]() })),
    choicePrices,
    // The Details tab's terms: the licence (null on an order from before licences).
    terms: licence ? { heading: m.orders_licence_terms_heading(), licence } : null,
    // The Payment tab's lines, as priced and as the creator changed them (null: the total alone, as before).
    priceLines: orderPriceLineTexts(order),
    priceLinesHeading: m.orders_price_line_heading(),
    // A deposit order's two parts and its rest due (decision 100); null for an order paid at once.
    parts: orderPartsTexts(order),
    // The client's files wait for the rest (decision 100): listed, no link, and this said above them.
    filesHeldForRest: order.filesHeldForRest ? m.orders_deliverables_held_rest() : null,
    logLines: orderLogLines(order.events),
    // The stages' timeline (decision 073); null for an order without stages.
    stages: stageTimelineTexts(order),
  };
}

export type OrderPanelTexts = ReturnType<typeof orderPanelTexts>;
