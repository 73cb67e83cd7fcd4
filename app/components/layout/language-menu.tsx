import { m } from "~/paraglide/messages.js";
import { Dropdown, MenuRadio } from "./dropdown";
import { ChevronDownIcon, GlobeIcon } from "./icons";

type LanguageCode = "en" | "ja";
const LANGUAGE_KEY = "app-language";

const languageName = (code: LanguageCode) => (code === "ja" ? m.header_language_ja() : m.header_language_en());

/** Saves the choice (cookie, and the account when signed in), then reloads so the server renders the new language. */
async function changeLanguage(code: LanguageCode) {
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
  window.location.reload();
}

export function LanguageMenu({ locale }: { locale: LanguageCode }) {
  return (
    <Dropdown
      label={m.header_language_label({ language: languageName(locale) })}
      triggerClassName="header-icon-button md:w-auto md:gap-1.5 md:px-2.5"
      panelClassName="md:w-44"
      trigger={
        <>
          <GlobeIcon className="size-5" />
          <span className="hidden text-sm font-medium md:inline" lang={locale}>
            {languageName(locale)}
          </span>
          <ChevronDownIcon className="hidden size-4 md:block" />
        </>
      }
    >
      {(["en", "ja"] as const).map((code) => (
        <MenuRadio key={code} lang={code} checked={code === locale} onSelect={() => code !== locale && void changeLanguage(code)}>
          {languageName(code)}
        </MenuRadio>
      ))}
    </Dropdown>
  );
}
