import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PAYOUT_STATUSES, TRANSACTION_PRODUCT_TYPES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from "./enums";
import { commissionAccounts, timestamps, userAccounts } from "./accounts";
import { currencies } from "./reference";
import { commissionOrders } from "./orders";

/** A saved card (Stripe PaymentMethod) of a user. */
export const paymentAccountMethods = sqliteTable(
  "payment_account_methods",
  {
    id: text("id").primaryKey(),
    userAccountId: text("user_account_id")
      .notNull()
      .references(() => userAccounts.id, { onDelete: "cascade" }),
    stripeMethodId: text("stripe_method_id").notNull().unique(),
    /** visa, mastercard, jcb, amex, diners, discover... */
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    ...timestamps,
  },
  (t) => [index("payment_account_methods_account").on(t.userAccountId, t.createdAt)],
);

/** The Stripe Customer of a buyer (one per user). */
export const stripeCustomers = sqliteTable("stripe_customers", {
  id: text("id").primaryKey(),
  userAccountId: text("user_account_id")
    .notNull()
    .unique()
    .references(() => userAccounts.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull().unique(),
  ...timestamps,
});

/** The Stripe connected account a creator is paid out to (the wallet). */
export const stripeConnectedAccounts = sqliteTable("stripe_connected_accounts", {
  id: text("id").primaryKey(),
  userAccountId: text("user_account_id")
    .notNull()
    .unique()
    .references(() => userAccounts.id, { onDelete: "cascade" }),
  stripeAccountId: text("stripe_account_id").notNull().unique(),
  chargesEnabled: integer("charges_enabled", { mode: "boolean" }).notNull().default(false),
  payoutsEnabled: integer("payouts_enabled", { mode: "boolean" }).notNull().default(false),
  detailsSubmitted: integer("details_submitted", { mode: "boolean" }).notNull().default(false),
  ...timestamps,
});

/** Webhook events already handled; insert-or-ignore on the event id makes redelivery a no-op. */
export const processedWebhookEvents = sqliteTable("processed_webhook_events", {
  eventId: text("event_id").primaryKey(),
  eventType: text("event_type").notNull(),
  processedAt: integer("processed_at", { mode: "timestamp_ms" }).notNull(),
});

/** A fee taken from the seller: numeratorValue / 10000 of the total (1036 = 10.36 %). Name: localized_texts "fee". */
export const fees = sqliteTable("fees", {
  id: text("id").primaryKey(),
  code: text("code").notNull().unique(),
  numeratorValue: integer("numerator_value").notNull(),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  ...timestamps,
});

/** One payment attempt for an order (a Stripe PaymentIntent). */
export const paymentTransactions = sqliteTable(
  "payment_transactions",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => commissionOrders.id),
    /** The paying commission account (the order's buyer). */
    buyerId: text("buyer_id")
      .notNull()
      .references(() => commissionAccounts.id),
    transactionStatus: text("transaction_status", { enum: TRANSACTION_STATUSES }).notNull().default("PENDING"),
    transactionType: text("transaction_type", { enum: TRANSACTION_TYPES }).notNull().default("COMMISSION_STANDARD"),
    stripePaymentIntentId: text("stripe_payment_intent_id").unique(),
    /** Sent to Stripe as the Idempotency-Key when creating the intent. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** Minor units of currencyId. */
    amount: integer("amount").notNull(),
    currencyId: text("currency_id")
      .notNull()
      .references(() => currencies.id),
    paymentAccountMethodId: text("payment_account_method_id").references(() => paymentAccountMethods.id, {
      onDelete: "set null",
    }),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    /**
     * Minor units given back by a partial refund (decision 073: a staged order canceled after some stages were
     * approved); the status is then PARTIALLY_REFUNDED. 0 otherwise (a full refund is REFUNDED).
     */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("payment_transactions_order").on(t.orderId, t.transactionStatus, t.transactionType),
    index("payment_transactions_buyer").on(t.buyerId, t.createdAt),
  ],
);

export const paymentTransactionProducts = sqliteTable(
  "payment_transaction_products",
  {
    id: text("id").primaryKey(),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: "cascade" }),
    productType: text("product_type", { enum: TRANSACTION_PRODUCT_TYPES }).notNull().default("COMMISSION_ORDER"),
    orderId: text("order_id").references(() => commissionOrders.id),
    priceAmount: integer("price_amount").notNull(),
    priceCurrencyId: text("price_currency_id")
      .notNull()
      .references(() => currencies.id),
    quantity: integer("quantity").notNull().default(1),
    ...timestamps,
  },
  (t) => [index("payment_transaction_products_transaction").on(t.transactionId)],
);

/** The fees applied to a transaction, with the numerator and amount frozen at the time. */
export const paymentTransactionFees = sqliteTable(
  "payment_transaction_fees",
  {
    id: text("id").primaryKey(),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: "cascade" }),
    feeId: text("fee_id")
      .notNull()
      .references(() => fees.id),
    numeratorValue: integer("numerator_value").notNull(),
    /** Minor units of the transaction currency. */
    amount: integer("amount").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("payment_transaction_fees_transaction_fee").on(t.transactionId, t.feeId)],
);

/**
 * The creator's share of a completed order, on its way to their connected account (issue 12, decision 029): written
 * by the Order Durable Object in the batch that records the completion (an outbox), one per order, then transferred
 * once with `idempotencyKey`. HELD until the creator's account can receive it; `claimedUntil` keeps two releases from
 * calling Stripe at once (the idempotency key makes even that harmless).
 */
export const creatorPayouts = sqliteTable(
  "creator_payouts",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => commissionOrders.id),
    /**
     * The stage whose approval released it (decision 073), or null for a completed order's whole payout. One payout
     * per order and stage: the idempotency key names both.
     */
    stageIndex: integer("stage_index"),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => paymentTransactions.id),
    /** The seller's user account: whose connected account receives it. */
    sellerUserAccountId: text("seller_user_account_id")
      .notNull()
      .references(() => userAccounts.id),
    /** Minor units of currencyId: the total minus the platform's fee (money.ts `sellerTransferAmount`). */
    amount: integer("amount").notNull(),
    currencyId: text("currency_id")
      .notNull()
      .references(() => currencies.id),
    /**
     * What was transferred, once it was (decision 050): minor units of `transferCurrency`, the currency the client's
     * charge settled in (JPY for a dollar order on a Japanese platform), converted at the charge's own rate
     * (money.ts `shareInSettlementCurrency`). Null while HELD.
     */
    transferAmount: integer("transfer_amount"),
    /** Upper-case ISO code, as Stripe reported the transfer's currency; not a reference, since Stripe decides it. */
    transferCurrency: text("transfer_currency"),
    payoutStatus: text("payout_status", { enum: PAYOUT_STATUSES }).notNull().default("HELD"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    stripeTransferId: text("stripe_transfer_id").unique(),
    claimedUntil: integer("claimed_until", { mode: "timestamp_ms" }),
    /** The last failed attempt's Stripe code, for the wallet and the logs; cleared on success. */
    lastError: text("last_error"),
    transferredAt: integer("transferred_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    index("creator_payouts_seller").on(t.sellerUserAccountId, t.payoutStatus, t.createdAt),
    index("creator_payouts_order").on(t.orderId, t.stageIndex),
    // The insights' timed job (decision 111) reads the payouts changed since its cursor.
    index("creator_payouts_updated").on(t.updatedAt),
  ],
);
