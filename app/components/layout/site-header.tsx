import { Suspense, lazy, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { AuthMode } from "#app/components/auth/auth-dialog";
import { m } from "#app/paraglide/messages.js";
import type { RootData } from "#app/root";
import { AvatarMenu } from "./avatar-menu";
import { CurrencyMenu } from "./currency-menu";
import { LogoMark, SearchIcon } from "./icons";
import { LanguageMenu } from "./language-menu";
import { NotificationMenu } from "./notification-menu";
import { ThemeToggleButton } from "./theme-toggle";
import type { Locale } from "#worker/domain/locales";

// The sign-in / sign-up flows load on first use (or when a pointer nears the buttons), keeping them out of
// every page's initial JavaScript.
const loadAuthDialog = () => import("#app/components/auth/auth-dialog");
const AuthDialog = lazy(() => loadAuthDialog().then((module) => ({ default: module.AuthDialog })));

/** Spec section 9: the header is 60px high and gets its border and blur after 60px of scroll. */
const SCROLL_THRESHOLD_PX = 60;

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

function Logo({ href = "/", compact = false }: { href?: string | null; compact?: boolean }) {
  const content = (
    <>
      <LogoMark className="size-7" />
      {/* Compact: below 640px the signed-out header needs the room for Sign in / Sign up. */}
      <span className={`text-lg font-bold tracking-tight ${compact ? "max-sm:sr-only" : ""}`}>{m.header_brand()}</span>
    </>
  );
  const className = "flex shrink-0 items-center gap-2 rounded-lg text-zinc-900 dark:text-zinc-50";
  if (href === null) return <span className={className}>{content}</span>;
  return (
    <Link to={href} className={className} aria-label={m.header_home_label()}>
      {content}
    </Link>
  );
}

export function SiteHeader({
  user,
  locale,
  host,
  unreadNotifications,
  minimal = false,
  logoHref = "/",
}: {
  user: RootData["user"];
  locale: Locale;
  host: string;
  /** The bell's badge: the signed-in user's unread notices. */
  unreadNotifications: number;
  /** Only the logo, without a link (the /ban page). */
  minimal?: boolean;
  logoHref?: string;
}) {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);
  const [searchParams] = useSearchParams();
  const requestedAuth = searchParams.get("auth");

  // Pages that need a session send visitors to /?auth=signin&next=…: open the modal they were promised.
  useEffect(() => {
    if (!user && (requestedAuth === "signin" || requestedAuth === "signup")) setAuthMode(requestedAuth);
  }, [user, requestedAuth]);

  return (
    <>
      <header
        className={`sticky top-0 z-40 h-[60px] border-b transition-[background-color,border-color] duration-200 ${
          scrolled
            ? "border-zinc-200 bg-white/80 backdrop-blur-md dark:border-zinc-800 dark:bg-zinc-950/75"
            : "border-transparent bg-white dark:bg-zinc-950"
        }`}
      >
        <div className="mx-auto flex h-full max-w-6xl items-center gap-2 px-3 max-[359px]:gap-1 max-[359px]:px-2 sm:px-6">
          <Logo href={minimal ? null : logoHref} compact={!user && !minimal} />
          {minimal ? null : (
            <nav aria-label={m.header_nav_label()} className="ml-auto flex items-center gap-0.5 sm:gap-1">
              <Link to="/explore/creators" className="header-icon-button" aria-label={m.header_search_label()}>
                <SearchIcon className="size-5" />
              </Link>
              <LanguageMenu locale={locale} />
              {user ? (
                <>
                  <CurrencyMenu currencyCode={user.currencyCode} />
                  <NotificationMenu key={unreadNotifications} unreadCount={unreadNotifications} />
                  <AvatarMenu handle={user.handle} avatarUrl={user.avatarUrl} roles={user.roles} host={host} />
                </>
              ) : (
                <>
                  <ThemeToggleButton />
                  <button
                    type="button"
                    aria-haspopup="dialog"
                    className="header-text-button ml-1"
                    onPointerEnter={loadAuthDialog}
                    onFocus={loadAuthDialog}
                    onClick={() => setAuthMode("signin")}
                  >
                    {m.header_sign_in()}
                  </button>
                  <button
                    type="button"
                    aria-haspopup="dialog"
                    className="header-primary-button"
                    onPointerEnter={loadAuthDialog}
                    onFocus={loadAuthDialog}
                    onClick={() => setAuthMode("signup")}
                  >
                    {m.header_sign_up()}
                  </button>
                </>
              )}
            </nav>
          )}
        </div>
      </header>
      {/* Outside the header: its backdrop blur would otherwise become the containing block of a fixed modal. */}
      {user || minimal || authMode === null ? null : (
        <Suspense fallback={null}>
          <AuthDialog mode={authMode} onModeChange={setAuthMode} onClose={() => setAuthMode(null)} />
        </Suspense>
      )}
    </>
  );
}
