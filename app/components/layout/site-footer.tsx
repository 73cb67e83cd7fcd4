import { Link } from "react-router";
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

export function SiteFooter({ locale, minimal = false }: { locale: "en" | "ja"; minimal?: boolean }) {
  const year = new Date().getFullYear();
  const guides = [
    { href: external(locale, "about"), label: m.footer_about() },
    { href: external(locale, "guidelines/creators"), label: m.footer_creator_guidelines() },
    { href: external(locale, "guidelines/clients"), label: m.footer_client_guidelines() },
  ];
  const legal = [
    { href: external(locale, "terms/creators"), label: m.footer_terms_creators() },
    { href: external(locale, "terms/clients"), label: m.footer_terms_clients() },
    { href: external(locale, "privacy"), label: m.footer_privacy() },
    { href: external(locale, "legal/transactions/creators"), label: m.footer_transactions_creators() },
    { href: external(locale, "legal/transactions/clients"), label: m.footer_transactions_clients() },
  ];

  return (
    <footer className="mt-16 border-t border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <div className="grid gap-8 md:grid-cols-[1.4fr_1fr_1fr_1.3fr]">
          <div>
            <p className="flex items-center gap-2 text-base font-bold text-zinc-900 dark:text-zinc-50">
              <LogoMark className="size-6" />
              {m.header_brand()}
            </p>
            <p className="mt-3 max-w-xs text-sm text-zinc-600 dark:text-zinc-400">{m.footer_tagline()}</p>
            <a
              href={X_URL}
              className="mt-4 inline-flex items-center gap-2 rounded-full border border-zinc-300 px-3 py-1.5 text-sm text-zinc-700 hover:bg-white dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              <XLogoIcon className="size-3.5" />
              {m.footer_social_x()}
            </a>
          </div>
          {minimal ? null : (
            <FooterColumn title={m.footer_heading_account()}>
              <li>
                <Link to={DASHBOARD_PATHS.settingsProfile} className={linkClass}>
                  {m.footer_profile_settings()}
                </Link>
              </li>
              <li>
                <Link to={DASHBOARD_PATHS.settingsAccount} className={linkClass}>
                  {m.footer_account_settings()}
                </Link>
              </li>
            </FooterColumn>
          )}
          <FooterColumn title={m.footer_heading_guides()}>
            <ExternalLinks links={guides} />
          </FooterColumn>
          <FooterColumn title={m.footer_heading_legal()}>
            <ExternalLinks links={legal} />
          </FooterColumn>
        </div>
        <p className="mt-10 border-t border-zinc-200 pt-6 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
          {m.footer_copyright({ year: String(year) })}
        </p>
      </div>
    </footer>
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

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <nav aria-label={title}>
      <h2 className={headingClass}>{title}</h2>
      <ul className="mt-3 space-y-2">{children}</ul>
    </nav>
  );
}
