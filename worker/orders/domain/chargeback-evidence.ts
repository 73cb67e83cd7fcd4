/**
 * The order's record as Stripe's dispute evidence (decision 103): the text fields a bank reads, in English (the card
 * networks' working language), within Stripe's limits. Pure: the service gathers the record and sends what this makes.
 *
 * Stripe's limits (its OpenAPI `maxLength`, and the API's rule on the whole): names, e-mail and dates up to 5,000
 * characters each; descriptions, logs and free text up to 20,000; all text fields together up to 150,000. Characters
 * are counted as JavaScript counts them (UTF-16 code units), and a cut never splits a surrogate pair.
 */
import type { ChargebackEvidence } from "./chargebacks";

/** The text fields Comet fills, by Stripe's names (`DisputeUpdateParams.Evidence`). */
export interface StripeEvidenceText {
  product_description: string;
  customer_name: string;
  customer_email_address: string;
  service_date: string;
  access_activity_log: string;
  /** The chat and the deliveries: `customer_communication` takes only an uploaded file, so they are written here. */
  uncategorized_text: string;
}

export const SHORT_FIELD_MAX = 5_000;
export const LONG_FIELD_MAX = 20_000;
export const EVIDENCE_TOTAL_MAX = 150_000;

const CUT_MARK = "\n[…]";

/** At most `max` UTF-16 code units, marked where it was cut, never ending inside a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - CUT_MARK.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end) + CUT_MARK;
}

/** A moment as the bank reads it: ISO 8601 in UTC, to the minute. */
const at = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** Whole minor units as the amount and its currency (the bank has the charge's own amount beside it). */
const money = (amount: number, currency: string) => `${amount} ${currency} (minor units)`;

function productDescription(e: ChargebackEvidence): string {
  const lines = [
    `Commissioned creative work through Comet, order ${e.orderCode}: "${e.orderTitle}".`,
    `Created for the customer by the creator ${e.creatorName}, to the customer's written request.`,
    `Request sent ${at(e.request.submittedAt)}; the customer ${e.request.agreedToTerms ? "accepted" : "did not record acceptance of"} Comet's client terms with it.`,
    ...(e.approvedAt === null ? [] : [`Accepted by the creator ${at(e.approvedAt)}.`]),
    ...e.payments.map((p) => `Paid ${money(p.amount, p.currency)} ${at(p.at)}${p.intentId ? ` (${p.intentId})` : ""}.`),
    ...(e.completedAt === null ? [] : [`Completed ${at(e.completedAt)}.`]),
    "",
    "The request as the customer wrote it:",
    ...e.request.answers.map((a) => `- ${a.question}: ${a.answer}`),
  ];
  return lines.join("\n");
}

function serviceDate(e: ChargebackEvidence): string {
  const first = e.deliveries[0];
  if (first)
    return `Delivered ${at(first.at)}${e.deliveries.length > 1 ? ` (first of ${e.deliveries.length} deliveries)` : ""}`;
  return e.completedAt === null ? "Not delivered" : `Completed ${at(e.completedAt)}`;
}

function accessLog(e: ChargebackEvidence): string {
  if (e.downloads.length === 0) return "The customer has not downloaded a delivered file through Comet.";
  return [
    "The customer's downloads of the delivered files through Comet (each a download link made for their signed-in session):",
    ...e.downloads.map((d) => `${at(d.at)}  ${d.fileName}`),
  ].join("\n");
}

function communication(e: ChargebackEvidence): string {
  const size = (bytes: number | null) => (bytes === null ? "" : ` (${bytes} bytes)`);
  const deliveries = e.deliveries.map(
    (d) => `${at(d.at)}: ${d.files.map((f) => `${f.name}${size(f.byteSize)}`).join(", ") || "(no files)"}`,
  );
  const chat = e.chat.map((c) => `${at(c.at)} ${c.side}: ${c.text}`);
  return [
    "Deliveries through Comet:",
    ...(deliveries.length ? deliveries : ["(none)"]),
    "",
    "The order's chat between the customer (client) and the creator, oldest first:",
    ...(chat.length ? chat : ["(no messages)"]),
  ].join("\n");
}

/**
 * The evidence Comet sends for an order's chargeback, each field within its limit: three long fields and three short
 * ones stay under Stripe's total (3 × 20,000 + 3 × 5,000 < 150,000) by their limits alone.
 */
export function stripeEvidenceOf(e: ChargebackEvidence): StripeEvidenceText {
  return {
    product_description: clip(productDescription(e), LONG_FIELD_MAX),
    customer_name: clip(e.clientName, SHORT_FIELD_MAX),
    customer_email_address: clip(e.clientEmail, SHORT_FIELD_MAX),
    service_date: clip(serviceDate(e), SHORT_FIELD_MAX),
    access_activity_log: clip(accessLog(e), LONG_FIELD_MAX),
    uncategorized_text: clip(communication(e), LONG_FIELD_MAX),
  };
}
