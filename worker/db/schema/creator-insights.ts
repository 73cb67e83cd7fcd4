import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { userAccounts } from "./accounts";

/**
 * A creator's own numbers (issue 66, decision 111): one row per creator, the figures worker/domain/creator-insights.ts
 * computes from their visits, orders and payouts (JSON of `CreatorInsights`), written by the timed jobs for creators
 * whose visits, orders or payouts changed, so the insights page reads one row.
 */
export const creatorInsights = sqliteTable("creator_insights", {
  userAccountId: text("user_account_id")
    .primaryKey()
    .references(() => userAccounts.id, { onDelete: "cascade" }),
  figures: text("figures").notNull(),
  /** The time (Comet's clock) the figures were computed at: the periods they hold end with that time's. */
  computedAt: integer("computed_at", { mode: "timestamp_ms" }).notNull(),
});
