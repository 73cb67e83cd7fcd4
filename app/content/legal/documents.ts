import type { Locale } from "#worker/domain/locales";
import type { LegalSlug } from "#worker/domain/legal-pages";
import enAbout from "./en/about";
import enClientCommercialTransactions from "./en/client-commercial-transactions";
import enClientGuidelines from "./en/client-guidelines";
import enClientTerms from "./en/client-terms";
import enCreatorCommercialTransactions from "./en/creator-commercial-transactions";
import enCreatorGuidelines from "./en/creator-guidelines";
import enCreatorTerms from "./en/creator-terms";
import enPrivacy from "./en/privacy";
import jaAbout from "./ja/about";
import jaClientCommercialTransactions from "./ja/client-commercial-transactions";
import jaClientGuidelines from "./ja/client-guidelines";
import jaClientTerms from "./ja/client-terms";
import jaCreatorCommercialTransactions from "./ja/creator-commercial-transactions";
import jaCreatorGuidelines from "./ja/creator-guidelines";
import jaCreatorTerms from "./ja/creator-terms";
import jaPrivacy from "./ja/privacy";
import type { LegalDocument } from "./legal-document";

/**
 * Every guideline and legal page in every language (decision 052). Typed by the page list, so a page added to
 * worker/domain/legal-pages.ts without its text in both languages does not compile. Read on the server only
 * (app/components/legal/legal-markup.server.tsx).
 */
export const LEGAL_DOCUMENTS: Record<Locale, Record<LegalSlug, LegalDocument>> = {
  en: {
    about: enAbout,
    "creator-guidelines": enCreatorGuidelines,
    "client-guidelines": enClientGuidelines,
    "creator-terms": enCreatorTerms,
    "client-terms": enClientTerms,
    privacy: enPrivacy,
    "creator-commercial-transactions": enCreatorCommercialTransactions,
    "client-commercial-transactions": enClientCommercialTransactions,
  },
  ja: {
    about: jaAbout,
    "creator-guidelines": jaCreatorGuidelines,
    "client-guidelines": jaClientGuidelines,
    "creator-terms": jaCreatorTerms,
    "client-terms": jaClientTerms,
    privacy: jaPrivacy,
    "creator-commercial-transactions": jaCreatorCommercialTransactions,
    "client-commercial-transactions": jaClientCommercialTransactions,
  },
};
