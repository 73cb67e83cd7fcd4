// Settlement (docs/decisions/050): money in an account's balance is in that account's settlement currency. On Stripe a
// charge presented in another currency is converted when it is captured, Stripe's fee is taken in the settlement
// currency, and from then on the charge exists in the balance only as its balance transaction: the balance, a refund's
// debit and a `source_transaction` transfer are all in that currency. Every balance change made here goes through a
// stored balance transaction, so an account's balance is the sum of its transactions' `net`.
import type Stripe from "stripe";
import * as build from "./objects.ts";
import { adjustBalance, emit, PLATFORM_ACCOUNT_ID, type ChargeRecord, type Ctx, type State } from "./state.ts";
import { invalidRequest, newId, nowSeconds } from "./util.ts";

/** Stripe's zero-decimal currencies (https://docs.stripe.com/currencies#zero-decimal): amounts are whole units. */
const ZERO_DECIMAL = new Set([
  "bif",
  "clp",
  "djf",
  "gnf",
  "jpy",
  "kmf",
  "krw",
  "mga",
  "pyg",
  "rwf",
  "ugx",
  "vnd",
  "vuv",
  "xaf",
  "xof",
  "xpf",
]);

/**
 * The emulator's fixed exchange rates, one major unit of the first currency in the second, as decimal strings so they
 * are applied exactly. They are the spec's stored reference rates (spec.md, Currency: "usd to jpy 144.91 and jpy to usd
 * 0.0069", dated 2024-08-02). Stripe converts at its rate at the time of the charge
 * (https://docs.stripe.com/currencies/conversions); a fixed table keeps every test's figures reproducible.
 */
const EXCHANGE_RATES: Readonly<Record<string, string>> = { "usd>jpy": "144.91", "jpy>usd": "0.0069" };

/**
 * Stripe Japan's standard card pricing (https://stripe.com/jp/pricing), in thousandths: 3.6% of each card payment, the
 * same for domestic and foreign cards, plus 2% when it must be converted to the settlement currency. The emulator's
 * platform is a Japanese account, so this is the pricing it applies.
 */
const CARD_FEE_PER_MILLE = 36;
const CONVERSION_FEE_PER_MILLE = 20;

/**
 * When a pending balance transaction says its funds will be available. Nominal: in the emulator funds move only when a
 * test says time has passed (`/_emulator/balance/make_available`).
 */
const PENDING_SECONDS = 7 * 86_400;

function minorUnitDigits(currency: string): number {
  return ZERO_DECIMAL.has(currency) ? 0 : 2;
}

/** a / b rounded to the nearest integer, halves up, for non-negative integers. */
function divideRounded(a: bigint, b: bigint): number {
  return Number((2n * a + b) / (2n * b));
}

function settlementCurrencyOf(state: State, account: string): string {
  if (account === PLATFORM_ACCOUNT_ID) return state.platform.default_currency ?? "jpy";
  return state.accounts.get(account)?.default_currency ?? state.platform.default_currency ?? "jpy";
}

/** A charge in `currency` can be settled by `account` only if the emulator knows the rate (it knows usd↔jpy). */
export function checkSettles(state: State, account: string | null, currency: string, param = "currency"): void {
  const settlement = settlementCurrencyOf(state, account ?? PLATFORM_ACCOUNT_ID);
  if (currency === settlement || EXCHANGE_RATES[`${currency}>${settlement}`]) return;
  throw invalidRequest(
    `The local Stripe emulator has no exchange rate from ${currency} to the account's settlement currency (${settlement}); it knows ${Object.keys(EXCHANGE_RATES).join(", ")}.`,
    { param },
  );
}

/**
 * `amount` (minor units of `from`) in minor units of `to`, rounded to the nearest unit, halves up. `exchangeRate` is the
 * rate per major unit, as Stripe reports it on the balance transaction; null when nothing was converted.
 */
function convert(amount: number, from: string, to: string): { amount: number; exchangeRate: number | null } {
  if (from === to) return { amount, exchangeRate: null };
  const rate = EXCHANGE_RATES[`${from}>${to}`];
  if (!rate) throw invalidRequest(`The local Stripe emulator has no exchange rate from ${from} to ${to}.`);
  const [whole, fraction = ""] = rate.split(".");
  const numerator = BigInt(`${whole}${fraction}`) * 10n ** BigInt(minorUnitDigits(to));
  const denominator = 10n ** BigInt(fraction.length + minorUnitDigits(from));
  return { amount: divideRounded(BigInt(amount) * numerator, denominator), exchangeRate: Number(rate) };
}

/** Stripe's fee on a card payment, in the settlement currency, rounded to the nearest unit (halves up). */
function cardFee(settledAmount: number, converted: boolean): number {
  const perMille = CARD_FEE_PER_MILLE + (converted ? CONVERSION_FEE_PER_MILLE : 0);
  return divideRounded(BigInt(settledAmount) * BigInt(perMille), 1000n);
}

/** Stores a balance transaction and moves its `net` in the account's balance (pending or available, as its status). */
function record(state: State, account: string, transaction: Stripe.BalanceTransaction): Stripe.BalanceTransaction {
  state.balanceTransactions.set(transaction.id, { account, transaction });
  adjustBalance(
    state,
    account,
    transaction.currency,
    transaction.net,
    transaction.status === "available" ? "available" : "pending",
  );
  return transaction;
}

function statusOf(fundsAvailable: boolean): { status: "pending" | "available"; availableOn: number } {
  const now = nowSeconds();
  return fundsAvailable
    ? { status: "available", availableOn: now }
    : { status: "pending", availableOn: now + PENDING_SECONDS };
}

/**
 * A transfer's two sides: the sender's balance debited (type `transfer`) and the destination's credited (type
 * `payment`, the destination payment), in the transfer's currency. Funds from a pending charge stay pending on both.
 */
export function recordTransfer(state: State, transfer: Stripe.Transfer, from: string, fundsAvailable: boolean): void {
  const when = statusOf(fundsAvailable);
  const common = {
    currency: transfer.currency,
    exchangeRate: null,
    fee: 0,
    feeDescription: "",
    ...when,
    description: transfer.description,
  };
  const sent = record(
    state,
    from,
    build.balanceTransaction({
      ...common,
      amount: -transfer.amount,
      type: "transfer",
      reportingCategory: "transfer",
      source: transfer.id,
    }),
  );
  transfer.balance_transaction = sent.id;
  const destination = typeof transfer.destination === "string" ? transfer.destination : transfer.destination?.id;
  const payment =
    typeof transfer.destination_payment === "string" ? transfer.destination_payment : transfer.destination_payment?.id;
  if (destination && payment) {
    record(
      state,
      destination,
      build.balanceTransaction({
        ...common,
        amount: transfer.amount,
        type: "payment",
        reportingCategory: "charge",
        source: payment,
      }),
    );
  }
}

/**
 * A captured charge enters its account's balance: converted to the settlement currency, Stripe's fee taken, as one
 * balance transaction. A destination charge then moves its share on to the connected account, converted the same way.
 */
export function settleCharge(
  state: State,
  ctx: Ctx,
  intent: Stripe.PaymentIntent,
  charge: ChargeRecord,
  capturedAmount: number,
): void {
  const account = charge.balanceAccount;
  const currency = settlementCurrencyOf(state, account);
  const converted = convert(capturedAmount, charge.charge.currency, currency);
  const settled = record(
    state,
    account,
    build.balanceTransaction({
      amount: converted.amount,
      currency,
      exchangeRate: converted.exchangeRate,
      fee: cardFee(converted.amount, converted.exchangeRate !== null),
      feeDescription: "Stripe processing fees",
      type: "charge",
      reportingCategory: "charge",
      source: charge.charge.id,
      ...statusOf(charge.fundsAvailable),
      description: charge.charge.description,
    }),
  );
  charge.charge.balance_transaction = settled.id;
  const destination = intent.transfer_data?.destination;
  if (typeof destination !== "string") return;
  const share = Math.min(
    capturedAmount,
    intent.transfer_data?.amount ?? capturedAmount - (intent.application_fee_amount ?? 0),
  );
  const transfer = build.transfer({
    amount: convert(share, charge.charge.currency, currency).amount,
    currency,
    destination,
    destinationPayment: newId("py"),
    sourceTransaction: charge.charge.id,
    transferGroup: intent.transfer_group,
    description: null,
    metadata: {},
  });
  recordTransfer(state, transfer, account, charge.fundsAvailable);
  state.transfers.set(transfer.id, transfer);
  charge.charge.transfer = transfer.id;
  charge.transferred += transfer.amount;
  emit(state, ctx, "transfer.created", transfer, null, null);
}

/**
 * A refund leaves the balance in the settlement currency, converted again (Stripe uses the rate of the day of the
 * refund, https://docs.stripe.com/currencies/disputes-refunds; here the table's). Stripe keeps its fee on the charge
 * (https://support.stripe.com/questions/understanding-fees-for-refunded-payments), so the refund has none.
 */
export function settleRefund(state: State, charge: ChargeRecord, refund: Stripe.Refund): void {
  const account = charge.balanceAccount;
  const currency = settlementCurrencyOf(state, account);
  const converted = convert(refund.amount, refund.currency, currency);
  const debited = record(
    state,
    account,
    build.balanceTransaction({
      amount: -converted.amount,
      currency,
      exchangeRate: converted.exchangeRate,
      fee: 0,
      feeDescription: "",
      type: "refund",
      reportingCategory: "refund",
      source: refund.id,
      ...statusOf(charge.fundsAvailable),
      description: null,
    }),
  );
  refund.balance_transaction = debited.id;
}

/**
 * Stripe Japan's fee for a chargeback (https://stripe.com/jp/pricing: ¥1,500 per dispute), in the settlement
 * currency's minor units; a US account pays $15.00, the same 1500 minor units.
 */
const DISPUTE_FEE = 1500;

/**
 * A chargeback's money: `withdrawn` debits the disputed amount and the dispute fee from the charge's account at once
 * (available balance, which may go negative, as Stripe's does); `reinstated` (a dispute won) credits both back.
 * Converted like a refund, at the table's rate.
 */
export function settleDispute(
  state: State,
  charge: ChargeRecord,
  dispute: Stripe.Dispute,
  movement: "withdrawn" | "reinstated",
): Stripe.BalanceTransaction {
  const account = charge.balanceAccount;
  const currency = settlementCurrencyOf(state, account);
  const converted = convert(dispute.amount, dispute.currency, currency);
  const sign = movement === "withdrawn" ? -1 : 1;
  return record(
    state,
    account,
    build.balanceTransaction({
      amount: sign * converted.amount,
      currency,
      exchangeRate: converted.exchangeRate,
      fee: -sign * DISPUTE_FEE,
      feeDescription: "Dispute fee",
      type: "adjustment",
      reportingCategory: movement === "withdrawn" ? "dispute" : "dispute_reversal",
      source: dispute.id,
      ...statusOf(true),
      description: `Chargeback ${movement === "withdrawn" ? "withdrawal" : "reversal"} for ${charge.charge.id}`,
    }),
  );
}

/** A charge's balance transaction, once it has been captured (none before). */
function balanceTransactionOf(state: State, charge: Stripe.Charge): Stripe.BalanceTransaction | null {
  const id =
    typeof charge.balance_transaction === "string" ? charge.balance_transaction : charge.balance_transaction?.id;
  return id ? (state.balanceTransactions.get(id)?.transaction ?? null) : null;
}

/**
 * What a charge can still fund by `source_transaction` transfers, in its settlement currency: what it brought into the
 * balance (its `net`, Stripe's fee already taken), less its refunds and the transfers it has funded.
 */
export function sourceTransactionRemaining(
  state: State,
  charge: ChargeRecord,
): { amount: number; currency: string } | null {
  const settled = balanceTransactionOf(state, charge.charge);
  if (!settled) return null;
  let refunded = 0;
  for (const refund of state.refunds.values()) {
    if (refund.charge !== charge.charge.id || typeof refund.balance_transaction !== "string") continue;
    refunded -= state.balanceTransactions.get(refund.balance_transaction)?.transaction.amount ?? 0;
  }
  return { amount: Math.max(0, settled.net - refunded - charge.transferred), currency: settled.currency };
}

/** "Time passes": every pending balance transaction becomes available (the balances are moved by the caller). */
export function makeTransactionsAvailable(state: State): void {
  const now = nowSeconds();
  for (const { transaction } of state.balanceTransactions.values()) {
    if (transaction.status !== "pending") continue;
    transaction.status = "available";
    transaction.available_on = Math.min(transaction.available_on, now);
  }
}
