// The documents a history page lists (decision 102), worded for the reader: the client's receipts and refund notes
// on the billing pages; on the sales history, the creator's statements and fee invoices and the receipts issued in
// their name. Each links to its print page.
import type { DocumentListView } from "#app/components/documents/document-list";
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "#worker/domain/locales";
import {
  documentsOf,
  documentsWhere,
  orderDocumentsFor,
  type DocumentSummary,
} from "#worker/documents/services/document-views";
import {
  DOCUMENT_GROUP_HEADINGS,
  documentDate,
  documentMoney,
  documentPath,
  documentPeriod,
  documentTitle,
} from "./document-words.server";

export type DocumentSide = "client" | "creator";

const CLIENT_KINDS = new Set(["RECEIPT", "REFUND_NOTE"]);

/** Which of a user's documents a side's page lists. */
const ON_SIDE: Record<DocumentSide, (document: DocumentSummary) => boolean> = {
  client: (document) => document.readerIs === "recipient" && CLIENT_KINDS.has(document.kind),
  creator: (document) => document.readerIs === "issuer" || !CLIENT_KINDS.has(document.kind),
};

function rowOf(document: DocumentSummary, locale: Locale) {
  const about = document.period
    ? documentPeriod(document.period, locale)
    : document.orderTitle
      ? `${document.orderTitle} (${document.orderCode})`
      : "";
  const notes: string[] = [];
  if (document.readerIs === "issuer") notes.push(m.documents_issued_in_your_name());
  if (document.replaced) notes.push(m.documents_replaced_mark());
  return {
    id: document.id,
    href: documentPath(document.id),
    number: document.displayNumber,
    issued: documentDate(document.issuedAt, locale),
    about,
    total: document.total != null && document.currency ? documentMoney(document.total, document.currency, locale) : "",
    notes,
  };
}

/** The documents `userAccountId` keeps on `side`, grouped by kind, newest first, with the list's words. */
export async function documentList(
  d1: D1Database,
  userAccountId: string,
  side: DocumentSide,
  locale: Locale,
): Promise<DocumentListView> {
  const groups = documentsWhere(await documentsOf(d1, userAccountId), ON_SIDE[side]);
  return {
    heading: m.documents_list_heading(),
    intro: side === "client" ? m.documents_list_intro_client() : m.documents_list_intro_creator(),
    empty: side === "client" ? m.documents_empty_client() : m.documents_empty_creator(),
    columns: {
      number: m.documents_col_number(),
      issued: m.documents_col_issued(),
      about: m.documents_col_about(),
      total: m.documents_col_total(),
    },
    groups: groups.map((group) => ({
      kind: group.kind,
      heading: DOCUMENT_GROUP_HEADINGS[group.kind](),
      rows: group.documents.map((document) => rowOf(document, locale)),
    })),
  };
}

/** The order's receipts and refund notes for its Payment tab: each named by its title and number, linked. */
export async function orderDocumentLinks(d1: D1Database, orderId: string, userAccountId: string, locale: Locale) {
  const documents = await orderDocumentsFor(d1, orderId, userAccountId);
  return {
    heading: m.documents_order_receipts(),
    pending: m.documents_order_receipts_pending(),
    links: documents.map((document) => ({
      id: document.id,
      href: documentPath(document.id),
      // A receipt's qualified title is not known here (the list reads no body); the kind's plain name suffices.
      label: `${documentTitle(document.kind, false)} ${document.displayNumber}`,
      detail: [
        documentDate(document.issuedAt, locale),
        document.total != null && document.currency ? documentMoney(document.total, document.currency, locale) : null,
        document.replaced ? m.documents_replaced_mark() : null,
      ]
        .filter(Boolean)
        .join(" · "),
    })),
  };
}
