import { m } from "~/paraglide/messages.js";

/**
 * The footer's texts, rendered by the site layout's loader in the request's language: the footer is on every page,
 * and its messages (both languages of each) would otherwise be in every page's JavaScript. The year is the
 * server's, so the copyright line cannot differ between the server's HTML and hydration.
 */
export function footerTexts(year: number) {
  return {
    tagline: m.footer_tagline(),
    socialX: m.footer_social_x(),
    accountHeading: m.footer_heading_account(),
    profileSettings: m.footer_profile_settings(),
    accountSettings: m.footer_account_settings(),
    guidesHeading: m.footer_heading_guides(),
    legalHeading: m.footer_heading_legal(),
    /** Paths under the product's external site, in the reader's language (site-footer.tsx). */
    guides: [
      { path: "about", label: m.footer_about() },
      { path: "guidelines/creators", label: m.footer_creator_guidelines() },
      { path: "guidelines/clients", label: m.footer_client_guidelines() },
    ],
    legal: [
      { path: "terms/creators", label: m.footer_terms_creators() },
      { path: "terms/clients", label: m.footer_terms_clients() },
      { path: "privacy", label: m.footer_privacy() },
      { path: "legal/transactions/creators", label: m.footer_transactions_creators() },
      { path: "legal/transactions/clients", label: m.footer_transactions_clients() },
    ],
    copyright: m.footer_copyright({ year: String(year) }),
  };
}

export type FooterTexts = ReturnType<typeof footerTexts>;
