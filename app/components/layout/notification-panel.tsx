import { Link } from "react-router";
import { m } from "~/paraglide/messages.js";
import { getLocale } from "~/paraglide/runtime.js";
import { Tabs, type TabItem } from "~/components/tabs/tabs";
import type { HeaderNotification } from "./notification-menu";

type Tab = "notifications" | "announcements";

/** Spec section 9: English 'MMMM d, yyyy'; Japanese 'yyyy年MM月dd日'. */
function formatDate(iso: string): string {
  const date = new Date(iso);
  if (getLocale() === "ja") {
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${date.getFullYear()}年${pad(date.getMonth() + 1)}月${pad(date.getDate())}日`;
  }
  return new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" }).format(date);
}

/** The notification popover's tabs (loaded on first open, see notification-menu.tsx). */
export function NotificationTabs({ notifications }: { notifications: HeaderNotification[] }) {
  const tabs: TabItem<Tab>[] = [
    { id: "notifications", label: m.header_notifications_tab_notifications() },
    { id: "announcements", label: m.header_notifications_tab_announcements() },
  ];
  return (
    <Tabs label={m.header_notifications_label()} tabs={tabs} look="underline" panelClassName="py-1">
      {(tab) =>
        tab === "notifications" && notifications.length > 0 ? (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {notifications.map((n) => (
              <li key={n.id}>
                <NotificationRow notification={n} />
              </li>
            ))}
          </ul>
        ) : (
          // Announcements are always empty (spec section 2), as is an empty notification list.
          <p className="px-3 py-8 text-center text-sm text-zinc-600 dark:text-zinc-400">{m.header_notifications_empty()}</p>
        )
      }
    </Tabs>
  );
}

function NotificationRow({ notification: n }: { notification: HeaderNotification }) {
  const body = (
    <>
      <span className="flex items-start gap-2">
        {n.read ? null : <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600 dark:bg-brand-300" aria-hidden="true" />}
        <span className="text-sm font-medium text-zinc-900 dark:text-zinc-50">{n.title}</span>
      </span>
      {n.message ? <span className="mt-0.5 block text-sm text-zinc-600 dark:text-zinc-400">{n.message}</span> : null}
      <time dateTime={n.createdAt} className="mt-1 block text-xs text-zinc-600 dark:text-zinc-400">
        {formatDate(n.createdAt)}
      </time>
    </>
  );
  const rowClass = "block rounded-lg px-3 py-2.5";
  return n.href ? (
    <Link to={n.href} className={`${rowClass} hover:bg-zinc-100 dark:hover:bg-zinc-800`}>
      {body}
    </Link>
  ) : (
    <div className={rowClass}>{body}</div>
  );
}
