import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { userAccounts } from "./accounts";
import { DATA_EXPORT_STATUSES } from "./enums";

const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

/**
 * A download of everything Comet holds about a user (issue 64, decision 104): asked for in settings, prepared in the
 * background into the private bucket, mailed when ready, served only to its owner through a signed URL until it expires.
 */
export const dataExports = sqliteTable(
  "data_exports",
  {
    id: text("id").primaryKey(),
    userAccountId: text("user_account_id")
      .notNull()
      .references(() => userAccounts.id, { onDelete: "cascade" }),
    status: text("status", { enum: DATA_EXPORT_STATUSES }).notNull().default("PENDING"),
    /** The JSON's key in the private bucket once ready. */
    objectKey: text("object_key"),
    byteSize: integer("byte_size"),
    /** Two runs never prepare the same export at once. */
    claimedUntil: ms("claimed_until"),
    requestedAt: ms("requested_at").notNull(),
    readyAt: ms("ready_at"),
    expiresAt: ms("expires_at"),
  },
  (t) => [index("data_exports_account").on(t.userAccountId, t.requestedAt), index("data_exports_status").on(t.status)],
);

/**
 * A handle freed by a deleted account, kept from others until `reservedUntil` (decision 104), so nobody takes a
 * departed creator's name and their old links, before people have seen it go.
 */
export const reservedHandles = sqliteTable("reserved_handles", {
  /** Lower-cased. */
  handle: text("handle").primaryKey(),
  reservedUntil: ms("reserved_until").notNull(),
  createdAt: ms("created_at").notNull(),
});

/**
 * A client's download of a deliverable (decision 103): written when the signed URL is made for them, as the order's
 * evidence that the work reached them. Kept with the order's records.
 */
export const deliverableDownloads = sqliteTable(
  "deliverable_downloads",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id").notNull(),
    userAccountId: text("user_account_id"),
    /** The stored file's name as delivered. */
    fileName: text("file_name").notNull(),
    downloadedAt: ms("downloaded_at").notNull(),
  },
  (t) => [index("deliverable_downloads_order").on(t.orderId, t.downloadedAt)],
);
