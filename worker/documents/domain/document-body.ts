/**
 * What an issued document says (issue 64, decision 102): the facts, frozen when it is issued and stored whole in
 * `issued_documents.body`. The print page (app/routes/dashboard/document.tsx) lays them out in the reader's language;
 * labels are looked up there, the facts never change. Amounts are minor units of `currency`.
 */
import type { DocumentKind } from "../../db/schema/enums";

/** A party as the document names it. */
export interface DocumentParty {
  /** The name printed: a registered issuer's registered name, else the profile's display name or handle. */
  name: string;
  /** The qualified-invoice registration number (T + 13 digits) when the party is a registered issuer. */
  registrationNumber: string | null;
  /** The user account behind it; null for Comet. */
  userAccountId: string | null;
}

/** One line of what was sold, bought or paid out. */
export interface DocumentLine {
  /** Said as written (an order's title, a choice's label), or a message key under messages/documents when `isKey`. */
  label: string;
  isKey?: boolean;
  /** The order this line is about, by code, when there is one. */
  orderCode?: string | null;
  /** A date the line belongs to (the payment, the payout), ms since epoch. */
  at?: number | null;
  /** Minor units of the document's currency; tax included. Negative for money going the other way. */
  amount: number;
}

/** The consumption tax of the document, computed once per document and rate (decision 102). */
export interface DocumentTax {
  /** Percent; 10 by the spec. */
  ratePercent: number;
  /** The tax-included amount the rate applies to. */
  taxableAmount: number;
  /** taxableAmount / 11, rounded once for the document. */
  taxAmount: number;
}

/** A total in one currency, for statements that cover more than one. */
export interface CurrencyTotal {
  currency: string;
  /** What clients paid for the creator's orders (tax included), what was given back, Comet's fee, what was paid out. */
  sales: number;
  refunds: number;
  fees: number;
  payouts: number;
}

export interface DocumentBody {
  kind: DocumentKind;
  /** The number as printed, e.g. `CMT-000123` or `CR-3F9A2C-000045` (documents/domain/document-numbers.ts). */
  displayNumber: string;
  issuedAt: number;
  issuer: DocumentParty;
  recipient: DocumentParty;
  /**
   * Set when Comet issues in the creator's name as the intermediary (媒介者交付特例): Comet's name and registration
   * number, printed beside the issuer's.
   */
  intermediary: DocumentParty | null;
  /** True when the document is a qualified invoice (or qualified return invoice): the issuer is registered. */
  qualified: boolean;
  currency: string;
  lines: DocumentLine[];
  /** Tax included. For a refund note, what was given back. */
  total: number;
  tax: DocumentTax | null;
  /** The order it is about: its code, title and licence as agreed (a receipt's client asks for it). */
  order: { code: string; title: string; licence: string[] } | null;
  /** For a period statement: `yyyy-mm` or `yyyy` (Japan time) and its totals by currency. */
  period: string | null;
  totals: CurrencyTotal[];
  /** For a refund note: the receipt it returns money from, by display number. */
  refersTo: string | null;
  /** For a correction: the document it replaces, by id and display number. */
  replaces: { id: string; displayNumber: string } | null;
}
