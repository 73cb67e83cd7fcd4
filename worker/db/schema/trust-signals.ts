import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { userAccounts } from "./accounts";

/**
 * Signals a stranger can read (issue 66, decision 106): one row per account, as worker/domain/trust-signals.ts computes
 * them from its orders, written by the timed jobs for accounts whose orders changed, so a profile reads one row. The
 * creator's side (what clients read) and the client's side (what creators read on a request) are both here; a rate or
 * time below the sample is null ("new").
 */
export const accountSignals = sqliteTable("account_signals", {
  userAccountId: text("user_account_id")
    .primaryKey()
    .references(() => userAccounts.id, { onDelete: "cascade" }),
  identityVerified: integer("identity_verified", { mode: "boolean" }).notNull().default(false),
  ordersCompleted: integer("orders_completed").notNull().default(0),
  onTimePercent: integer("on_time_percent"),
  typicalResponseHours: integer("typical_response_hours"),
  repeatClients: integer("repeat_clients").notNull().default(0),
  clientOrdersCompleted: integer("client_orders_completed").notNull().default(0),
  repeatCreators: integer("repeat_creators").notNull().default(0),
  /** `YYYY-MM` of the account's creation. */
  memberSince: text("member_since").notNull(),
  /** When a run last changed the row (Comet's clock). */
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});
