import { DashboardPage, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { pageFromQuery } from "#worker/domain/paging";
import { tableTexts } from "#app/loaders/history/table-texts.server";
import { walletStateTexts } from "#app/loaders/wallet/wallet-texts.server";
import { Wallet } from "#app/components/wallet/wallet-view";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { createStripe } from "#worker/payments/stripe-client";
import { loadWallet } from "#worker/orders/services/wallet";
import { requireCreatorSide } from "./guards.server";
import type { Route } from "./+types/wallet";

/**
 * /dashboard/creator/wallet (creators and admins; issue 12, decision 029): the caller's own payout account, balance,
 * sales with their payouts, and bank payouts. Stripe's onboarding page sends the creator back here
 * (?onboarding=return|refresh); reading the status then also releases any payout held for the account.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireCreatorSide(context);
  const { db, env, url, locale } = context.get(requestContext);
  const page = pageFromQuery(url.searchParams.get("page"));
  const wallet = await loadWallet(db, createStripe(env), {
    userAccountId: user.accountId,
    page,
    locale,
    displayCurrencyCode: user.displayCurrencyCode,
  });
  return {
    wallet,
    stateTexts: walletStateTexts(wallet.status),
    tableTexts: tableTexts(),
    page,
    returned: url.searchParams.get("onboarding"),
  };
}

export const meta: Route.MetaFunction = () => dashboardTitle(m.wallet_title());

export default function WalletPage({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardPage title={m.wallet_title()} intro={m.wallet_intro()}>
      <Wallet {...loaderData} />
    </DashboardPage>
  );
}
