/**
 * A signed-in user's notifications (docs/decisions/023): newest first in pages, the unread count, and marking read.
 * Every query is keyed by the recipient, so a caller reaches only their own rows: another user's id matches nothing.
 * Rows hold facts, not texts; worker/messages/notifications.ts turns them into what the bell and the list page show.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { notifications } from "../db/schema";
import { parseJson } from "./json-columns";
import type { TextRow } from "../domain/localized-text";
import type { NoticeFacts, StoredNotification } from "../domain/notices";

const NOTIFICATION_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 50;

export interface NotificationPage<T> {
  items: T[];
  /** Pass back as `cursor` for the next, older page; null on the last page. */
  nextCursor: string | null;
}

/**
 * The facts every notice's message names, for `FROM notifications n`, read in the same statement as the notices (one
 * round trip): the order's code and the counterpart (cp), who is the row's sender (fp) when it names one, else the
 * order's other party (the buyer for the seller's notices and the seller for the buyer's). The counterpart is found
 * by `user_profiles.account_id`, which is unique, so each notice joins at most one profile. Only public profile
 * fields are read (handle, avatar, name texts), never the account (issue 33). Shared by the list and the e-mails, so
 * both say the same; read the columns with `noticeFactsOf`.
 */
export const NOTICE_FACTS = sql`o.code,
      cp.original_handle AS counterpart_handle, cp.avatar_url AS counterpart_avatar,
      json((SELECT json_group_array(json_object('l', t.language_code, 'o', t.is_original, 't', t.text))
        FROM localized_texts t WHERE t.entity_type = 'user_profile' AND t.entity_id = cp.id AND t.field = 'name')) AS counterpart_names,
      fp.id IS NOT NULL AS from_sender
    FROM notifications n
    LEFT JOIN user_profiles fp ON fp.id = n.from_profile_id
    LEFT JOIN commission_orders o ON o.id = n.order_id
    LEFT JOIN commission_accounts sa ON sa.id = o.seller_id
    LEFT JOIN commission_accounts ba ON ba.id = o.buyer_id
    LEFT JOIN user_profiles cp ON cp.account_id = coalesce(fp.account_id,
      CASE WHEN sa.user_account_id = n.recipient_user_account_id THEN ba.user_account_id ELSE sa.user_account_id END)`;

/** The columns NOTICE_FACTS adds to a row. */
export interface NoticeFactColumns {
  code: string | null;
  counterpart_handle: string | null;
  counterpart_avatar: string | null;
  counterpart_names: string | null;
  from_sender: number;
}

export function noticeFactsOf(row: NoticeFactColumns): NoticeFacts {
  const counterpart =
    row.counterpart_handle === null
      ? null
      : {
          handle: row.counterpart_handle,
          names: parseJson<TextRow>(row.counterpart_names),
          avatarUrl: row.counterpart_avatar ?? null,
        };
  return { orderCode: row.code, counterpart, fromSender: Boolean(row.from_sender) && counterpart !== null };
}

/** The cursor is the last item's "{createdAt}.{id}": stable while new notices arrive above it. */
function parseCursor(cursor: string | null | undefined): { createdAt: number; id: string } | null {
  const match = cursor?.match(/^(\d{1,15})\.([\w-]{1,64})$/);
  return match ? { createdAt: Number(match[1]), id: match[2] } : null;
}

/** One page, newest first, each notice with its order code, counterpart and sender joined in the same statement (NOTICE_FACTS). */
export async function listNotifications(
  db: Database,
  recipientUserId: string,
  { cursor, limit = NOTIFICATION_PAGE_SIZE }: { cursor?: string | null; limit?: number } = {},
): Promise<NotificationPage<StoredNotification>> {
  const size = Math.min(Math.max(1, Math.floor(limit)), MAX_PAGE_SIZE);
  const after = parseCursor(cursor);
  const rows = await db.all<
    {
      id: string;
      notification_type: string;
      href: string | null;
      read_at: number | null;
      created_at: number;
    } & NoticeFactColumns
  >(sql`
    SELECT n.id, n.notification_type, n.href, n.read_at, n.created_at, ${NOTICE_FACTS}
    WHERE n.recipient_user_account_id = ${recipientUserId}
      ${after ? sql`AND (n.created_at < ${after.createdAt} OR (n.created_at = ${after.createdAt} AND n.id < ${after.id}))` : sql``}
    ORDER BY n.created_at DESC, n.id DESC
    LIMIT ${size + 1}`);
  const items = rows.slice(0, size).map((row) => ({
    id: row.id,
    type: row.notification_type,
    href: row.href,
    ...noticeFactsOf(row),
    readAt: row.read_at === null ? null : Number(row.read_at),
    createdAt: Number(row.created_at),
  }));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > size && last ? `${last.createdAt}.${last.id}` : null };
}

/** The bell's badge: one count over the recipient index (recipient, created_at). */
export async function countUnread(db: Database, recipientUserId: string): Promise<number> {
  const row = await db.$client
    .prepare(`SELECT ${unreadNoticesSql("?1")} AS unread`)
    .bind(recipientUserId)
    .first<{ unread: number }>();
  return row?.unread ?? 0;
}

/** The count of `countUnread` as an SQL expression, for the recipient's account named by `recipient` (SQL). */
export const unreadNoticesSql = (recipient: string) =>
  `(SELECT count(*) FROM notifications WHERE recipient_user_account_id = ${recipient} AND read_at IS NULL)`;

/** Marks one of the recipient's notices read; false when there is no such notice of theirs. Reading twice keeps the first time. */
export async function markNotificationRead(
  db: Database,
  recipientUserId: string,
  notificationId: string,
  now: number,
): Promise<boolean> {
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
