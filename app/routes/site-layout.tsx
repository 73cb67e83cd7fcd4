import { Suspense, lazy, useEffect } from "react";
import { Outlet, isRouteErrorResponse, useLocation, useNavigate, useRouteLoaderData } from "react-router";
import { DOCUMENT_FOOTER, SiteFooter } from "#app/components/layout/site-footer";
import { siteFooterMarkup } from "#app/components/layout/site-footer-markup.server";
import { SiteHeader } from "#app/components/layout/site-header";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { getLocale } from "#app/paraglide/runtime.js";
import { useRootData } from "#app/root";
import { isBanned } from "#worker/domain/roles";
import { countUnread } from "#worker/services/notifications";
import type { Route } from "./+types/site-layout";
import { languageAlternates, type Locale } from "#worker/domain/locales";

const BAN_PATH = "/ban";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The product host for the avatar menu's profile link ("comet.example/{handle}").
  const host = new URL(request.url).host;
  const { db, env, user, locale, documentOnly } = context.get(requestContext);
  // The bell's badge, read with the session; the list loads when the bell opens (decision 023). A document answering a
  // form post (no JavaScript) counts again: its action may have just read them.
  const unreadNotifications = !user
    ? 0
    : request.method === "GET"
      ? user.unreadNotifications
      : await countUnread(db, user.accountId);
  // Only a document's render draws the footer; the browser keeps it from there (site-footer.tsx).
  // Its social link is the Worker's SOCIAL_URL setting, and absent when that is unset (decision 052).
  documentOnly?.set(DOCUMENT_FOOTER, siteFooterMarkup(locale, new Date().getFullYear(), env.SOCIAL_URL));
  return { host, unreadNotifications };
}

export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [{ title: m.layout_meta_title() }];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: m.layout_meta_page_title({ page: notFound ? m.layout_notfound_title() : m.layout_error_title() }) }];
};

/** Spec section 2: /onboarding is pushed (a history entry, not a redirect) when `signup` is on the root path. */
function useOnboardingPush() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (pathname === "/" && new URLSearchParams(search).has("signup")) navigate("/onboarding");
  }, [pathname, search, navigate]);
}

function Frame({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const layout = useRouteLoaderData<typeof loader>("routes/site-layout");
  const { pathname } = useLocation();
  const locale = root?.locale ?? (getLocale() as Locale);
  // A banned user reads the ban page and the legal pages its footer links to (worker/app.ts), all with the minimal
  // header and footer: links into the account would only bounce back to /ban.
  const minimal = pathname === BAN_PATH || isBanned(root?.user?.roles ?? []);
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main-content" className="skip-link">
        {m.layout_skip_to_content()}
      </a>
      <SiteHeader
        user={root?.user ?? null}
        locale={locale}
        host={layout?.host ?? ""}
        unreadNotifications={layout?.unreadNotifications ?? 0}
        minimal={minimal}
      />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      {/* Without the layout's data (its own loader failed) the page still renders, without the footer. */}
      {layout ? <SiteFooter minimal={minimal} /> : null}
    </div>
  );
}

/**
 * The page in each language (decision 105). React hoists these links into the head. Drawn by the page and never by
 * the error page: a 404 has no other language, and an alternate would name the path it answered for.
 */
function LanguageAlternates() {
  const origin = useRootData()?.alternatesOrigin;
  const { pathname } = useLocation();
  if (!origin) return null;
  return languageAlternates(origin, pathname).map((alternate) => (
    <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
  ));
}

export default function SiteLayout() {
  useOnboardingPush();
  return (
    <Frame>
      <LanguageAlternates />
      <Outlet />
    </Frame>
  );
}

// The error page's body loads only when an error is shown (error-pages.tsx).
const SiteErrorPage = lazy(() =>
  import("#app/components/layout/error-pages").then((module) => ({ default: module.SiteErrorPage })),
);

/** Errors below the layout (a 404 handle, a missing page) keep the header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Frame>
      <Suspense fallback={null}>
        <SiteErrorPage status={status} notFound={status === 404} />
      </Suspense>
    </Frame>
  );
}
