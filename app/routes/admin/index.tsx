import { Link } from "react-router";
import { DashboardPage } from "#app/components/dashboard/dashboard-page";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { formatDateTime } from "#worker/domain/dates";
import { openDisputeCount } from "#worker/admin/services/admin-disputes";
import { reportQueue } from "#worker/admin/services/admin-reports";
import { recentAdminActions } from "#worker/admin/services/admin-users";
import { cometNow } from "#worker/services/clock";
import { actionText } from "./admin-texts.server";
import { adminTitle } from "./admin-title";
import { requireAdmin } from "./guard.server";
import type { Route } from "./+types/index";

/** /admin: the console's overview (decisions 087, 088): its queues and the latest audit entries, with their admins. */
export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const { db, env, locale } = context.get(requestContext);
  const [queue, disputes, actions] = await Promise.all([
    reportQueue(db, await cometNow(env), admin.accountId),
    openDisputeCount(db),
    recentAdminActions(db),
  ]);
  return {
    openReports: queue.length,
    openDisputes: disputes,
    actions: actions.map((entry) => ({
      id: entry.id,
      when: formatDateTime(entry.createdAt, locale),
      whenIso: new Date(entry.createdAt).toISOString(),
      admin: entry.adminHandle,
      action: actionText(entry.action),
      target: entry.target,
      reason: entry.reason ?? "",
    })),
  };
}

export const meta: Route.MetaFunction = () => adminTitle();

const cardClass =
  "block rounded-xl border border-zinc-200 p-4 hover:bg-zinc-50 focus-visible:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800/60 dark:focus-visible:bg-zinc-800/60";

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { openReports, openDisputes, actions } = loaderData;
  return (
    <DashboardPage title={m.admin_title()} intro={m.admin_intro()}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Link to="/admin/reports" className={cardClass}>
          <span className="block font-semibold text-zinc-900 dark:text-zinc-50">{m.admin_overview_reports()}</span>
          <span className="mt-1 block text-sm text-zinc-700 dark:text-zinc-300">
            {m.admin_overview_reports_count({ count: String(openReports) })}
          </span>
        </Link>
        <Link to="/admin/disputes" className={cardClass}>
          <span className="block font-semibold text-zinc-900 dark:text-zinc-50">{m.admin_overview_disputes()}</span>
          <span className="mt-1 block text-sm text-zinc-700 dark:text-zinc-300">
            {m.admin_overview_disputes_count({ count: String(openDisputes) })}
          </span>
        </Link>
        <Link to="/admin/users" className={cardClass}>
          <span className="block font-semibold text-zinc-900 dark:text-zinc-50">{m.admin_overview_users()}</span>
          <span className="mt-1 block text-sm text-zinc-700 dark:text-zinc-300">{m.admin_overview_users_detail()}</span>
        </Link>
      </div>
      <section aria-labelledby="admin-audit" className="space-y-3">
        <h2 id="admin-audit" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          {m.admin_audit_title()}
        </h2>
        {actions.length === 0 ? (
          <p className="text-zinc-700 dark:text-zinc-300">{m.admin_audit_empty()}</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-700">
            <table className="w-full text-left text-sm">
              <thead className="bg-zinc-50 text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {m.admin_audit_when()}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {m.admin_audit_admin()}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {m.admin_audit_action()}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {m.admin_audit_target()}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {m.admin_audit_reason()}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 text-zinc-900 dark:divide-zinc-700 dark:text-zinc-100">
                {actions.map((entry) => (
                  <tr key={entry.id} data-testid="admin-audit-row">
                    <td className="whitespace-nowrap px-3 py-2">
                      <time dateTime={entry.whenIso}>{entry.when}</time>
                    </td>
                    <td className="px-3 py-2">@{entry.admin}</td>
                    <td className="px-3 py-2">{entry.action}</td>
                    <td className="px-3 py-2 break-all">{entry.target}</td>
                    <td className="px-3 py-2 break-words">{entry.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </DashboardPage>
  );
}
