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
import zhHansAbout from "./zh-Hans/about";
import zhHansClientCommercialTransactions from "./zh-Hans/client-commercial-transactions";
import zhHansClientGuidelines from "./zh-Hans/client-guidelines";
import zhHansClientTerms from "./zh-Hans/client-terms";
import zhHansCreatorCommercialTransactions from "./zh-Hans/creator-commercial-transactions";
import zhHansCreatorGuidelines from "./zh-Hans/creator-guidelines";
import zhHansCreatorTerms from "./zh-Hans/creator-terms";
import zhHansPrivacy from "./zh-Hans/privacy";
import zhHantAbout from "./zh-Hant/about";
import zhHantClientCommercialTransactions from "./zh-Hant/client-commercial-transactions";
import zhHantClientGuidelines from "./zh-Hant/client-guidelines";
import zhHantClientTerms from "./zh-Hant/client-terms";
import zhHantCreatorCommercialTransactions from "./zh-Hant/creator-commercial-transactions";
import zhHantCreatorGuidelines from "./zh-Hant/creator-guidelines";
import zhHantCreatorTerms from "./zh-Hant/creator-terms";
import zhHantPrivacy from "./zh-Hant/privacy";
import koAbout from "./ko/about";
import koClientCommercialTransactions from "./ko/client-commercial-transactions";
import koClientGuidelines from "./ko/client-guidelines";
import koClientTerms from "./ko/client-terms";
import koCreatorCommercialTransactions from "./ko/creator-commercial-transactions";
import koCreatorGuidelines from "./ko/creator-guidelines";
import koCreatorTerms from "./ko/creator-terms";
import koPrivacy from "./ko/privacy";
import type { LegalDocument } from "./legal-document";

/**
 * Every guideline and legal page in every language (decision 052). Typed by the page list, so a page added to
 * worker/domain/legal-pages.ts without its text in every language does not compile. Read on the server only
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
  "zh-Hans": {
    about: zhHansAbout,
    "creator-guidelines": zhHansCreatorGuidelines,
    "client-guidelines": zhHansClientGuidelines,
    "creator-terms": zhHansCreatorTerms,
    "client-terms": zhHansClientTerms,
    privacy: zhHansPrivacy,
    "creator-commercial-transactions": zhHansCreatorCommercialTransactions,
    "client-commercial-transactions": zhHansClientCommercialTransactions,
  },
  "zh-Hant": {
    about: zhHantAbout,
    "creator-guidelines": zhHantCreatorGuidelines,
    "client-guidelines": zhHantClientGuidelines,
    "creator-terms": zhHantCreatorTerms,
    "client-terms": zhHantClientTerms,
    privacy: zhHantPrivacy,
    "creator-commercial-transactions": zhHantCreatorCommercialTransactions,
    "client-commercial-transactions": zhHantClientCommercialTransactions,
  },
  ko: {
    about: koAbout,
    "creator-guidelines": koCreatorGuidelines,
    "client-guidelines": koClientGuidelines,
    "creator-terms": koCreatorTerms,
    "client-terms": koClientTerms,
    privacy: koPrivacy,
    "creator-commercial-transactions": koCreatorCommercialTransactions,
    "client-commercial-transactions": koClientCommercialTransactions,
  },
};
