import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { WAITLIST_STATES } from "../../domain/slots";
import { commissionAccounts } from "./accounts";
import { commissionForms } from "./forms";
import { commissionServices } from "./services";

const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

/**
 * A client's place in a creator's line for one service or form (issue 50, decision 091). WAITING in the order joined;
 * the first whose service or form has a free slot becomes RESERVED for 48 hours (`reserved_until`), then REQUESTED
 * (the order it sent, which keeps the slot until the creator answers), or EXPIRED; LEFT and REMOVED end it too. Every
 * move is one conditional UPDATE (worker/services/waitlist.ts), so of two at once exactly one happens.
 */
export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    id: text("id").primaryKey(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => commissionAccounts.id, { onDelete: "cascade" }),
    serviceId: text("service_id").references(() => commissionServices.id, { onDelete: "cascade" }),
    formId: text("form_id").references(() => commissionForms.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => commissionAccounts.id, { onDelete: "cascade" }),
    state: text("state", { enum: WAITLIST_STATES }).notNull().default("WAITING"),
    joinedAt: ms("joined_at").notNull(),
    reservedAt: ms("reserved_at"),
    reservedUntil: ms("reserved_until"),
    /**
     * The request sent within the reservation. No foreign key: the entry names its order in the claim that precedes the
     * order's batch, so the slot stays held while the order is written (and is given back if that batch fails).
     */
    orderId: text("order_id"),
    endedAt: ms("ended_at"),
  },
  (t) => [
    // One place per client and service, and per client and form.
    uniqueIndex("waitlist_one_place_per_service")
      .on(t.clientId, t.serviceId)
      .where(sql`state IN ('WAITING', 'RESERVED') AND service_id IS NOT NULL`),
    uniqueIndex("waitlist_one_place_per_form")
      .on(t.clientId, t.formId)
      .where(sql`state IN ('WAITING', 'RESERVED') AND form_id IS NOT NULL`),
    // The line of a creator, in order; the counts of a target's line.
    index("waitlist_line").on(t.sellerId, t.state, t.joinedAt),
    index("waitlist_service").on(t.serviceId, t.state),
    index("waitlist_form").on(t.formId, t.state),
    // The reservations the timed jobs expire.
    index("waitlist_reserved").on(t.reservedUntil).where(sql`state = 'RESERVED'`),
  ],
);
