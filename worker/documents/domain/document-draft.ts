/**
 * A document before it has its number (decision 102): everything `issueDocument` writes, less what the issuing batch
 * gives it (the number, the printed number, the time). The builders (issue-documents.ts, issue-statements.ts) make
 * one from facts; the service numbers and stores it once per `sourceKey`.
 */
import type { DocumentKind } from "../../db/schema/enums";
import type { DocumentBody, DocumentParty } from "./document-body";
import { includedTax, TAX_RATE_PERCENT } from "../../domain/money";
import { MISSING_TEXT } from "../../domain/localized-text";

export type DraftBody = Omit<DocumentBody, "displayNumber" | "issuedAt">;

export interface DocumentDraft {
  kind: DocumentKind;
  /** The series it is numbered in (document-numbers.ts). */
  issuerKey: string;
  /** What it is about, unique: a second issue of the same source finds the first (document-sources.ts). */
  sourceKey: string;
  recipientUserAccountId: string;
  orderId: string | null;
  period: string | null;
  /** The row's currency and total: the body's, or null for a statement, whose totals are by currency. */
  currency: string | null;
  total: number | null;
  taxAmount: number | null;
  body: DraftBody;
}

/** A user as their documents name them: the registration's name and number when they registered, else their profile. */
export interface PartyFacts {
  userAccountId: string;
  /** The profile's display name as written (its original), or null. */
  displayName: string | null;
  handle: string;
  registration: { registrationNumber: string; registeredName: string } | null;
}

export function partyOf(facts: PartyFacts): DocumentParty {
  return {
    name: facts.registration?.registeredName || facts.displayName || facts.handle || MISSING_TEXT,
    registrationNumber: facts.registration?.registrationNumber ?? null,
    userAccountId: facts.userAccountId,
  };
}

/** The document's tax: the spec's 10 %, the included tax of its tax-included total, once (decision 102). */
export const taxOf = (total: number) => ({
  ratePercent: TAX_RATE_PERCENT,
  taxableAmount: total,
  taxAmount: includedTax(total),
});
