// The console's chargebacks in the admin's language (decision 103): the list beside Comet's own disputes and one
// chargeback's record with the evidence as it will be sent. The loaders make the words; the pages only show them.
import {
  chargebackBearerText,
  chargebackMoney,
  chargebackReasonText,
  chargebackStatusText,
  chargebackTime,
} from "#app/loaders/chargebacks/chargeback-labels.server";
import { m } from "#app/paraglide/messages.js";
import type { Locale } from "#worker/domain/locales";
import { formatFileSize } from "#worker/media/domain/file-size";
import { stripeEvidenceOf } from "#worker/orders/domain/chargeback-evidence";
import { awaitsEvidence, type ChargebackEvidence, type ChargebackSummary } from "#worker/orders/domain/chargebacks";

/** Where the evidence stands: sent, due (or overdue) while Stripe waits for it, or nothing to say. */
function dueView(summary: ChargebackSummary, now: number, locale: Locale) {
  if (summary.evidenceSubmittedAt !== null) {
    const at = chargebackTime(summary.evidenceSubmittedAt, locale);
    return { text: m.chargebacks_admin_submitted({ date: at.text }), iso: at.iso, urgent: false };
  }
  if (summary.evidenceDueAt === null || !awaitsEvidence(summary.status)) return null;
  const at = chargebackTime(summary.evidenceDueAt, locale);
  const passed = now > summary.evidenceDueAt;
  return {
    text: passed ? m.chargebacks_admin_due_passed({ date: at.text }) : m.chargebacks_admin_due({ date: at.text }),
    iso: at.iso,
    urgent: !passed,
  };
}

/** The chargeback's heading: its order, or Stripe's dispute when the charge is no order of Comet's. */
const headingOf = (summary: ChargebackSummary) =>
  summary.orderCode
    ? m.chargebacks_admin_order({ code: summary.orderCode })
    : m.chargebacks_admin_no_order({ dispute: summary.stripeDisputeId });

/** One line of the list on /admin/disputes. */
export function chargebackEntryView(summary: ChargebackSummary, now: number, locale: Locale) {
  return {
    id: summary.id,
    heading: headingOf(summary),
    status: chargebackStatusText(summary.status),
    amount: chargebackMoney(summary.amount, summary.currency, locale),
    reason: chargebackReasonText(summary.reason),
    due: dueView(summary, now, locale),
  };
}
export type ChargebackEntryView = ReturnType<typeof chargebackEntryView>;

/** The record's facts, as label and value pairs. */
export function chargebackFactsView(summary: ChargebackSummary, now: number, locale: Locale) {
  const money = (minor: number) => chargebackMoney(minor, summary.currency, locale);
  const time = (at: number | null) => (at === null ? null : chargebackTime(at, locale).text);
  const rows: [string, string | null][] = [
    [m.chargebacks_admin_status(), chargebackStatusText(summary.status)],
    [m.chargebacks_admin_amount(), money(summary.amount)],
    [m.chargebacks_admin_reason(), chargebackReasonText(summary.reason)],
    [m.chargebacks_admin_opened(), time(summary.openedAt)],
    [m.chargebacks_admin_due_label(), time(summary.evidenceDueAt) ?? m.chargebacks_admin_no_due()],
    [m.chargebacks_admin_submitted_label(), time(summary.evidenceSubmittedAt) ?? m.chargebacks_admin_not_submitted()],
    [m.chargebacks_admin_withdrawn(), summary.withdrawnAmount > 0 ? money(summary.withdrawnAmount) : null],
    [m.chargebacks_admin_reinstated(), summary.reinstatedAmount > 0 ? money(summary.reinstatedAmount) : null],
    [m.chargebacks_admin_borne(), summary.borneBy ? chargebackBearerText(summary.borneBy) : null],
    [m.chargebacks_admin_closed(), time(summary.closedAt)],
    [m.chargebacks_admin_stripe_id(), summary.stripeDisputeId],
  ];
  return {
    heading: headingOf(summary),
    due: dueView(summary, now, locale),
    rows: rows.filter((row): row is [string, string] => row[1] !== null).map(([label, value]) => ({ label, value })),
  };
}

const SIDES = {
  client: m.chargebacks_evidence_side_client,
  creator: m.chargebacks_evidence_side_creator,
  system: m.chargebacks_evidence_side_system,
} as const;

/**
 * The evidence for the admin to review: the order's record read in their language, section by section, and below it
 * the text fields exactly as Stripe receives them (the bank reads English).
 */
export function chargebackEvidenceView(evidence: ChargebackEvidence, locale: Locale) {
  const time = (at: number) => chargebackTime(at, locale);
  const fileName = (file: { name: string; byteSize: number | null }) =>
    file.byteSize === null ? file.name : `${file.name} (${formatFileSize(file.byteSize, locale)})`;
  return {
    order: [
      { label: m.chargebacks_evidence_order_title(), value: `${evidence.orderCode} · ${evidence.orderTitle}` },
      { label: m.chargebacks_evidence_client(), value: `${evidence.clientName} <${evidence.clientEmail}>` },
      { label: m.chargebacks_evidence_creator(), value: evidence.creatorName },
    ],
    request: {
      sent: m.chargebacks_evidence_request_sent({ date: time(evidence.request.submittedAt).text }),
      terms: evidence.request.agreedToTerms ? m.chargebacks_evidence_terms_yes() : m.chargebacks_evidence_terms_no(),
      approved:
        evidence.approvedAt === null ? null : m.chargebacks_evidence_approved({ date: time(evidence.approvedAt).text }),
      answers: evidence.request.answers,
    },
    payments: evidence.payments.map((payment) => ({
      ...time(payment.at),
      amount: chargebackMoney(payment.amount, payment.currency, locale),
      intentId: payment.intentId,
    })),
    chat: evidence.chat.map((line) => ({ ...time(line.at), who: SIDES[line.side](), message: line.text })),
    deliveries: evidence.deliveries.map((delivery) => ({
      ...time(delivery.at),
      heading: m.chargebacks_evidence_delivered({ date: time(delivery.at).text }),
      files: delivery.files.map(fileName),
    })),
    downloads: evidence.downloads.map((download) => ({ ...time(download.at), fileName: download.fileName })),
    completed:
      evidence.completedAt === null
        ? m.chargebacks_evidence_not_completed()
        : m.chargebacks_evidence_completed({ date: time(evidence.completedAt).text }),
    sent: Object.entries(stripeEvidenceOf(evidence)).map(([field, text]) => ({ field, text })),
  };
}
export type ChargebackEvidenceView = ReturnType<typeof chargebackEvidenceView>;
