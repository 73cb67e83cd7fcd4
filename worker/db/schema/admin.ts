import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { userAccounts } from "./accounts";

/**
 * The admin console's audit log (issue 49, decision 087): one row per admin action, written in the same D1 batch as the
 * change it records, so an action that did not happen leaves no row and one that did always leaves one.
 */
export const adminActions = sqliteTable(
  "admin_actions",
  {
    id: text("id").primaryKey(),
    /** The admin's user account. */
    adminAccountId: text("admin_account_id")
      .notNull()
      .references(() => userAccounts.id),
    /**
     * What was done: "review.hide", "review.keep", "account.ban", "account.unban", an order's event ("order.canceled",
     * "order.dispute_settled"), or "order.file_read": a disputed order's private file opened (decision 088).
     */
    action: text("action", {
      enum: [
        "review.hide",
        "review.keep",
        "account.ban",
        "account.unban",
        "order.canceled",
        "order.dispute_settled",
        "order.file_read",
        // A chargeback's evidence sent to the bank through Stripe (decision 103).
        "order.chargeback_evidence_submitted",
        // A reported work or profile hidden or kept (decision 089).
        "work.hide",
        "work.keep",
        "profile.hide",
        "profile.keep",
      ],
    }).notNull(),
    /**
     * What it was done to, by id: a review ("review"), a user account ("account"), an order ("order"), a portfolio
     * work ("work") or a profile ("profile", a user_profiles id).
     */
    targetType: text("target_type", { enum: ["review", "account", "order", "work", "profile"] }).notNull(),
    targetId: text("target_id").notNull(),
    /** Why, in the admin's words (required for a ban or an unban). */
    reason: text("reason"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("admin_actions_recent").on(t.createdAt), index("admin_actions_target").on(t.targetType, t.targetId)],
);
