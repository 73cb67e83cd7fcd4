import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { userAccounts } from "./accounts";
import { commissionOrders } from "./orders";
import { LOCALES } from "../../domain/locales";

const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

/**
 * What each side of a dispute said (issue 49, decision 088): the opening statement with its reason, the other party's
 * answer, and the admin's written reason for the settlement. Each row is written in the batch of the transition it
 * belongs to, keyed by that transition's event id (`{orderId}:{version}`), so a replayed projection writes it once.
 * The dispute's state itself (open, answered, settled, the outcome) is the order's (`commission_orders.dispute`).
 */
export const orderDisputeStatements = sqliteTable(
  "order_dispute_statements",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => commissionOrders.id),
    kind: text("kind", { enum: ["opening", "answer", "settlement"] }).notNull(),
    side: text("side", { enum: ["buyer", "seller", "admin"] }).notNull(),
    authorUserAccountId: text("author_user_account_id")
      .notNull()
      .references(() => userAccounts.id),
    /** The opening's reason (orders/domain/disputes.ts DISPUTE_REASONS); a settlement's outcome; null for an answer. */
    reason: text("reason"),
    body: text("body").notNull(),
    /** The language the body is written in, for readers of the other (translated as the order's other texts are). */
    languageCode: text("language_code", { enum: LOCALES }).notNull(),
    /** A split's refund, in minor units of the order's currency; null otherwise. */
    refundAmount: integer("refund_amount"),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("order_dispute_statements_order").on(t.orderId, t.createdAt)],
);

/**
 * A file a party attached to their statement (evidence), kept in the private media bucket under the order's folder and
 * served only through signed URLs: to the order's parties, and to admins while the order has a dispute, each such read
 * written to the audit log.
 */
export const orderDisputeFiles = sqliteTable(
  "order_dispute_files",
  {
    id: text("id").primaryKey(),
    statementId: text("statement_id")
      .notNull()
      .references(() => orderDisputeStatements.id),
    orderId: text("order_id")
      .notNull()
      .references(() => commissionOrders.id),
    objectKey: text("object_key").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("order_dispute_files_statement").on(t.statementId)],
);
