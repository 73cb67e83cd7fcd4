import { lazy } from "react";
import { m } from "~/paraglide/messages.js";
import { Dropdown } from "./dropdown";
import { BellIcon } from "./icons";

/**
 * One notification as the header shows it. The site layout's loader (app/routes/site-layout.tsx) is the one
 * place notifications are loaded; it returns an empty list until notifications are delivered.
 */
export interface HeaderNotification {
  id: string;
  title: string;
  message: string | null;
  /** Where the notification leads, e.g. /dashboard/commission/managements?order={orderCode}. */
  href: string | null;
  /** ISO 8601. */
  createdAt: string;
  read: boolean;
}

// The tabs and rows load on first open or when the pointer nears the bell.
const loadPanel = () => import("./notification-panel");
const NotificationTabs = lazy(() => loadPanel().then((module) => ({ default: module.NotificationTabs })));

export function NotificationMenu({ notifications }: { notifications: HeaderNotification[] }) {
  const unread = notifications.filter((n) => !n.read).length;
  return (
    <Dropdown
      kind="dialog"
      label={unread > 0 ? m.header_notifications_label_unread({ count: unread }) : m.header_notifications_label()}
      panelClassName="md:w-80"
      onIntent={() => void loadPanel()}
      trigger={
        <>
          <BellIcon className="size-5" />
          {unread > 0 ? <span className="absolute top-2 right-2 size-2 rounded-full bg-red-600 ring-2 ring-white dark:ring-zinc-950" /> : null}
        </>
      }
    >
      <NotificationTabs notifications={notifications} />
    </Dropdown>
  );
}

