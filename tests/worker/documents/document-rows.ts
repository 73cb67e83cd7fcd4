// Issued documents written as the issuing writes them (decision 102), for the tests of who reads them: a full
// DocumentBody stored whole in issued_documents.body, with the columns the lists read beside it.
import { env } from "cloudflare:workers";
import type { DocumentKind } from "#worker/db/schema/enums";
import type { DocumentBody, DocumentParty } from "#worker/documents/domain/document-body";

export const COMET: DocumentParty = { name: "Comet", registrationNumber: "T7010705000725", userAccountId: null };

export const party = (
  userAccountId: string,
  name: string,
  registrationNumber: string | null = null,
): DocumentParty => ({
  name,
  registrationNumber,
  userAccountId,
});

let serial = 0;

export interface DocumentRow {
  kind: DocumentKind;
  issuerKey: string;
  issuer: DocumentParty;
  recipient: DocumentParty;
  orderId?: string | null;
  order?: DocumentBody["order"];
  issuedAt: number;
  total?: number;
  currency?: string;
  period?: string | null;
  replaces?: { id: string; displayNumber: string } | null;
  qualified?: boolean;
}

/**
 * Writes one document and answers its id and number. The numbers start at a billion, far above any the real sweep
 * gives in the shared test world (whose counters start at 1), so the two never meet on the issuer's unique number.
 */
export async function insertDocument(row: DocumentRow): Promise<{ id: string; displayNumber: string }> {
  const id = crypto.randomUUID();
  const number = 1_000_000_000 + ++serial + Math.floor(Math.random() * 1e6) * 1000;
  const displayNumber = `${row.issuerKey === "comet" ? "CMT" : "CR"}-${String(number).padStart(6, "0")}`;
  const total = row.total ?? 11_000;
  const currency = row.currency ?? "JPY";
  const taxAmount = Math.round(total / 11);
  const qualified = row.qualified ?? row.issuer.registrationNumber !== null;
  const body: DocumentBody = {
    kind: row.kind,
    displayNumber,
    issuedAt: row.issuedAt,
    issuer: row.issuer,
    recipient: row.recipient,
    intermediary: row.kind === "RECEIPT" && qualified && row.issuerKey !== "comet" ? COMET : null,
    qualified,
    currency,
    lines: [
      { label: row.order?.title ?? "Comet fee", orderCode: row.order?.code ?? null, at: row.issuedAt, amount: total },
    ],
    total,
    tax: { ratePercent: 10, taxableAmount: total, taxAmount },
    order: row.order ?? null,
    period: row.period ?? null,
    totals: [],
    refersTo: null,
    replaces: row.replaces ?? null,
  };
  await env.DB.prepare(
    `INSERT INTO issued_documents (id, kind, issuer_key, number, source_key, recipient_user_account_id, order_id, period,
       currency, total, tax_amount, body, replaces_document_id, issued_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      row.kind,
      row.issuerKey,
      number,
      `test:${id}`,
      row.recipient.userAccountId,
      row.orderId ?? null,
      row.period ?? null,
      currency,
      total,
      taxAmount,
      JSON.stringify(body),
      row.replaces?.id ?? null,
      row.issuedAt,
    )
    .run();
  return { id, displayNumber };
}
