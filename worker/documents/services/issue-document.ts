/**
 * Issuing a document once, with the next number of its issuer's series (decision 102). One D1 batch (one transaction)
 * makes the issuer's counter if it has none, takes the next number only when no document has this source yet, and
 * writes the document with that number under the same condition: numbers are gapless and never shared, however many
 * issue at once, and a repeated or racing issue of one source writes one document and spends one number. The printed
 * number is set into the body inside the batch too, since only the batch knows the number.
 */
import type { DocumentKind } from "../../db/schema/enums";
import type { DocumentBody } from "../domain/document-body";
import type { DocumentDraft } from "../domain/document-draft";
import { displayPrefix, NUMBER_PRINTF_FORMAT } from "../domain/document-numbers";
import { DOCUMENT_SOURCES } from "../domain/document-sources";

/** A document as issued (an `issued_documents` row, its body read). */
export interface IssuedDocument {
  id: string;
  kind: DocumentKind;
  issuerKey: string;
  number: number;
  sourceKey: string;
  recipientUserAccountId: string | null;
  orderId: string | null;
  period: string | null;
  currency: string | null;
  total: number | null;
  taxAmount: number | null;
  body: DocumentBody;
  replacesDocumentId: string | null;
  issuedAt: number;
}

interface DocumentRow {
  id: string;
  kind: DocumentKind;
  issuer_key: string;
  number: number;
  source_key: string;
  recipient_user_account_id: string | null;
  order_id: string | null;
  period: string | null;
  currency: string | null;
  total: number | null;
  tax_amount: number | null;
  body: string;
  replaces_document_id: string | null;
  issued_at: number;
}

const documentOf = (row: DocumentRow): IssuedDocument => ({
  id: row.id,
  kind: row.kind,
  issuerKey: row.issuer_key,
  number: row.number,
  sourceKey: row.source_key,
  recipientUserAccountId: row.recipient_user_account_id,
  orderId: row.order_id,
  period: row.period,
  currency: row.currency,
  total: row.total,
  taxAmount: row.tax_amount,
  body: JSON.parse(row.body) as DocumentBody,
  replacesDocumentId: row.replaces_document_id,
  issuedAt: row.issued_at,
});

const NOT_YET_ISSUED = "NOT EXISTS (SELECT 1 FROM issued_documents WHERE source_key = ?)";

/**
 * Issues `draft` at `now`, or finds it issued: the document of its `sourceKey`, whichever issue wrote it. A
 * correction's body names the document it replaces (`replaces`), which the row keeps as `replaces_document_id`.
 */
export async function issueDocument(d1: D1Database, draft: DocumentDraft, now: number): Promise<IssuedDocument> {
  return (await issueOrFind(d1, draft, now)).document;
}

/** `issueDocument`, saying whether this call issued it (it took the number) or found it issued. */
export async function issueOrFind(
  d1: D1Database,
  draft: DocumentDraft,
  now: number,
): Promise<{ document: IssuedDocument; issuedNow: boolean }> {
  const { issuerKey, sourceKey } = draft;
  const results = await d1.batch([
    d1.prepare("INSERT OR IGNORE INTO document_counters (issuer_key, last_number) VALUES (?, 0)").bind(issuerKey),
    d1
      .prepare(`UPDATE document_counters SET last_number = last_number + 1 WHERE issuer_key = ? AND ${NOT_YET_ISSUED}`)
      .bind(issuerKey, sourceKey),
    d1
      .prepare(
        `INSERT INTO issued_documents (id, kind, issuer_key, number, source_key, recipient_user_account_id, order_id,
           period, currency, total, tax_amount, body, replaces_document_id, issued_at)
         SELECT ?, ?, c.issuer_key, c.last_number, ?, ?, ?, ?, ?, ?, ?,
           json_set(?, '$.displayNumber', ? || printf('${NUMBER_PRINTF_FORMAT}', c.last_number), '$.issuedAt', ?), ?, ?
         FROM document_counters c WHERE c.issuer_key = ? AND ${NOT_YET_ISSUED}`,
      )
      .bind(
        crypto.randomUUID(),
        draft.kind,
        sourceKey,
        draft.recipientUserAccountId,
        draft.orderId,
        draft.period,
        draft.currency,
        draft.total,
        draft.taxAmount,
        JSON.stringify(draft.body),
        displayPrefix(issuerKey),
        now,
        draft.body.replaces?.id ?? null,
        now,
        issuerKey,
        sourceKey,
      ),
    d1.prepare("SELECT * FROM issued_documents WHERE source_key = ?").bind(sourceKey),
  ]);
  const row = results[3]!.results[0] as DocumentRow | undefined;
  if (!row) throw new Error(`Document ${sourceKey} was neither issued nor found`);
  return { document: documentOf(row), issuedNow: results[1]!.meta.changes === 1 };
}

/** One document by id, as issued; null when there is none. Who may read it is the reader's question (document-views). */
export async function issuedDocument(d1: D1Database, documentId: string): Promise<IssuedDocument | null> {
  const row = await d1.prepare("SELECT * FROM issued_documents WHERE id = ?").bind(documentId).first<DocumentRow>();
  return row ? documentOf(row) : null;
}

/**
 * A correction (decision 102): a new document with its own number in the same series, whose body is built from the
 * corrected `facts` and names the one it replaces. The old document is not touched; its page learns of the new one by
 * `replaces_document_id`. Correcting the same document again finds the first correction; to correct a correction,
 * correct it. Null when there is no such document.
 */
export async function correctDocument(
  d1: D1Database,
  documentId: string,
  facts: DocumentDraft,
  now: number,
): Promise<IssuedDocument | null> {
  const old = await issuedDocument(d1, documentId);
  if (!old) return null;
  if (facts.kind !== old.kind) throw new RangeError(`A ${old.kind} is corrected by a ${old.kind}, not a ${facts.kind}`);
  const draft: DocumentDraft = {
    ...facts,
    issuerKey: old.issuerKey,
    sourceKey: DOCUMENT_SOURCES.correction(old.id),
    body: { ...facts.body, replaces: { id: old.id, displayNumber: old.body.displayNumber } },
  };
  return issueDocument(d1, draft, now);
}
