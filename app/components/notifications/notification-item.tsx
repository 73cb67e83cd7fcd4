import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import { Avatar } from "#app/components/layout/avatar";
import { LogoMark } from "#app/components/layout/icons";
import { INTL_TAGS } from "#worker/domain/locales";
import type { NotificationView } from "#worker/messages/notifications";
import { COLOUR_CLASSES, NotificationGlyph } from "./notification-icons";
import { markNotificationRead } from "./read-notifications";

/**
 * One notification as the bell's panel and /dashboard/setting/profile/notification show it: who it is from (the
 * sender's avatar and name, linking to their profile, or the app's mark), the type's icon on its colour, title,
 * message, date, an unread mark, and a link to its target. `onOpen` runs before the link is followed
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

/**
 * The day of a notice in the page's language, in the reader's own time zone: by `Intl` with the locale's INTL_TAGS,
 * English 'MMMM d, yyyy' (spec section 9), 2026年11月28日 (zh-Hans, zh-Hant), 2026년 11월 28일 (ko); Japanese written by
 * hand in the spec's zero-padded 'yyyy年MM月dd日' (2026年01月05日), which `Intl` does not pad.
 */
function formatNotificationDate(iso: string): string {
  const date = new Date(iso);
  const locale = getLocale();
  if (locale === "ja") {
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${date.getFullYear()}年${pad(date.getMonth() + 1)}月${pad(date.getDate())}日`;
  }
  return new Intl.DateTimeFormat(INTL_TAGS[locale], { month: "long", day: "numeric", year: "numeric" }).format(date);
}

/**
 * Who the notice is from (issue 33): the sender's avatar (the app's avatar, with its fallback), linking to their
 * profile, or the app's mark for a notice the system sent; the type's icon sits on it as a small badge. The avatar's
 * link is out of the tab order and hidden from screen readers: the sender's name beside it is the same link.
 */
function NotificationFace({ notification: n }: { notification: NotificationView }) {
  return (
    <span className="relative size-9 shrink-0">
      {n.sender ? (
        <Link to={`/${n.sender.handle}`} tabIndex={-1} aria-hidden="true" className="relative z-10 block rounded-full">
          <Avatar src={n.sender.avatarUrl} className="size-9" loading="lazy" />
        </Link>
      ) : (
        <LogoMark className="size-9" />
      )}
      <span
        className={`pointer-events-none absolute -right-1 -bottom-1 z-10 flex size-5 items-center justify-center rounded-full ring-2 ring-white dark:ring-zinc-900 ${COLOUR_CLASSES[n.colour] ?? COLOUR_CLASSES.sky}`}
      >
        <NotificationGlyph icon={n.icon} className="size-3" />
      </span>
    </span>
  );
}

/**
 * The row is the notice's link, stretched over it (`after:inset-0`), so a click anywhere follows the notice; the
 * sender's name and avatar sit above it (`z-10`) and lead to their profile instead. Links are never nested.
 */
export function NotificationItem({
  notification: n,
  onOpen,
}: {
  notification: NotificationView;
  onOpen?: OpenHandler;
}) {
  const body = (
    <>
      <span className="flex items-start gap-2">
        <span className={`text-sm text-zinc-900 dark:text-zinc-50 ${n.read ? "font-medium" : "font-semibold"}`}>
          {n.title}
        </span>
        {n.read ? null : (
          <span className="mt-1.5 ml-auto size-2 shrink-0 rounded-full bg-brand-600 dark:bg-brand-300">
            <span className="sr-only">{m.notifications_unread()}</span>
          </span>
        )}
      </span>
      {n.message ? <span className="mt-0.5 block text-sm text-zinc-600 dark:text-zinc-400">{n.message}</span> : null}
      {/* The server formats in UTC, the browser in local time: the date may differ by a day at hydration. */}
      <time
        dateTime={n.createdAt}
        className="mt-1 block text-xs text-zinc-600 dark:text-zinc-400"
        suppressHydrationWarning
      >
        {formatNotificationDate(n.createdAt)}
      </time>
    </>
  );
  return (
    <div
      className={`relative flex gap-3 rounded-lg px-3 py-2.5 ${n.href ? "hover:bg-zinc-100 dark:hover:bg-zinc-800" : ""}`}
    >
      <NotificationFace notification={n} />
      <div className="min-w-0 flex-1">
        {n.sender ? (
          // leading-6: a 24px-high target (WCAG 2.5.8), however small the name's text.
          <Link
            to={`/${n.sender.handle}`}
            className="relative z-10 block w-fit max-w-full truncate rounded text-xs leading-6 font-semibold text-zinc-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-zinc-300 dark:focus-visible:outline-brand-300"
          >
            {n.sender.name}
          </Link>
        ) : null}
        {n.href ? (
          <Link
            to={n.href}
            onClick={onOpen && ((event) => onOpen(n, event))}
            className="block rounded after:absolute after:inset-0 after:rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300"
          >
            {body}
          </Link>
        ) : (
          <div>{body}</div>
        )}
      </div>
    </div>
  );
}
