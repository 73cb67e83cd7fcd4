/**
 * Who reads which issued document (decision 102: only its parties). A document is read by its recipient (the client
 * of a receipt or refund note, the creator of a statement or fee invoice), by the account it was issued in the name of
 * (a creator's receipts, numbered in their series `creator:{id}`), and by admins. Anyone else is answered as if it did
 * not exist, so a document's id tells a stranger nothing.
 */
import { isAdmin } from "../../domain/roles";
import type { DocumentKind } from "../../db/schema/enums";
import type { DocumentBody } from "../domain/document-body";
import { creatorIssuerKey } from "../domain/document-numbers";

/** The order the lists show kinds in: what a client keeps, then what a creator keeps. */
const DOCUMENT_KIND_ORDER: readonly DocumentKind[] = [
  "RECEIPT",
  "REFUND_NOTE",
  "FEE_INVOICE",
  "PAYOUT_STATEMENT",
  "MONTHLY_STATEMENT",
  "YEARLY_STATEMENT",
];

/**
 * The most documents one list reads: years of a busy creator's receipts and statements. Older ones stay readable by
 * their links (the order's Payment tab, a statement's period).
 */
const DOCUMENT_LIST_LIMIT = 500;

/** How the reader stands to a document: its recipient, the one it was issued in the name of, or an admin. */
export type ReaderStanding = "recipient" | "issuer" | "admin";

/** A document as a list shows it: enough to name it and link to it. */
export interface DocumentSummary {
  id: string;
  kind: DocumentKind;
  displayNumber: string;
  issuedAt: number;
  /** `yyyy-mm` or `yyyy` for a period statement. */
  period: string | null;
  currency: string | null;
  total: number | null;
  orderCode: string | null;
  orderTitle: string | null;
  readerIs: Exclude<ReaderStanding, "admin">;
  /** A correction replaced it: the list says so beside it. */
  replaced: boolean;
}

export interface DocumentGroup {
  kind: DocumentKind;
  documents: DocumentSummary[];
}

interface SummaryRow {
  id: string;
  kind: DocumentKind;
  display_number: string;
  issued_at: number;
  period: string | null;
  currency: string | null;
  total: number | null;
  order_code: string | null;
  order_title: string | null;
  reader_is: "recipient" | "issuer";
  replaced: number;
}

/** A summary's columns of `issued_documents d`, for the reader whose account id is bound at `readerParam`. */
const summaryColumns = (readerParam: string) =>
  `d.id, d.kind, json_extract(d.body, '$.displayNumber') AS display_number, d.issued_at, d.period, d.currency,
   d.total, json_extract(d.body, '$.order.code') AS order_code, json_extract(d.body, '$.order.title') AS order_title,
   CASE WHEN d.recipient_user_account_id = ${readerParam} THEN 'recipient' ELSE 'issuer' END AS reader_is,
   EXISTS (SELECT 1 FROM issued_documents r WHERE r.replaces_document_id = d.id) AS replaced`;

const summaryOf = (row: SummaryRow): DocumentSummary => ({
  id: row.id,
  kind: row.kind,
  displayNumber: row.display_number,
  issuedAt: row.issued_at,
  period: row.period,
  currency: row.currency,
  total: row.total,
  orderCode: row.order_code,
  orderTitle: row.order_title,
  readerIs: row.reader_is,
  replaced: row.replaced === 1,
});

/**
 * Every document `userAccountId` may read as a party (received, or issued in their name), grouped by kind in
 * DOCUMENT_KIND_ORDER, newest first within each. Kinds they have none of are left out.
 */
export async function documentsOf(d1: D1Database, userAccountId: string): Promise<DocumentGroup[]> {
  const { results } = await d1
    .prepare(
      `SELECT ${summaryColumns("?1")} FROM issued_documents d
       WHERE d.recipient_user_account_id = ?1 OR d.issuer_key = ?2
       ORDER BY d.issued_at DESC, d.number DESC
       LIMIT ?3`,
    )
    .bind(userAccountId, creatorIssuerKey(userAccountId), DOCUMENT_LIST_LIMIT)
    .all<SummaryRow>();
  const byKind = new Map<DocumentKind, DocumentSummary[]>();
  for (const row of results) {
    const documents = byKind.get(row.kind) ?? [];
    documents.push(summaryOf(row));
    byKind.set(row.kind, documents);
  }
  return DOCUMENT_KIND_ORDER.flatMap((kind) => {
    const documents = byKind.get(kind);
    return documents ? [{ kind, documents }] : [];
  });
}

/** Only the groups and documents `keep` takes: a page's share of `documentsOf`. */
export function documentsWhere(groups: DocumentGroup[], keep: (document: DocumentSummary) => boolean): DocumentGroup[] {
  return groups.flatMap((group) => {
    const documents = group.documents.filter(keep);
    return documents.length ? [{ kind: group.kind, documents }] : [];
  });
}

/** A document opened by someone allowed to read it. */
export interface DocumentForReader {
  id: string;
  kind: DocumentKind;
  issuedAt: number;
  body: DocumentBody;
  readerIs: ReaderStanding;
  /** The correction that replaced this one, if any. */
  replacedBy: { id: string; displayNumber: string } | null;
  /** The document this one corrects, if any (the body's own record of it). */
  replaces: { id: string; displayNumber: string } | null;
}

export interface DocumentReader {
  accountId: string;
  roles: readonly string[];
}

/**
 * The document `documentId` for `reader`: its recipient, the account it was issued in the name of, or an admin. Null
 * for anyone else and for no such document alike (the page answers both with its 404).
 */
export async function documentForReader(
  d1: D1Database,
  documentId: string,
  reader: DocumentReader,
): Promise<DocumentForReader | null> {
  const row = await d1
    .prepare(
      `SELECT d.id, d.kind, d.issued_at, d.body, d.recipient_user_account_id AS recipient, d.issuer_key,
         d.replaces_document_id,
         (SELECT r.id FROM issued_documents r WHERE r.replaces_document_id = d.id
           ORDER BY r.issued_at DESC, r.number DESC LIMIT 1) AS replaced_by_id,
         (SELECT json_extract(r.body, '$.displayNumber') FROM issued_documents r WHERE r.replaces_document_id = d.id
           ORDER BY r.issued_at DESC, r.number DESC LIMIT 1) AS replaced_by_number,
         (SELECT json_extract(o.body, '$.displayNumber') FROM issued_documents o WHERE o.id = d.replaces_document_id)
           AS replaces_number
       FROM issued_documents d WHERE d.id = ?`,
    )
    .bind(documentId)
    .first<{
      id: string;
      kind: DocumentKind;
      issued_at: number;
      body: string;
      recipient: string | null;
      issuer_key: string;
      replaces_document_id: string | null;
      replaced_by_id: string | null;
      replaced_by_number: string | null;
      replaces_number: string | null;
    }>();
  if (!row) return null;
  const readerIs: ReaderStanding | null =
    row.recipient === reader.accountId
      ? "recipient"
      : row.issuer_key === creatorIssuerKey(reader.accountId)
        ? "issuer"
        : isAdmin(reader.roles)
          ? "admin"
          : null;
  if (!readerIs) return null;
  const body = JSON.parse(row.body) as DocumentBody;
  const replacesId = row.replaces_document_id ?? body.replaces?.id ?? null;
  return {
    id: row.id,
    kind: row.kind,
    issuedAt: row.issued_at,
    body,
    readerIs,
    replacedBy:
      row.replaced_by_id && row.replaced_by_number
        ? { id: row.replaced_by_id, displayNumber: row.replaced_by_number }
        : null,
    replaces: replacesId
      ? { id: replacesId, displayNumber: row.replaces_number ?? body.replaces?.displayNumber ?? "" }
      : null,
  };
}

/**
 * The receipts and refund notes of order `orderId` that `userAccountId` reads as a party: the client's, received, and
 * the creator's, issued in their name. Oldest first, as the payments were made.
 */
export async function orderDocumentsFor(
  d1: D1Database,
  orderId: string,
  userAccountId: string,
): Promise<DocumentSummary[]> {
  const { results } = await d1
    .prepare(
      `SELECT ${summaryColumns("?2")} FROM issued_documents d
       WHERE d.order_id = ?1 AND d.kind IN ('RECEIPT', 'REFUND_NOTE')
         AND (d.recipient_user_account_id = ?2 OR d.issuer_key = ?3)
       ORDER BY d.issued_at, d.number`,
    )
    .bind(orderId, userAccountId, creatorIssuerKey(userAccountId))
    .all<SummaryRow>();
  return results.map(summaryOf);
}
