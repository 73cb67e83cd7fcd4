import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { NOTIFICATION_TYPES } from "./enums";
import { timestamps, userAccounts, userProfiles } from "./accounts";
import { commissionOrders } from "./orders";
import { chatRooms } from "./chat";

/** Titles and messages are localized_texts (entity "notification", fields "title", "message"). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    recipientUserAccountId: text("recipient_user_account_id")
      .notNull()
      .references(() => userAccounts.id, { onDelete: "cascade" }),
    notificationType: text("notification_type", { enum: NOTIFICATION_TYPES }).notNull(),
    fromProfileId: text("from_profile_id").references(() => userProfiles.id, { onDelete: "set null" }),
    href: text("href"),
    orderId: text("order_id").references(() => commissionOrders.id, { onDelete: "cascade" }),
    chatRoomId: text("chat_room_id").references(() => chatRooms.id, { onDelete: "cascade" }),
    /** Makes a reminder sent by a re-run cron a no-op, e.g. "approval-reminder:{orderId}". */
    dedupeKey: text("dedupe_key").unique(),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    /**
     * When the e-mail for this notice was claimed (sent, or skipped because the recipient switched its type off).
     * The claim is a conditional UPDATE (`WHERE emailed_at IS NULL`), so a notice is e-mailed at most once however
     * many senders race (worker/services/notification-emails.ts, docs/decisions/023).
     */
    emailedAt: integer("emailed_at", { mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("notifications_recipient").on(t.recipientUserAccountId, t.createdAt),
    index("notifications_order").on(t.orderId),
    // Only the notices still waiting for their e-mail: the senders' sweep reads this small index, not the table.
    index("notifications_unemailed").on(t.createdAt).where(sql`emailed_at IS NULL`),
  ],
);

/**
 * Which notification types a user wants by e-mail (/dashboard/setting/profile/notification). A type without a row
 * is on: every notice is e-mailed until its recipient switches the type off.
 */
export const notificationEmailPreferences = sqliteTable(
  "notification_email_preferences",
  {
    userAccountId: text("user_account_id")
      .notNull()
      .references(() => userAccounts.id, { onDelete: "cascade" }),
    notificationType: text("notification_type", { enum: NOTIFICATION_TYPES }).notNull(),
    emailEnabled: integer("email_enabled", { mode: "boolean" }).notNull(),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [primaryKey({ columns: [t.userAccountId, t.notificationType] })],
);
