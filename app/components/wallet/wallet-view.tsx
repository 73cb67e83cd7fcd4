// The creator wallet's page body (issue 12, decision 029): the payout account's state with the one thing to do, its
// balance and held amounts, each paid sale's breakdown and payout, and the payouts to the bank. The figures come from
// the server already computed (worker/orders/services/wallet.ts, money.ts); this file lays them out.
import { useEffect, useState } from "react";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { showDate, showMoney } from "#app/components/orders/order-format";
import { Pages } from "#app/components/history/pages";
import {
  orderColumn,
  SalesTable,
  shareColumn,
  stagesColumn,
  totalWithApproximationColumn,
  type SalesColumn,
  type TableTexts,
} from "#app/components/history/sales-table";
import { m } from "#app/paraglide/messages.js";
import type { OnboardingState } from "#worker/orders/domain/payouts";
import type { HistoryEntry } from "#worker/orders/services/order-history";
import type { Money, WalletView } from "#worker/orders/services/wallet";
import { PayoutStatus } from "./payout-status";

/** The account state's words, made by the loader (wallet-texts.server.ts). */
export interface WalletStateTexts {
  state: string;
  todo: string;
  action: string;
  /** The connected account's facts (none before it is connected). */
  facts: { label: string; value: string }[];
}

/** The one button of each state: onboarding (signup) until details are in, then Stripe's dashboard (signin). */
const STRIPE_CALL: Record<OnboardingState, "signup" | "signin"> = {
  not_connected: "signup",
  incomplete: "signup",
  requirements_due: "signup",
  in_review: "signin",
  ready: "signin",
};

const h2 = "text-lg font-semibold text-zinc-900 dark:text-zinc-50";
const card = "rounded-lg border border-zinc-200 p-4 dark:border-zinc-800";

/** Asks the Worker for a Stripe link (spec section 7 signup / signin) and goes there. */
function StripeLinkButton({ state, label }: { state: OnboardingState; label: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // Enabled once hydrated: a click before then would do nothing (the link is fetched by script).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const go = async () => {
    setBusy(true);
    setFailed(false);
    const response = await fetch(`/api/stripe/connect/${STRIPE_CALL[state]}`, { method: "POST" }).catch(() => null);
    const body = response?.ok ? ((await response.json()) as { url?: string }) : null;
    if (body?.url) return window.location.assign(body.url);
    setBusy(false);
    setFailed(true);
  };
  return (
    <div className="space-y-2">
      <button
        type="button"
        className="button-primary min-h-11"
        onClick={go}
        disabled={busy || !hydrated}
        aria-busy={busy}
        data-testid="wallet-stripe-link"
      >
        {label}
      </button>
      {failed && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {m.wallet_action_failed()}
        </p>
      )}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 py-0.5">
      <dt className="text-zinc-700 dark:text-zinc-300">{label}</dt>
      <dd className="font-medium text-zinc-900 dark:text-zinc-100">{value}</dd>
    </div>
  );
}

function AccountStatus({
  status,
  texts,
  returned,
}: {
  status: WalletView["status"];
  texts: WalletStateTexts;
  returned: string | null;
}) {
  return (
    <section
      aria-labelledby="wallet-account"
      className={`${card} space-y-3`}
      data-testid="wallet-account"
      data-state={status.state}
    >
      <h2 id="wallet-account" className={h2}>
        {m.wallet_account_heading()}
      </h2>
      <p className="text-base font-semibold text-zinc-900 dark:text-zinc-100" data-testid="wallet-state">
        {texts.state}
      </p>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{texts.todo}</p>
      {returned === "refresh" && status.state !== "ready" && (
        <p className="text-sm text-amber-800 dark:text-amber-200">{m.wallet_returned_refresh()}</p>
      )}
      {texts.facts.length > 0 && (
        <dl className="max-w-md text-sm">
          {texts.facts.map((fact) => (
            <Fact key={fact.label} {...fact} />
          ))}
        </dl>
      )}
      <StripeLinkButton state={status.state} label={texts.action} />
    </section>
  );
}

function Amounts({ label, amounts, testId }: { label: string; amounts: Money[]; testId: string }) {
  return (
    <div className={card} data-testid={testId}>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{label}</p>
      {amounts.length === 0 ? (
        <p className="text-xl font-semibold tabular-nums text-zinc-900 dark:text-zinc-50">—</p>
      ) : (
        amounts.map((a) => (
          <p key={a.currencyCode} className="text-xl font-semibold tabular-nums text-zinc-900 dark:text-zinc-50">
            {showMoney(a.amount, a.currencyCode)}
          </p>
        ))
      )}
    </div>
  );
}

function Balance({ balance, held, clearing }: Pick<WalletView, "balance" | "held" | "clearing">) {
  const dates = clearing.flatMap((c) => (c.nextClearsAt === null ? [] : [c.nextClearsAt]));
  const nextClearsAt = dates.length > 0 ? Math.min(...dates) : null;
  return (
    <section aria-labelledby="wallet-balance" className="space-y-3">
      <h2 id="wallet-balance" className={h2}>
        {m.wallet_balance_heading()}
      </h2>
      {!balance && held.length === 0 && clearing.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.wallet_no_balance()}</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {balance && (
            <Amounts label={m.wallet_balance_available()} amounts={balance.available} testId="wallet-available" />
          )}
          {balance && <Amounts label={m.wallet_balance_pending()} amounts={balance.pending} testId="wallet-pending" />}
          {held.length > 0 && <Amounts label={m.wallet_balance_held()} amounts={held} testId="wallet-held" />}
          {clearing.length > 0 && (
            <Amounts label={m.wallet_balance_clearing()} amounts={clearing} testId="wallet-clearing" />
          )}
        </div>
      )}
      {nextClearsAt !== null && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="wallet-clearing-note">
          {m.wallet_balance_clearing_note({ date: showDate(nextClearsAt) })}
        </p>
      )}
      <p className="text-xs text-zinc-700 dark:text-zinc-300">{m.wallet_balance_note()}</p>
    </section>
  );
}

/** A sale whose payout was sent in another currency than the order's (decision 050: a dollar order is paid in yen). */
const paidInAnotherCurrency = (e: HistoryEntry) =>
  Boolean(e.payout?.transferred && e.payout.transferred.currencyCode !== e.breakdown.currencyCode);

/**
 * The creator's payout: the share in the order's currency and, once sent in another currency, what was sent. Sent in
 * the order's own currency, it is the one amount (what Stripe transferred).
 */
function PayoutAmount({ entry }: { entry: HistoryEntry }) {
  const { payout, breakdown } = entry;
  // A completed sale still clearing (decision 092): what will be sent when the client's week ends.
  if (!payout)
    return (
      <>{entry.payoutClearsAt !== null ? showMoney(entry.money.creator.payoutAmount, breakdown.currencyCode) : "—"}</>
    );
  if (!payout.transferred || !paidInAnotherCurrency(entry)) {
    return <>{showMoney(payout.transferred?.amount ?? payout.amount, breakdown.currencyCode)}</>;
  }
  return (
    <>
      <span className="block">{showMoney(payout.amount, breakdown.currencyCode)}</span>
      <span className="block text-xs text-zinc-700 dark:text-zinc-300" data-testid="wallet-transfer-sent">
        {m.wallet_payout_sent({ amount: showMoney(payout.transferred.amount, payout.transferred.currencyCode) })}
      </span>
    </>
  );
}

/**
 * The order, with the day it was paid under it and, for a staged order, each stage's money and payout (columns of
 * their own did not fit beside the figures at 1280 px).
 */
function orderWithDateColumn(texts: TableTexts): SalesColumn {
  const order = orderColumn(texts, DASHBOARD_PATHS.managements);
  const stages = stagesColumn(texts, { seller: true });
  return {
    ...order,
    cell: (e) => (
      <>
        {order.cell(e)}
        <span className="mt-0.5 block text-xs text-zinc-700 dark:text-zinc-300">
          {texts.date}: {showDate(e.paidAt)}
        </span>
        {e.stages.length > 0 && (
          <div className="mt-1" data-testid="history-stages">
            {stages.cell(e)}
          </div>
        )}
      </>
    ),
  };
}

/**
 * What the sale earns the creator (money.ts: their share less its tax and Comet's fee, decision 094): the whole total's
 * while nothing went back, what they kept once part did (approved stages, a dispute's award). A sale that went back
 * whole earns nothing, and says so rather than show an income it will never pay (issue 33).
 */
const incomeColumn = (texts: TableTexts): SalesColumn => {
  const amount = shareColumn(texts.amounts.incomeAmount, "incomeAmount");
  return {
    ...amount,
    testId: "wallet-income",
    cell: (e) => (e.refunded && e.money.creator.incomeAmount === 0 ? texts.refunded : amount.cell(e)),
  };
};

/**
 * The wallet's columns (issue 33: seven, which fit the dashboard's content width at 1280 px; below `lg` each sale is
 * stacked): the order and the day it was paid, the client's total, the tax and the fee of the creator's share of it
 * (all of it, or what they kept once part went back; decision 094), the income they leave, then what the creator is
 * sent and how that stands. The sales amount (total less tax) is on the order's
 * Payment tab and the sales history.
 */
const WALLET_COLUMNS = (texts: TableTexts): SalesColumn[] => [
  orderWithDateColumn(texts),
  totalWithApproximationColumn(texts),
  shareColumn(texts.amounts.taxAmount, "taxAmount"),
  shareColumn(texts.amounts.feeAmount, "feeAmount"),
  incomeColumn(texts),
  {
    label: m.wallet_column_transfer(),
    numeric: true,
    testId: "wallet-transfer-amount",
    cell: (e) => <PayoutAmount entry={e} />,
  },
  { label: m.wallet_column_payout(), testId: "wallet-payout-status", cell: (e) => <PayoutStatus entry={e} /> },
];

function Sales({ sales, page, texts }: { sales: WalletView["sales"]; page: number; texts: TableTexts }) {
  return (
    <section aria-labelledby="wallet-orders" className="space-y-3">
      <h2 id="wallet-orders" className={h2}>
        {m.wallet_orders_heading()}
      </h2>
      {sales.items.length === 0 && page === 1 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.wallet_orders_empty()}</p>
      ) : (
        <>
          <SalesTable testId="wallet-orders" entries={sales.items} columns={WALLET_COLUMNS(texts)} stacked />
          <p className="text-xs text-zinc-700 dark:text-zinc-300" data-testid="wallet-income-note">
            {m.wallet_income_vs_payout()}
          </p>
        </>
      )}
      {sales.items.some(paidInAnotherCurrency) && (
        <p className="text-xs text-zinc-700 dark:text-zinc-300" data-testid="wallet-currency-note">
          {m.wallet_payout_currency_note()}
        </p>
      )}
      <Pages page={page} hasMore={sales.hasMore} texts={texts} />
    </section>
  );
}

function BankPayouts({ payouts }: Pick<WalletView, "payouts">) {
  return (
    <section aria-labelledby="wallet-payouts" className="space-y-3">
      <h2 id="wallet-payouts" className={h2}>
        {m.wallet_payouts_heading()}
      </h2>
      {payouts.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{m.wallet_payouts_empty()}</p>
      ) : (
        <ul
          className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800"
          data-testid="wallet-payouts"
        >
          {payouts.map((p) => (
            <li key={p.id} className="flex justify-between gap-4 px-3 py-2">
              <span className="tabular-nums font-medium text-zinc-900 dark:text-zinc-100">
                {showMoney(p.amount, p.currencyCode)}
              </span>
              <span className="text-zinc-700 dark:text-zinc-300">
                {m.wallet_payout_arrival({ date: showDate(p.arrivalDate) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function Wallet({
  wallet,
  stateTexts,
  tableTexts,
  page,
  returned,
}: {
  wallet: WalletView;
  stateTexts: WalletStateTexts;
  tableTexts: TableTexts;
  page: number;
  returned: string | null;
}) {
  return (
    <div className="space-y-8">
      {wallet.stripeUnavailable && (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {m.wallet_stripe_unavailable()}
        </p>
      )}
      <AccountStatus status={wallet.status} texts={stateTexts} returned={returned} />
      <Balance balance={wallet.balance} held={wallet.held} clearing={wallet.clearing} />
      <Sales sales={wallet.sales} page={page} texts={tableTexts} />
      <BankPayouts payouts={wallet.payouts} />
    </div>
  );
}
