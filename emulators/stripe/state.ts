// The emulator's in-memory state and the few operations every route shares: request context, events, balances,
// lookups that answer Stripe's "No such …" errors.
import type Stripe from "stripe";
import type { TestCard } from "./cards.ts";
import * as build from "./objects.ts";
import { ApiError, clone, newId, noSuch, redactedKey, type Params } from "./util.ts";
import { endpointWants, type EndpointRecord } from "./webhooks.ts";

export interface PaymentMethodRecord {
  pm: Stripe.PaymentMethod;
  card: TestCard;
  /** Set up for off-session use (a SetupIntent, or a payment with setup_future_usage, completed with it). */
  offSessionReady: boolean;
  /** Detached from its customer: Stripe refuses to attach or charge it again (customers.ts `checkUsable`). */
  detached: boolean;
}

export interface ChargeRecord {
  charge: Stripe.Charge;
  /** The account whose balance the charge's funds sit in. */
  balanceAccount: string;
  /** Pending until `/_emulator/balance/make_available`, unless the card is `bypassPending`. */
  fundsAvailable: boolean;
  /** How much `source_transaction` transfers have already taken from it, in its balance transaction's (settlement) currency. */
  transferred: number;
}

export interface Balances {
  available: Map<string, number>;
  pending: Map<string, number>;
}

export interface IntentExtras {
  returnUrl: string | null;
  offSession: boolean;
}

export const PLATFORM_ACCOUNT_ID = "acct_1EmulatorPlatform0";

export class State {
  customers = new Map<string, Stripe.Customer>();
  deletedCustomers = new Set<string>();
  paymentMethods = new Map<string, PaymentMethodRecord>();
  setupIntents = new Map<string, Stripe.SetupIntent>();
  paymentIntents = new Map<string, Stripe.PaymentIntent>();
  intentExtras = new Map<string, IntentExtras>();
  charges = new Map<string, ChargeRecord>();
  refunds = new Map<string, Stripe.Refund>();
  /** Disputes by id, with the account whose balance bears them (disputes.ts). */
  disputes = new Map<string, { account: string; dispute: Stripe.Dispute }>();
  earlyFraudWarnings = new Map<string, Stripe.Radar.EarlyFraudWarning>();
  platform: Stripe.Account;
  accounts = new Map<string, Stripe.Account>();
  transfers = new Map<string, Stripe.Transfer>();
  /** Payouts by id, with the account whose balance paid them. */
  payouts = new Map<string, { account: string; payout: Stripe.Payout }>();
  balances = new Map<string, Balances>();
  /** Balance transactions by id, with the account whose balance they moved (settlement.ts, decision 050). */
  balanceTransactions = new Map<string, { account: string; transaction: Stripe.BalanceTransaction }>();
  events: Stripe.Event[] = [];
  endpoints = new Map<string, EndpointRecord>();
  idempotency = new Map<string, { fingerprint: string; requestId: string; status: number; body: string }>();
  /** Work due later (an account's verification), by a key naming it; cancelled when this data set is reset. */
  scheduled = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(defaultCurrency: string) {
    this.platform = build.account({
      id: PLATFORM_ACCOUNT_ID,
      type: "standard",
      country: "JP",
      email: null,
      businessType: "company",
      defaultCurrency,
      metadata: {},
      requestedCapabilities: ["card_payments", "transfers"],
      complete: true,
    });
  }
}

/**
 * What routes share. `state` is the calling platform's data set: the emulator points it at the platform whose key
 * the request carries (an emulator page: the platform owning the object in its path) before running the route, and
 * it is replaced on `/_emulator/reset`. So a route reads `core.state` in its handler, never when it is built, and an
 * API handler stays synchronous (nothing else runs between the pointing and the handler's end).
 */
export interface Core {
  state: State;
  defaultCurrency: string;
  /** How long a submitted onboarding waits before Stripe's verification answers (ms); 0 answers at once. */
  accountVerificationDelayMs: number;
  /**
   * Runs `task` after `delayMs` on the current platform's data, as a background step (no API request, like Stripe's
   * own verification), and delivers the events it emits; a task already scheduled under `key` is replaced.
   */
  later(key: string, delayMs: number, task: (ctx: Ctx) => void): void;
  /** Forgets the task scheduled under `key` on the current platform's data, if any. */
  cancelLater(key: string): void;
}

/** One API request (or emulator page request) being handled. */
export interface Ctx {
  method: string;
  url: URL;
  /** `http://host:port` as the client reached us: links to emulator pages are built on it. */
  origin: string;
  params: Params;
  pathParams: Record<string, string>;
  publishable: boolean;
  /** The API key the request authenticated with (none on emulator pages): Stripe names it, redacted, in some errors. */
  apiKey?: string;
  /** The `Stripe-Account` header: the connected account the request acts as, or null for the platform. */
  account: string | null;
  requestId: string;
  idempotencyKey: string | null;
  /** Events this request created, delivered after its response. */
  emitted: Stripe.Event[];
}

export function emit(
  state: State,
  ctx: Ctx,
  type: Stripe.Event.Type,
  object: { object: string },
  previousAttributes: Record<string, unknown> | null = null,
  account: string | null = ctx.account,
): Stripe.Event {
  const event = build.event({
    type,
    object: clone(object),
    previousAttributes,
    account,
    // Events caused by a person on an emulator page stand for Dashboard or bank actions: no API request, as Stripe.
    request: {
      id: ctx.method === "PAGE" ? null : ctx.requestId,
      idempotency_key: ctx.method === "PAGE" ? null : ctx.idempotencyKey,
    },
    pendingWebhooks: 0,
  });
  event.pending_webhooks = [...state.endpoints.values()].filter((record) => endpointWants(record, event)).length;
  state.events.push(event);
  ctx.emitted.push(event);
  return event;
}

// ---- balances ----------------------------------------------------------------------------------------------

export function balancesOf(state: State, account: string): Balances {
  let balances = state.balances.get(account);
  if (!balances) {
    balances = { available: new Map(), pending: new Map() };
    state.balances.set(account, balances);
  }
  return balances;
}

export function adjustBalance(
  state: State,
  account: string,
  currency: string,
  amount: number,
  bucket: "available" | "pending",
): void {
  const amounts = balancesOf(state, account)[bucket];
  amounts.set(currency, (amounts.get(currency) ?? 0) + amount);
}

// ---- lookups -----------------------------------------------------------------------------------------------

export function getCustomer(state: State, id: string, param?: string): Stripe.Customer {
  const found = state.customers.get(id);
  if (!found) throw noSuch("customer", id, param);
  return found;
}

export function getPaymentMethod(state: State, id: string, param?: string): PaymentMethodRecord {
  const found = state.paymentMethods.get(id);
  if (!found) throw noSuch("PaymentMethod", id, param);
  return found;
}

export function getSetupIntent(state: State, id: string): Stripe.SetupIntent {
  const found = state.setupIntents.get(id);
  if (!found) throw noSuch("setupintent", id);
  return found;
}

export function getPaymentIntent(state: State, id: string, param?: string): Stripe.PaymentIntent {
  const found = state.paymentIntents.get(id);
  if (!found) throw noSuch("payment_intent", id, param);
  return found;
}

export function getCharge(state: State, id: string, param?: string): ChargeRecord {
  const found = state.charges.get(id);
  if (!found) throw noSuch("charge", id, param);
  return found;
}

export function getAccount(state: State, id: string, param?: string): Stripe.Account {
  const found = state.accounts.get(id);
  if (!found) throw noSuch("account", id, param);
  return found;
}

/**
 * Stripe's answer to a connected account the key cannot reach (deleted, another platform's, or never made): 403, so
 * the SDK raises `StripePermissionError`, with code `account_invalid`
 * (https://docs.stripe.com/error-codes, https://docs.stripe.com/api/errors) and this wording, which names the key redacted. The same
 * answer serves a `Stripe-Account` header naming such an account.
 */
export function accountInaccessible(apiKey: string | undefined, id: string): ApiError {
  return new ApiError(403, {
    type: "invalid_request_error",
    code: "account_invalid",
    message: `The provided key '${redactedKey(apiKey ?? "")}' does not have access to account '${id}' (or that account does not exist). Application access may have been revoked.`,
  });
}

/** A connected account of the calling platform, retrieved or changed by id (path or `account` parameter). */
export function getAccessibleAccount(state: State, ctx: Ctx, id: string): Stripe.Account {
  const found = state.accounts.get(id);
  if (!found) throw accountInaccessible(ctx.apiKey, id);
  return found;
}

/** Any stored object by id, for `expand[]`. */
function findById(state: State, id: string): object | undefined {
  return (
    state.customers.get(id) ??
    state.paymentMethods.get(id)?.pm ??
    state.setupIntents.get(id) ??
    state.paymentIntents.get(id) ??
    state.charges.get(id)?.charge ??
    state.refunds.get(id) ??
    state.disputes.get(id)?.dispute ??
    state.earlyFraudWarnings.get(id) ??
    state.accounts.get(id) ??
    state.transfers.get(id) ??
    state.balanceTransactions.get(id)?.transaction
  );
}

/** Whether this data set holds an object (or event) with this id: how an emulator page finds its platform. */
export function holds(state: State, id: string): boolean {
  return findById(state, id) !== undefined || state.payouts.has(id) || state.events.some((event) => event.id === id);
}

// ---- work due later ------------------------------------------------------------------------------------------

/** A request-less context for a background step: its events carry no request, as Stripe's own changes don't. */
function backgroundCtx(): Ctx {
  return {
    method: "PAGE",
    url: new URL("http://stripe-emulator.invalid/"),
    origin: "",
    params: {},
    pathParams: {},
    publishable: false,
    account: null,
    requestId: newId("req", 14),
    idempotencyKey: null,
    emitted: [],
  };
}

/**
 * Runs `task` after `delayMs` on the data set `core.state` points at now (`Core.later`). That data set is kept here,
 * since `core.state` points at whichever platform calls next, and pointed at again while the task runs; `deliver`
 * sends the events the task emitted to that data set's endpoints.
 */
export function runLater(
  core: Core,
  key: string,
  delayMs: number,
  task: (ctx: Ctx) => void,
  deliver: (events: Stripe.Event[], state: State) => void,
): void {
  const state = core.state;
  cancelLater(state, key);
  state.scheduled.set(
    key,
    setTimeout(() => {
      state.scheduled.delete(key);
      const ctx = backgroundCtx();
      const caller = core.state;
      core.state = state;
      try {
        task(ctx);
      } catch (error) {
        console.error("[stripe-emulator]", error);
      } finally {
        core.state = caller;
        deliver(ctx.emitted, state);
      }
    }, delayMs),
  );
}

export function cancelLater(state: State, key: string): void {
  clearTimeout(state.scheduled.get(key));
  state.scheduled.delete(key);
}

/** Stops every task scheduled on this data set (a reset, or the emulator closing). */
export function cancelScheduled(state: State): void {
  for (const timer of state.scheduled.values()) clearTimeout(timer);
  state.scheduled.clear();
}

/** Replaces ids with their objects along each `expand[]` path (`latest_charge`, `data.payment_method`, …). */
export function expand(state: State, value: unknown, paths: string[]): unknown {
  let result = value;
  for (const path of paths) result = expandPath(state, result, path.split("."));
  return result;
}

function expandPath(state: State, value: unknown, path: string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => expandPath(state, item, path));
  if (value === null || typeof value !== "object" || path.length === 0) return value;
  const [head, ...rest] = path;
  const record = value as Record<string, unknown>;
  let child = record[head!];
  if (typeof child === "string") {
    const found = findById(state, child);
    if (found) child = clone(found);
  }
  return { ...record, [head!]: rest.length ? expandPath(state, child, rest) : child };
}

// ---- routes ------------------------------------------------------------------------------------------------

export interface ApiRoute {
  method: "GET" | "POST" | "DELETE";
  /** `/v1/customers/:id` style; `:name` segments land in ctx.pathParams. */
  path: string;
  /** Which calls a publishable key may make: always, or only with the intent's `client_secret`. */
  publishable?: "always" | "with_client_secret";
  run(ctx: Ctx): object;
}

/** Emulator-only pages and controls under `/_emulator/*`: no API key, any response. */
export interface PageRoute {
  method: "GET" | "POST";
  path: string;
  page: true;
  run(ctx: Ctx): Response | Promise<Response>;
}

export type Route = ApiRoute | PageRoute;
