import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Where a cron job that works through more than one run's share stopped, by job name (the money check's last order
 * id): the next run goes on from there, so no row waits behind the same first share forever.
 */
export const jobCursors = sqliteTable("job_cursors", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});
