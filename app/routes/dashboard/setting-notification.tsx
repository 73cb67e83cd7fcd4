import { useState } from "react";
import { Form, data, useNavigation } from "react-router";
import { DashboardPage, dashboardTitle } from "#app/components/dashboard/dashboard-page";
import { EMAIL_PREFERENCES_INTENT, EmailPreferences } from "#app/components/notifications/email-preferences";
import {
  NotificationItem,
  useFollowNotification,
  type NotificationView,
} from "#app/components/notifications/notification-item";
import { NOTIFICATION_API } from "#app/components/notifications/read-notifications";
import { requestContext } from "#app/lib/request-context";
import { readFormData } from "#app/lib/form-data.server";
import { m } from "#app/paraglide/messages.js";
import { NOTIFICATION_EMAIL_GROUPS, type NotificationEmailGroup } from "#worker/domain/notification-kinds";
import { notificationEmailLabel, notificationViews } from "#worker/messages/notifications";
import { emailPreferences, saveEmailPreferences } from "#worker/services/notification-emails";
import { countUnread, listNotifications, markAllNotificationsRead } from "#worker/services/notifications";
import { requireUser } from "./guards.server";
import type { Route } from "./+types/setting-notification";

/**
 * /dashboard/setting/profile/notification: every notification of the signed-in user, newest first, 20 at a time
 * ("Load more" asks the notifications API for the next page), with "Mark all as read", and above them the choice of
 * which types are also e-mailed (docs/decisions/023).
 */

/** The e-mail choices' group names (NOTIFICATION_EMAIL_GROUPS), rendered by the loader. */
const GROUP_LEGENDS: Record<NotificationEmailGroup, () => string> = {
  requests: m.notifications_email_group_requests,
  orders: m.notifications_email_group_orders,
  reminders: m.notifications_email_group_reminders,
  follows: m.notifications_email_group_follows,
  other: m.notifications_email_group_other,
};

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { db, locale } = context.get(requestContext);
  const [page, preferences] = await Promise.all([
    listNotifications(db, user.accountId),
    emailPreferences(db, user.accountId),
  ]);
  const emailGroups = NOTIFICATION_EMAIL_GROUPS.map(({ group, types }) => ({
    legend: GROUP_LEGENDS[group](),
    choices: types.map((type) => ({ type, label: notificationEmailLabel(type, locale), enabled: preferences[type] })),
  }));
  // The page's own texts are rendered here, in the reader's language, to keep them out of its JavaScript (decision 016).
  const texts = {
    title: m.notifications_page_title(),
    intro: m.notifications_page_description(),
    empty: m.notifications_page_empty(),
    markAll: m.notifications_mark_all_read(),
    loadMore: m.notifications_load_more(),
  };
  const emailTexts = {
    title: m.notifications_email_title(),
    description: m.notifications_email_description(),
    save: m.notifications_email_save(),
    saved: m.notifications_email_saved(),
  };
  return {
    items: notificationViews(page.items, locale),
    nextCursor: page.nextCursor,
    unreadCount: await countUnread(db, user.accountId),
    texts,
    emailGroups,
    emailTexts,
  };
}

/**
 * Two forms post here. The e-mail choices save the signed-in user's own preferences: the checked types on, every
 * other type off (the form names no user, so nobody can set another's). "Mark all as read" is a form post too, so
 * the header's count (the layout's loader) refreshes with the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const { db, locale } = context.get(requestContext);
  const form = await readFormData(request, locale);
  if (form.get("intent") === EMAIL_PREFERENCES_INTENT) {
    const saved = await saveEmailPreferences(db, user.accountId, new Set(form.getAll("email").map(String)), Date.now());
    return saved ? { emailSaved: true } : data({ emailSaved: false }, { status: 400 });
  }
  await markAllNotificationsRead(db, user.accountId, Date.now());
  return null;
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? dashboardTitle(loaderData.texts.title) : []);

export default function NotificationListPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, unreadCount, texts, emailGroups, emailTexts } = loaderData;
  const marking = useNavigation().formMethod === "POST";
  // Older pages fetched with "Load more", appended after the loader's first page (reset when the loader re-runs).
  const [more, setMore] = useState<{ for: typeof items; items: NotificationView[]; nextCursor: string | null } | null>(
    null,
  );
  const older = more?.for === items ? more : null;
  const nextCursor = older ? older.nextCursor : loaderData.nextCursor;
  const all = older ? [...items, ...older.items] : items;

  const loadMore = async () => {
    if (!nextCursor) return;
    const response = await fetch(`${NOTIFICATION_API}/list?cursor=${encodeURIComponent(nextCursor)}`).catch(() => null);
    if (!response?.ok) return;
    const { data } = (await response.json()) as { data: { items: NotificationView[]; nextCursor: string | null } };
    setMore({ for: items, items: [...(older?.items ?? []), ...data.items], nextCursor: data.nextCursor });
  };

  const open = useFollowNotification();

  return (
    <DashboardPage title={texts.title} intro={texts.intro}>
      <EmailPreferences groups={emailGroups} texts={emailTexts} saved={Boolean(actionData?.emailSaved)} />
      {all.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-400 px-6 py-10 text-center text-zinc-700 dark:border-zinc-600 dark:text-zinc-300">
          {texts.empty}
        </p>
      ) : (
        <>
          <Form method="post" className="flex justify-end">
            <button type="submit" className="button-secondary" disabled={unreadCount === 0 || marking}>
              {texts.markAll}
            </button>
          </Form>
          <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {all.map((notice) => (
              <li key={notice.id}>
                <NotificationItem notification={notice} onOpen={open} />
              </li>
            ))}
          </ul>
          {nextCursor ? (
            <div className="flex justify-center">
              <button type="button" className="button-secondary" onClick={() => void loadMore()}>
                {texts.loadMore}
              </button>
            </div>
          ) : null}
        </>
      )}
    </DashboardPage>
  );
}
