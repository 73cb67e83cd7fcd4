// SetupIntents, PaymentIntents, charges and refunds: the state machines, the test cards' declines and 3-D Secure.
import type Stripe from "stripe";
import type { Decline } from "./cards.ts";
import { attach, checkUsable, createPaymentMethod, declineError, resolvePaymentMethod } from "./customers.ts";
import { formatMinorUnits, minimumChargeAmount } from "./currencies.ts";
import { chargedBack, disputeWhenDue } from "./disputes.ts";
import * as build from "./objects.ts";
import {
  acceptedTypes,
  allowedTypesIn,
  automaticPaymentMethodsOf,
  checkAllowedType,
  checkReturnUrl,
  setAllowedTypes,
} from "./payment-method-choice.ts";
import { checkSettles, settleCharge, settleRefund } from "./settlement.ts";
import {
  emit,
  getCharge,
  getCustomer,
  getPaymentIntent,
  getPaymentMethod,
  getSetupIntent,
  PLATFORM_ACCOUNT_ID,
  type ChargeRecord,
  type Core,
  type Ctx,
  type IntentExtras,
  type PaymentMethodRecord,
  type Route,
  type State,
} from "./state.ts";
import {
  ApiError,
  bool,
  docUrlOf,
  int,
  invalidRequest,
  listPage,
  mergeMetadata,
  missingParam,
  newId,
  nowSeconds,
  obj,
  requiredStr,
  str,
  type Params,
} from "./util.ts";

const AUTHENTICATION_REQUIRED: Decline = {
  code: "authentication_required",
  decline_code: "authentication_required",
  message: "Your card was declined. This transaction requires authentication.",
};

function extrasOf(state: State, id: string): IntentExtras {
  let extras = state.intentExtras.get(id);
  if (!extras) {
    extras = { returnUrl: null, offSession: false };
    state.intentExtras.set(id, extras);
  }
  return extras;
}

/** With a publishable key, an intent is reachable only with its own client secret. */
function checkClientSecret(ctx: Ctx, intent: { client_secret: string | null }): void {
  if (!ctx.publishable) return;
  const given = str(ctx.params, "client_secret");
  if (!given) throw missingParam("client_secret");
  if (given !== intent.client_secret) {
    throw invalidRequest("The client_secret provided does not match the client_secret associated with this intent.", {
      param: "client_secret",
    });
  }
}

function threeDSecureUrl(ctx: Ctx, intent: { id: string; client_secret: string | null }): string {
  return `${ctx.origin}/_emulator/3ds/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret ?? "")}`;
}

/** `redirect_to_url` when the caller gave a `return_url` (as Stripe), else `use_stripe_sdk` with the same page. */
function nextAction(
  ctx: Ctx,
  intent: { id: string; client_secret: string | null },
  returnUrl: string | null,
): Stripe.PaymentIntent.NextAction {
  const url = threeDSecureUrl(ctx, intent);
  if (returnUrl) return { type: "redirect_to_url", redirect_to_url: { url, return_url: returnUrl } };
  return {
    type: "use_stripe_sdk",
    use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: url, source: newId("src") },
  };
}

function paymentMethodFromParams(state: State, params: Params): PaymentMethodRecord | undefined {
  const data = obj(params, "payment_method_data");
  if (data) return createPaymentMethod(state, data);
  const id = str(params, "payment_method");
  if (!id) return undefined;
  const record = resolvePaymentMethod(state, id, "payment_method");
  checkUsable(record);
  return record;
}

function checkBelongsToCustomer(record: PaymentMethodRecord, customer: unknown): void {
  if (record.pm.customer && customer && record.pm.customer !== customer) {
    throw invalidRequest("The provided PaymentMethod belongs to a different Customer.", {
      code: "payment_method_unexpected_state",
      param: "payment_method",
    });
  }
}

function unexpectedState(
  kind: "PaymentIntent" | "SetupIntent",
  action: string,
  status: string,
  allowed: string[],
): ApiError {
  const code = kind === "PaymentIntent" ? "payment_intent_unexpected_state" : "setup_intent_unexpected_state";
  return invalidRequest(
    `This ${kind} could not be ${action} because it has a status of ${status}. Only a ${kind} with one of the following statuses may be ${action}: ${allowed.join(", ")}.`,
    { code },
  );
}

/**
 * A payment made while the client is away cannot also save the card for later: Stripe refuses the confirm ("You
 * cannot confirm with the `off_session` parameter when `setup_future_usage` is also set on the PaymentIntent…"), so a
 * Worker that mixed the two would fail against Stripe and must fail here too.
 */
function checkOffSessionWithoutFutureUsage(
  offSession: string | undefined,
  futureUsage: string | null | undefined,
): void {
  if (offSession === undefined || offSession === "false" || !futureUsage) return;
  throw invalidRequest(
    "You cannot confirm with the `off_session` parameter when `setup_future_usage` is also set on the PaymentIntent because you cannot set up future usages when processing payments off-session.",
    { param: "off_session" },
  );
}

// ---- SetupIntents ----------------------------------------------------------------------------------------

function succeedSetup(state: State, ctx: Ctx, intent: Stripe.SetupIntent, record: PaymentMethodRecord): void {
  if (typeof intent.customer === "string") attach(state, ctx, record, intent.customer);
  if (intent.usage === "off_session") record.offSessionReady = true;
  intent.status = "succeeded";
  intent.next_action = null;
  intent.last_setup_error = null;
  emit(state, ctx, "setup_intent.succeeded", intent);
}

function failSetup(
  state: State,
  ctx: Ctx,
  intent: Stripe.SetupIntent,
  record: PaymentMethodRecord,
  error: Stripe.SetupIntent.LastSetupError,
): void {
  intent.status = "requires_payment_method";
  intent.payment_method = null;
  intent.next_action = null;
  intent.last_setup_error = { ...error, payment_method: structuredClone(record.pm) };
  emit(state, ctx, "setup_intent.setup_failed", intent);
}

function confirmSetup(state: State, ctx: Ctx, intent: Stripe.SetupIntent, params: Params): Stripe.SetupIntent {
  const allowed = ["requires_payment_method", "requires_confirmation", "requires_action"];
  if (!allowed.includes(intent.status)) throw unexpectedState("SetupIntent", "confirmed", intent.status, allowed);
  const record =
    paymentMethodFromParams(state, params) ??
    (typeof intent.payment_method === "string" ? getPaymentMethod(state, intent.payment_method) : undefined);
  if (!record) {
    throw invalidRequest(
      "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again.",
      {
        code: "setup_intent_unexpected_state",
      },
    );
  }
  checkBelongsToCustomer(record, intent.customer);
  const allowedTypes = allowedTypesIn(params);
  checkAllowedType(
    "SetupIntent",
    allowedTypes === undefined ? intent.payment_method_types : acceptedTypes(allowedTypes),
    record,
  );
  const extras = extrasOf(state, intent.id);
  checkReturnUrl("SetupIntent", intent.automatic_payment_methods, str(params, "return_url") ?? extras.returnUrl);
  if (allowedTypes !== undefined) setAllowedTypes(intent, allowedTypes);
  extras.returnUrl = str(params, "return_url") ?? extras.returnUrl;
  intent.payment_method = record.pm.id;
  const decline = record.card.declineOnSetup;
  if (decline) {
    const error = {
      type: "card_error",
      code: decline.code,
      decline_code: decline.decline_code,
      doc_url: docUrlOf(decline.code),
      message: decline.message,
    } as const;
    failSetup(state, ctx, intent, record, error as Stripe.SetupIntent.LastSetupError);
    throw declineError(decline, { setup_intent: structuredClone(intent), payment_method: structuredClone(record.pm) });
  }
  if (record.card.threeDSecure) {
    intent.status = "requires_action";
    intent.next_action = nextAction(ctx, intent, extras.returnUrl) as Stripe.SetupIntent.NextAction;
    emit(state, ctx, "setup_intent.requires_action", intent);
    return intent;
  }
  succeedSetup(state, ctx, intent, record);
  return intent;
}

// ---- PaymentIntents --------------------------------------------------------------------------------------

function newCharge(
  state: State,
  ctx: Ctx,
  intent: Stripe.PaymentIntent,
  record: PaymentMethodRecord,
  failure: Decline | null,
): ChargeRecord {
  // The balance transaction comes with the capture, in the settlement currency (settlement.ts `settleCharge`).
  const charge = build.charge({
    intent,
    paymentMethod: record.pm,
    captured: intent.capture_method !== "manual",
    failure,
    balanceTransaction: null,
  });
  const stored: ChargeRecord = {
    charge,
    balanceAccount: ctx.account ?? PLATFORM_ACCOUNT_ID,
    fundsAvailable: Boolean(record.card.bypassPending),
    transferred: 0,
  };
  state.charges.set(charge.id, stored);
  intent.latest_charge = charge.id;
  return stored;
}

/** A declined attempt: a failed charge, the intent back to requires_payment_method, and the 402 to answer. */
function declinePayment(
  state: State,
  ctx: Ctx,
  intent: Stripe.PaymentIntent,
  record: PaymentMethodRecord,
  decline: Decline,
): ApiError {
  const { charge } = newCharge(state, ctx, intent, record, decline);
  intent.status = "requires_payment_method";
  intent.payment_method = null;
  intent.next_action = null;
  intent.last_payment_error = {
    type: "card_error",
    code: decline.code as Stripe.PaymentIntent.LastPaymentError.Code,
    decline_code: decline.decline_code,
    doc_url: docUrlOf(decline.code),
    message: decline.message,
    charge: charge.id,
    payment_method: structuredClone(record.pm),
  };
  emit(state, ctx, "charge.failed", charge);
  emit(state, ctx, "payment_intent.payment_failed", intent);
  return declineError(decline, {
    charge: charge.id,
    payment_intent: structuredClone(intent),
    payment_method: structuredClone(record.pm),
  });
}

/** Authorization after any 3-D Secure: decline, or a charge captured now or held for capture. */
function authorize(state: State, ctx: Ctx, intent: Stripe.PaymentIntent, record: PaymentMethodRecord): void {
  if (record.card.declineOnCharge) throw declinePayment(state, ctx, intent, record, record.card.declineOnCharge);
  const stored = newCharge(state, ctx, intent, record, null);
  intent.next_action = null;
  intent.last_payment_error = null;
  intent.payment_method = record.pm.id;
  if (intent.setup_future_usage && typeof intent.customer === "string") {
    attach(state, ctx, record, intent.customer);
    if (intent.setup_future_usage === "off_session") record.offSessionReady = true;
  }
  emit(state, ctx, "charge.succeeded", stored.charge);
  if (intent.capture_method === "manual") {
    intent.status = "requires_capture";
    intent.amount_capturable = intent.amount;
    emit(state, ctx, "payment_intent.amount_capturable_updated", intent);
    return;
  }
  intent.status = "succeeded";
  intent.amount_received = intent.amount;
  settleCharge(state, ctx, intent, stored, intent.amount);
  emit(state, ctx, "payment_intent.succeeded", intent);
}

function confirmPayment(state: State, ctx: Ctx, intent: Stripe.PaymentIntent, params: Params): Stripe.PaymentIntent {
  const allowed = ["requires_payment_method", "requires_confirmation", "requires_action"];
  if (!allowed.includes(intent.status)) throw unexpectedState("PaymentIntent", "confirmed", intent.status, allowed);
  const record =
    paymentMethodFromParams(state, params) ??
    (typeof intent.payment_method === "string" ? getPaymentMethod(state, intent.payment_method) : undefined);
  if (!record) {
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. Update the PaymentIntent with a payment method and then confirm it again.",
      {
        code: "payment_intent_unexpected_state",
      },
    );
  }
  checkBelongsToCustomer(record, intent.customer);
  const allowedTypes = allowedTypesIn(params);
  checkAllowedType(
    "PaymentIntent",
    allowedTypes === undefined ? intent.payment_method_types : acceptedTypes(allowedTypes),
    record,
  );
  const extras = extrasOf(state, intent.id);
  checkReturnUrl("PaymentIntent", intent.automatic_payment_methods, str(params, "return_url") ?? extras.returnUrl);
  const offSession = str(params, "off_session");
  checkOffSessionWithoutFutureUsage(offSession, str(params, "setup_future_usage") ?? intent.setup_future_usage);
  if (allowedTypes !== undefined) setAllowedTypes(intent, allowedTypes);
  extras.returnUrl = str(params, "return_url") ?? extras.returnUrl;
  // Stripe reads `off_session` per attempt ("the customer isn't in your checkout flow during this payment attempt"):
  // a confirm that leaves it out is on-session, as when the client comes back to pay an intent an off-session charge
  // left at requires_payment_method (authentication_required). Kept from an earlier confirm, it declined them again.
  extras.offSession = offSession !== undefined && offSession !== "false";
  const future = str(params, "setup_future_usage");
  if (future !== undefined)
    intent.setup_future_usage = (future || null) as Stripe.PaymentIntent.SetupFutureUsage | null;
  intent.payment_method = record.pm.id;
  const { threeDSecure } = record.card;
  const needsAuthentication =
    threeDSecure === "always" || (threeDSecure === "setup" && !(extras.offSession && record.offSessionReady));
  if (needsAuthentication) {
    if (extras.offSession) throw declinePayment(state, ctx, intent, record, AUTHENTICATION_REQUIRED);
    intent.status = "requires_action";
    intent.next_action = nextAction(ctx, intent, extras.returnUrl);
    emit(state, ctx, "payment_intent.requires_action", intent);
    return intent;
  }
  authorize(state, ctx, intent, record);
  return intent;
}

function validateAmount(amount: number, currency: string, param = "amount"): void {
  if (!Number.isInteger(amount) || amount < 1)
    throw invalidRequest("This value must be greater than or equal to 1.", {
      code: "parameter_invalid_integer",
      param,
    });
  // Stripe's minimum charge per currency (currencies.ts, https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts).
  const minimum = minimumChargeAmount(currency);
  if (amount < minimum) {
    throw invalidRequest(`Amount must be at least ${formatMinorUnits(minimum, currency)} ${currency}`, {
      code: "amount_too_small",
      param,
    });
  }
}

function transferDataOf(state: State, params: Params): Stripe.PaymentIntent.TransferData | null {
  const data = obj(params, "transfer_data");
  if (!data) return null;
  const destination = requiredStr(data, "destination");
  if (!state.accounts.has(destination)) {
    throw invalidRequest(`No such destination: '${destination}'`, {
      code: "resource_missing",
      param: "transfer_data[destination]",
    });
  }
  const amount = int(data, "amount");
  return { destination, ...(amount !== undefined ? { amount } : {}) };
}

// ---- 3-D Secure outcome (the emulator's challenge page) ------------------------------------------------------

export type ThreeDSecureOutcome = "succeed" | "fail";

export function intentFor3ds(state: State, id: string): Stripe.SetupIntent | Stripe.PaymentIntent | undefined {
  return state.setupIntents.get(id) ?? state.paymentIntents.get(id);
}

/** Applies the tester's choice; returns where Stripe.js would send the browser back (or null) and the status. */
export function completeThreeDSecure(
  state: State,
  ctx: Ctx,
  intent: Stripe.SetupIntent | Stripe.PaymentIntent,
  outcome: ThreeDSecureOutcome,
): { returnUrl: string | null; redirectStatus: "succeeded" | "failed" } {
  const extras = extrasOf(state, intent.id);
  const record = getPaymentMethod(state, intent.payment_method as string);
  let redirectStatus: "succeeded" | "failed" = "succeeded";
  if (intent.object === "setup_intent") {
    if (outcome === "succeed") succeedSetup(state, ctx, intent, record);
    else {
      failSetup(state, ctx, intent, record, {
        type: "invalid_request_error",
        code: "setup_intent_authentication_failure",
        doc_url: docUrlOf("setup_intent_authentication_failure"),
        message: "The latest attempt to set up the payment method has failed because authentication failed.",
      });
      redirectStatus = "failed";
    }
  } else if (outcome === "succeed") {
    try {
      authorize(state, ctx, intent, record);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      redirectStatus = "failed";
    }
  } else {
    intent.status = "requires_payment_method";
    intent.payment_method = null;
    intent.next_action = null;
    intent.last_payment_error = {
      type: "invalid_request_error",
      code: "payment_intent_authentication_failure",
      doc_url: docUrlOf("payment_intent_authentication_failure"),
      payment_method: structuredClone(record.pm),
      message:
        "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.",
    };
    emit(state, ctx, "payment_intent.payment_failed", intent);
    redirectStatus = "failed";
  }
  if (!extras.returnUrl) return { returnUrl: null, redirectStatus };
  const url = new URL(extras.returnUrl);
  const prefix = intent.object === "setup_intent" ? "setup_intent" : "payment_intent";
  url.searchParams.set(prefix, intent.id);
  url.searchParams.set(`${prefix}_client_secret`, intent.client_secret ?? "");
  url.searchParams.set("redirect_status", redirectStatus);
  return { returnUrl: url.toString(), redirectStatus };
}

// ---- refunds ---------------------------------------------------------------------------------------------

function createRefund(state: State, ctx: Ctx, params: Params): Stripe.Refund {
  const piId = str(params, "payment_intent");
  const chargeId = str(params, "charge");
  let record: ChargeRecord;
  if (chargeId) record = getCharge(state, chargeId, "charge");
  else if (piId) {
    const intent = getPaymentIntent(state, piId, "payment_intent");
    const latest = typeof intent.latest_charge === "string" ? state.charges.get(intent.latest_charge) : undefined;
    if (latest?.charge.status !== "succeeded" || !latest.charge.captured) {
      throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
        param: "payment_intent",
      });
    }
    record = latest;
  } else
    throw invalidRequest("One of the following params should be provided for this request: payment_intent or charge.", {
      code: "parameter_missing",
    });
  const { charge } = record;
  if (charge.status !== "succeeded" || !charge.captured) {
    throw invalidRequest(`Charge ${charge.id} has not been captured, so it cannot be refunded.`, {
      code: "charge_not_refundable",
    });
  }
  if (charge.refunded)
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
  if (chargedBack(state, charge.id))
    throw invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, {
      code: "charge_disputed",
    });
  const refundable = charge.amount_captured - charge.amount_refunded;
  const amount = int(params, "amount") ?? refundable;
  if (amount < 1)
    throw invalidRequest("Invalid positive integer", { code: "parameter_invalid_integer", param: "amount" });
  if (amount > refundable) {
    throw invalidRequest(
      `Refund amount (${amount} ${charge.currency}) is greater than unrefunded amount on charge (${refundable} ${charge.currency})`,
      {
        code: "amount_too_large",
        param: "amount",
      },
    );
  }
  const reason = str(params, "reason");
  if (reason !== undefined && !["duplicate", "fraudulent", "requested_by_customer"].includes(reason)) {
    throw invalidRequest(`Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`, {
      param: "reason",
    });
  }
  const refund = build.refund({
    charge,
    amount,
    reason: (reason as Stripe.Refund.Reason | undefined) ?? null,
    metadata: mergeMetadata({}, params),
  });
  state.refunds.set(refund.id, refund);
  const before = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded >= charge.amount_captured;
  settleRefund(state, record, refund);
  emit(state, ctx, "refund.created", refund);
  emit(state, ctx, "charge.refunded", charge, before);
  const answered = structuredClone(refund);
  publishRefundReference(state, ctx, refund);
  return answered;
}

/**
 * A card refund's reference (the acquirer reference number the customer's bank can trace it by) arrives after the
 * refund is made (https://docs.stripe.com/refunds#trace-refunds): Stripe then updates the refund and sends
 * `refund.updated` and `charge.refund.updated`. Here it arrives just after the create answer.
 */
function publishRefundReference(state: State, ctx: Ctx, refund: Stripe.Refund): void {
  const card = refund.destination_details?.card;
  if (!card) return;
  const previous = { destination_details: structuredClone(refund.destination_details) };
  card.reference = String(Date.now()).padStart(23, "7");
  card.reference_status = "available";
  emit(state, ctx, "refund.updated", refund, previous);
  emit(state, ctx, "charge.refund.updated", refund, previous);
}

// ---- routes ----------------------------------------------------------------------------------------------

function customerParam(state: State, params: Params): string | null {
  const customer = str(params, "customer");
  if (customer) getCustomer(state, customer, "customer");
  return customer || null;
}

export function intentRoutes(core: Core): Route[] {
  return [
    // SetupIntents
    {
      method: "POST",
      path: "/v1/setup_intents",
      run: (ctx) => {
        const { state } = core;
        const params = ctx.params;
        const usage = str(params, "usage") ?? "off_session";
        if (usage !== "off_session" && usage !== "on_session")
          throw invalidRequest(`Invalid usage: ${usage}`, { param: "usage" });
        const customer = customerParam(state, params);
        const record = paymentMethodFromParams(state, params);
        if (record) checkBelongsToCustomer(record, customer);
        if (bool(params, "confirm") && !record) throw missingParam("payment_method");
        // Refused before the intent exists: a create that confirms fails whole, as Stripe's does.
        const allowedTypes = allowedTypesIn(params) ?? null;
        const automatic = automaticPaymentMethodsOf(params);
        if (record) checkAllowedType("SetupIntent", acceptedTypes(allowedTypes), record);
        if (bool(params, "confirm")) checkReturnUrl("SetupIntent", automatic, str(params, "return_url"));
        const intent = build.setupIntent({
          customer,
          paymentMethod: record?.pm.id ?? null,
          usage,
          description: str(params, "description") ?? null,
          metadata: mergeMetadata({}, params),
          paymentMethodTypes: acceptedTypes(allowedTypes),
          automaticPaymentMethods: automatic !== null,
        });
        setAllowedTypes(intent, allowedTypes);
        intent.automatic_payment_methods = automatic;
        state.setupIntents.set(intent.id, intent);
        extrasOf(state, intent.id).returnUrl = str(params, "return_url") ?? null;
        emit(state, ctx, "setup_intent.created", intent);
        if (bool(params, "confirm"))
          confirmSetup(state, ctx, intent, { ...params, payment_method_data: "", payment_method: "" });
        return intent;
      },
    },
    {
      method: "GET",
      path: "/v1/setup_intents/:id",
      publishable: "with_client_secret",
      run: (ctx) => {
        const intent = getSetupIntent(core.state, ctx.pathParams.id!);
        checkClientSecret(ctx, intent);
        return intent;
      },
    },
    {
      method: "POST",
      path: "/v1/setup_intents/:id",
      run: (ctx) => {
        const intent = getSetupIntent(core.state, ctx.pathParams.id!);
        const allowed = ["requires_payment_method", "requires_confirmation", "requires_action"];
        if (!allowed.includes(intent.status)) throw unexpectedState("SetupIntent", "updated", intent.status, allowed);
        const record = paymentMethodFromParams(core.state, ctx.params);
        const allowedTypes = allowedTypesIn(ctx.params);
        if (record)
          checkAllowedType(
            "SetupIntent",
            allowedTypes === undefined ? intent.payment_method_types : acceptedTypes(allowedTypes),
            record,
          );
        if (allowedTypes !== undefined) setAllowedTypes(intent, allowedTypes);
        if (record) {
          intent.payment_method = record.pm.id;
          intent.status = "requires_confirmation";
        }
        const customer = str(ctx.params, "customer");
        if (customer) intent.customer = getCustomer(core.state, customer, "customer").id;
        intent.metadata = mergeMetadata(intent.metadata ?? {}, ctx.params);
        intent.description = str(ctx.params, "description") ?? intent.description;
        return intent;
      },
    },
    {
      method: "POST",
      path: "/v1/setup_intents/:id/confirm",
      publishable: "with_client_secret",
      run: (ctx) => {
        const intent = getSetupIntent(core.state, ctx.pathParams.id!);
        checkClientSecret(ctx, intent);
        return confirmSetup(core.state, ctx, intent, ctx.params);
      },
    },
    {
      method: "POST",
      path: "/v1/setup_intents/:id/cancel",
      run: (ctx) => {
        const intent = getSetupIntent(core.state, ctx.pathParams.id!);
        const allowed = ["requires_payment_method", "requires_confirmation", "requires_action"];
        if (!allowed.includes(intent.status)) throw unexpectedState("SetupIntent", "canceled", intent.status, allowed);
        intent.status = "canceled";
        intent.next_action = null;
        intent.cancellation_reason =
          (str(ctx.params, "cancellation_reason") as Stripe.SetupIntent.CancellationReason | undefined) ?? null;
        emit(core.state, ctx, "setup_intent.canceled", intent);
        return intent;
      },
    },
    {
      method: "GET",
      path: "/v1/setup_intents",
      run: (ctx) => {
        const customer = str(ctx.params, "customer");
        const pm = str(ctx.params, "payment_method");
        const intents = [...core.state.setupIntents.values()].filter(
          (intent) =>
            (customer === undefined || intent.customer === customer) &&
            (pm === undefined || intent.payment_method === pm),
        );
        return listPage(intents, ctx.params, "/v1/setup_intents");
      },
    },
    // PaymentIntents
    {
      method: "POST",
      path: "/v1/payment_intents",
      run: (ctx) => {
        const { state } = core;
        const params = ctx.params;
        const amount = int(params, "amount");
        if (amount === undefined) throw missingParam("amount");
        const currency = requiredStr(params, "currency").toLowerCase();
        validateAmount(amount, currency);
        checkSettles(state, ctx.account, currency);
        const captureMethod = str(params, "capture_method") ?? "automatic";
        if (!["automatic", "automatic_async", "manual"].includes(captureMethod))
          throw invalidRequest(`Invalid capture_method: ${captureMethod}`, { param: "capture_method" });
        const customer = customerParam(state, params);
        const transferData = transferDataOf(state, params);
        const confirm = bool(params, "confirm") === true;
        const offSession = str(params, "off_session");
        if (offSession !== undefined && offSession !== "false" && !confirm) {
          throw invalidRequest("You can only pass in off_session when confirm is set to true.", {
            param: "off_session",
          });
        }
        const record = paymentMethodFromParams(state, params);
        if (record) checkBelongsToCustomer(record, customer);
        if (confirm && !record) throw missingParam("payment_method");
        // Refused before the intent exists: a create that confirms fails whole, as Stripe's does.
        const allowedTypes = allowedTypesIn(params) ?? null;
        const automatic = automaticPaymentMethodsOf(params);
        if (record) checkAllowedType("PaymentIntent", acceptedTypes(allowedTypes), record);
        if (confirm) checkReturnUrl("PaymentIntent", automatic, str(params, "return_url"));
        checkOffSessionWithoutFutureUsage(offSession, str(params, "setup_future_usage"));
        const intent = build.paymentIntent({
          amount,
          currency,
          customer,
          paymentMethod: record?.pm.id ?? null,
          captureMethod: captureMethod as Stripe.PaymentIntent.CaptureMethod,
          confirmationMethod:
            (str(params, "confirmation_method") as Stripe.PaymentIntent.ConfirmationMethod | undefined) ?? "automatic",
          description: str(params, "description") ?? null,
          metadata: mergeMetadata({}, params),
          paymentMethodTypes: acceptedTypes(allowedTypes),
          automaticPaymentMethods: automatic !== null,
          setupFutureUsage:
            (str(params, "setup_future_usage") as Stripe.PaymentIntent.SetupFutureUsage | undefined) ?? null,
          transferData,
          applicationFeeAmount: int(params, "application_fee_amount") ?? null,
          transferGroup: str(params, "transfer_group") ?? null,
          onBehalfOf: str(params, "on_behalf_of") ?? null,
          receiptEmail: str(params, "receipt_email") ?? null,
          statementDescriptor: str(params, "statement_descriptor") ?? null,
        });
        setAllowedTypes(intent, allowedTypes);
        intent.automatic_payment_methods = automatic;
        state.paymentIntents.set(intent.id, intent);
        extrasOf(state, intent.id).returnUrl = str(params, "return_url") ?? null;
        emit(state, ctx, "payment_intent.created", intent);
        if (confirm)
          confirmPayment(state, ctx, intent, {
            ...params,
            payment_method_data: "",
            payment_method: record?.pm.id ?? "",
          });
        disputeWhenDue(core, intent);
        return intent;
      },
    },
    {
      method: "GET",
      path: "/v1/payment_intents/:id",
      publishable: "with_client_secret",
      run: (ctx) => {
        const intent = getPaymentIntent(core.state, ctx.pathParams.id!);
        checkClientSecret(ctx, intent);
        return intent;
      },
    },
    {
      method: "POST",
      path: "/v1/payment_intents/:id",
      run: (ctx) => {
        const { state } = core;
        const intent = getPaymentIntent(state, ctx.pathParams.id!);
        const allowed = ["requires_payment_method", "requires_confirmation", "requires_action"];
        if (!allowed.includes(intent.status)) throw unexpectedState("PaymentIntent", "updated", intent.status, allowed);
        const params = ctx.params;
        const amount = int(params, "amount");
        const currency = str(params, "currency")?.toLowerCase();
        if (amount !== undefined || currency !== undefined)
          validateAmount(amount ?? intent.amount, currency ?? intent.currency);
        if (currency !== undefined) checkSettles(state, ctx.account, currency);
        const transferData = params.transfer_data !== undefined ? transferDataOf(state, params) : intent.transfer_data;
        const customer = str(params, "customer");
        if (customer) getCustomer(state, customer, "customer");
        const record = paymentMethodFromParams(state, params);
        if (record) checkBelongsToCustomer(record, customer ?? intent.customer);
        const allowedTypes = allowedTypesIn(params);
        if (record)
          checkAllowedType(
            "PaymentIntent",
            allowedTypes === undefined ? intent.payment_method_types : acceptedTypes(allowedTypes),
            record,
          );
        // All checks passed: apply.
        if (allowedTypes !== undefined) setAllowedTypes(intent, allowedTypes);
        if (amount !== undefined) intent.amount = amount;
        if (currency !== undefined) intent.currency = currency;
        if (customer) intent.customer = customer;
        intent.transfer_data = transferData ?? null;
        if (record) {
          intent.payment_method = record.pm.id;
          intent.status = "requires_confirmation";
          intent.next_action = null;
        }
        intent.metadata = mergeMetadata(intent.metadata, params);
        intent.description = str(params, "description") ?? intent.description;
        intent.application_fee_amount = int(params, "application_fee_amount") ?? intent.application_fee_amount;
        intent.transfer_group = str(params, "transfer_group") ?? intent.transfer_group;
        const future = str(params, "setup_future_usage");
        if (future !== undefined)
          intent.setup_future_usage = (future || null) as Stripe.PaymentIntent.SetupFutureUsage | null;
        const capture = str(params, "capture_method");
        if (capture) intent.capture_method = capture as Stripe.PaymentIntent.CaptureMethod;
        return intent;
      },
    },
    {
      method: "POST",
      path: "/v1/payment_intents/:id/confirm",
      publishable: "with_client_secret",
      run: (ctx) => {
        const intent = getPaymentIntent(core.state, ctx.pathParams.id!);
        checkClientSecret(ctx, intent);
        confirmPayment(core.state, ctx, intent, ctx.params);
        disputeWhenDue(core, intent);
        return intent;
      },
    },
    {
      method: "POST",
      path: "/v1/payment_intents/:id/capture",
      run: (ctx) => {
        const { state } = core;
        const intent = getPaymentIntent(state, ctx.pathParams.id!);
        if (intent.status !== "requires_capture")
          throw unexpectedState("PaymentIntent", "captured", intent.status, ["requires_capture"]);
        const amount = int(ctx.params, "amount_to_capture") ?? intent.amount_capturable;
        if (amount < 1 || amount > intent.amount_capturable) {
          throw invalidRequest(
            `The amount_to_capture (${amount}) must be greater than 0 and at most the amount capturable (${intent.amount_capturable}).`,
            {
              code: "amount_too_large",
              param: "amount_to_capture",
            },
          );
        }
        const record = getCharge(state, intent.latest_charge as string);
        intent.application_fee_amount = int(ctx.params, "application_fee_amount") ?? intent.application_fee_amount;
        intent.metadata = mergeMetadata(intent.metadata, ctx.params);
        const before = { captured: false, amount_captured: 0 };
        record.charge.captured = true;
        record.charge.amount_captured = amount;
        // A partial capture releases the rest of the authorization, which Stripe reports as refunded.
        record.charge.amount_refunded = intent.amount - amount;
        intent.amount_received = amount;
        intent.amount_capturable = 0;
        intent.status = "succeeded";
        settleCharge(state, ctx, intent, record, amount);
        emit(state, ctx, "charge.captured", record.charge, before);
        emit(state, ctx, "payment_intent.succeeded", intent);
        disputeWhenDue(core, intent);
        return intent;
      },
    },
    {
      method: "POST",
      path: "/v1/payment_intents/:id/cancel",
      run: (ctx) => {
        const { state } = core;
        const intent = getPaymentIntent(state, ctx.pathParams.id!);
        const allowed = [
          "requires_payment_method",
          "requires_capture",
          "requires_confirmation",
          "requires_action",
          "processing",
        ];
        if (!allowed.includes(intent.status))
          throw unexpectedState("PaymentIntent", "canceled", intent.status, allowed);
        const reason = str(ctx.params, "cancellation_reason");
        if (
          reason !== undefined &&
          !["duplicate", "fraudulent", "requested_by_customer", "abandoned"].includes(reason)
        ) {
          throw invalidRequest(`Invalid cancellation_reason: ${reason}`, { param: "cancellation_reason" });
        }
        if (intent.status === "requires_capture") {
          // Releasing an authorization refunds the uncaptured charge in full.
          const { charge } = getCharge(state, intent.latest_charge as string);
          const before = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
          charge.amount_refunded = charge.amount;
          charge.refunded = true;
          intent.amount_capturable = 0;
          emit(state, ctx, "charge.refunded", charge, before);
        }
        intent.status = "canceled";
        intent.next_action = null;
        intent.canceled_at = nowSeconds();
        intent.cancellation_reason = (reason as Stripe.PaymentIntent.CancellationReason | undefined) ?? null;
        emit(state, ctx, "payment_intent.canceled", intent);
        return intent;
      },
    },
    {
      method: "GET",
      path: "/v1/payment_intents",
      run: (ctx) => {
        const customer = str(ctx.params, "customer");
        const intents = [...core.state.paymentIntents.values()].filter(
          (intent) => customer === undefined || intent.customer === customer,
        );
        return listPage(intents, ctx.params, "/v1/payment_intents");
      },
    },
    // Charges (read-only: PaymentIntents create them)
    { method: "GET", path: "/v1/charges/:id", run: (ctx) => getCharge(core.state, ctx.pathParams.id!).charge },
    {
      method: "GET",
      path: "/v1/charges",
      run: (ctx) => {
        const pi = str(ctx.params, "payment_intent");
        const customer = str(ctx.params, "customer");
        const charges = [...core.state.charges.values()]
          .map((record) => record.charge)
          .filter(
            (charge) =>
              (pi === undefined || charge.payment_intent === pi) &&
              (customer === undefined || charge.customer === customer),
          );
        return listPage(charges, ctx.params, "/v1/charges");
      },
    },
    // Refunds
    { method: "POST", path: "/v1/refunds", run: (ctx) => createRefund(core.state, ctx, ctx.params) },
    {
      method: "GET",
      path: "/v1/refunds/:id",
      run: (ctx) => {
        const refund = core.state.refunds.get(ctx.pathParams.id!);
        if (!refund)
          throw new ApiError(404, {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such refund: '${ctx.pathParams.id}'`,
          });
        return refund;
      },
    },
    {
      method: "GET",
      path: "/v1/refunds",
      run: (ctx) => {
        const pi = str(ctx.params, "payment_intent");
        const charge = str(ctx.params, "charge");
        const refunds = [...core.state.refunds.values()].filter(
          (refund) =>
            (pi === undefined || refund.payment_intent === pi) && (charge === undefined || refund.charge === charge),
        );
        return listPage(refunds, ctx.params, "/v1/refunds");
      },
    },
  ];
}
