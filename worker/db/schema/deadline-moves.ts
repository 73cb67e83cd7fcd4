import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { commissionOrders } from "./orders";
import { LOCALES } from "../../domain/locales";

const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

/**
 * Why a delivery date was asked to move (issue 50, decision 090): the creator's request with its reason, written in
 * the batch of its transition and keyed by that transition's event id (`{orderId}:{version}`), so a replayed projection
 * writes it once. Whether it was accepted, declined or lapsed is the order's log; the dates are the order's row.
 */
export const orderDeadlineMoves = sqliteTable(
  "order_deadline_moves",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => commissionOrders.id),
    proposedDeadline: ms("proposed_deadline").notNull(),
    previousDeadline: ms("previous_deadline").notNull(),
    reason: text("reason").notNull(),
    /** The language the reason is written in, for readers of the other (translated as the order's other texts are). */
    languageCode: text("language_code", { enum: LOCALES }).notNull(),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("order_deadline_moves_order").on(t.orderId, t.createdAt)],
);
