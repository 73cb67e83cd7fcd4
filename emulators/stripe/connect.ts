// Connect: connected accounts, the links to the onboarding (onboarding.ts) and dashboard pages, transfers and balances.
import type Stripe from "stripe";
import { changedFields } from "./customers.ts";
import * as build from "./objects.ts";
import { onboardingRoutes } from "./onboarding.ts";
import { htmlResponse, jsonResponse, messagePage, page } from "./pages.ts";
import { makeTransactionsAvailable, recordTransfer, sourceTransactionRemaining } from "./settlement.ts";
import {
  balancesOf,
  emit,
  getAccessibleAccount,
  getAccount,
  getCharge,
  PLATFORM_ACCOUNT_ID,
  type Core,
  type Ctx,
  type Route,
} from "./state.ts";
import {
  ApiError,
  escapeHtml,
  int,
  invalidRequest,
  listPage,
  mergeMetadata,
  newId,
  obj,
  requiredStr,
  str,
  type Params,
} from "./util.ts";

function balanceOf(core: Core, account: string): Stripe.Balance {
  const balances = balancesOf(core.state, account);
  const defaultCurrency =
    account === PLATFORM_ACCOUNT_ID
      ? core.defaultCurrency
      : (core.state.accounts.get(account)?.default_currency ?? core.defaultCurrency);
  return build.balance({ ...balances, defaultCurrency });
}

function requestedCapabilities(params: Params): string[] {
  const capabilities = obj(params, "capabilities") ?? {};
  return Object.entries(capabilities)
    .filter(
      ([, value]) =>
        typeof value === "object" && value !== null && (value as Record<string, unknown>).requested === "true",
    )
    .map(([name]) => name);
}

function createTransfer(core: Core, ctx: Ctx): Stripe.Transfer {
  const { state } = core;
  const params = ctx.params;
  const amount = int(params, "amount");
  if (amount === undefined)
    throw invalidRequest("Missing required param: amount.", { code: "parameter_missing", param: "amount" });
  if (amount < 1)
    throw invalidRequest("Invalid positive integer", { code: "parameter_invalid_integer", param: "amount" });
  const currency = requiredStr(params, "currency").toLowerCase();
  const destinationId = requiredStr(params, "destination");
  const destination = state.accounts.get(destinationId);
  if (!destination)
    throw invalidRequest(`No such destination: '${destinationId}'`, { code: "resource_missing", param: "destination" });
  if (destination.capabilities?.transfers !== "active") {
    throw invalidRequest(
      "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
      { code: "insufficient_capabilities_for_transfer", param: "destination" },
    );
  }
  const sourceId = str(params, "source_transaction");
  let fundsAvailable = true;
  if (sourceId) {
    // The charge's funds are in the balance only as its balance transaction, in the settlement currency (decision 050):
    // a transfer from it is in that currency, and at most what the charge brought in and has not given out since.
    const source = getCharge(state, sourceId, "source_transaction");
    const remaining =
      source.charge.status === "succeeded" && source.charge.captured ? sourceTransactionRemaining(state, source) : null;
    if (!remaining) {
      throw invalidRequest(`The source_transaction ${sourceId} has not succeeded and been captured.`, {
        param: "source_transaction",
      });
    }
    if (remaining.currency !== currency) {
      // Stripe's own words for this refusal.
      throw invalidRequest(
        `The currency of source_transaction's balance transaction (${remaining.currency}) must be the same as the transfer currency (${currency})`,
        { param: "currency" },
      );
    }
    if (amount > remaining.amount) {
      throw invalidRequest(
        `Transfer amount (${amount} ${currency}) exceeds the remaining amount of the source transaction (${remaining.amount} ${currency}).`,
        {
          code: "balance_insufficient",
          param: "amount",
        },
      );
    }
    fundsAvailable = source.fundsAvailable;
    source.transferred += amount;
  } else {
    const available = balancesOf(state, PLATFORM_ACCOUNT_ID).available.get(currency) ?? 0;
    if (amount > available) {
      throw invalidRequest(
        "You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.",
        { code: "balance_insufficient" },
      );
    }
  }
  const transfer = build.transfer({
    amount,
    currency,
    destination: destination.id,
    destinationPayment: newId("py"),
    sourceTransaction: sourceId ?? null,
    transferGroup: str(params, "transfer_group") ?? null,
    description: str(params, "description") ?? null,
    metadata: mergeMetadata({}, params),
  });
  state.transfers.set(transfer.id, transfer);
  recordTransfer(state, transfer, PLATFORM_ACCOUNT_ID, fundsAvailable);
  emit(state, ctx, "transfer.created", transfer, null, null);
  return transfer;
}

export function connectRoutes(core: Core): Route[] {
  return [
    {
      method: "POST",
      path: "/v1/accounts",
      run: (ctx) => {
        const params = ctx.params;
        const controller = obj(params, "controller");
        const type = (str(params, "type") ?? (controller ? "custom" : "express")) as Stripe.Account.Type;
        if (!["express", "standard", "custom"].includes(type))
          throw invalidRequest(`Invalid type: ${type}`, { param: "type" });
        const country = (str(params, "country") ?? "JP").toUpperCase();
        const capabilities = requestedCapabilities(params);
        const account = build.account({
          type,
          country,
          email: str(params, "email") ?? null,
          businessType: (str(params, "business_type") as Stripe.Account.BusinessType | undefined) ?? null,
          defaultCurrency: str(params, "default_currency") ?? (country === "JP" ? "jpy" : "usd"),
          metadata: mergeMetadata({}, params),
          // Express and Standard accounts get both capabilities requested, as in the Dashboard's defaults.
          requestedCapabilities: capabilities.length > 0 ? capabilities : ["card_payments", "transfers"],
          complete: false,
        });
        core.state.accounts.set(account.id, account);
        return account;
      },
    },
    // A deleted account, another platform's, or an unknown id: Stripe's 403 `account_invalid` (state.ts).
    {
      method: "GET",
      path: "/v1/accounts/:id",
      run: (ctx) => getAccessibleAccount(core.state, ctx, ctx.pathParams.id!),
    },
    {
      method: "GET",
      path: "/v1/account",
      run: (ctx) => (ctx.account ? getAccount(core.state, ctx.account) : core.state.platform),
    },
    {
      method: "POST",
      path: "/v1/accounts/:id",
      run: (ctx) => {
        const account = getAccessibleAccount(core.state, ctx, ctx.pathParams.id!);
        const before = structuredClone(account);
        const params = ctx.params;
        const email = str(params, "email");
        if (email !== undefined) account.email = email || null;
        account.metadata = mergeMetadata(account.metadata ?? {}, params);
        const profile = obj(params, "business_profile");
        if (profile && account.business_profile) {
          account.business_profile = {
            ...account.business_profile,
            name: str(profile, "name") ?? account.business_profile.name,
            url: str(profile, "url") ?? account.business_profile.url,
            support_email: str(profile, "support_email") ?? account.business_profile.support_email,
          };
        }
        for (const name of requestedCapabilities(params)) {
          const capabilities = { ...account.capabilities } as Record<string, string>;
          capabilities[name] ??= account.details_submitted ? "active" : "inactive";
          account.capabilities = capabilities as Stripe.Account.Capabilities;
        }
        const previous = changedFields(before, account);
        if (Object.keys(previous).length > 0) emit(core.state, ctx, "account.updated", account, previous, account.id);
        return account;
      },
    },
    {
      method: "DELETE",
      path: "/v1/accounts/:id",
      run: (ctx) => {
        const account = getAccessibleAccount(core.state, ctx, ctx.pathParams.id!);
        core.state.accounts.delete(account.id);
        return build.deletedAccount(account.id);
      },
    },
    {
      method: "GET",
      path: "/v1/accounts",
      run: (ctx) =>
        listPage(
          [...core.state.accounts.values()] as (Stripe.Account & { created: number })[],
          ctx.params,
          "/v1/accounts",
        ),
    },
    {
      method: "POST",
      path: "/v1/account_links",
      run: (ctx) => {
        const params = ctx.params;
        const account = getAccessibleAccount(core.state, ctx, requiredStr(params, "account"));
        const type = requiredStr(params, "type");
        if (type !== "account_onboarding" && type !== "account_update") {
          throw invalidRequest(`Invalid type: must be one of account_onboarding or account_update`, { param: "type" });
        }
        const returnUrl = requiredStr(params, "return_url");
        const refreshUrl = requiredStr(params, "refresh_url");
        const query = new URLSearchParams({ return_url: returnUrl, refresh_url: refreshUrl, type });
        return build.accountLink(`${ctx.origin}/_emulator/connect/onboarding/${account.id}?${query}`);
      },
    },
    {
      method: "POST",
      path: "/v1/accounts/:id/login_links",
      run: (ctx) => {
        const account = getAccessibleAccount(core.state, ctx, ctx.pathParams.id!);
        if (account.type !== "express") {
          throw invalidRequest("Cannot create a login link for an account that is not an Express account.", {
            param: "account",
          });
        }
        if (!account.details_submitted) {
          throw invalidRequest("Cannot create a login link for an account that has not completed onboarding.", {
            param: "account",
          });
        }
        return build.loginLink(`${ctx.origin}/_emulator/connect/dashboard/${account.id}`);
      },
    },
    { method: "POST", path: "/v1/transfers", run: (ctx) => createTransfer(core, ctx) },
    {
      method: "GET",
      path: "/v1/transfers/:id",
      run: (ctx) => {
        const transfer = core.state.transfers.get(ctx.pathParams.id!);
        if (!transfer)
          throw new ApiError(404, {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such transfer: '${ctx.pathParams.id}'`,
          });
        return transfer;
      },
    },
    {
      method: "GET",
      path: "/v1/transfers",
      run: (ctx) => {
        const destination = str(ctx.params, "destination");
        const group = str(ctx.params, "transfer_group");
        const transfers = [...core.state.transfers.values()].filter(
          (transfer) =>
            (destination === undefined || transfer.destination === destination) &&
            (group === undefined || transfer.transfer_group === group),
        );
        return listPage(transfers, ctx.params, "/v1/transfers");
      },
    },
    { method: "GET", path: "/v1/balance", run: (ctx) => balanceOf(core, ctx.account ?? PLATFORM_ACCOUNT_ID) },
    {
      method: "GET",
      path: "/v1/balance_transactions/:id",
      run: (ctx) => {
        const found = core.state.balanceTransactions.get(ctx.pathParams.id!);
        // Each account sees its own balance's transactions only (the Stripe-Account header, or the platform).
        if (!found || found.account !== (ctx.account ?? PLATFORM_ACCOUNT_ID)) {
          throw new ApiError(404, {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such balance transaction: '${ctx.pathParams.id}'`,
            param: "id",
          });
        }
        return found.transaction;
      },
    },
    {
      method: "GET",
      path: "/v1/balance_transactions",
      run: (ctx) => {
        const account = ctx.account ?? PLATFORM_ACCOUNT_ID;
        const { source, type, currency, payout } = {
          source: str(ctx.params, "source"),
          type: str(ctx.params, "type"),
          currency: str(ctx.params, "currency"),
          payout: str(ctx.params, "payout"),
        };
        const transactions = [...core.state.balanceTransactions.values()]
          .filter((entry) => entry.account === account)
          .map((entry) => entry.transaction)
          // The emulator's payouts settle no balance transactions, so a payout's list is empty.
          .filter(
            (t) =>
              payout === undefined &&
              (source === undefined || t.source === source) &&
              (type === undefined || t.type === type) &&
              (currency === undefined || t.currency === currency.toLowerCase()),
          );
        return listPage(transactions, ctx.params, "/v1/balance_transactions");
      },
    },
    // ---- emulator-only ----
    {
      method: "POST",
      path: "/_emulator/balance/make_available",
      page: true,
      run: (ctx) => {
        // "Time passes": every pending amount becomes available, and later charges' funds count as settled.
        const { state } = core;
        for (const record of state.charges.values()) record.fundsAvailable = true;
        makeTransactionsAvailable(state);
        for (const [account, balances] of state.balances) {
          if ([...balances.pending.values()].every((amount) => amount === 0)) continue;
          for (const [currency, amount] of balances.pending) {
            balances.available.set(currency, (balances.available.get(currency) ?? 0) + amount);
            balances.pending.set(currency, 0);
          }
          const connected = account === PLATFORM_ACCOUNT_ID ? null : account;
          emit(state, ctx, "balance.available", balanceOf(core, account), null, connected);
        }
        return jsonResponse(200, balanceOf(core, PLATFORM_ACCOUNT_ID));
      },
    },
    ...onboardingRoutes(core),
    {
      method: "GET",
      path: "/_emulator/connect/dashboard/:id",
      page: true,
      run: (ctx) => {
        const account = core.state.accounts.get(ctx.pathParams.id!);
        if (!account) return messagePage(404, "Unknown account", `No connected account ${ctx.pathParams.id} exists.`);
        const balance = balanceOf(core, account.id);
        const amounts = (entries: Stripe.Balance.Available[]) =>
          entries.map((entry) => `${entry.amount} ${entry.currency.toUpperCase()}`).join(", ");
        const body = `<h1>Express dashboard</h1>
<dl>
<dt>Account</dt><dd>${escapeHtml(account.id)}</dd>
<dt>Payouts enabled</dt><dd>${account.payouts_enabled ? "yes" : "no"}</dd>
<dt>Available</dt><dd>${escapeHtml(amounts(balance.available))}</dd>
<dt>Pending</dt><dd>${escapeHtml(amounts(balance.pending))}</dd>
</dl>`;
        return htmlResponse(200, page("Express dashboard", body));
      },
    },
  ];
}
