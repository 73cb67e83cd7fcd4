import { Suspense, lazy, useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
} from "react-router";
import { getLocale } from "#app/paraglide/runtime.js";
import { useCspNonce } from "#app/lib/csp-nonce";
import { requestContext } from "#app/lib/request-context";
import { parseTheme, themeBootScript } from "#app/lib/theme";
import { readCookie } from "#worker/http/cookies";
import { inputLanguageOf } from "#worker/domain/input-language";
import type { Route } from "./+types/root";
import { AppStyles } from "#app/lib/app-styles";
import appStylesUrl from "./app.css?url";
import type { Locale } from "#worker/domain/locales";
import { legalPageAt } from "#worker/domain/legal-pages";
import { publicPageAt } from "#worker/domain/page-cache";

// A production build inlines app.css in the <head> (app/lib/app-styles.tsx, docs/decisions/072); `npm run dev` links
// it, so Vite hot-reloads it.
export const links: Route.LinksFunction = () =>
  import.meta.env.DEV ? [{ rel: "stylesheet", href: appStylesUrl }] : [];

export function loader({ request, context }: Route.LoaderArgs) {
  const { user, locale } = context.get(requestContext);
  const url = new URL(request.url);
  return {
    locale,
    /**
     * Where a public page's language alternates point (decision 105), null on other pages: the site layout draws them
     * from the path it renders, so the data names no path (a 404 answers alike for any).
     */
    alternatesOrigin: publicPageAt(url.pathname) || legalPageAt(url.pathname) ? url.origin : null,
    theme: parseTheme(readCookie(request, "theme")),
    user: user && {
      handle: user.handle,
      email: user.email,
      avatarUrl: user.avatarUrl,
      roles: user.roles,
      currencyCode: user.displayCurrencyCode,
      /** What the user writes is sent and stored as original in this language (decision 034). */
      inputLanguageCode: inputLanguageOf(user),
    },
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The signed-in user as the root loader saw it, or null. Usable from any route or component. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/** The language the signed-in user writes in (the text payloads' languageCode), else the page's language. */
export function useInputLanguage(): Locale {
  const data = useRootData();
  return data?.user?.inputLanguageCode ?? data?.locale ?? (getLocale() as Locale);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const locale = data?.locale ?? getLocale();
  const nonce = useCspNonce();
  // Marks the page interactive once React has hydrated it (effects run after the hydrating commit), the error pages
  // too: the browser tests wait for it before they click, as a click before it reaches no handler.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang={locale} className={data?.theme === "dark" ? "dark" : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Runs under the CSP by its nonce; the browser renders none (and hides it from the DOM), hence no warning. */}
        {data?.theme ? null : (
          <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        )}
        <Meta />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <AppStyles />
        {/* Stylesheets need no nonce (style-src allows 'self'). An empty one stops React Router copying the script
            nonce onto them, which the browser hides and React then reports as a hydration mismatch. */}
        <Links nonce="" />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

// The error page's body loads only when an error is shown (error-pages.tsx).
const RootErrorPage = lazy(() =>
  import("#app/components/layout/error-pages").then((module) => ({ default: module.RootErrorPage })),
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Suspense fallback={null}>
      <RootErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
    </Suspense>
  );
}
