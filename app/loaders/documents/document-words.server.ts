// How documents say their amounts, dates, periods and names in the reader's language (decision 102). A document is
// dated in Japan time, as its months and years are (a receipt paid at 08:00 on 1 May in Tokyo is May's, whatever the
// reader's zone); amounts carry their currency by Intl.NumberFormat, so a yen and a dollar total never read alike.
import { m } from "#app/paraglide/messages.js";
import type { DocumentKind } from "#worker/db/schema/enums";
import { INTL_TAGS, type Locale } from "#worker/domain/locales";

const TOKYO = "Asia/Tokyo";

/**
 * Minor units of `currency` as the reader reads money, by `Intl` with the locale's INTL_TAGS: "¥12,000" (en),
 * "￥12,000" (ja), "JP¥12,000" (zh-Hans, ko: a bare ¥ is yuan to a reader in Shanghai), "¥12,000" (zh-Hant);
 * "$80.52" (en, ja), "US$80.52" (zh-Hans, zh-Hant, ko).
 */
export function documentMoney(minor: number, currency: string, locale: Locale): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(INTL_TAGS[locale], { style: "currency", currency });
  } catch {
    return `${minor} ${currency}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 0;
  return format.format(minor / 10 ** digits);
}

/**
 * A day in Japan time, in the reader's language: by `Intl` with the locale's INTL_TAGS, "May 10, 2026", "2026年5月10日"
 * (zh-Hans, zh-Hant), "2026년 5월 10일" (ko); Japanese written by hand in the spec's zero-padded form, "2026年05月10日".
 */
export function documentDate(at: number, locale: Locale): string {
  if (locale !== "ja")
    return new Intl.DateTimeFormat(INTL_TAGS[locale], {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: TOKYO,
    }).format(at);
  // Written by hand: the spec's 'yyyy年MM月dd日', padded, which ja-JP's `Intl` does not pad (en-CA gives the digits).
  const parts = new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: TOKYO,
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}年${part("month")}月${part("day")}日`;
}

/**
 * A statement's period, `yyyy-mm` or `yyyy`, by `Intl` with the locale's INTL_TAGS: "May 2026", "2026年5月" (ja,
 * zh-Hans, zh-Hant), "2026년 5월" (ko); "2026", "2026年", "2026년". Else as stored.
 */
export function documentPeriod(period: string, locale: Locale): string {
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  if (month)
    return new Intl.DateTimeFormat(INTL_TAGS[locale], { year: "numeric", month: "long", timeZone: "UTC" }).format(
      Date.UTC(Number(month[1]), Number(month[2]) - 1, 15),
    );
  if (/^\d{4}$/.test(period))
    return new Intl.DateTimeFormat(INTL_TAGS[locale], { year: "numeric", timeZone: "UTC" }).format(
      Date.UTC(Number(period), 6, 1),
    );
  return period;
}

/** A document's title: its kind, and for receipts, refund notes and fee invoices whether it is a qualified invoice. */
export function documentTitle(kind: DocumentKind, qualified: boolean): string {
  switch (kind) {
    case "RECEIPT":
      return qualified ? m.documents_kind_receipt_qualified() : m.documents_kind_receipt();
    case "REFUND_NOTE":
      return qualified ? m.documents_kind_refund_note_qualified() : m.documents_kind_refund_note();
    case "FEE_INVOICE":
      return qualified ? m.documents_kind_fee_invoice_qualified() : m.documents_kind_fee_invoice();
    case "PAYOUT_STATEMENT":
      return m.documents_kind_payout_statement();
    case "MONTHLY_STATEMENT":
      return m.documents_kind_monthly_statement();
    case "YEARLY_STATEMENT":
      return m.documents_kind_yearly_statement();
  }
}

/** The heading of a list of one kind. */
export const DOCUMENT_GROUP_HEADINGS: Record<DocumentKind, () => string> = {
  RECEIPT: m.documents_group_receipt,
  REFUND_NOTE: m.documents_group_refund_note,
  FEE_INVOICE: m.documents_group_fee_invoice,
  PAYOUT_STATEMENT: m.documents_group_payout_statement,
  MONTHLY_STATEMENT: m.documents_group_monthly_statement,
  YEARLY_STATEMENT: m.documents_group_yearly_statement,
};

/** The lines' labels the issuing writes as keys (documents/domain/issue-documents.ts LINE_KEYS). */
const LINE_LABELS: Record<string, () => string> = {
  documents_line_deposit: m.documents_line_deposit,
  documents_line_rest: m.documents_line_rest,
  documents_line_adjustment: m.documents_line_adjustment,
  documents_line_refund: m.documents_line_refund,
  documents_line_fee: m.documents_line_fee,
  documents_line_payout: m.documents_line_payout,
};

/** A line's label as the reader reads it: its key's words, or the text as written. */
export const lineLabel = (label: string, isKey: boolean | undefined) =>
  isKey ? (LINE_LABELS[label]?.() ?? label) : label;

/** The path of a document's print page. */
export const documentPath = (documentId: string) => `/dashboard/documents/${encodeURIComponent(documentId)}`;
