import { useEffect, useState } from "react";
import { m } from "#app/paraglide/messages.js";
import { Dropdown } from "./dropdown";
import { BellIcon } from "./icons";
import { NotificationPanel, preloadMenuPanels } from "./lazy-panels";

/** How often an open page asks for the unread count, so new notices show within a minute without a reload. */
const UNREAD_POLL_MS = 60_000;

/**
 * The bell (spec section 2). The server renders it with the unread count (the site layout's loader counts it, one
 * indexed query); the list itself loads with the panel on first open (notification-panel.tsx). While the page
 * is visible the count is refreshed every minute. The site header keys it by the loader's count, so a navigation
 * that re-ran the loader starts it afresh from the newer count.
 */
export function NotificationMenu({ unreadCount }: { unreadCount: number }) {
  const [unread, setUnread] = useState(unreadCount);
  useEffect(() => {
    // Kept small: this is in every page's JavaScript. A failed or signed-out answer leaves the count as it is.
    const timer = setInterval(() => {
      if (!document.hidden)
        fetch("/api/features/notification/unread")
          .then((response) => response.json() as Promise<{ data: { unreadCount: number } }>)
          .then((body) => setUnread(body.data.unreadCount))
          .catch(() => {});
    }, UNREAD_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <Dropdown
      kind="dialog"
      label={unread > 0 ? m.header_notifications_label_unread({ count: unread }) : m.header_notifications_label()}
      panelClassName="md:w-96"
      trigger={
        <>
          <BellIcon className="size-5" />
          {unread > 0 ? (
            // The count is in the button's name; the badge is for the eye, drawn by CSS so that the button's text
            // stays its name alone (a visible "2" beside the name "Notifications (2 unread)" reads as a mismatch).
            <span
              aria-hidden="true"
              data-count={unread > 99 ? "99+" : unread}
              className="absolute top-1 right-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-semibold text-white ring-2 ring-white after:content-[attr(data-count)] dark:ring-zinc-950"
            />
          ) : null}
        </>
      }
      preload={preloadMenuPanels}
    >
      <NotificationPanel onUnreadChange={setUnread} />
    </Dropdown>
  );
}
