/**
 * A signed-in user's notifications (docs/decisions/023): newest first in pages, the unread count, and marking read.
 * Every query is keyed by the recipient, so a caller reaches only their own rows: another user's id matches nothing.
 * Rows hold facts, not texts; worker/http/notification-messages.ts turns them into what the bell and the list page show.
 */
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { notifications } from "../db/schema";

const NOTIFICATION_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 50;

export interface StoredNotification {
  id: string;
  type: string;
  href: string | null;
  orderCode: string | null;
  counterpartHandle: string | null;
  readAt: number | null;
  createdAt: number;
}

export interface NotificationPage<T> {
  items: T[];
  /** Pass back as `cursor` for the next, older page; null on the last page. */
  nextCursor: string | null;
}

/**
 * The facts every notice's message names, for `FROM notifications n`: the order's code and the counterpart, who is
 * the row's sender when it names one, else the order's other party (the buyer for the seller's notices and the
 * seller for the buyer's). Shared by the list and the e-mails, so both say the same.
 */
export const NOTICE_FACTS = sql`o.code,
      coalesce(fp.original_handle, CASE WHEN sa.user_account_id = n.recipient_user_account_id THEN bp.original_handle ELSE sp.original_handle END) AS counterpart
    FROM notifications n
    LEFT JOIN user_profiles fp ON fp.id = n.from_profile_id
    LEFT JOIN commission_orders o ON o.id = n.order_id
    LEFT JOIN commission_accounts sa ON sa.id = o.seller_id
    LEFT JOIN commission_accounts ba ON ba.id = o.buyer_id
    LEFT JOIN user_profiles sp ON sp.account_id = sa.user_account_id
    LEFT JOIN user_profiles bp ON bp.account_id = ba.user_account_id`;

/** The cursor is the last item's "{createdAt}.{id}": stable while new notices arrive above it. */
function parseCursor(cursor: string | null | undefined): { createdAt: number; id: string } | null {
  const match = cursor?.match(/^(\d{1,15})\.([\w-]{1,64})$/);
  return match ? { createdAt: Number(match[1]), id: match[2] } : null;
}

/**
 * One page, newest first. The counterpart is the row's sender when it names one, else the order's other party:
 * the buyer for the seller's notices and the seller for the buyer's.
 */
export async function listNotifications(
  db: Database,
  recipientUserId: string,
  { cursor, limit = NOTIFICATION_PAGE_SIZE }: { cursor?: string | null; limit?: number } = {},
): Promise<NotificationPage<StoredNotification>> {
  const size = Math.min(Math.max(1, Math.floor(limit)), MAX_PAGE_SIZE);
  const after = parseCursor(cursor);
  const rows = await db.all<{
    id: string;
    notification_type: string;
    href: string | null;
    read_at: number | null;
    created_at: number;
    code: string | null;
    counterpart: string | null;
  }>(sql`
    SELECT n.id, n.notification_type, n.href, n.read_at, n.created_at, ${NOTICE_FACTS}
    WHERE n.recipient_user_account_id = ${recipientUserId}
      ${after ? sql`AND (n.created_at < ${after.createdAt} OR (n.created_at = ${after.createdAt} AND n.id < ${after.id}))` : sql``}
    ORDER BY n.created_at DESC, n.id DESC
    LIMIT ${size + 1}`);
  const items = rows.slice(0, size).map((row) => ({
    id: row.id,
    type: row.notification_type,
    href: row.href,
    orderCode: row.code,
    counterpartHandle: row.counterpart,
    readAt: row.read_at === null ? null : Number(row.read_at),
    createdAt: Number(row.created_at),
  }));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > size && last ? `${last.createdAt}.${last.id}` : null };
}

/** The bell's badge: one count over the recipient index (recipient, created_at). */
export async function countUnread(db: Database, recipientUserId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientUserAccountId, recipientUserId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** Marks one of the recipient's notices read; false when there is no such notice of theirs. Reading twice keeps the first time. */
export async function markNotificationRead(db: Database, recipientUserId: string, notificationId: string, now: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now})` })
    .where(and(eq(notifications.id, notificationId), eq(notifications.recipientUserAccountId, recipientUserId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Marks every unread notice of the recipient read; returns how many changed. */
export async function markAllNotificationsRead(db: Database, recipientUserId: string, now: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date(now) })
    .where(and(eq(notifications.recipientUserAccountId, recipientUserId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
