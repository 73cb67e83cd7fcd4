import { Link, data } from "react-router";
import {
  AuditSection,
  ChatSection,
  FilesSection,
  MoneySection,
  RequestSection,
  ThreadSection,
} from "#app/components/admin/dispute-record";
import { SettleForm } from "#app/components/admin/dispute-settle-form";
import { PartyNote } from "#app/components/admin/party-note";
import { DashboardPage } from "#app/components/dashboard/dashboard-page";
import { OrderLog } from "#app/components/orders/order-log";
import { orderLogLines } from "#app/loaders/orders/order-log-texts.server";
import { STATUS_LABELS } from "#app/components/orders/order-texts";
import { StatusBadgeLabel } from "#app/components/orders/status-badge";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { CURRENCY_SYMBOLS } from "#worker/domain/currency";
import {
  DISPUTE_SETTLEMENT_REASON_MAX,
  REOPEN_DAYS_MAX,
  REOPEN_DAYS_MIN,
  settlementOutcomesFor,
} from "#worker/orders/domain/disputes";
import { statusBadge } from "#worker/orders/domain/order-display";
import { caseJudgeNote } from "#worker/messages/admin";
import { createStripe } from "#worker/payments/stripe-client";
import { disputeMoney } from "#worker/admin/services/admin-dispute-money";
import { disputeRecord } from "#worker/admin/services/admin-disputes";
import { cometNow } from "#worker/services/clock";
import { adminTitle } from "./admin-title";
import { auditView, chatView, fileHrefs, filesView, requestView } from "./dispute-record-texts.server";
import { settleFromForm } from "./dispute-settle.server";
import { factsView, moneyText, moneyView, threadView } from "./dispute-texts.server";
import { requireAdmin } from "./guard.server";
import type { Route } from "./+types/dispute";

const OUTCOME_CHOICES = {
  refund: m.admin_dispute_choose_refund,
  release: m.admin_dispute_choose_release,
  split: m.admin_dispute_choose_split,
  reopen: m.admin_dispute_choose_reopen,
} as const;

/** The app's Stripe client, or none when this Worker has no key (the money section then says it could not read). */
function stripeOf(env: Env) {
  try {
    return createStripe(env);
  } catch {
    return null;
  }
}

/**
 * /admin/disputes/:orderId: a disputed order's whole record, read-only (issue 49, decision 088): the statements, the
 * money in D1 and at Stripe, the order's log, the request, the files (through the audited admin door), the chat and
 * the admin actions on it; and while the dispute is open, the settle form, posted to this page's action, unless the
 * reading admin is a party to the order (decision 093): then a note says another admin settles it. An order that never
 * had a dispute is the site's 404, as for anyone but an admin.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const { db, env, locale } = context.get(requestContext);
  const record = await disputeRecord(db, env, params.orderId, {
    locale,
    profileId: admin.profileId,
    accountId: admin.accountId,
  });
  if (!record) throw data(null, { status: 404 });
  const [money, now] = await Promise.all([disputeMoney(db.$client, stripeOf(env), record.orderId), cometNow(env)]);
  const href = fileHrefs(record);
  const badge = statusBadge(record.progress);
  const settles = record.open && record.judge === "you";
  return {
    facts: factsView(record, now, locale),
    status: { badge, label: STATUS_LABELS[badge]() },
    thread: threadView(record.thread, record, (id) => href("evidence", id), locale),
    money: moneyView(record, money, locale),
    // Decision 093: an admin who is a party to the order is told why, and who settles it, instead of the form.
    judgeNote: record.open ? caseJudgeNote(record.judge, "order", locale) : null,
    settle: settles
      ? {
          currency: `${record.currency} (${CURRENCY_SYMBOLS[record.currency]})`,
          refundHint: m.admin_dispute_refund_hint({ stake: moneyText(record.stake, record.currency, locale) }),
          outcomes: settlementOutcomesFor(record.progress).map((value) => ({ value, label: OUTCOME_CHOICES[value]() })),
          days: {
            min: REOPEN_DAYS_MIN,
            max: REOPEN_DAYS_MAX,
            hint: m.admin_dispute_days_hint({ min: String(REOPEN_DAYS_MIN), max: String(REOPEN_DAYS_MAX) }),
          },
          reason: {
            max: DISPUTE_SETTLEMENT_REASON_MAX,
            hint: m.admin_dispute_reason_hint({ max: String(DISPUTE_SETTLEMENT_REASON_MAX) }),
          },
        }
      : null,
    log: orderLogLines(record.order.events),
    request: requestView(record.order, href),
    files: filesView(record.order, href),
    chat: chatView(record.chat, { seller: `@${record.sellerHandle}`, buyer: `@${record.buyerHandle}` }, href, locale),
    audit: auditView(record.audit, locale),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  return settleFromForm(context, admin, params.orderId, request);
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminTitle(loaderData ? loaderData.facts.heading : m.admin_disputes_title());

export default function AdminDispute({ loaderData, actionData }: Route.ComponentProps) {
  const { facts, status, settle } = loaderData;
  return (
    <DashboardPage title={facts.heading} intro={facts.title}>
      <Link to="/admin/disputes" className="text-sm text-sky-800 underline dark:text-sky-300">
        {m.admin_dispute_back()}
      </Link>
      <dl className="grid gap-1 text-sm text-zinc-700 sm:grid-cols-[auto_1fr] sm:gap-x-4 dark:text-zinc-300">
        <dt className="font-medium">{m.admin_dispute_status()}</dt>
        <dd>
          <StatusBadgeLabel badge={status.badge} label={status.label} />
        </dd>
        <dt className="font-medium">{m.admin_dispute_creator()}</dt>
        <dd>{facts.seller}</dd>
        <dt className="font-medium">{m.admin_dispute_client()}</dt>
        <dd>{facts.buyer}</dd>
        <dt className="font-medium">{m.admin_dispute_total()}</dt>
        <dd>{facts.total}</dd>
      </dl>
      <div className="space-y-1 text-sm">
        <p className="font-medium text-zinc-900 dark:text-zinc-100">{facts.state}</p>
        <p className="text-zinc-700 dark:text-zinc-300">
          {facts.opened} · {facts.answer}
        </p>
      </div>
      <ThreadSection thread={loaderData.thread} />
      <MoneySection money={loaderData.money} />
      {settle ? (
        <SettleForm texts={settle} answer={actionData} />
      ) : loaderData.judgeNote ? (
        <PartyNote text={loaderData.judgeNote} />
      ) : (
        <p className="rounded-lg border border-zinc-200 p-4 text-sm text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
          {m.admin_dispute_closed()}
        </p>
      )}
      <OrderLog events={loaderData.log} />
      <RequestSection questions={loaderData.request} />
      <FilesSection files={loaderData.files} open={facts.open} />
      <ChatSection chat={loaderData.chat} />
      <AuditSection audit={loaderData.audit} />
    </DashboardPage>
  );
}
