import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { userAccounts } from "./accounts";
import { commissionOrders } from "./orders";
import { DOCUMENT_KINDS } from "./enums";

const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

/**
 * A creator's qualified-invoice registration (適格請求書発行事業者, issue 64, decision 102): the number the tax office
 * gave them (T + 13 digits) and the name it is registered under. Documents issued after it is saved carry it; a
 * document already issued keeps what it said (it is never edited).
 */
export const invoiceRegistrations = sqliteTable("invoice_registrations", {
  userAccountId: text("user_account_id")
    .primaryKey()
    .references(() => userAccounts.id, { onDelete: "cascade" }),
  /** "T" followed by 13 digits, checked by its check digit (documents/domain/registration-number.ts). */
  registrationNumber: text("registration_number").notNull(),
  /** The name as registered with the tax office (may differ from the profile's display name). */
  registeredName: text("registered_name").notNull(),
  createdAt: ms("created_at").notNull(),
  updatedAt: ms("updated_at").notNull(),
});

/**
 * The last number each issuer gave (decision 102): one row per issuer series. A document takes the next number in the
 * same D1 batch (one transaction) that writes it, so numbers are gapless and never shared, however many issue at once.
 */
export const documentCounters = sqliteTable("document_counters", {
  /** `comet` for Comet's own documents, `creator:{userAccountId}` for those issued in a creator's name. */
  issuerKey: text("issuer_key").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});

/**
 * A document issued once (decision 102): a receipt, a refund note, a payout or period statement, Comet's fee invoice.
 * `body` is the whole document as issued (parties, lines, tax, registration numbers), rendered by the print page; it
 * is never edited. A correction is a new document whose `replacesDocumentId` names the one it replaces.
 */
export const issuedDocuments = sqliteTable(
  "issued_documents",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: DOCUMENT_KINDS }).notNull(),
    issuerKey: text("issuer_key").notNull(),
    /** Sequential per issuer, from 1. */
    number: integer("number").notNull(),
    /** What the document is about, unique: `receipt:{transactionId}`, `payout:{payoutId}`, `month:{user}:{yyyy-mm}`… */
    sourceKey: text("source_key").notNull(),
    /** Whose document it is: the client for receipts and refund notes, the creator for statements and fee invoices. */
    recipientUserAccountId: text("recipient_user_account_id").references(() => userAccounts.id),
    orderId: text("order_id").references(() => commissionOrders.id),
    /** The period a statement covers: `yyyy-mm` or `yyyy`; null for a document about one payment. */
    period: text("period"),
    /** Upper-case ISO code of `total`; a yearly statement with several currencies says so in its body. */
    currency: text("currency"),
    /** Minor units, tax included (for a refund note, what was given back). */
    total: integer("total"),
    taxAmount: integer("tax_amount"),
    body: text("body", { mode: "json" }).notNull(),
    replacesDocumentId: text("replaces_document_id"),
    issuedAt: ms("issued_at").notNull(),
  },
  (t) => [
    uniqueIndex("issued_documents_issuer_number").on(t.issuerKey, t.number),
    uniqueIndex("issued_documents_source").on(t.sourceKey),
    index("issued_documents_recipient").on(t.recipientUserAccountId, t.kind, t.issuedAt),
    index("issued_documents_order").on(t.orderId),
  ],
);
