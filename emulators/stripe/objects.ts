// One builder per Stripe object, each checked with `satisfies Stripe.X` against the installed SDK's types: a field
// the SDK adds or retypes fails `npm run typecheck` here, not silently at runtime. Fields the emulator has no use
// for are present with Stripe's "not set" value (null), so the JSON has the real shape.
import type Stripe from "stripe";
import type { TestCard } from "./cards.ts";
import { newId, nowSeconds } from "./util.ts";

/** The API version the installed SDK sends; echoed back when a request names none. */
export const API_VERSION = "2026-10-28.endive";

export function customer(input: {
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  metadata: Record<string, string>;
  defaultPaymentMethod: string | null;
}): Stripe.Customer {
  return {
    id: newId("cus", 14),
    object: "customer",
    address: null,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: input.description,
    discount: null,
    email: input.email,
    invoice_prefix: newId("", 8).slice(1).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: input.defaultPaymentMethod,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: input.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  } satisfies Stripe.Customer;
}

export function deletedCustomer(id: string): Stripe.DeletedCustomer {
  return { id, object: "customer", deleted: true } satisfies Stripe.DeletedCustomer;
}

function fingerprint(number: string): string {
  // Stable per number, like Stripe's: the same card saved twice has the same fingerprint.
  let hash = 0;
  for (const char of number) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `emu${hash.toString(36)}`.padEnd(16, "0").slice(0, 16);
}

export function paymentMethod(input: {
  card: TestCard;
  expMonth: number;
  expYear: number;
  billingDetails: Stripe.PaymentMethod.BillingDetails;
  metadata: Record<string, string>;
  allowRedisplay: Stripe.PaymentMethod.AllowRedisplay;
}): Stripe.PaymentMethod {
  const { card } = input;
  return {
    id: newId("pm"),
    object: "payment_method",
    allow_redisplay: input.allowRedisplay,
    billing_details: input.billingDetails,
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "unchecked" },
      country: card.country,
      display_brand: card.brand === "amex" ? "american_express" : card.brand,
      exp_month: input.expMonth,
      exp_year: input.expYear,
      fingerprint: fingerprint(card.number),
      funding: card.funding,
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      regulated_status: "unregulated",
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: nowSeconds(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: input.metadata,
    type: "card",
  } satisfies Stripe.PaymentMethod;
}

export function setupIntent(input: {
  customer: string | null;
  paymentMethod: string | null;
  usage: "off_session" | "on_session";
  description: string | null;
  metadata: Record<string, string>;
  paymentMethodTypes: string[];
  automaticPaymentMethods: boolean;
}): Stripe.SetupIntent {
  const id = newId("seti");
  return {
    id,
    object: "setup_intent",
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: input.automaticPaymentMethods ? { allow_redirects: "always", enabled: true } : null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${newId("", 24).slice(1)}`,
    created: nowSeconds(),
    customer: input.customer,
    description: input.description,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: "automatic" } },
    payment_method_types: input.paymentMethodTypes,
    single_use_mandate: null,
    status: input.paymentMethod ? "requires_confirmation" : "requires_payment_method",
    usage: input.usage,
  } satisfies Stripe.SetupIntent;
}

export function paymentIntent(input: {
  amount: number;
  currency: string;
  customer: string | null;
  paymentMethod: string | null;
  captureMethod: Stripe.PaymentIntent.CaptureMethod;
  confirmationMethod: Stripe.PaymentIntent.ConfirmationMethod;
  description: string | null;
  metadata: Record<string, string>;
  paymentMethodTypes: string[];
  automaticPaymentMethods: boolean;
  setupFutureUsage: Stripe.PaymentIntent.SetupFutureUsage | null;
  transferData: Stripe.PaymentIntent.TransferData | null;
  applicationFeeAmount: number | null;
  transferGroup: string | null;
  onBehalfOf: string | null;
  receiptEmail: string | null;
  statementDescriptor: string | null;
}): Stripe.PaymentIntent {
  const id = newId("pi");
  return {
    id,
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: input.applicationFeeAmount,
    automatic_payment_methods: input.automaticPaymentMethods ? { allow_redirects: "always", enabled: true } : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: input.captureMethod,
    client_secret: `${id}_secret_${newId("", 24).slice(1)}`,
    confirmation_method: input.confirmationMethod,
    created: nowSeconds(),
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: input.onBehalfOf,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: "automatic" },
    },
    payment_method_types: input.paymentMethodTypes,
    payment_record: null,
    processing: null,
    receipt_email: input.receiptEmail,
    review: null,
    setup_future_usage: input.setupFutureUsage,
    shipping: null,
    source: null,
    statement_descriptor: input.statementDescriptor,
    statement_descriptor_suffix: null,
    status: input.paymentMethod ? "requires_confirmation" : "requires_payment_method",
    transfer_data: input.transferData,
    transfer_group: input.transferGroup,
  } satisfies Stripe.PaymentIntent;
}

export function charge(input: {
  intent: Stripe.PaymentIntent;
  paymentMethod: Stripe.PaymentMethod;
  captured: boolean;
  failure: { code: string; decline_code: string; message: string } | null;
  balanceTransaction: string | null;
}): Stripe.Charge {
  const { intent, paymentMethod: pm, failure } = input;
  const card = pm.card!;
  const succeeded = failure === null;
  return {
    id: newId("ch"),
    object: "charge",
    amount: intent.amount,
    amount_captured: succeeded && input.captured ? intent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: intent.application_fee_amount,
    balance_transaction: input.balanceTransaction,
    billing_details: { ...pm.billing_details },
    calculated_statement_descriptor: "COMET",
    captured: succeeded && input.captured,
    created: nowSeconds(),
    currency: intent.currency,
    customer: typeof intent.customer === "string" ? intent.customer : null,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: { ...intent.metadata },
    on_behalf_of: typeof intent.on_behalf_of === "string" ? intent.on_behalf_of : null,
    outcome: failure
      ? {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: "declined_by_network",
          reason: failure.decline_code,
          risk_level: "normal",
          risk_score: 20,
          seller_message: "The bank did not return any further details with this decline.",
          type: failure.code === "authentication_required" ? "blocked" : "issuer_declined",
        }
      : {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: "approved_by_network",
          reason: null,
          risk_level: "normal",
          risk_score: 20,
          seller_message: "Payment complete.",
          type: "authorized",
        },
    paid: succeeded,
    payment_intent: intent.id,
    payment_method: pm.id,
    payment_method_details: {
      type: "card",
      card: {
        amount_authorized: succeeded ? intent.amount : null,
        authorization_code: succeeded ? "123456" : null,
        brand: card.brand,
        checks: card.checks,
        country: card.country,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        fingerprint: card.fingerprint ?? null,
        funding: card.funding,
        installments: null,
        last4: card.last4,
        mandate: null,
        network: card.brand,
        network_transaction_id: succeeded ? "1234567890" : null,
        regulated_status: "unregulated",
        three_d_secure: null,
        wallet: null,
        electronic_commerce_indicator: null,
        transaction_link_id: null,
      },
    },
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: intent.statement_descriptor,
    statement_descriptor_suffix: null,
    status: succeeded ? "succeeded" : "failed",
    transfer_data: intent.transfer_data
      ? { amount: intent.transfer_data.amount ?? null, destination: intent.transfer_data.destination }
      : null,
    transfer_group: intent.transfer_group,
  } satisfies Stripe.Charge;
}

export function refund(input: {
  charge: Stripe.Charge;
  amount: number;
  reason: Stripe.Refund.Reason | null;
  metadata: Record<string, string>;
}): Stripe.Refund {
  return {
    id: newId("re"),
    object: "refund",
    amount: input.amount,
    // Set by settlement.ts when it records the refund's balance transaction.
    balance_transaction: null,
    charge: input.charge.id,
    created: nowSeconds(),
    currency: input.charge.currency,
    customer: input.charge.customer,
    customer_account: null,
    destination_details: {
      type: "card",
      card: { reference_status: "pending", reference_type: "acquirer_reference_number", type: "refund" },
    },
    metadata: input.metadata,
    payment_intent: input.charge.payment_intent,
    payment_method: input.charge.payment_method,
    reason: input.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  } satisfies Stripe.Refund;
}

const ONBOARDING_REQUIREMENTS = [
  "business_profile.url",
  "external_account",
  "individual.first_name",
  "individual.last_name",
  "tos_acceptance.date",
  "tos_acceptance.ip",
];

export function account(input: {
  id?: string;
  type: Stripe.Account.Type;
  country: string;
  email: string | null;
  businessType: Stripe.Account.BusinessType | null;
  defaultCurrency: string;
  metadata: Record<string, string>;
  requestedCapabilities: string[];
  /** The platform's own account is complete from the start. */
  complete: boolean;
}): Stripe.Account {
  const capability = input.complete ? "active" : "inactive";
  const capabilities: Stripe.Account.Capabilities = {};
  if (input.requestedCapabilities.includes("transfers")) capabilities.transfers = capability;
  if (input.requestedCapabilities.includes("card_payments")) capabilities.card_payments = capability;
  return {
    id: input.id ?? newId("acct", 16),
    object: "account",
    business_profile: {
      mcc: null,
      minority_owned_business_designation: null,
      name: null,
      specified_commercial_transactions_act_url: null,
      support_address: null,
      support_email: null,
      support_phone: null,
      support_url: null,
      url: null,
    },
    business_type: input.businessType,
    capabilities,
    charges_enabled: input.complete,
    controller:
      input.type === "standard"
        ? { type: "account", is_controller: false }
        : { type: "application", is_controller: true },
    country: input.country,
    created: nowSeconds(),
    default_currency: input.defaultCurrency,
    details_submitted: input.complete,
    email: input.email,
    external_accounts: { object: "list", data: [], has_more: false, url: "" },
    metadata: input.metadata,
    payouts_enabled: input.complete,
    requirements: requirements(input.complete),
    settings: null,
    tos_acceptance: { date: null },
    type: input.type,
  } satisfies Stripe.Account;
}

function requirements(complete: boolean): Stripe.Account.Requirements {
  const due = complete ? [] : [...ONBOARDING_REQUIREMENTS];
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: due,
    disabled_reason: complete ? null : "requirements.past_due",
    errors: [],
    eventually_due: due,
    past_due: due,
    pending_verification: [],
  } satisfies Stripe.Account.Requirements;
}

export function deletedAccount(id: string): Stripe.DeletedAccount {
  return { id, object: "account", deleted: true } satisfies Stripe.DeletedAccount;
}

export function accountLink(url: string): Stripe.AccountLink {
  const created = nowSeconds();
  return { object: "account_link", created, expires_at: created + 300, url } satisfies Stripe.AccountLink;
}

export function loginLink(url: string): Stripe.LoginLink {
  return { object: "login_link", created: nowSeconds(), url } satisfies Stripe.LoginLink;
}

export function transfer(input: {
  amount: number;
  currency: string;
  destination: string;
  destinationPayment: string;
  sourceTransaction: string | null;
  transferGroup: string | null;
  description: string | null;
  metadata: Record<string, string>;
}): Stripe.Transfer {
  const id = newId("tr");
  return {
    id,
    object: "transfer",
    amount: input.amount,
    amount_reversed: 0,
    // Set by settlement.ts when it records the transfer's balance transaction.
    balance_transaction: null,
    created: nowSeconds(),
    currency: input.currency,
    description: input.description,
    destination: input.destination,
    destination_payment: input.destinationPayment,
    livemode: false,
    metadata: input.metadata,
    reversals: { object: "list", data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
    reversed: false,
    source_transaction: input.sourceTransaction,
    source_type: "card",
    transfer_group: input.transferGroup,
  } satisfies Stripe.Transfer;
}

/**
 * A movement of money through one account's balance (docs/decisions/050): always in that account's settlement currency,
 * `net = amount − fee` as Stripe defines it, and `exchange_rate` only when the money was converted (null otherwise).
 */
export function balanceTransaction(input: {
  amount: number;
  currency: string;
  exchangeRate: number | null;
  fee: number;
  feeDescription: string;
  type: Stripe.BalanceTransaction.Type;
  reportingCategory: string;
  source: string;
  status: "pending" | "available";
  availableOn: number;
  description: string | null;
}): Stripe.BalanceTransaction {
  const feeDetails: Stripe.BalanceTransaction.FeeDetail[] =
    input.fee === 0
      ? []
      : [
          {
            amount: input.fee,
            application: null,
            currency: input.currency,
            description: input.feeDescription,
            type: "stripe_fee",
          },
        ];
  return {
    id: newId("txn"),
    object: "balance_transaction",
    amount: input.amount,
    available_on: input.availableOn,
    balance_type: "payments",
    created: nowSeconds(),
    currency: input.currency,
    description: input.description,
    exchange_rate: input.exchangeRate,
    fee: input.fee,
    fee_details: feeDetails,
    net: input.amount - input.fee,
    reporting_category: input.reportingCategory,
    source: input.source,
    status: input.status,
    type: input.type,
  } satisfies Stripe.BalanceTransaction;
}

export function balance(input: {
  available: Map<string, number>;
  pending: Map<string, number>;
  defaultCurrency: string;
}): Stripe.Balance {
  const entries = (amounts: Map<string, number>) => {
    const currencies = amounts.size > 0 ? [...amounts.keys()] : [input.defaultCurrency];
    return currencies.map((currency) => {
      const amount = amounts.get(currency) ?? 0;
      return { amount, currency, source_types: { card: amount } };
    });
  };
  return {
    object: "balance",
    available: entries(input.available),
    livemode: false,
    pending: entries(input.pending),
  } satisfies Stripe.Balance;
}

export function webhookEndpoint(input: {
  url: string;
  enabledEvents: string[];
  description: string | null;
  metadata: Record<string, string>;
  secret: string;
}): Stripe.WebhookEndpoint {
  return {
    id: newId("we"),
    object: "webhook_endpoint",
    api_version: API_VERSION,
    application: null,
    created: nowSeconds(),
    description: input.description,
    enabled_events: input.enabledEvents,
    livemode: false,
    metadata: input.metadata,
    secret: input.secret,
    status: "enabled",
    url: input.url,
  } satisfies Stripe.WebhookEndpoint;
}

export function event(input: {
  type: Stripe.Event.Type;
  object: { object: string };
  previousAttributes: Record<string, unknown> | null;
  account: string | null;
  request: { id: string | null; idempotency_key: string | null };
  pendingWebhooks: number;
}): Stripe.Event {
  const built = {
    id: newId("evt"),
    object: "event",
    api_version: API_VERSION,
    created: nowSeconds(),
    data: {
      object: input.object,
      ...(input.previousAttributes ? { previous_attributes: input.previousAttributes } : {}),
    },
    livemode: false,
    pending_webhooks: input.pendingWebhooks,
    request: input.request,
    type: input.type,
    ...(input.account ? { account: input.account } : {}),
  } satisfies Stripe.EventBase;
  // Stripe.Event is a union keyed by `type`; the base's fields are checked above, the pairing of type and object
  // is the caller's (one call site per event type).
  return built as unknown as Stripe.Event;
}
