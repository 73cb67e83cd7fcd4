// Stripe's documented test cards (docs.stripe.com/testing) and what each one does. One table: the magic ids
// (`pm_card_*`, and `tok_*` with the same suffix), the raw numbers and the behaviours all come from here.
import { ApiError } from "./util.ts";

export interface Decline {
  /** The error `code`: `card_declined` for most, the specific code for expired card, CVC and processing errors. */
  code: string;
  decline_code: string;
  message: string;
}

export interface TestCard {
  number: string;
  brand: "visa" | "mastercard" | "amex" | "discover" | "diners" | "jcb";
  funding: "credit" | "debit";
  country: string;
  /** The magic `pm_card_*` ids (without prefix variants); `tok_*` ids are the same names after `pm_card_`. */
  aliases: string[];
  /** Declined when attached to a customer or set up (SetupIntent), and when charged. */
  declineOnSetup?: Decline;
  /** Declined when charged (after any 3-D Secure). */
  declineOnCharge?: Decline;
  /**
   * `setup`: a SetupIntent needs 3-D Secure, on-session payments always do, off-session ones succeed once set up.
   * `always`: every on-session attempt needs 3-D Secure; off-session payments fail with `authentication_required`.
   */
  threeDSecure?: "setup" | "always";
  /** Charges land in the available balance at once instead of pending. */
  bypassPending?: boolean;
  /** The charge succeeds, then the cardholder's bank disputes it (disputes.ts, docs.stripe.com/testing#disputes). */
  dispute?: DisputeTestCase;
}

/**
 * What Stripe's dispute test cards do after their charge succeeds: a chargeback for fraud or for a product not
 * received, an inquiry (a question from the bank, no money moved), two chargebacks on the one charge, or only an
 * early fraud warning.
 */
export type DisputeTestCase = "fraudulent" | "product_not_received" | "inquiry" | "multiple" | "early_fraud_warning";

const declined = (decline_code: string, message = "Your card was declined."): Decline => ({
  code: "card_declined",
  decline_code,
  message,
});
const GENERIC = declined("generic_decline");
const INSUFFICIENT = declined("insufficient_funds", "Your card has insufficient funds.");

export const TEST_CARDS: TestCard[] = [
  { number: "4242424242424242", brand: "visa", funding: "credit", country: "US", aliases: ["visa"] },
  { number: "4000056655665556", brand: "visa", funding: "debit", country: "US", aliases: ["visa_debit"] },
  { number: "5555555555554444", brand: "mastercard", funding: "credit", country: "US", aliases: ["mastercard"] },
  { number: "5200828282828210", brand: "mastercard", funding: "debit", country: "US", aliases: ["mastercard_debit"] },
  { number: "378282246310005", brand: "amex", funding: "credit", country: "US", aliases: ["amex"] },
  { number: "6011111111111117", brand: "discover", funding: "credit", country: "US", aliases: ["discover"] },
  { number: "3056930009020004", brand: "diners", funding: "credit", country: "US", aliases: ["diners"] },
  { number: "3566002020360505", brand: "jcb", funding: "credit", country: "JP", aliases: ["jcb"] },
  {
    number: "4000000000000077",
    brand: "visa",
    funding: "credit",
    country: "US",
    aliases: ["bypassPending"],
    bypassPending: true,
  },
  {
    number: "4000000000000002",
    brand: "visa",
    funding: "credit",
    country: "US",
    aliases: ["chargeDeclined", "visa_chargeDeclined"],
    declineOnSetup: GENERIC,
    declineOnCharge: GENERIC,
  },
  {
    number: "4000000000009995",
    brand: "visa",
    funding: "credit",
    country: "US",
    aliases: ["chargeDeclinedInsufficientFunds", "visa_chargeDeclinedInsufficientFunds"],
    declineOnSetup: INSUFFICIENT,
    declineOnCharge: INSUFFICIENT,
  },
  {
    number: "4000000000009987",
    brand: "visa",
    funding: "credit",
    country: "US",
    aliases: ["chargeDeclinedLostCard", "visa_chargeDeclinedLostCard"],
    declineOnSetup: declined("lost_card"),
    declineOnCharge: declined("lost_card"),
  },
  {
    number: "4000000000009979",
    brand: "visa",
    funding: "credit",
    country: "US",
    aliases: ["chargeDeclinedStolenCard", "visa_chargeDeclinedStolenCard"],
    declineOnSetup: declined("stolen_card"),
    declineOnCharge: declined("stolen_card"),
  },
  {
    number: "4000000000000069",
    brand: "visa",
    funding: "credit",
    country: "US",
    aliases: ["chargeDeclinedExpiredCard", "visa_chargeDeclinedExpiredCard"],
    declineOnSetup: { code: "expired_card", decline_code: "expired_card", message: "Your card has expired." },
    declineOnCharge: { code: "expired_card", decline_code: "expired_card", message: "Your card has expired." },
  },
  {
    number: "4000000000000127",
    brand: "visa",
    funding: "credit",
    country: "US",
    aliases: ["chargeDeclinedIncorrectCvc", "visa_chargeDeclinedIncorrectCvc"],
    declineOnSetup: {
      code: "incorrect_cvc",
      decline_code: "incorrect_cvc",
      message: "Your card's security code is incorrect.",
    },
    declineOnCharge: {
      code: "incorrect_cvc",
      decline_code: "incorrect_cvc",
      message: "Your card's security code is incorrect.",
    },
  },
  {
    number: "4000000000000119",
    brand: "visa",
    funding: "credit",
    country: "US",
    aliases: ["chargeDeclinedProcessingError", "visa_chargeDeclinedProcessingError"],
    declineOnSetup: {
      code: "processing_error",
      decline_code: "processing_error",
      message: "An error occurred while processing your card. Try again in a little bit.",
    },
    declineOnCharge: {
      code: "processing_error",
      decline_code: "processing_error",
      message: "An error occurred while processing your card. Try again in a little bit.",
    },
  },
  {
    number: "4000000000000341",
    brand: "visa",
    funding: "credit",
    country: "US",
    aliases: ["chargeCustomerFail"],
    declineOnCharge: GENERIC,
  },
  {
    number: "4000002500003155",
    brand: "visa",
    funding: "credit",
    country: "US",
    aliases: ["authenticationRequiredOnSetup"],
    threeDSecure: "setup",
  },
  {
    number: "4000002760003184",
    brand: "visa",
    funding: "credit",
    country: "US",
    aliases: ["authenticationRequired"],
    threeDSecure: "always",
  },
  {
    number: "4000000000003220",
    brand: "visa",
    funding: "credit",
    country: "US",
    aliases: ["threeDSecure2Required"],
    threeDSecure: "always",
  },
  {
    number: "4000008260003178",
    brand: "visa",
    funding: "credit",
    country: "US",
    aliases: ["authenticationRequiredChargeDeclinedInsufficientFunds"],
    threeDSecure: "always",
    declineOnCharge: INSUFFICIENT,
  },
  disputeCard("4000000000000259", "fraudulent", ["createDispute"]),
  disputeCard("4000000000002685", "product_not_received", ["createDisputeProductNotReceived"]),
  disputeCard("4000000000001976", "inquiry", ["createDisputeInquiry"]),
  disputeCard("4000000000006975", "multiple", ["createMultipleDisputes"]),
  disputeCard("4000000000005423", "early_fraud_warning", ["createIssuerFraudRecord"]),
];

/** A Visa that pays, then is disputed; its magic ids also come with the `visa_` prefix (`tok_visa_createDispute`). */
function disputeCard(number: string, dispute: DisputeTestCase, names: string[]): TestCard {
  return {
    number,
    brand: "visa",
    funding: "credit",
    country: "US",
    aliases: names.flatMap((name) => [name, `visa_${name}`]),
    dispute,
  };
}

/** The card behind a magic id (`pm_card_visa`, `tok_visa`), or undefined when the id is not a magic one. */
export function cardForMagicId(id: string): TestCard | undefined {
  const name = id.startsWith("pm_card_")
    ? id.slice("pm_card_".length)
    : id.startsWith("tok_")
      ? id.slice("tok_".length)
      : undefined;
  if (name === undefined) return undefined;
  return TEST_CARDS.find((card) => card.aliases.includes(name));
}

function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function cardError(code: string, message: string, param: string): ApiError {
  return new ApiError(402, { type: "card_error", code, message, param });
}

/**
 * The card a raw number stands for, after Stripe's checks of number, expiry and CVC. A valid number that is
 * not a test card is refused the way Stripe's test mode refuses a live card.
 */
export function cardForNumber(
  input: { number: string; exp_month: number; exp_year: number; cvc?: string },
  now: Date,
): TestCard {
  const number = input.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number))
    throw cardError("incorrect_number", "Your card number is incorrect.", "number");
  if (!Number.isInteger(input.exp_month) || input.exp_month < 1 || input.exp_month > 12) {
    throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", "exp_month");
  }
  const year = input.exp_year < 100 ? 2000 + input.exp_year : input.exp_year;
  const thisYear = now.getUTCFullYear();
  if (year < thisYear || year > thisYear + 50)
    throw cardError("invalid_expiry_year", "Your card's expiration year is invalid.", "exp_year");
  if (year === thisYear && input.exp_month < now.getUTCMonth() + 1) {
    throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", "exp_month");
  }
  if (input.cvc !== undefined && input.cvc !== "" && !/^\d{3,4}$/.test(input.cvc))
    throw cardError("invalid_cvc", "Your card's security code is invalid.", "cvc");
  const card = TEST_CARDS.find((candidate) => candidate.number === number);
  if (!card) {
    throw new ApiError(402, {
      type: "card_error",
      code: "card_declined",
      decline_code: "live_mode_test_card",
      message:
        "Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
    });
  }
  return card;
}
