import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { NOTIFICATION_TYPES } from "./enums";
import { timestamps, userAccounts, userProfiles } from "./accounts";
import { commissionOrders } from "./orders";
import { chatRooms } from "./chat";

/** Titles and messages are localized_texts (entity "notification", fields "title", "message"). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    recipientUserAccountId: text("recipient_user_account_id").notNull().references(() => userAccounts.id, { onDelete: "cascade" }),
    notificationType: text("notification_type", { enum: NOTIFICATION_TYPES }).notNull(),
    fromProfileId: text("from_profile_id").references(() => userProfiles.id, { onDelete: "set null" }),
    href: text("href"),
    orderId: text("order_id").references(() => commissionOrders.id, { onDelete: "cascade" }),
    chatRoomId: text("chat_room_id").references(() => chatRooms.id, { onDelete: "cascade" }),
    /** Makes a reminder sent by a re-run cron a no-op, e.g. "approval-reminder:{orderId}". */
    dedupeKey: text("dedupe_key").unique(),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("notifications_recipient").on(t.recipientUserAccountId, t.createdAt), index("notifications_order").on(t.orderId)],
);
