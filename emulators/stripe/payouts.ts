// Payouts: an account's available balance paid to its bank (the platform's, or a connected account's with the
// `Stripe-Account` header), as Stripe's `/v1/payouts` does; the creator wallet lists a connected account's.
import type Stripe from "stripe";
import { adjustBalance, balancesOf, emit, getAccount, PLATFORM_ACCOUNT_ID, type Core, type Route } from "./state.ts";
import { ApiError, int, invalidRequest, listPage, mergeMetadata, newId, nowSeconds, str } from "./util.ts";

/** Stripe's standard payout schedule in test mode: funds arrive two days later. */
const ARRIVAL_SECONDS = 2 * 86_400;

function payout(input: {
  amount: number;
  currency: string;
  description: string | null;
  metadata: Record<string, string>;
}): Stripe.Payout {
  const created = nowSeconds();
  return {
    id: newId("po"),
    object: "payout",
    amount: input.amount,
    application_fee: null,
    application_fee_amount: null,
    arrival_date: created + ARRIVAL_SECONDS,
    automatic: false,
    balance_transaction: newId("txn"),
    created,
    currency: input.currency,
    description: input.description,
    destination: newId("ba"),
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: input.metadata,
    method: "standard",
    original_payout: null,
    payout_method: null,
    reconciliation_status: "not_applicable",
    reversed_by: null,
    source_type: "card",
    statement_descriptor: null,
    status: "pending",
    trace_id: { status: "pending", value: null },
    type: "bank_account",
  } satisfies Stripe.Payout;
}

export function payoutRoutes(core: Core): Route[] {
  // `core.state` is read in each handler, never kept here: it is replaced on `/_emulator/reset`, and points at the
  // calling platform's data during each request.
  const owned = (account: string | null) => account ?? PLATFORM_ACCOUNT_ID;
  return [
    {
      method: "POST",
      path: "/v1/payouts",
      run: (ctx) => {
        const { state } = core;
        const account = owned(ctx.account);
        const amount = int(ctx.params, "amount");
        if (amount === undefined)
          throw invalidRequest("Missing required param: amount.", { code: "parameter_missing", param: "amount" });
        if (amount < 1)
          throw invalidRequest("Invalid positive integer", { code: "parameter_invalid_integer", param: "amount" });
        const currency = (str(ctx.params, "currency") ?? "").toLowerCase();
        if (!currency)
          throw invalidRequest("Missing required param: currency.", { code: "parameter_missing", param: "currency" });
        if (ctx.account && !getAccount(state, ctx.account).payouts_enabled) {
          throw invalidRequest("Payouts are not allowed on this account until it has completed onboarding.", {
            code: "payouts_not_allowed",
          });
        }
        const available = balancesOf(state, account).available.get(currency) ?? 0;
        if (amount > available) {
          throw invalidRequest(
            "You have insufficient funds in your Stripe account for this transfer. Your card balance is too low.",
            { code: "balance_insufficient", param: "amount" },
          );
        }
        const created = payout({
          amount,
          currency,
          description: str(ctx.params, "description") ?? null,
          metadata: mergeMetadata({}, ctx.params),
        });
        state.payouts.set(created.id, { account, payout: created });
        adjustBalance(state, account, currency, -amount, "available");
        emit(state, ctx, "payout.created", created, null, ctx.account);
        return created;
      },
    },
    {
      method: "GET",
      path: "/v1/payouts/:id",
      run: (ctx) => {
        const record = core.state.payouts.get(ctx.pathParams.id!);
        if (!record || record.account !== owned(ctx.account)) {
          throw new ApiError(404, {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such payout: '${ctx.pathParams.id}'`,
            param: "id",
          });
        }
        return record.payout;
      },
    },
    {
      method: "GET",
      path: "/v1/payouts",
      run: (ctx) => {
        const account = owned(ctx.account);
        const payouts = [...core.state.payouts.values()]
          .filter((record) => record.account === account)
          .map((record) => record.payout);
        return listPage(payouts, ctx.params, "/v1/payouts");
      },
    },
  ];
}
