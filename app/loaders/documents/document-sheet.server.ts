// An issued document laid out in the reader's words (decision 102): the print page's whole content, made by its loader
// so the page ships only the words of the document it shows (decision 016). The facts are the body's, as issued.
import { licenceText } from "#app/components/orders/licence-text";
import type { DocumentSheetView } from "#app/components/documents/document-sheet";
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "#worker/domain/locales";
import type { DocumentParty } from "#worker/documents/domain/document-body";
import type { DocumentForReader } from "#worker/documents/services/document-views";
import { isLicenceTag, licenceOf } from "#worker/orders/domain/licence";
import {
  documentDate,
  documentMoney,
  documentPath,
  documentPeriod,
  documentTitle,
  lineLabel,
} from "./document-words.server";

/** The licence as agreed, worded: the tags Comet knows in the reader's language, anything else as written. */
function licenceWords(tags: string[]): string {
  if (tags.length && tags.every(isLicenceTag)) return licenceText(licenceOf(tags));
  return tags.join(", ");
}

const registrationOf = (party: DocumentParty) =>
  party.registrationNumber ? m.documents_registration_number_value({ number: party.registrationNumber }) : null;

const isStatement = (kind: DocumentForReader["kind"]) =>
  kind === "PAYOUT_STATEMENT" || kind === "MONTHLY_STATEMENT" || kind === "YEARLY_STATEMENT";

export function documentSheet(document: DocumentForReader, locale: Locale): DocumentSheetView {
  const { body } = document;
  const money = (minor: number, currency = body.currency) => documentMoney(minor, currency, locale);
  const statement = isStatement(document.kind);
  const notes: string[] = [];
  if (document.kind === "RECEIPT") notes.push(m.documents_received());
  if (body.refersTo) notes.push(m.documents_refers_to({ number: body.refersTo }));
  if (statement) notes.push(m.documents_statement_note());
  else if (!body.qualified) notes.push(m.documents_not_qualified());

  const summary: DocumentSheetView["summary"] = [];
  if (body.lines.length > 1) summary.push({ label: m.documents_subtotal(), value: money(body.total) });
  if (body.tax) {
    const rate = String(body.tax.ratePercent);
    summary.push({ label: m.documents_taxable({ rate }), value: money(body.tax.taxableAmount) });
    summary.push({ label: m.documents_tax({ rate }), value: money(body.tax.taxAmount) });
  }
  // A period statement's figures are its totals table's, one row per currency: no one total stands for them.
  if (body.totals.length === 0)
    summary.push({
      label: document.kind === "REFUND_NOTE" ? m.documents_total_refunded() : m.documents_total(),
      value: money(body.total),
      total: true,
    });

  const facts: DocumentSheetView["facts"] = [];
  if (body.order) {
    facts.push({ label: m.documents_order_code(), value: body.order.code });
    facts.push({ label: m.documents_order_title(), value: body.order.title });
    if (body.order.licence.length)
      facts.push({ label: m.documents_licence(), value: licenceWords(body.order.licence) });
  }
  if (body.period) facts.push({ label: m.documents_period(), value: documentPeriod(body.period, locale) });

  return {
    lang: locale,
    title: documentTitle(document.kind, body.qualified),
    head: [
      { label: m.documents_number(), value: body.displayNumber },
      { label: m.documents_issued_on(), value: documentDate(body.issuedAt, locale) },
    ],
    recipient: { label: m.documents_recipient(), name: m.documents_recipient_name({ name: body.recipient.name }) },
    issuer: { label: m.documents_issuer(), name: body.issuer.name, registration: registrationOf(body.issuer) },
    intermediary:
      body.intermediary?.registrationNumber != null
        ? m.documents_intermediary({ name: body.intermediary.name, number: body.intermediary.registrationNumber })
        : null,
    factsHeading: body.order ? m.documents_order_heading() : null,
    facts,
    lines: body.lines.length
      ? {
          heading: m.documents_lines_heading(),
          columns: [m.documents_line_description(), m.documents_line_date(), m.documents_line_amount()],
          rows: body.lines.map((line) => ({
            label: lineLabel(line.label, line.isKey),
            detail: line.orderCode && line.orderCode !== body.order?.code ? line.orderCode : null,
            date: line.at == null ? "" : documentDate(line.at, locale),
            amount: money(line.amount),
          })),
        }
      : null,
    summary,
    totals: body.totals.length
      ? {
          heading: m.documents_totals_heading(),
          columns: [
            m.documents_totals_currency(),
            m.documents_totals_sales(),
            m.documents_totals_refunds(),
            m.documents_totals_fees(),
            m.documents_totals_payouts(),
          ],
          rows: body.totals.map((total) => [
            total.currency,
            money(total.sales, total.currency),
            money(total.refunds, total.currency),
            money(total.fees, total.currency),
            money(total.payouts, total.currency),
          ]),
        }
      : null,
    notes,
    replaces: document.replaces
      ? {
          text: m.documents_replaces({ number: document.replaces.displayNumber }),
          href: documentPath(document.replaces.id),
        }
      : null,
    replacedBy: document.replacedBy
      ? {
          notice: m.documents_replaced_notice(),
          text: m.documents_replaced_by({ number: document.replacedBy.displayNumber }),
          href: documentPath(document.replacedBy.id),
        }
      : null,
    print: m.documents_print(),
    reviewNote: m.documents_review_note(),
  };
}
