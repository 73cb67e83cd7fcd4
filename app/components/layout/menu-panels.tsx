import { useRevalidator } from "react-router";
import { avatarMenuLinks } from "#app/components/dashboard/dashboard-nav";
import { currencyName } from "#app/lib/currency-names";
import { m } from "#app/paraglide/messages.js";
import { CURRENCIES, type CurrencyCode } from "#worker/domain/currency";
import { LANGUAGE_PARAM, LOCALES, type Locale, NATIVE_LANGUAGE_NAMES } from "#worker/domain/locales";
import { isAdmin, isCreatorSide } from "#worker/domain/roles";
import { Avatar } from "./avatar";
import { MoonIcon, SunIcon } from "./icons";
import { LogOutIcon } from "./menu-icons";
import { MenuButton, MenuLink, MenuRadio, MenuSeparator } from "./menu-items";
import { signOut } from "./sign-out";
import { toggleTheme } from "./theme-toggle";

export { DropdownPanel } from "./dropdown-panel";

// The panels of the header menus. The server renders only the menus' buttons, so this module, its messages and
// the tabs load on the first open (or when a pointer nears a button), outside every page's initial JavaScript.

/** Classes for the spec's screen-size rule: "small screens" are below Tailwind's md breakpoint (768px). */
const SMALL_ONLY = "md:hidden";

/**
 * The avatar menu, with the link table of spec section 2. Admins and creators see the creator side;
 * "non-creator" items are hidden from them.
 */
export function AvatarMenuPanel({
  handle,
  avatarUrl,
  roles,
  host,
}: {
  handle: string;
  avatarUrl: string | null;
  roles: string[];
  host: string;
}) {
  return (
    <>
      <MenuLink to={`/${handle}`} className="items-center">
        <Avatar src={avatarUrl} className="size-9" />
        <span className="min-w-0">
          <span className="block truncate font-semibold">
            {host}/{handle}
          </span>
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">{m.menu_public_profile()}</span>
        </span>
      </MenuLink>
      <MenuSeparator />
      {avatarMenuLinks(isCreatorSide(roles)).map((link) => (
        <MenuLink key={link.to} to={link.to} className={link.smallScreensOnly ? SMALL_ONLY : undefined}>
          {link.label}
        </MenuLink>
      ))}
      {isAdmin(roles) && <MenuLink to="/admin">{m.menu_admin()}</MenuLink>}
      <MenuSeparator />
      <MenuButton onSelect={toggleTheme}>
        <MoonIcon className="size-4 text-zinc-600 dark:hidden" />
        <SunIcon className="hidden size-4 text-zinc-300 dark:block" />
        <span className="dark:hidden">{m.menu_theme_dark()}</span>
        <span className="hidden dark:inline">{m.menu_theme_light()}</span>
      </MenuButton>
      <MenuLink to="/">{m.menu_support()}</MenuLink>
      <MenuSeparator />
      <MenuButton onSelect={() => void signOut()}>
        <LogOutIcon className="size-4 text-zinc-600 dark:text-zinc-400" />
        {m.menu_log_out()}
      </MenuButton>
    </>
  );
}

/** Display currency (signed-in only). Saved to the account, then loaders re-run so prices re-render. */
export function CurrencyMenuPanel({ currencyCode }: { currencyCode: string }) {
  const revalidator = useRevalidator();
  const select = async (code: CurrencyCode) => {
    if (code === currencyCode) return;
    const response = await fetch("/api/account/currency", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ currencyCode: code }),
    }).catch(() => null);
    if (response?.ok) await revalidator.revalidate();
  };
  return CURRENCIES.map((code) => (
    <MenuRadio key={code} checked={code === currencyCode} onSelect={() => void select(code)}>
      <span className="font-medium">{code}</span>{" "}
      <span className="text-zinc-600 dark:text-zinc-400">{currencyName(code)}</span>
    </MenuRadio>
  ));
}

const LANGUAGE_KEY = "app-language";

/** Saves the choice (cookie, and the account when signed in), then reloads so the server renders the new language. */
async function changeLanguage(code: Locale) {
  const response = await fetch("/api/account/language", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ languageCode: code }),
  }).catch(() => null);
  // Without the server's cookie the reload would render the old language: set it here instead.
  if (!response?.ok) document.cookie = `${LANGUAGE_KEY}=${code}; Path=/; Max-Age=31536000; SameSite=Lax`;
  try {
    localStorage.setItem(LANGUAGE_KEY, code);
  } catch {
    // Storage can be unavailable (private mode); the cookie is enough.
  }
  // A language alternate's `?lang=` would outrank the choice just saved (decision 105): the page comes back without it.
  const url = new URL(window.location.href);
  if (!url.searchParams.has(LANGUAGE_PARAM)) return window.location.reload();
  url.searchParams.delete(LANGUAGE_PARAM);
  window.location.replace(url);
}

/** The display languages, each named in itself (decision 105): a reader finds their own without reading another. */
export function LanguageMenuPanel({ locale }: { locale: Locale }) {
  return LOCALES.map((code) => (
    <MenuRadio
      key={code}
      lang={code}
      checked={code === locale}
      onSelect={() => code !== locale && void changeLanguage(code)}
    >
      {NATIVE_LANGUAGE_NAMES[code]}
    </MenuRadio>
  ));
}

// The bell's panel lives with the notification components; exported here so it loads in this same lazy chunk.
export { NotificationPanel } from "#app/components/notifications/notification-panel";
