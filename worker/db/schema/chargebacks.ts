import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { userAccounts } from "./accounts";
import { commissionOrders } from "./orders";
import { paymentTransactions } from "./payments";
import { CHARGEBACK_BEARERS } from "./enums";

const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

/**
 * A chargeback (issue 64, decision 103): a client's bank disputing a charge of an order, as Stripe's Dispute object
 * reports it through `charge.dispute.*` webhooks. One row per Stripe dispute. Events may come twice or out of order:
 * a row moves only forward, by the event's own time (`lastEventAt`), and a closed dispute's outcome is final.
 * While it is open the order's untransferred payouts wait; when it closes, `borneBy` says who carries a loss.
 */
export const chargebacks = sqliteTable(
  "chargebacks",
  {
    id: text("id").primaryKey(),
    stripeDisputeId: text("stripe_dispute_id").notNull().unique(),
    stripeChargeId: text("stripe_charge_id").notNull(),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /** Null when the charge belongs to no order Comet knows (reported for a person to look at). */
    orderId: text("order_id").references(() => commissionOrders.id),
    transactionId: text("transaction_id").references(() => paymentTransactions.id),
    /** Minor units of `currency`, as disputed. */
    amount: integer("amount").notNull(),
    /** Upper-case ISO code. */
    currency: text("currency").notNull(),
    /** Stripe's reason: fraudulent, product_not_received, subscription_canceled, … */
    reason: text("reason").notNull(),
    /** Stripe's dispute status: warning_needs_response, needs_response, under_review, won, lost, … */
    status: text("status").notNull(),
    /** When the evidence must reach Stripe (`evidence_details.due_by`). */
    evidenceDueAt: ms("evidence_due_at"),
    /** Minor units the bank took from the platform's balance, and gave back (funds_withdrawn / funds_reinstated). */
    withdrawnAmount: integer("withdrawn_amount").notNull().default(0),
    reinstatedAmount: integer("reinstated_amount").notNull().default(0),
    /** Set when an admin submits the evidence through Stripe's API; by whom. */
    evidenceSubmittedAt: ms("evidence_submitted_at"),
    evidenceSubmittedBy: text("evidence_submitted_by").references(() => userAccounts.id),
    /** Once lost: who carries the loss (decision 103). Null while open or when won. */
    borneBy: text("borne_by", { enum: CHARGEBACK_BEARERS }),
    /** Stripe's `created` time of the last event applied: an older event changes nothing. */
    lastEventAt: ms("last_event_at").notNull(),
    openedAt: ms("opened_at").notNull(),
    closedAt: ms("closed_at"),
  },
  (t) => [index("chargebacks_order").on(t.orderId), index("chargebacks_status").on(t.status, t.evidenceDueAt)],
);
