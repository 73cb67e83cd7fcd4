/**
 * The closed value sets stored in text columns (spec sections 3 and 4). Plain arrays so that worker/domain
 * can import them without pulling in drizzle; the columns use them as `text(..., { enum })` for typing only
 * (no CHECK constraints: SQLite would need a table rebuild to add a value).
 */
export const MEDIA_FORMAT_TYPES = ["FILE", "LINK", "EMBED"] as const;
export const MEDIA_TYPES = ["IMAGE", "AUDIO", "VIDEO", "MODEL", "DOCUMENT", "OTHER"] as const;

export const PUBLISH_STATUSES = ["DRAFT", "PUBLISHED"] as const;
export const QUESTION_TYPES = [
  "SHORT_TEXT",
  "LONG_TEXT",
  "SINGLE_CHOICE",
  "MULTIPLE_CHOICE",
  "MEDIA",
  "DATE",
  "NONE",
] as const;
export const QUESTION_STATUSES = ["ACTIVE", "INACTIVE"] as const;
export const ANSWER_CHOICE_STATUSES = ["SELECTED", "UNSELECTED"] as const;
/** How a choice's price counts (issue 63, worker/orders/domain/price-lines.ts): adds, sets the base, % of it, × count. */
export const PRICE_KINDS = ["add", "plan", "percent", "each"] as const;
/** What a choice grants the client to do with the work (worker/orders/domain/licence.ts). */
export const LICENCE_TAGS = ["personal", "streaming", "goods", "advertising", "exclusive"] as const;

export const VISIBILITY_STATUSES = ["PUBLIC", "UNLISTED", "PRIVATE"] as const;
export const VISIBILITY_PERMISSIONS = ["view", "edit", "admin", "credit"] as const;

export const ORDER_SUBMIT_STATUSES = ["SERVICE_SUBMITTED", "FORM_SUBMITTED"] as const;
export const ORDER_PROGRESS_STATUSES = ["DRAFT", "APPROVED", "DELIVERED", "COMPLETED", "CANCELED"] as const;
export const ORDER_PAYMENT_STATUSES = ["DRAFT", "COMPLETED"] as const;
/** An order's chat, and its chat room: DRAFT until approval opens it, CLOSED once completed or canceled. */
export const CHAT_STATUSES = ["DRAFT", "OPENED", "CLOSED"] as const;
export const CHAT_RESTRICTION_TYPES = ["UNLIMITED_REPLY", "MODERATE_REPLY", "NO_REPLY"] as const;

export const TRANSACTION_STATUSES = [
  "PENDING",
  "COMPLETED",
  "FAILED",
  "CANCELED",
  "REFUNDED",
  "PARTIALLY_REFUNDED",
] as const;
/**
 * A creator payout (creator_payouts): held until their connected account can receive it, then transferred once.
 * WITHHELD: never to be paid, since the client's bank took the money back and the creator carries that loss (a lost
 * chargeback on work not delivered through Comet, decision 103).
 */
export const PAYOUT_STATUSES = ["HELD", "TRANSFERRED", "WITHHELD"] as const;
export const TRANSACTION_TYPES = ["COMMISSION_STANDARD"] as const;
export const TRANSACTION_PRODUCT_TYPES = ["COMMISSION_ORDER"] as const;

export const NOTIFICATION_TYPES = [
  "COMMISSION_SERVICE_SUBMITTED",
  "COMMISSION_FORM_SUBMITTED",
  "COMMISSION_ORDER_APPROVED",
  "COMMISSION_ORDER_PAID",
  "COMMISSION_ORDER_DELIVERED",
  "COMMISSION_ORDER_COMPLETED",
  "COMMISSION_ORDER_CANCELED",
  /** A succeeded payment the order could not take, refunded (decision 047). */
  "COMMISSION_ORDER_PAYMENT_REFUNDED",
  // Milestones (decision 073): a stage's preview posted (to the client), approved by the client (to the creator) or by
  // its review deadline (to both), a revision asked for (to the creator) or allowed (to the client).
  "COMMISSION_ORDER_STAGE_PREVIEWED",
  "COMMISSION_ORDER_STAGE_APPROVED",
  "COMMISSION_ORDER_STAGE_AUTO_APPROVED",
  "COMMISSION_ORDER_STAGE_REVISION_REQUESTED",
  "COMMISSION_ORDER_STAGE_REVISION_GRANTED",
  /** The other party reviewed the order (decision 086); the review shows later, double-blind. */
  "REVIEW_RECEIVED",
  // Disputes (decision 088): opened (to the other party), answered (to the party who opened it), settled (to both).
  "COMMISSION_ORDER_DISPUTE_OPENED",
  "COMMISSION_ORDER_DISPUTE_ANSWERED",
  "COMMISSION_ORDER_DISPUTE_SETTLED",
  // Deadlines moved by agreement (decision 090): asked (to the client), accepted, declined or given (to the creator), a
  // request left unanswered for 3 days (to both).
  "COMMISSION_ORDER_EXTENSION_REQUESTED",
  "COMMISSION_ORDER_EXTENSION_ACCEPTED",
  "COMMISSION_ORDER_EXTENSION_DECLINED",
  "COMMISSION_ORDER_EXTENSION_LAPSED",
  "COMMISSION_ORDER_DELIVERY_EXTENDED",
  // The licence changed by agreement (issue 63): asked for (to the creator), accepted or declined (to the client).
  "COMMISSION_ORDER_LICENCE_REQUESTED",
  "COMMISSION_ORDER_LICENCE_ACCEPTED",
  "COMMISSION_ORDER_LICENCE_DECLINED",
  /** A deposit order's rest (decision 100) could not be charged off-session: the client pays it in the page. */
  "COMMISSION_ORDER_PAYMENT_DUE",
  "COMMISSION_ORDER_STAGE_PAID",
  "COMMISSION_ORDER_STAGE_PAYMENT_DUE",
  "COMMISSION_ORDER_APPROVAL_REMINDER",
  "COMMISSION_ORDER_PAYMENT_REMINDER",
  "COMMISSION_ORDER_DELIVERY_REMINDER",
  /** A stage's preview is approved by itself in 24 h unless the client answers it (decision 073). */
  "COMMISSION_ORDER_STAGE_REVIEW_REMINDER",
  "INVITE_ORDER_COMPLETED",
  "CHAT_ROOM_MESSAGE_RECEIVED",
  // A creator's waitlist (decision 091), to the client: a slot reserved for them, the reservation passed on unused,
  // removed from the line by the creator.
  "WAITLIST_SLOT_RESERVED",
  "WAITLIST_RESERVATION_EXPIRED",
  "WAITLIST_REMOVED",
  // Chargebacks (decision 103), to both parties: the client's bank disputes a charge of the order; the dispute closed.
  "COMMISSION_ORDER_CHARGEBACK_OPENED",
  "COMMISSION_ORDER_CHARGEBACK_CLOSED",
  /** The user's data download is ready (decision 104). */
  "DATA_EXPORT_READY",
  // Follows (decision 107), to each follower of a creator: they opened for commissions, a slot freed, a new service.
  "FOLLOWED_CREATOR_OPENED",
  "FOLLOWED_CREATOR_SLOT_FREED",
  "FOLLOWED_CREATOR_NEW_SERVICE",
] as const;

/** What a document issued by Comet is (decision 102). */
export const DOCUMENT_KINDS = [
  /** To the client, for one payment of an order (a qualified invoice when the creator is registered). */
  "RECEIPT",
  /** To the client, for money given back (a qualified return invoice when the creator is registered). */
  "REFUND_NOTE",
  /** To the creator, for one payout transferred. */
  "PAYOUT_STATEMENT",
  /** To the creator, a month's sales, fees and payouts; and a year's, with totals by currency. */
  "MONTHLY_STATEMENT",
  "YEARLY_STATEMENT",
  /** Comet's invoice to the creator for its fee on one payment. */
  "FEE_INVOICE",
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Who carries a lost chargeback (decision 103). */
export const CHARGEBACK_BEARERS = ["comet", "creator"] as const;
export type ChargebackBearer = (typeof CHARGEBACK_BEARERS)[number];

/** A data download's life (decision 104). */
export const DATA_EXPORT_STATUSES = ["PENDING", "READY", "FAILED", "EXPIRED"] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** Models whose page visits are counted (POST /api/features/pageVisit/...). */
export const PAGE_VISIT_MODELS = ["commission_form", "portfolio_work"] as const;

export type MediaFormatType = (typeof MEDIA_FORMAT_TYPES)[number];
export type MediaType = (typeof MEDIA_TYPES)[number];
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];
export type QuestionType = (typeof QUESTION_TYPES)[number];
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];
export type AnswerChoiceStatus = (typeof ANSWER_CHOICE_STATUSES)[number];
export type VisibilityStatus = (typeof VISIBILITY_STATUSES)[number];
export type VisibilityPermission = (typeof VISIBILITY_PERMISSIONS)[number];
export type OrderSubmitStatus = (typeof ORDER_SUBMIT_STATUSES)[number];
export type OrderProgressStatus = (typeof ORDER_PROGRESS_STATUSES)[number];
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];
export type ChatStatus = (typeof CHAT_STATUSES)[number];
export type ChatRestrictionType = (typeof CHAT_RESTRICTION_TYPES)[number];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TransactionProductType = (typeof TRANSACTION_PRODUCT_TYPES)[number];
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type PageVisitModel = (typeof PAGE_VISIT_MODELS)[number];
