import { renderToStaticMarkup } from "react-dom/server";
import { DASHBOARD_PATHS } from "#app/components/dashboard/dashboard-paths";
import { m } from "#app/paraglide/messages.js";
import { LEGAL_PAGES, type LegalPage, type LegalSlug } from "#worker/domain/legal-pages";
import { LogoMark, XLogoIcon } from "./icons";
import type { Locale } from "#worker/domain/locales";

/** Each guideline and legal page's link text. The pages are routes of the app, in the reader's language (decision 052). */
const LEGAL_LINK_LABELS: Record<LegalSlug, () => string> = {
  about: m.footer_about,
  "creator-guidelines": m.footer_creator_guidelines,
  "client-guidelines": m.footer_client_guidelines,
  "creator-terms": m.footer_terms_creators,
  "client-terms": m.footer_terms_clients,
  privacy: m.footer_privacy,
  "creator-commercial-transactions": m.footer_transactions_creators,
  "client-commercial-transactions": m.footer_transactions_clients,
};

const linksOf = (group: LegalPage["group"]) =>
  LEGAL_PAGES.filter((page) => page.group === group).map((page) => ({
    href: `/${page.path}`,
    label: LEGAL_LINK_LABELS[page.slug](),
  }));

/**
 * The product's social account (spec section 1), from the Worker's `SOCIAL_URL` setting (wrangler.toml): an https
 * address; unset, empty or anything else, the footer shows no social link. An account on X gets X's mark and name.
 */
export function socialLinkOf(setting: string | undefined): { href: string; onX: boolean } | null {
  let url: URL;
  try {
    url = new URL((setting ?? "").trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:") return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  return { href: url.href, onX: host === "x.com" || host === "twitter.com" };
}

const linkClass =
  "rounded text-sm text-zinc-600 hover:text-zinc-900 hover:underline dark:text-zinc-400 dark:hover:text-zinc-100";
const headingClass = "text-sm font-semibold text-zinc-900 dark:text-zinc-100";

/** The year is the server's, so the copyright line is the same wherever the markup is shown. */
function footerTexts(year: number) {
  return {
    tagline: m.footer_tagline(),
    socialX: m.footer_social_x(),
    social: m.footer_social(),
    accountHeading: m.footer_heading_account(),
    profileSettings: m.footer_profile_settings(),
    accountSettings: m.footer_account_settings(),
    guidesHeading: m.footer_heading_guides(),
    legalHeading: m.footer_heading_legal(),
    guides: linksOf("guides"),
    legal: linksOf("legal"),
    copyright: m.footer_copyright({ year: String(year) }),
  };
}

type FooterTexts = ReturnType<typeof footerTexts>;

const footerMarkups = new Map<string, string>();

/**
 * The footer's inner markup in the request's language (render it inside the request's message scope), drawn once per
 * isolate for each language, year and social setting: it is the same on every page (decision 039). site-footer.tsx
 * places it.
 */
export function siteFooterMarkup(locale: Locale, year: number, socialSetting?: string): string {
  // Keyed by the setting as written: its address is read (a URL parsed) only when the markup is drawn.
  const key = `${locale}:${year}:${socialSetting ?? ""}`;
  let markup = footerMarkups.get(key);
  if (markup === undefined) {
    const social = socialLinkOf(socialSetting);
    markup = renderToStaticMarkup(<SiteFooterContent texts={footerTexts(year)} social={social} />);
    footerMarkups.set(key, markup);
  }
  return markup;
}

/**
 * Markup only: every link into the app is a plain anchor, which the footer's click handler navigates in place
 * (site-footer.tsx). The account column hides where the footer is minimal (the ban page: `data-minimal`); the
 * guideline and legal pages stay, a banned user may read them.
 */
function SiteFooterContent({ texts, social }: { texts: FooterTexts; social: ReturnType<typeof socialLinkOf> }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="grid gap-8 md:grid-cols-[1.4fr_1fr_1fr_1.3fr]">
        <div>
          <p className="flex items-center gap-2 text-base font-bold text-zinc-900 dark:text-zinc-50">
            <LogoMark className="size-6" />
            {m.header_brand()}
          </p>
          <p className="mt-3 max-w-xs text-sm text-zinc-600 dark:text-zinc-400">{texts.tagline}</p>
          {social ? (
            <a
              href={social.href}
              rel="me noopener"
              className="mt-4 inline-flex items-center gap-2 rounded-full border border-zinc-300 px-3 py-1.5 text-sm text-zinc-700 hover:bg-white dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              {social.onX ? <XLogoIcon className="size-3.5" /> : null}
              {social.onX ? texts.socialX : texts.social}
            </a>
          ) : null}
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
          <PageLinks links={texts.guides} />
        </FooterColumn>
        <FooterColumn title={texts.legalHeading}>
          <PageLinks links={texts.legal} />
        </FooterColumn>
      </div>
      <p className="mt-10 border-t border-zinc-200 pt-6 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        {texts.copyright}
      </p>
    </div>
  );
}

/** The guideline and legal pages (worker/domain/legal-pages.ts). */
function PageLinks({ links }: { links: readonly { href: string; label: string }[] }) {
  return links.map((link) => (
    <li key={link.href}>
      <a href={link.href} className={linkClass}>
        {link.label}
      </a>
    </li>
  ));
}

function FooterColumn({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <nav aria-label={title} className={className}>
      <h2 className={headingClass}>{title}</h2>
      <ul className="mt-3 space-y-2">{children}</ul>
    </nav>
  );
}
