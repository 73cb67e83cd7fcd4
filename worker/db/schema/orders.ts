import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  ANSWER_CHOICE_STATUSES,
  CHAT_STATUSES,
  ORDER_PAYMENT_STATUSES,
  ORDER_PROGRESS_STATUSES,
  ORDER_SUBMIT_STATUSES,
  QUESTION_TYPES,
} from "./enums";
import { commissionAccounts, timestamps } from "./accounts";
import { currencies } from "./reference";
import { commissionCategories } from "./catalog";
import { choicePricing, commissionFormQuestionChoices, commissionFormQuestions, commissionForms } from "./forms";
import { commissionPolicies, commissionServices } from "./services";

const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

/**
 * An order between a seller and a buyer (both commission accounts). The Order Durable Object is its only writer;
 * these rows are its projection. What the buyer saw when submitting is kept as snapshots (order services, order
 * forms and their questions), so later edits of the service or form do not change past orders.
 */
export const commissionOrders = sqliteTable(
  "commission_orders",
  {
    id: text("id").primaryKey(),
    /** Short public code, used in notification links (?order={code}). */
    code: text("code").notNull().unique(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => commissionAccounts.id),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => commissionAccounts.id),
    orderSubmitStatus: text("order_submit_status", { enum: ORDER_SUBMIT_STATUSES }).notNull(),
    orderProgressStatus: text("order_progress_status", { enum: ORDER_PROGRESS_STATUSES }).notNull().default("DRAFT"),
    orderPaymentStatus: text("order_payment_status", { enum: ORDER_PAYMENT_STATUSES }).notNull().default("DRAFT"),
    orderChatStatus: text("order_chat_status", { enum: CHAT_STATUSES }).notNull().default("DRAFT"),
    /** Tax-included total in minor units; null until the seller sets it (form orders). */
    priceAmount: integer("price_amount"),
    priceCurrencyId: text("price_currency_id")
      .notNull()
      .references(() => currencies.id),
    estimatedStart: ms("estimated_start"),
    estimatedDelivery: ms("estimated_delivery"),
    submittedAt: ms("submitted_at").notNull(),
    approvedAt: ms("approved_at"),
    paidAt: ms("paid_at"),
    deliveredAt: ms("delivered_at"),
    completedAt: ms("completed_at"),
    canceledAt: ms("canceled_at"),
    approvalDeadline: ms("approval_deadline"),
    paymentDeadline: ms("payment_deadline"),
    deliveryDeadline: ms("delivery_deadline"),
    completionDeadline: ms("completion_deadline"),
    serviceId: text("service_id").references(() => commissionServices.id, { onDelete: "set null" }),
    formId: text("form_id").references(() => commissionForms.id, { onDelete: "set null" }),
    /**
     * The order's milestones (decision 073) as the object holds them: JSON of `OrderStage[]` (orders/domain/order-stages.ts),
     * "[]" for an order without stages. One column, written with the row by every transition.
     */
    stages: text("stages").notNull().default("[]"),
    /**
     * The order's dispute (decision 088) as the object holds it: JSON of `OrderDispute` (orders/domain/disputes.ts), null when
     * it never had one. `disputed_since` is its opening time while it is open (null otherwise): the admins' queue.
     */
    dispute: text("dispute"),
    disputedSince: ms("disputed_since"),
    /**
     * Deadlines moved by agreement (decision 090): the creator's request waiting for the client (JSON of
     * `ExtensionRequest`, orders/domain/deadline-extensions.ts; null: none), and the delivery date the order was paid with,
     * kept once a move changed it.
     */
    extensionRequest: text("extension_request"),
    originalDeliveryDeadline: ms("original_delivery_deadline"),
    /**
     * A completed order's payout waits until then, while the client may still dispute the work (decision 092); null once
     * it cleared or when it never waited. The cron's net for a missed alarm and the creator's wallet read it.
     */
    payoutHeldUntil: ms("payout_held_until"),
    /**
     * Prices as creators set them (issue 63, decision 099): the lines the total was priced from at the request (JSON of
     * `PriceLine[]`, orders/domain/price-lines.ts; null for an order from before, which shows its total alone), the
     * licence both accepted (JSON of `Licence`, orders/domain/licence.ts; null before), a change of it the client asked
     * for after payment, waiting for the creator (JSON of `LicenceRequest`; null: none), and a rush order's days to
     * deliver from payment (null: not rush).
     */
    priceLines: text("price_lines"),
    licence: text("licence"),
    licenceRequest: text("licence_request"),
    rushDays: integer("rush_days"),
    /**
     * Paying in parts (decision 100): the deposit the creator asked for at approval (JSON of `DepositTerms`,
     * orders/domain/order-parts.ts; null: paid at once), the rest's payment once it succeeded (JSON of `PaymentRef`),
     * why its off-session charge did not go through, and what a canceled order left with the creator of the deposit.
     */
    deposit: text("deposit"),
    paidRest: text("paid_rest"),
    partFailure: text("rest_failure"),
    keptDeposit: integer("kept_deposit"),
    /** The Order object's version this row projects (decision 047): each write is conditional on the one before. */
    version: integer("version").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("commission_orders_seller").on(t.sellerId, t.orderProgressStatus, t.submittedAt),
    index("commission_orders_buyer").on(t.buyerId, t.orderProgressStatus, t.submittedAt),
    index("commission_orders_buyer_service").on(t.buyerId, t.serviceId, t.orderSubmitStatus, t.orderProgressStatus),
    index("commission_orders_service").on(t.serviceId),
    index("commission_orders_form").on(t.formId),
    index("commission_orders_progress").on(t.orderProgressStatus, t.updatedAt),
    // The signals' timed job (decision 106) reads the orders changed since its cursor.
    index("commission_orders_updated").on(t.updatedAt),
    // Only open disputes are in it: the admins' queue reads it, and the cron's `disputed_since IS NULL` cannot take it
    // instead of the progress index.
    index("commission_orders_disputed").on(t.disputedSince).where(sql`disputed_since IS NOT NULL`),
    // Only payouts still waiting for the client's week (decision 092): the cron's net finds those due without reading
    // every completed order.
    index("commission_orders_payout_held").on(t.payoutHeldUntil).where(sql`payout_held_until IS NOT NULL`),
    // One pending request per client and service, and per client and form (spec section 4: 'You have already sent'):
    // D1 refuses the second insert, so two racing submissions create one order (docs/decisions/025).
    uniqueIndex("commission_orders_one_pending_service_request")
      .on(t.buyerId, t.serviceId)
      .where(sql`order_submit_status = 'SERVICE_SUBMITTED' AND order_progress_status = 'DRAFT'`),
    uniqueIndex("commission_orders_one_pending_form_request")
      .on(t.buyerId, t.formId)
      .where(sql`order_submit_status = 'FORM_SUBMITTED' AND order_progress_status = 'DRAFT'`),
  ],
);

/** Snapshot of the service ordered. Title, description, terms: localized_texts (entity "commission_order_service"). */
export const commissionOrderServices = sqliteTable(
  "commission_order_services",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => commissionOrders.id, { onDelete: "cascade" }),
    serviceId: text("service_id").references(() => commissionServices.id, { onDelete: "set null" }),
    policyId: text("policy_id").references(() => commissionPolicies.id, { onDelete: "set null" }),
    priceAmount: integer("price_amount"),
    priceCurrencyId: text("price_currency_id")
      .notNull()
      .references(() => currencies.id),
    ...timestamps,
  },
  (t) => [index("commission_order_services_order").on(t.orderId)],
);

export const commissionOrderServiceCategories = sqliteTable(
  "commission_order_service_categories",
  {
    orderServiceId: text("order_service_id")
      .notNull()
      .references(() => commissionOrderServices.id, { onDelete: "cascade" }),
    categoryCode: text("category_code")
      .notNull()
      .references(() => commissionCategories.code),
  },
  (t) => [primaryKey({ columns: [t.orderServiceId, t.categoryCode] })],
);

/** Snapshot of the form answered. Title, description: localized_texts (entity "commission_order_form"). */
export const commissionOrderForms = sqliteTable(
  "commission_order_forms",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => commissionOrders.id, { onDelete: "cascade" }),
    formId: text("form_id").references(() => commissionForms.id, { onDelete: "set null" }),
    categoryCode: text("category_code").references(() => commissionCategories.code),
    priceAmount: integer("price_amount"),
    priceCurrencyId: text("price_currency_id")
      .notNull()
      .references(() => currencies.id),
    ...timestamps,
  },
  (t) => [index("commission_order_forms_order").on(t.orderId)],
);

/** Snapshot of one question. Titles, descriptions: localized_texts (entity "commission_order_form_question"). */
export const commissionOrderFormQuestions = sqliteTable(
  "commission_order_form_questions",
  {
    id: text("id").primaryKey(),
    orderFormId: text("order_form_id")
      .notNull()
      .references(() => commissionOrderForms.id, { onDelete: "cascade" }),
    formQuestionId: text("form_question_id").references(() => commissionFormQuestions.id, { onDelete: "set null" }),
    questionType: text("question_type", { enum: QUESTION_TYPES }).notNull(),
    isRequired: integer("is_required", { mode: "boolean" }).notNull().default(false),
    userIndex: integer("user_index").notNull().default(0),
  },
  (t) => [index("commission_order_form_questions_form").on(t.orderFormId, t.userIndex)],
);

/** Snapshot of one choice with the buyer's selection. Titles: localized_texts (entity "commission_order_question_choice"). */
export const commissionOrderQuestionChoices = sqliteTable(
  "commission_order_question_choices",
  {
    id: text("id").primaryKey(),
    orderFormQuestionId: text("order_form_question_id")
      .notNull()
      .references(() => commissionOrderFormQuestions.id, { onDelete: "cascade" }),
    questionChoiceId: text("question_choice_id").references(() => commissionFormQuestionChoices.id, {
      onDelete: "set null",
    }),
    priceAmount: integer("price_amount"),
    priceCurrencyId: text("price_currency_id").references(() => currencies.id),
    ...choicePricing,
    /** How many the client asked for (an `each` choice); 1 for any other. */
    count: integer("count").notNull().default(1),
    answerChoiceStatus: text("answer_choice_status", { enum: ANSWER_CHOICE_STATUSES }).notNull().default("UNSELECTED"),
    userIndex: integer("user_index").notNull().default(0),
  },
  (t) => [index("commission_order_question_choices_question").on(t.orderFormQuestionId, t.userIndex)],
);

/**
 * The buyer's answer to one question: texts are localized_texts (entity "commission_order_question_answer",
 * field "text"), medias are media_attachments, the date is a calendar date.
 */
export const commissionOrderQuestionAnswers = sqliteTable("commission_order_question_answers", {
  id: text("id").primaryKey(),
  orderFormQuestionId: text("order_form_question_id")
    .notNull()
    .unique()
    .references(() => commissionOrderFormQuestions.id, { onDelete: "cascade" }),
  /** ISO date (yyyy-mm-dd) for DATE questions. */
  answerDate: text("answer_date"),
  ...timestamps,
});

/** The seller's delivery for an order; files are media_attachments (owner "commission_order_deliverable"). */
export const commissionOrderDeliverables = sqliteTable("commission_order_deliverables", {
  id: text("id").primaryKey(),
  orderId: text("order_id")
    .notNull()
    .unique()
    .references(() => commissionOrders.id, { onDelete: "cascade" }),
  ...timestamps,
});

/**
 * A stage's preview (decision 073): the creator's original, private until the order completes, and the watermarked,
 * reduced copy the Worker made of it for the client. Both are R2 keys under the order's folder. `round` is the
 * stage's revision count when it was posted (0 for the first preview, 1 after the first revision, ...).
 */
export const commissionOrderStagePreviews = sqliteTable(
  "commission_order_stage_previews",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => commissionOrders.id, { onDelete: "cascade" }),
    stageIndex: integer("stage_index").notNull(),
    round: integer("round").notNull(),
    /** The order of the files within one posting. */
    position: integer("position").notNull(),
    name: text("name").notNull(),
    /** image, video or audio */
    mediaType: text("media_type").notNull(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    originalKey: text("original_key").notNull().unique(),
    /** The watermarked copy (images); null for a clip served as posted. */
    previewKey: text("preview_key"),
    previewContentType: text("preview_content_type"),
    width: integer("width"),
    height: integer("height"),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("commission_order_stage_previews_order").on(t.orderId, t.stageIndex, t.round, t.position)],
);

/** A client's revision note on a stage's preview (decision 073), shown on the order's timeline. */
export const commissionOrderStageRevisions = sqliteTable(
  "commission_order_stage_revisions",
  {
    /** "{orderId}:{version}", the event that asked for it: a replayed projection writes it once. */
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => commissionOrders.id, { onDelete: "cascade" }),
    stageIndex: integer("stage_index").notNull(),
    round: integer("round").notNull(),
    comment: text("comment").notNull(),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("commission_order_stage_revisions_order").on(t.orderId, t.stageIndex, t.round)],
);

/**
 * The order event log (docs/decisions/020): every accepted transition, who made it, and the order before and after,
 * shown to both parties in the order panel. Written only by the Order Durable Object; the id is
 * "{orderId}:{version}", so a transition replayed after a crash is recorded once.
 */
export const commissionOrderEvents = sqliteTable(
  "commission_order_events",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => commissionOrders.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    eventType: text("event_type").notNull(),
    /** seller, buyer or system. */
    actor: text("actor").notNull(),
    actorAccountId: text("actor_account_id").references(() => commissionAccounts.id, { onDelete: "set null" }),
    /** JSON of the order's state before and after. */
    before: text("before").notNull(),
    after: text("after").notNull(),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("commission_order_events_order").on(t.orderId, t.version)],
);
