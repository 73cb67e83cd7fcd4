import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Tabs, type TabItem } from "#app/components/tabs/tabs";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { m } from "#app/paraglide/messages.js";
import { NotificationItem, useFollowNotification, type NotificationView } from "./notification-item";
import { markAllNotificationsRead, NOTIFICATION_API } from "./read-notifications";

/**
 * The bell's panel (spec section 2): tabs Notifications and Announcements. It loads with the header menus' lazy
 * chunk and fetches the newest notices each time it opens, so the header itself carries only the unread count.
 * Following a notice marks it read first; "Mark all as read" clears the rest. Announcements always read 'None yet.'
 */
type Tab = "notifications" | "announcements";
type Load = { state: "loading" } | { state: "failed" } | { state: "loaded"; items: NotificationView[] };

export function NotificationPanel({ onUnreadChange }: { onUnreadChange: (count: number) => void }) {
  const [load, setLoad] = useState<Load>({ state: "loading" });

  useEffect(() => {
    let current = true;
    void fetch(`${NOTIFICATION_API}/list`)
      .then((response) =>
        response.ok ? (response.json() as Promise<{ data: { items: NotificationView[]; unreadCount: number } }>) : null,
      )
      .catch(() => null)
      .then((body) => {
        if (!current) return;
        setLoad(body ? { state: "loaded", items: body.data.items } : { state: "failed" });
        if (body) onUnreadChange(body.data.unreadCount);
      });
    return () => {
      current = false;
    };
  }, [onUnreadChange]);

  const open = useFollowNotification(onUnreadChange);

  const markAll = async () => {
    const count = await markAllNotificationsRead();
    if (count === null) return;
    onUnreadChange(count);
    setLoad((previous) =>
      previous.state === "loaded"
        ? { state: "loaded", items: previous.items.map((item) => ({ ...item, read: true })) }
        : previous,
    );
  };

  const tabs: TabItem<Tab>[] = [
    { id: "notifications", label: m.header_notifications_tab_notifications() },
    { id: "announcements", label: m.header_notifications_tab_announcements() },
  ];
  const empty = (
    <p className="px-3 py-8 text-center text-sm text-zinc-600 dark:text-zinc-400">{m.header_notifications_empty()}</p>
  );
  const footerLink =
    "rounded px-1 text-sm font-medium text-brand-700 hover:underline disabled:text-zinc-500 disabled:no-underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300";

  return (
    <Tabs label={m.header_notifications_label()} tabs={tabs} look="underline" panelClassName="py-1">
      {(tab) => {
        if (tab === "announcements") return empty;
        if (load.state === "loading")
          return (
            <p className="px-3 py-8 text-center text-sm text-zinc-600 dark:text-zinc-400" role="status">
              {m.notifications_loading()}
            </p>
          );
        if (load.state === "failed")
          return (
            <p className="px-3 py-8 text-center text-sm text-red-700 dark:text-red-300" role="alert">
              {m.notifications_load_failed()}
            </p>
          );
        if (load.items.length === 0) return empty;
        return (
          <>
            <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {load.items.map((notice) => (
                <li key={notice.id}>
                  <NotificationItem notification={notice} onOpen={open} />
                </li>
              ))}
            </ul>
            <div className="flex items-center justify-between gap-2 border-t border-zinc-100 px-2 pt-2 pb-1 dark:border-zinc-800">
              <button
                type="button"
                className={footerLink}
                onClick={() => void markAll()}
                disabled={load.items.every((item) => item.read)}
              >
                {m.notifications_mark_all_read()}
              </button>
              <Link to={DASHBOARD_PATHS.settingsNotification} className={footerLink}>
                {m.notifications_view_all()}
              </Link>
            </div>
          </>
        );
      }}
    </Tabs>
  );
}
