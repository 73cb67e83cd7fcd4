import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { m } from "~/paraglide/messages.js";
import { getLocale } from "~/paraglide/runtime.js";
import type { NotificationView } from "../../../worker/http/notification-messages";
import { COLOUR_CLASSES, NotificationGlyph } from "./notification-icons";
import { markNotificationRead } from "./read-notifications";

/**
 * One notification as the bell's panel and /dashboard/setting/profile/notification show it: the type's icon on its
 * colour, title, message, date, an unread mark, and a link to its target. `onOpen` runs before the link is followed
 * (the callers mark the notice read first, so the page they land on counts it read).
 */
export type { NotificationView };

type OpenHandler = (n: NotificationView, event: MouseEvent<HTMLAnchorElement>) => void;

/**
 * Following an unread notice marks it read first, awaited, so the page it leads to (and the header's count its
 * loader renders) already counts it read. A click that opens a new tab, or a read notice, is left to the link.
 */
export function useFollowNotification(onUnreadChange?: (count: number) => void): OpenHandler {
  const navigate = useNavigate();
  return (notice, event) => {
    if (notice.read || !notice.href || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    const href = notice.href;
    void markNotificationRead(notice.id).then((count) => {
      if (count !== null) onUnreadChange?.(count);
      navigate(href);
    });
  };
}

/** Spec section 9: English 'MMMM d, yyyy'; Japanese 'yyyy年MM月dd日'. */
function formatNotificationDate(iso: string): string {
  const date = new Date(iso);
  if (getLocale() === "ja") {
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${date.getFullYear()}年${pad(date.getMonth() + 1)}月${pad(date.getDate())}日`;
  }
  return new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" }).format(date);
}

export function NotificationItem({ notification: n, onOpen }: { notification: NotificationView; onOpen?: OpenHandler }) {
  const body = (
    <>
      <span className={`flex size-8 shrink-0 items-center justify-center rounded-full ${COLOUR_CLASSES[n.colour] ?? COLOUR_CLASSES.sky}`}>
        <NotificationGlyph icon={n.icon} className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-start gap-2">
          <span className={`text-sm text-zinc-900 dark:text-zinc-50 ${n.read ? "font-medium" : "font-semibold"}`}>{n.title}</span>
          {n.read ? null : (
            <span className="mt-1.5 ml-auto size-2 shrink-0 rounded-full bg-brand-600 dark:bg-brand-300">
              <span className="sr-only">{m.notifications_unread()}</span>
            </span>
          )}
        </span>
        {n.message ? <span className="mt-0.5 block text-sm text-zinc-600 dark:text-zinc-400">{n.message}</span> : null}
        {/* The server formats in UTC, the browser in local time: the date may differ by a day at hydration. */}
        <time dateTime={n.createdAt} className="mt-1 block text-xs text-zinc-600 dark:text-zinc-400" suppressHydrationWarning>
          {formatNotificationDate(n.createdAt)}
        </time>
      </span>
    </>
  );
  const rowClass = "flex gap-3 rounded-lg px-3 py-2.5";
  return n.href ? (
    <Link to={n.href} onClick={onOpen && ((event) => onOpen(n, event))} className={`${rowClass} hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-zinc-800 dark:focus-visible:outline-brand-300`}>
      {body}
    </Link>
  ) : (
    <div className={rowClass}>{body}</div>
  );
}
