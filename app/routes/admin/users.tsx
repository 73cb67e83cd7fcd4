import { Form, Link, data, useNavigation } from "react-router";
import { PartyNote } from "#app/components/admin/party-note";
import { DashboardPage } from "#app/components/dashboard/dashboard-page";
import { readFormData } from "#app/lib/form-data.server";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { adminReasonOf, ADMIN_REASON_MAX, USER_SEARCH_MAX } from "#worker/admin/domain/admin-actions";
import { adminPartyMessage, adminTextCharactersMessage } from "#worker/messages/admin";
import { searchUsers, setBanned } from "#worker/admin/services/admin-users";
import { cometNow } from "#worker/services/clock";
import { adminTitle } from "./admin-title";
import { requireAdmin } from "./guard.server";
import type { Route } from "./+types/users";

/**
 * /admin/users?q=: a search by the start of a handle or an e-mail (decision 087), each user with their roles, whether
 * banned, their orders, their orders' open disputes (linked to the dispute desk), the reports they made and those made
 * of their reviews; a ban or its lifting with a reason, posted to this page's action.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const { db, url } = context.get(requestContext);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, USER_SEARCH_MAX);
  const users = query ? await searchUsers(db, query) : [];
  return {
    query,
    users: users.map((user) => ({
      ...user,
      self: user.accountId === admin.accountId,
      orders: m.admin_users_orders({ buyer: String(user.ordersAsBuyer), seller: String(user.ordersAsSeller) }),
      reports: m.admin_users_reports({ count: String(user.reportsMade) }),
      reportsReceived: m.admin_users_reports_received({ count: String(user.reportsReceived) }),
      disputes: user.openDisputes.map((dispute) => ({
        orderId: dispute.orderId,
        label: m.admin_reports_order({ code: dispute.code }),
      })),
    })),
  };
}

type Outcome = { accountId: string; ok: boolean; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const { db, env, locale } = context.get(requestContext);
  const form = await readFormData(request, locale);
  const accountId = String(form.get("accountId") ?? "");
  const handle = String(form.get("handle") ?? "").slice(0, 64);
  const intent = form.get("intent");
  const refuse = (message: string, status: number) => data<Outcome>({ accountId, ok: false, message }, { status });
  if (!accountId || accountId.length > 64 || (intent !== "ban" && intent !== "unban"))
    return refuse(m.error_generic(), 400);
  // Decision 093: an admin's own account is another admin's to ban or unban.
  if (accountId === admin.accountId) return refuse(adminPartyMessage("account", locale), 403);
  const reason = adminReasonOf(String(form.get("reason") ?? ""));
  if (!reason.ok)
    return refuse(
      reason.error === "reason_invalid_characters"
        ? adminTextCharactersMessage(locale)
        : m.admin_users_reason_required(),
      400,
    );
  const result = await setBanned(db, {
    adminAccountId: admin.accountId,
    accountId,
    banned: intent === "ban",
    reason: reason.text,
    now: await cometNow(env),
  });
  if (!result.ok) return refuse(m.admin_users_not_found(), 404);
  const message = !result.changed
    ? m.admin_users_unchanged()
    : intent === "ban"
      ? m.admin_users_banned_done({ handle: `@${handle}` })
      : m.admin_users_unbanned_done({ handle: `@${handle}` });
  return { accountId, ok: true, message } satisfies Outcome;
}

export const meta: Route.MetaFunction = () => adminTitle(m.admin_users_title());

const inputClass =
  "mt-1 block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100";
const labelClass = "block text-sm font-medium text-zinc-900 dark:text-zinc-100";

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { query, users } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <DashboardPage title={m.admin_users_title()} intro={m.admin_users_intro()}>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 sm:max-w-sm">
          <label htmlFor="admin-user-search" className={labelClass}>
            {m.admin_users_search_label()}
          </label>
          <input
            id="admin-user-search"
            name="q"
            type="search"
            defaultValue={query}
            maxLength={USER_SEARCH_MAX}
            required
            autoComplete="off"
            className={inputClass}
          />
        </div>
        <button type="submit" className="button-primary">
          {m.admin_users_search()}
        </button>
      </Form>
      <p role="status" className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {actionData?.message ?? ""}
      </p>
      {query && users.length === 0 && (
        <p className="text-zinc-700 dark:text-zinc-300">{m.admin_users_none({ query })}</p>
      )}
      {users.length > 0 && (
        <ul className="space-y-4">
          {users.map((user) => (
            <li key={user.accountId}>
              <article
                aria-labelledby={`user-${user.accountId}`}
                data-testid="admin-user"
                className="space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-700"
              >
                <header className="flex flex-wrap items-center gap-2">
                  <h2 id={`user-${user.accountId}`} className="font-semibold text-zinc-900 dark:text-zinc-50">
                    <Link to={`/${user.handle}`} className="underline-offset-2 hover:underline">
                      @{user.handle}
                    </Link>
                  </h2>
                  {user.banned && (
                    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-900/50 dark:text-red-200">
                      {m.admin_users_banned()}
                    </span>
                  )}
                </header>
                <dl className="grid gap-1 text-sm text-zinc-700 sm:grid-cols-[auto_1fr] sm:gap-x-4 dark:text-zinc-300">
                  <dt className="font-medium">{m.admin_users_email()}</dt>
                  <dd className="break-all">{user.email}</dd>
                  <dt className="font-medium">{m.admin_users_roles()}</dt>
                  <dd>{user.roles.join(", ")}</dd>
                </dl>
                <p className="text-sm text-zinc-700 dark:text-zinc-300">
                  {user.orders} · {user.reports} · {user.reportsReceived}
                </p>
                {user.disputes.length > 0 && (
                  <p className="flex flex-wrap gap-x-3 text-sm text-zinc-700 dark:text-zinc-300">
                    <span>{m.admin_users_disputes()}</span>
                    {user.disputes.map((dispute) => (
                      <Link
                        key={dispute.orderId}
                        to={`/admin/disputes/${encodeURIComponent(dispute.orderId)}`}
                        className="text-sky-800 underline dark:text-sky-300"
                      >
                        {dispute.label}
                      </Link>
                    ))}
                  </p>
                )}
                {user.self ? (
                  <PartyNote text={m.admin_party_account()} />
                ) : (
                  <Form method="post" className="flex flex-wrap items-end gap-3">
                    <input type="hidden" name="accountId" value={user.accountId} />
                    <input type="hidden" name="handle" value={user.handle} />
                    <input type="hidden" name="intent" value={user.banned ? "unban" : "ban"} />
                    <div className="min-w-0 flex-1 sm:max-w-md">
                      <label htmlFor={`reason-${user.accountId}`} className={labelClass}>
                        {m.admin_users_reason_label()}
                      </label>
                      <input
                        id={`reason-${user.accountId}`}
                        name="reason"
                        type="text"
                        required
                        maxLength={ADMIN_REASON_MAX}
                        aria-describedby={`reason-hint-${user.accountId}`}
                        className={inputClass}
                      />
                      <p id={`reason-hint-${user.accountId}`} className="mt-1 text-xs text-zinc-700 dark:text-zinc-300">
                        {m.admin_users_reason_hint()}
                      </p>
                    </div>
                    <button
                      type="submit"
                      className={user.banned ? "button-secondary" : "button-primary"}
                      disabled={busy}
                    >
                      {user.banned ? m.admin_users_unban() : m.admin_users_ban()}
                    </button>
                  </Form>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
    </DashboardPage>
  );
}
