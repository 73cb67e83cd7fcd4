// Disputes as Stripe's test mode makes them (https://docs.stripe.com/testing#disputes): a charge paid with one of the
// dispute test cards succeeds, and a moment later the cardholder's bank disputes it. A chargeback (`needs_response`)
// takes the amount and the dispute fee from the balance at once; an inquiry (`warning_needs_response`) is a question
// and moves no money. Evidence is answered through the Disputes API; Stripe's test evidence values decide the outcome.
import type Stripe from "stripe";
import type { DisputeTestCase } from "./cards.ts";
import { jsonResponse } from "./pages.ts";
import { settleDispute } from "./settlement.ts";
import { emit, PLATFORM_ACCOUNT_ID, type ChargeRecord, type Core, type Ctx, type Route, type State } from "./state.ts";
import {
  type ApiError,
  bool,
  invalidRequest,
  listPage,
  mergeMetadata,
  newId,
  noSuch,
  nowSeconds,
  obj,
  str,
} from "./util.ts";

/**
 * What `evidence[uncategorized_text]` decides in test mode (https://docs.stripe.com/testing#evidence): the dispute is
 * won (the money and fee come back), lost, or, for an inquiry, escalated to a chargeback.
 */
const WINNING_EVIDENCE = "winning_evidence";
const LOSING_EVIDENCE = "losing_evidence";
const ESCALATE_INQUIRY_EVIDENCE = "escalate_inquiry_evidence";

/** How long the cardholder's bank leaves for an answer here: seven days from the dispute (the brief's rule, 103). */
const EVIDENCE_WINDOW_SECONDS = 7 * 86_400;

const OPEN = new Set(["needs_response", "warning_needs_response"]);
const SUBMITTED = new Set(["under_review", "warning_under_review"]);

type Outcome = "won" | "lost";

interface DisputeCase {
  reason: string;
  inquiry: boolean;
  /** Visa's code for the claim, as Stripe's test disputes carry it (10.4 card-absent fraud, 13.1 not received). */
  networkReasonCode: string;
}

const FRAUD_CHARGEBACK: DisputeCase = { reason: "fraudulent", inquiry: false, networkReasonCode: "10.4" };

/** The disputes each test card brings; the multiple-disputes card brings two chargebacks on the one charge. */
const CASES: Record<Exclude<DisputeTestCase, "early_fraud_warning">, DisputeCase[]> = {
  fraudulent: [FRAUD_CHARGEBACK],
  product_not_received: [{ reason: "product_not_received", inquiry: false, networkReasonCode: "13.1" }],
  inquiry: [{ reason: "fraudulent", inquiry: true, networkReasonCode: "10" }],
  multiple: [FRAUD_CHARGEBACK, FRAUD_CHARGEBACK],
};

function emptyEvidence(): Stripe.Dispute.Evidence {
  return {
    access_activity_log: null,
    billing_address: null,
    cancellation_policy: null,
    cancellation_policy_disclosure: null,
    cancellation_rebuttal: null,
    customer_communication: null,
    customer_email_address: null,
    customer_name: null,
    customer_purchase_ip: null,
    customer_signature: null,
    duplicate_charge_documentation: null,
    duplicate_charge_explanation: null,
    duplicate_charge_id: null,
    enhanced_evidence: {},
    product_description: null,
    receipt: null,
    refund_policy: null,
    refund_policy_disclosure: null,
    refund_refusal_explanation: null,
    service_date: null,
    service_documentation: null,
    shipping_address: null,
    shipping_carrier: null,
    shipping_date: null,
    shipping_documentation: null,
    shipping_tracking_number: null,
    uncategorized_file: null,
    uncategorized_text: null,
  };
}

function buildDispute(charge: Stripe.Charge, disputeCase: DisputeCase, now: number): Stripe.Dispute {
  const brand = charge.payment_method_details?.card?.brand ?? "visa";
  return {
    id: newId("du"),
    object: "dispute",
    amount: charge.amount_captured - charge.amount_refunded,
    balance_transactions: [],
    charge: charge.id,
    created: now,
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: emptyEvidence(),
    evidence_details: {
      due_by: now + EVIDENCE_WINDOW_SECONDS,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: "not_submitted",
    },
    intended_submission_method: null,
    is_charge_refundable: disputeCase.inquiry,
    livemode: false,
    metadata: {},
    payment_intent: typeof charge.payment_intent === "string" ? charge.payment_intent : null,
    payment_method_details: {
      type: "card",
      card: {
        brand,
        case_type: disputeCase.inquiry ? "inquiry" : "chargeback",
        network: brand,
        network_reason_code: disputeCase.networkReasonCode,
      },
    },
    reason: disputeCase.reason,
    status: disputeCase.inquiry ? "warning_needs_response" : "needs_response",
  } satisfies Stripe.Dispute;
}

/** The connected account an event about this balance belongs to (null: the platform's own). */
function eventAccount(account: string): string | null {
  return account === PLATFORM_ACCOUNT_ID ? null : account;
}

function withdraw(state: State, charge: ChargeRecord, dispute: Stripe.Dispute): void {
  dispute.balance_transactions.push(structuredClone(settleDispute(state, charge, dispute, "withdrawn")));
  dispute.is_charge_refundable = false;
}

/** The background step a dispute test card's charge schedules: its disputes, or its early fraud warning. */
function bankActs(state: State, ctx: Ctx, stored: ChargeRecord, testCase: DisputeTestCase): void {
  const { charge } = stored;
  const account = eventAccount(stored.balanceAccount);
  const now = nowSeconds();
  if (testCase === "early_fraud_warning") {
    const warning = {
      id: newId("issfr"),
      object: "radar.early_fraud_warning",
      actionable: true,
      charge: charge.id,
      created: now,
      fraud_type: "made_with_stolen_card",
      livemode: false,
      ...(typeof charge.payment_intent === "string" ? { payment_intent: charge.payment_intent } : {}),
    } satisfies Stripe.Radar.EarlyFraudWarning;
    state.earlyFraudWarnings.set(warning.id, warning);
    emit(state, ctx, "radar.early_fraud_warning.created", warning, null, account);
    return;
  }
  for (const disputeCase of CASES[testCase]) {
    const dispute = buildDispute(charge, disputeCase, now);
    state.disputes.set(dispute.id, { account: stored.balanceAccount, dispute });
    charge.disputed = true;
    if (!disputeCase.inquiry) withdraw(state, stored, dispute);
    emit(state, ctx, "charge.dispute.created", dispute, null, account);
    if (!disputeCase.inquiry) emit(state, ctx, "charge.dispute.funds_withdrawn", dispute, null, account);
  }
}

/**
 * Called where a PaymentIntent may just have succeeded: if its charge was paid with a dispute test card, the bank
 * acts a moment later, as a background step. Its events go out after the payment's own (each endpoint receives
 * events in the order they were made), so a listener hears `payment_intent.succeeded` before `charge.dispute.created`.
 */
export function disputeWhenDue(core: Core, intent: Stripe.PaymentIntent): void {
  if (intent.status !== "succeeded" || typeof intent.latest_charge !== "string") return;
  const stored = core.state.charges.get(intent.latest_charge);
  const method = stored && typeof stored.charge.payment_method === "string" ? stored.charge.payment_method : null;
  const testCase = method ? core.state.paymentMethods.get(method)?.card.dispute : undefined;
  if (!stored || !testCase) return;
  core.later(`dispute:${stored.charge.id}`, 0, (ctx) => {
    if (!stored.charge.disputed) bankActs(core.state, ctx, stored, testCase);
  });
}

/** Whether a refund of this charge must be refused: a chargeback has already taken its money back. */
export function chargedBack(state: State, chargeId: string): boolean {
  for (const { dispute } of state.disputes.values())
    if (dispute.charge === chargeId && !dispute.is_charge_refundable) return true;
  return false;
}

function disputeOf(state: State, ctx: Ctx, id: string): { account: string; dispute: Stripe.Dispute } {
  const found = state.disputes.get(id);
  if (!found || found.account !== (ctx.account ?? PLATFORM_ACCOUNT_ID)) throw noSuch("dispute", id);
  return found;
}

function alreadyClosed(dispute: Stripe.Dispute): ApiError {
  return invalidRequest(`This dispute is already closed (its status is ${dispute.status}).`, {
    param: "dispute",
  });
}

/** The bank's decision on a dispute: won (money and fee reinstated), lost, or an inquiry closed or escalated. */
function decide(state: State, ctx: Ctx, id: string, outcome: Outcome | "escalated"): Stripe.Dispute {
  const found = state.disputes.get(id);
  if (!found) throw noSuch("dispute", id);
  const { dispute, account } = found;
  const charge = state.charges.get(dispute.charge as string);
  const eventsAccount = eventAccount(account);
  const inquiry = dispute.payment_method_details?.card?.case_type === "inquiry";
  if (outcome === "escalated") {
    const previous = { status: dispute.status, is_charge_refundable: dispute.is_charge_refundable };
    dispute.status = "needs_response";
    dispute.payment_method_details!.card!.case_type = "chargeback";
    dispute.evidence_details.due_by = nowSeconds() + EVIDENCE_WINDOW_SECONDS;
    if (charge) withdraw(state, charge, dispute);
    emit(state, ctx, "charge.dispute.updated", dispute, previous, eventsAccount);
    emit(state, ctx, "charge.dispute.funds_withdrawn", dispute, null, eventsAccount);
    return dispute;
  }
  dispute.status = inquiry ? "warning_closed" : outcome;
  const reinstate = outcome === "won" && !inquiry && charge !== undefined;
  if (reinstate)
    dispute.balance_transactions.push(structuredClone(settleDispute(state, charge, dispute, "reinstated")));
  emit(state, ctx, "charge.dispute.closed", dispute, null, eventsAccount);
  if (reinstate) emit(state, ctx, "charge.dispute.funds_reinstated", dispute, null, eventsAccount);
  return dispute;
}

/** The test evidence value, when the submitted evidence carries one, and what it makes of this dispute. */
function testDecision(dispute: Stripe.Dispute): Outcome | "escalated" | undefined {
  const text = dispute.evidence.uncategorized_text?.trim();
  const inquiry = dispute.status === "warning_under_review";
  if (text === WINNING_EVIDENCE) return "won";
  if (text === LOSING_EVIDENCE) return inquiry ? undefined : "lost";
  if (text === ESCALATE_INQUIRY_EVIDENCE && inquiry) return "escalated";
  return undefined;
}

function updateDispute(core: Core, ctx: Ctx): Stripe.Dispute {
  const { dispute, account } = disputeOf(core.state, ctx, ctx.pathParams.id!);
  const evidence = obj(ctx.params, "evidence");
  const submitParam = bool(ctx.params, "submit");
  const closed = !OPEN.has(dispute.status) && !SUBMITTED.has(dispute.status);
  if (closed && (evidence || submitParam)) throw alreadyClosed(dispute);
  if (SUBMITTED.has(dispute.status) && (evidence || submitParam)) {
    throw invalidRequest(
      `This dispute has already been submitted (its status is ${dispute.status}); its evidence can no longer be changed.`,
      { param: "evidence" },
    );
  }
  const previous: Record<string, unknown> = {};
  if (evidence) {
    previous.evidence = structuredClone(dispute.evidence);
    const fields = dispute.evidence as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(evidence)) {
      if (typeof value !== "string")
        throw invalidRequest(`Invalid string: evidence[${key}]`, { param: `evidence[${key}]` });
      fields[key] = value === "" ? null : value;
    }
  }
  if (ctx.params.metadata !== undefined) {
    previous.metadata = { ...dispute.metadata };
    dispute.metadata = mergeMetadata(dispute.metadata, ctx.params);
  }
  // Stripe's `submit` defaults to true: evidence given without `submit=false` goes to the bank.
  const submitting = OPEN.has(dispute.status) && (submitParam ?? evidence !== undefined);
  if (evidence || submitting) previous.evidence_details = structuredClone(dispute.evidence_details);
  if (evidence) dispute.evidence_details.has_evidence = true;
  if (submitting) {
    previous.status = dispute.status;
    dispute.status = dispute.status === "needs_response" ? "under_review" : "warning_under_review";
    const now = nowSeconds();
    dispute.evidence_details.submission_count += 1;
    dispute.evidence_details.submission_method = "manual";
    dispute.evidence_details.past_due =
      dispute.evidence_details.due_by !== null && now > dispute.evidence_details.due_by;
  }
  emit(core.state, ctx, "charge.dispute.updated", dispute, previous, eventAccount(account));
  const decision = submitting ? testDecision(dispute) : undefined;
  // The bank answers a moment after the submission, as a background step (Stripe's test mode: seconds).
  if (decision)
    core.later(`dispute-decision:${dispute.id}`, 0, (background) =>
      decide(core.state, background, dispute.id, decision),
    );
  return dispute;
}

function closeDispute(core: Core, ctx: Ctx): Stripe.Dispute {
  const { dispute } = disputeOf(core.state, ctx, ctx.pathParams.id!);
  if (!OPEN.has(dispute.status)) {
    if (SUBMITTED.has(dispute.status))
      throw invalidRequest(
        `This dispute cannot be closed because it has a status of ${dispute.status}; only a dispute awaiting a response can be accepted.`,
        { param: "dispute" },
      );
    throw alreadyClosed(dispute);
  }
  // Accepting a dispute concedes it: a chargeback is lost, an inquiry closes with no chargeback behind it.
  return decide(core.state, ctx, dispute.id, "lost");
}

export function disputeRoutes(core: Core): Route[] {
  return [
    {
      method: "GET",
      path: "/v1/disputes",
      run: (ctx) => {
        const charge = str(ctx.params, "charge");
        const paymentIntent = str(ctx.params, "payment_intent");
        const account = ctx.account ?? PLATFORM_ACCOUNT_ID;
        const disputes = [...core.state.disputes.values()]
          .filter((entry) => entry.account === account)
          .map((entry) => entry.dispute)
          .filter(
            (dispute) =>
              (charge === undefined || dispute.charge === charge) &&
              (paymentIntent === undefined || dispute.payment_intent === paymentIntent),
          );
        return listPage(disputes, ctx.params, "/v1/disputes");
      },
    },
    { method: "GET", path: "/v1/disputes/:id", run: (ctx) => disputeOf(core.state, ctx, ctx.pathParams.id!).dispute },
    { method: "POST", path: "/v1/disputes/:id", run: (ctx) => updateDispute(core, ctx) },
    { method: "POST", path: "/v1/disputes/:id/close", run: (ctx) => closeDispute(core, ctx) },
    {
      method: "GET",
      path: "/v1/radar/early_fraud_warnings",
      run: (ctx) => {
        const charge = str(ctx.params, "charge");
        const paymentIntent = str(ctx.params, "payment_intent");
        const warnings = [...core.state.earlyFraudWarnings.values()].filter(
          (warning) =>
            (charge === undefined || warning.charge === charge) &&
            (paymentIntent === undefined || warning.payment_intent === paymentIntent),
        );
        return listPage(warnings, ctx.params, "/v1/radar/early_fraud_warnings");
      },
    },
    {
      method: "GET",
      path: "/v1/radar/early_fraud_warnings/:id",
      run: (ctx) => {
        const warning = core.state.earlyFraudWarnings.get(ctx.pathParams.id!);
        if (!warning) throw noSuch("early fraud warning", ctx.pathParams.id!);
        return warning;
      },
    },
    {
      // The bank's decision without evidence, for tests and local runs (`outcome=won|lost`): what Stripe's test
      // evidence values do, for a dispute answered with ordinary evidence or none.
      method: "POST",
      path: "/_emulator/disputes/:id/decide",
      page: true,
      run: (ctx) => {
        const outcome = str(ctx.params, "outcome");
        const found = core.state.disputes.get(ctx.pathParams.id!);
        if (!found)
          return jsonResponse(404, {
            error: { type: "invalid_request_error", message: `No such dispute: '${ctx.pathParams.id}'` },
          });
        if (outcome !== "won" && outcome !== "lost")
          return jsonResponse(400, {
            error: { type: "invalid_request_error", message: "outcome must be won or lost.", param: "outcome" },
          });
        if (!OPEN.has(found.dispute.status) && !SUBMITTED.has(found.dispute.status))
          return jsonResponse(400, { error: alreadyClosed(found.dispute).body });
        return jsonResponse(200, decide(core.state, ctx, found.dispute.id, outcome));
      },
    },
  ];
}
