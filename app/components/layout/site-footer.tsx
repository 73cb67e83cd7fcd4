import { Link } from "react-router";
import { DASHBOARD_PATHS } from "~/components/dashboard/dashboard-paths";
import { m } from "~/paraglide/messages.js";
import type { FooterTexts } from "./footer-texts";
import { LogoMark, XLogoIcon } from "./icons";

/** The product's external pages exist in both languages; the footer links to the reader's. */
const EXTERNAL_BASE = "https://comet.example";
/** The product's social account (spec section 1). */
const X_URL = "https://x.com/comet_example";

const external = (locale: "en" | "ja", path: string) => `${EXTERNAL_BASE}/${locale}/${path}`;

const linkClass = "rounded text-sm text-zinc-600 hover:text-zinc-900 hover:underline dark:text-zinc-400 dark:hover:text-zinc-100";
const headingClass = "text-sm font-semibold text-zinc-900 dark:text-zinc-100";

/** `texts` come from the site layout's loader (footer-texts.ts), already in the page's language. */
export function SiteFooter({ locale, texts, minimal = false }: { locale: "en" | "ja"; texts: FooterTexts; minimal?: boolean }) {
  const links = (list: FooterTexts["guides"]) => list.map(({ path, label }) => ({ href: external(locale, path), label }));
  return (
    <footer className="mt-16 border-t border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900">
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
          {minimal ? null : (
            <FooterColumn title={texts.accountHeading}>
              <li>
                <Link to={DASHBOARD_PATHS.settingsProfile} className={linkClass}>
                  {texts.profileSettings}
                </Link>
              </li>
              <li>
                <Link to={DASHBOARD_PATHS.settingsAccount} className={linkClass}>
                  {texts.accountSettings}
                </Link>
              </li>
            </FooterColumn>
          )}
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
