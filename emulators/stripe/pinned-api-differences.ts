// Where the API version the installed `stripe` SDK pins (23.1.0: 2026-10-28.endive, objects.ts API_VERSION) differs
// from Stripe's OpenAPI file (2024-04-10, openapi.ts) in what the emulator or its callers use. For these the SDK's
// types are the truth; each entry names the type that says so. Kept short on purpose: only parameters the Worker
// (worker/**) or the emulator's tests send, and only fields the emulator's objects (objects.ts, `satisfies
// Stripe.X`) carry. Anything else newer than 2024 is still refused or reported.
import type { Schema } from "./openapi.ts";

const SDK = "node_modules/stripe/cjs/resources";
const PAYMENT_METHOD_TYPES: Schema = { type: "array", items: { type: "string", maxLength: 5000 } };
const EMPTYABLE_PAYMENT_METHOD_TYPES: Schema = { anyOf: [PAYMENT_METHOD_TYPES, { type: "string", enum: [""] }] };

interface ParamAddition {
  schema: Schema;
  /** The SDK type that declares it. */
  source: string;
}

/** Parameters the pinned SDK sends that the 2024 file does not describe, by operation. */
export const PARAMS_ADDED: Readonly<Record<string, Readonly<Record<string, ParamAddition>>>> = {
  "POST /v1/payment_intents": {
    allowed_payment_method_types: {
      schema: PAYMENT_METHOD_TYPES,
      source: `${SDK}/PaymentIntents.d.ts PaymentIntentCreateParams.allowed_payment_method_types`,
    },
  },
  "POST /v1/payment_intents/{intent}": {
    allowed_payment_method_types: {
      schema: PAYMENT_METHOD_TYPES,
      source: `${SDK}/PaymentIntents.d.ts PaymentIntentUpdateParams.allowed_payment_method_types`,
    },
  },
  "POST /v1/payment_intents/{intent}/confirm": {
    allowed_payment_method_types: {
      schema: PAYMENT_METHOD_TYPES,
      source: `${SDK}/PaymentIntents.d.ts PaymentIntentConfirmParams.allowed_payment_method_types`,
    },
  },
  "POST /v1/setup_intents": {
    allowed_payment_method_types: {
      schema: PAYMENT_METHOD_TYPES,
      source: `${SDK}/SetupIntents.d.ts SetupIntentCreateParams.allowed_payment_method_types`,
    },
  },
  "POST /v1/setup_intents/{intent}": {
    allowed_payment_method_types: {
      schema: EMPTYABLE_PAYMENT_METHOD_TYPES,
      source: `${SDK}/SetupIntents.d.ts SetupIntentUpdateParams.allowed_payment_method_types`,
    },
  },
  "POST /v1/setup_intents/{intent}/confirm": {
    allowed_payment_method_types: {
      schema: PAYMENT_METHOD_TYPES,
      source: `${SDK}/SetupIntents.d.ts SetupIntentConfirmParams.allowed_payment_method_types`,
    },
  },
};

/**
 * Parameters the 2024 file describes that the pinned version no longer takes: sent anyway, they are unknown.
 * `payment_method_types` gave way to `allowed_payment_method_types` (node_modules/stripe/CHANGELOG.md, 23.0.0: "Remove
 * support for `payment_method_types` on … PaymentIntentConfirmParams, PaymentIntentCreateParams,
 * PaymentIntentUpdateParams, SetupIntentCreateParams, and SetupIntentUpdateParams").
 */
export const PARAMS_WITHDRAWN: Readonly<Record<string, readonly string[]>> = {
  "POST /v1/payment_intents": ["payment_method_types"],
  "POST /v1/payment_intents/{intent}": ["payment_method_types"],
  "POST /v1/payment_intents/{intent}/confirm": ["payment_method_types"],
  "POST /v1/setup_intents": ["payment_method_types"],
  "POST /v1/setup_intents/{intent}": ["payment_method_types"],
};

interface FieldAddition {
  schema: Schema;
  source: string;
}

const NULLABLE_STRING: Schema = { type: "string", nullable: true };
const NULLABLE_TYPES: Schema = { type: "array", items: { type: "string" }, nullable: true };
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const expandable = (...names: string[]): Schema => ({ anyOf: [{ type: "string" }, ...names.map(ref)], nullable: true });

/** `field: type` declared in `file`, as the citation each entry below carries. */
function declared(file: string, declaration: string): string {
  return `${SDK}/${file} ${declaration}`;
}

/** Fields of the pinned version's objects that the 2024 file does not describe, by object schema. */
export const FIELDS_ADDED: Readonly<Record<string, Readonly<Record<string, FieldAddition>>>> = {
  account_business_profile: {
    minority_owned_business_designation: {
      schema: NULLABLE_TYPES,
      source: declared("Accounts.d.ts", "Account.BusinessProfile.minority_owned_business_designation: Array<…> | null"),
    },
    specified_commercial_transactions_act_url: {
      schema: NULLABLE_STRING,
      source: declared(
        "Accounts.d.ts",
        "Account.BusinessProfile.specified_commercial_transactions_act_url: string | null",
      ),
    },
  },
  balance_transaction: {
    balance_type: {
      schema: { type: "string" },
      source: declared("BalanceTransactions.d.ts", "BalanceTransaction.balance_type: BalanceTransaction.BalanceType"),
    },
  },
  billing_details: {
    tax_id: {
      schema: NULLABLE_STRING,
      source: declared("PaymentMethods.d.ts", "PaymentMethod.BillingDetails.tax_id: string | null"),
    },
  },
  charge: {
    source: {
      schema: { type: "object", nullable: true },
      source: declared("Charges.d.ts", "Charge.source: CustomerSource | null"),
    },
  },
  charge_outcome: {
    advice_code: {
      schema: NULLABLE_STRING,
      source: declared("Charges.d.ts", "Charge.Outcome.advice_code: Outcome.AdviceCode | null"),
    },
    network_advice_code: {
      schema: NULLABLE_STRING,
      source: declared("Charges.d.ts", "Charge.Outcome.network_advice_code: string | null"),
    },
    network_decline_code: {
      schema: NULLABLE_STRING,
      source: declared("Charges.d.ts", "Charge.Outcome.network_decline_code: string | null"),
    },
  },
  dispute: {
    enhanced_eligibility_types: {
      schema: { type: "array", items: { type: "string" } },
      source: declared("Disputes.d.ts", "Dispute.enhanced_eligibility_types: Array<Dispute.EnhancedEligibilityType>"),
    },
    intended_submission_method: {
      schema: NULLABLE_STRING,
      source: declared("Disputes.d.ts", "Dispute.intended_submission_method: Dispute.IntendedSubmissionMethod | null"),
    },
  },
  dispute_evidence: {
    enhanced_evidence: {
      schema: { type: "object" },
      source: declared("Disputes.d.ts", "Dispute.Evidence.enhanced_evidence: Evidence.EnhancedEvidence"),
    },
  },
  dispute_evidence_details: {
    enhanced_eligibility: {
      schema: { type: "object" },
      source: declared(
        "Disputes.d.ts",
        "Dispute.EvidenceDetails.enhanced_eligibility: EvidenceDetails.EnhancedEligibility",
      ),
    },
    submission_method: {
      schema: { type: "string" },
      source: declared("Disputes.d.ts", "Dispute.EvidenceDetails.submission_method: EvidenceDetails.SubmissionMethod"),
    },
  },
  dispute_payment_method_details_card: {
    case_type: {
      schema: { type: "string" },
      source: declared("Disputes.d.ts", "Dispute.PaymentMethodDetails.Card.case_type: Card.CaseType"),
    },
    network: {
      schema: { type: "string" },
      source: declared("Disputes.d.ts", "Dispute.PaymentMethodDetails.Card.network: string"),
    },
  },
  payment_intent: {
    allowed_payment_method_types: {
      schema: NULLABLE_TYPES,
      source: declared("PaymentIntents.d.ts", "PaymentIntent.allowed_payment_method_types: Array<…> | null"),
    },
    customer_account: {
      schema: NULLABLE_STRING,
      source: declared("PaymentIntents.d.ts", "PaymentIntent.customer_account: string | null"),
    },
    excluded_payment_method_types: {
      schema: NULLABLE_TYPES,
      source: declared("PaymentIntents.d.ts", "PaymentIntent.excluded_payment_method_types: Array<…> | null"),
    },
    managed_payments: {
      schema: { type: "object", properties: { enabled: { type: "boolean" } }, nullable: true },
      source: declared("PaymentIntents.d.ts", "PaymentIntent.managed_payments: PaymentIntent.ManagedPayments | null"),
    },
    payment_record: {
      schema: { anyOf: [{ type: "string" }, { type: "object" }], nullable: true },
      source: declared("PaymentIntents.d.ts", "PaymentIntent.payment_record: string | PaymentRecord | null"),
    },
    source: {
      schema: { anyOf: [{ type: "string" }, { type: "object" }], nullable: true },
      source: declared(
        "PaymentIntents.d.ts",
        "PaymentIntent.source: string | CustomerSource | DeletedCustomerSource | null",
      ),
    },
  },
  payment_method: {
    customer_account: {
      schema: NULLABLE_STRING,
      source: declared("PaymentMethods.d.ts", "PaymentMethod.customer_account: string | null"),
    },
  },
  payment_method_card: {
    regulated_status: {
      schema: NULLABLE_STRING,
      source: declared("PaymentMethods.d.ts", "PaymentMethod.Card.regulated_status: Card.RegulatedStatus | null"),
    },
  },
  payment_method_details_card: {
    authorization_code: {
      schema: NULLABLE_STRING,
      source: declared("Charges.d.ts", "Charge.PaymentMethodDetails.Card.authorization_code: string | null"),
    },
    electronic_commerce_indicator: {
      schema: NULLABLE_STRING,
      source: declared("Charges.d.ts", "Charge.PaymentMethodDetails.Card.electronic_commerce_indicator: string | null"),
    },
    network_transaction_id: {
      schema: NULLABLE_STRING,
      source: declared("Charges.d.ts", "Charge.PaymentMethodDetails.Card.network_transaction_id: string | null"),
    },
    regulated_status: {
      schema: NULLABLE_STRING,
      source: declared(
        "Charges.d.ts",
        "Charge.PaymentMethodDetails.Card.regulated_status: Card.RegulatedStatus | null",
      ),
    },
    transaction_link_id: {
      schema: NULLABLE_STRING,
      source: declared("Charges.d.ts", "Charge.PaymentMethodDetails.Card.transaction_link_id: string | null"),
    },
  },
  payout: {
    payout_method: { schema: NULLABLE_STRING, source: declared("Payouts.d.ts", "Payout.payout_method: string | null") },
    trace_id: {
      schema: {
        type: "object",
        properties: { status: { type: "string" }, value: NULLABLE_STRING },
        required: ["status", "value"],
        nullable: true,
      },
      source: declared("Payouts.d.ts", "Payout.trace_id: Payout.TraceId | null"),
    },
  },
  refund: {
    customer: {
      schema: expandable("customer", "deleted_customer"),
      source: declared("Refunds.d.ts", "Refund.customer: string | Customer | DeletedCustomer | null"),
    },
    customer_account: {
      schema: NULLABLE_STRING,
      source: declared("Refunds.d.ts", "Refund.customer_account: string | null"),
    },
    payment_method: {
      schema: expandable("payment_method"),
      source: declared("Refunds.d.ts", "Refund.payment_method: string | PaymentMethod | null"),
    },
  },
  setup_intent: {
    allowed_payment_method_types: {
      schema: NULLABLE_TYPES,
      source: declared("SetupIntents.d.ts", "SetupIntent.allowed_payment_method_types: Array<…> | null"),
    },
    excluded_payment_method_types: {
      schema: NULLABLE_TYPES,
      source: declared("SetupIntents.d.ts", "SetupIntent.excluded_payment_method_types: Array<…> | null"),
    },
  },
};

/** Fields the 2024 file requires that the pinned version's objects no longer have, by object schema. */
export const FIELDS_WITHDRAWN: Readonly<Record<string, Readonly<Record<string, string>>>> = {};
