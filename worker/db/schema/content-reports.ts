import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  CONTENT_REPORT_REASONS,
  CONTENT_REPORT_RESOLUTIONS,
  CONTENT_REPORT_TARGETS,
} from "../../admin/domain/content-reports";
import { userAccounts } from "./accounts";

const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

/**
 * A user's report of a portfolio work or a profile to the admins (issue 49, decision 089): one per target and
 * reporter. The target is a `portfolio_works` or a `user_profiles` row by id (no foreign key: the column names
 * either); an admin settles every open report of a target at once, hiding it or keeping it.
 */
export const contentReports = sqliteTable(
  "content_reports",
  {
    id: text("id").primaryKey(),
    targetType: text("target_type", { enum: CONTENT_REPORT_TARGETS }).notNull(),
    targetId: text("target_id").notNull(),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => userAccounts.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: CONTENT_REPORT_REASONS }).notNull(),
    createdAt: ms("created_at").notNull(),
    /** Settled by an admin: the target hidden or kept, by whom (their user account). */
    resolvedAt: ms("resolved_at"),
    resolution: text("resolution", { enum: CONTENT_REPORT_RESOLUTIONS }),
    resolvedBy: text("resolved_by").references(() => userAccounts.id),
  },
  (t) => [
    uniqueIndex("content_reports_one_per_reporter").on(t.targetType, t.targetId, t.reporterId),
    // The queue groups the open reports by target; a decision settles one target's open reports.
    index("content_reports_open").on(t.resolvedAt, t.targetType, t.targetId),
  ],
);
