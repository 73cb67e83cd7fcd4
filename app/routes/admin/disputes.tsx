import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ChargebackList } from "#app/components/admin/chargeback-list";
import { PartyNote } from "#app/components/admin/party-note";
import { DashboardPage } from "#app/components/dashboard/dashboard-page";
import { Toast, type ToastMessage } from "#app/components/toast/toast";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { caseJudgeNote } from "#worker/messages/admin";
import { disputeFacts, disputeQueue } from "#worker/admin/services/admin-disputes";
import { listChargebacks } from "#worker/orders/services/chargebacks";
import { cometNow } from "#worker/services/clock";
import { chargebackEntryView } from "./chargeback-texts.server";
import { adminTitle } from "./admin-title";
import { queueEntryView, settledToast } from "./dispute-texts.server";
import { requireAdmin } from "./guard.server";
import type { Route } from "./+types/disputes";

/**
 * /admin/disputes: the open disputes, the longest waiting first (issue 49, decision 088), each linked to its order's
 * record, where an admin settles it. Back from a settlement (`?settled={orderId}`), a toast says how it was settled.
 * A dispute the reading admin is a party to says so (another admin must settle it), and one every admin is a party to
 * stays here, saying it waits for another admin to be added (decision 093).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const { db, env, locale, url } = context.get(requestContext);
  const settled = (url.searchParams.get("settled") ?? "").slice(0, 64);
  const now = await cometNow(env);
  const [queue, settledFacts, chargebacks] = await Promise.all([
    disputeQueue(db, now, locale, admin.accountId),
    settled ? disputeFacts(db, settled, locale) : null,
    // Beside Comet's own disputes, the card issuers' (decision 103).
    listChargebacks(db.$client),
  ]);
  return {
    disputes: queue.map((entry) => ({
      ...queueEntryView(entry, locale),
      judge: entry.judge,
      judgeNote: caseJudgeNote(entry.judge, "order", locale),
    })),
    toast: settledToast(settledFacts, locale),
    chargebacks: chargebacks.map((chargeback) => chargebackEntryView(chargeback, now, locale)),
  };
}

export const meta: Route.MetaFunction = () => adminTitle(m.admin_disputes_title());

/** The settlement's toast: rendered by the server (so it shows without JavaScript), then gone, the query dropped. */
function SettledToast({ notice }: { notice: ToastMessage | null }) {
  const [shown, setShown] = useState(notice);
  const navigate = useNavigate();
  useEffect(() => {
    if (!notice) return;
    setShown(notice);
    navigate(".", { replace: true, preventScrollReset: true });
  }, [notice]);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), 3000);
    return () => clearTimeout(timer);
  }, [shown]);
  return <Toast toast={shown} />;
}

export default function AdminDisputes({ loaderData }: Route.ComponentProps) {
  const { disputes, toast } = loaderData;
  return (
    <DashboardPage title={m.admin_disputes_title()} intro={m.admin_disputes_intro()}>
      {disputes.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-400 px-6 py-10 text-center text-zinc-700 dark:border-zinc-600 dark:text-zinc-300">
          {m.admin_disputes_empty()}
        </p>
      ) : (
        <ul className="space-y-4">
          {disputes.map((dispute) => (
            <li key={dispute.orderId}>
              <article
                aria-labelledby={`dispute-${dispute.orderId}`}
                data-testid="admin-dispute"
                className="space-y-2 rounded-xl border border-zinc-200 p-4 dark:border-zinc-700"
              >
                <header className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={`dispute-${dispute.orderId}`} className="font-semibold text-zinc-900 dark:text-zinc-50">
                    <Link
                      to={`/admin/disputes/${encodeURIComponent(dispute.orderId)}`}
                      className="underline underline-offset-2 hover:no-underline"
                    >
                      {dispute.heading}
                    </Link>
                  </h2>
                  <time
                    dateTime={dispute.whenIso}
                    title={dispute.when}
                    className="text-sm text-zinc-700 dark:text-zinc-300"
                  >
                    {dispute.waiting}
                  </time>
                </header>
                <p className="text-sm text-zinc-900 dark:text-zinc-100">{dispute.title}</p>
                <p className="text-sm text-zinc-700 dark:text-zinc-300">{dispute.parties}</p>
                <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{dispute.opened}</p>
                {dispute.opening && (
                  <blockquote className="line-clamp-3 whitespace-pre-wrap break-words border-l-4 border-zinc-300 pl-3 text-sm text-zinc-900 dark:border-zinc-600 dark:text-zinc-100">
                    {dispute.opening}
                  </blockquote>
                )}
                <p className="text-sm text-zinc-700 dark:text-zinc-300">
                  {dispute.answer} · {dispute.stake}
                </p>
                {dispute.judgeNote && <PartyNote text={dispute.judgeNote} />}
              </article>
            </li>
          ))}
        </ul>
      )}
      <ChargebackList chargebacks={loaderData.chargebacks} />
      <SettledToast notice={toast} />
    </DashboardPage>
  );
}
