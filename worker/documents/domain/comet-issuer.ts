/**
 * Comet as a party of its documents (decision 102): the issuer of fee invoices and statements, and the intermediary
 * that issues a registered creator's receipts in their name (媒介者交付特例).
 *
 * FOR THE OPERATOR TO FILL, AND FOR A TAX ACCOUNTANT'S REVIEW BEFORE COMET ISSUES A REAL DOCUMENT: the name must be the
 * operator's name as registered with the tax office, and the number its qualified-invoice registration number. The
 * number below is a well-formed stand-in for development (T, a check digit, then 12 digits: the national corporate
 * number's rule, check digit 2 for 000000000064), registered to nobody.
 */
import type { DocumentParty } from "./document-body";

export const COMET_PARTY: DocumentParty = {
  name: "Comet",
  registrationNumber: "T2000000000064",
  userAccountId: null,
};
