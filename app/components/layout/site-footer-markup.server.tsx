import { renderToStaticMarkup } from "react-dom/server";
import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-paths";
import { m } from "~/paraglide/messages.js";
import { LogoMark, XLogoIcon } from "./icons";

/** The product's external pages exist in both languages; the footer links to the reader's. */
const EXTERNAL_BASE = "https://comet.example";
/** The product's social account (spec section 1). */
const X_URL = "https://x.com/comet_example";

const external = (locale: "en" | "ja", path: string) => `${EXTERNAL_BASE}/${locale}/${path}`;

const linkClass = "rounded text-sm text-zinc-600 hover:text-zinc-900 hover:underline dark:text-zinc-400 dark:hover:text-zinc-100";
const headingClass = "text-sm font-semibold text-zinc-900 dark:text-zinc-100";

/** The year is the server's, so the copyright line is the same wherever the markup is shown. */
function footerTexts(year: number) {
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

type FooterTexts = ReturnType<typeof footerTexts>;

const footerMarkups = new Map<string, string>();

/**
 * The footer's inner markup in the request's language (render it inside the request's message scope), drawn once per
 * isolate for each language and year: it is the same on every page (decision 039). site-footer.tsx places it.
 */
export function siteFooterMarkup(locale: "en" | "ja", year: number): string {
  const key = `${locale}:${year}`;
  let markup = footerMarkups.get(key);
  if (markup === undefined) {
    markup = renderToStaticMarkup(<SiteFooterContent locale={locale} texts={footerTexts(year)} />);
    footerMarkups.set(key, markup);
  }
  return markup;
}

/**
 * Markup only: the two links into the app are plain anchors, which the footer's click handler navigates in place
 * (site-footer.tsx). The account column hides where the footer is minimal (the ban page: `data-minimal`).
 */
function SiteFooterContent({ locale, texts }: { locale: "en" | "ja"; texts: FooterTexts }) {
  const links = (list: FooterTexts["guides"]) => list.map(({ path, label }) => ({ href: external(locale, path), label }));
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <div className="grid gap-8 md:grid-cols-[1.4fr_1fr_1fr_1.3fr]">
          <div>
            <p className="flex items-center gap-2 text-base font-bold text-zinc-900 dark:text-zinc-50">
              <LogoMark className="size-6" />
              {m.header_brand()}
            </p>
            <p className="mt-3 max-w-xs text-sm text-zinc-600 dark:text-zinc-400">{texts.tagline}</p>
            <a
              href={X_URL}
              className="mt-4 inline-flex items-center gap-2 rounded-full border border-zinc-300 px-3 py-1.5 text-sm text-zinc-700 hover:bg-white dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              <XLogoIcon className="size-3.5" />
              {texts.socialX}
            </a>
          </div>
          <FooterColumn title={texts.accountHeading} className="group-data-minimal:hidden">
            <li>
              <a href={DASHBOARD_PATHS.settingsProfile} className={linkClass}>
                {texts.profileSettings}
              </a>
            </li>
            <li>
              <a href={DASHBOARD_PATHS.settingsAccount} className={linkClass}>
                {texts.accountSettings}
              </a>
            </li>
          </FooterColumn>
          <FooterColumn title={texts.guidesHeading}>
            <ExternalLinks links={links(texts.guides)} />
          </FooterColumn>
          <FooterColumn title={texts.legalHeading}>
            <ExternalLinks links={links(texts.legal)} />
          </FooterColumn>
        </div>
        <p className="mt-10 border-t border-zinc-200 pt-6 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
          {texts.copyright}
        </p>
    </div>
  );
}

/** Guideline and legal pages: plain links, since they are not routes of this app. */
function ExternalLinks({ links }: { links: readonly { href: string; label: string }[] }) {
  return links.map((link) => (
    <li key={link.href}>
      <a href={link.href} className={linkClass}>
        {link.label}
      </a>
    </li>
  ));
}

function FooterColumn({ title, className, children }: { title: string; className?: string; children: React.ReactNode }) {
  return (
    <nav aria-label={title} className={className}>
      <h2 className={headingClass}>{title}</h2>
      <ul className="mt-3 space-y-2">{children}</ul>
    </nav>
  );
}
