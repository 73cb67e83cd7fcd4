import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { commissionAccounts, userAccounts } from "./accounts";
import { commissionOrders } from "./orders";

const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

/**
 * A party's review of the other after a completed order (issue 49, decision 086): one per order and side, double-blind.
 * `visible_at` is when it shows: the end of the review window (completion + 14 days) as written, brought forward to the
 * moment the second review of the order lands. `announced_at` marks that its showing has been made known (pages purged,
 * the reviewed party told), once, by whichever of the second review and the cron gets there first.
 */
export const orderReviews = sqliteTable(
  "order_reviews",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => commissionOrders.id),
    /** Who wrote it: the order's "buyer" (a review of the creator) or "seller" (a review of the client). */
    authorSide: text("author_side", { enum: ["buyer", "seller"] }).notNull(),
    authorId: text("author_id")
      .notNull()
      .references(() => commissionAccounts.id),
    subjectId: text("subject_id")
      .notNull()
      .references(() => commissionAccounts.id),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    /** The reviewed party's one public answer, once the review shows. */
    reply: text("reply"),
    repliedAt: ms("replied_at"),
    visibleAt: ms("visible_at").notNull(),
    announcedAt: ms("announced_at"),
    /** Hidden by an admin after a report: kept for the record, shown to nobody else. */
    hiddenAt: ms("hidden_at"),
    createdAt: ms("created_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("order_reviews_one_per_side").on(t.orderId, t.authorSide),
    index("order_reviews_subject").on(t.subjectId, t.authorSide, t.visibleAt),
    index("order_reviews_unannounced").on(t.announcedAt, t.visibleAt),
  ],
);

/** A user's report of a review to the admins (abuse, personal data, off-topic): one per review and reporter. */
export const reviewReports = sqliteTable(
  "review_reports",
  {
    id: text("id").primaryKey(),
    reviewId: text("review_id")
      .notNull()
      .references(() => orderReviews.id),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => userAccounts.id),
    reason: text("reason", { enum: ["abuse", "personal_data", "off_topic"] }).notNull(),
    createdAt: ms("created_at").notNull(),
    /** Settled by an admin (issue 49's console): the review hidden or kept. */
    resolvedAt: ms("resolved_at"),
    resolution: text("resolution", { enum: ["hidden", "kept"] }),
  },
  (t) => [
    uniqueIndex("review_reports_one_per_reporter").on(t.reviewId, t.reporterId),
    index("review_reports_open").on(t.resolvedAt),
  ],
);
