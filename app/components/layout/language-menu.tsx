import { m } from "#app/paraglide/messages.js";
import { Dropdown } from "./dropdown";
import { ChevronDownIcon, GlobeIcon } from "./icons";
import type { Locale } from "#worker/domain/locales";
import { languageName } from "./language-name";
import { LanguageMenuPanel, preloadMenuPanels } from "./lazy-panels";

/** The language menu: the button here, the choices (and saving one) in menu-panels.tsx, loaded on first use. */
export function LanguageMenu({ locale }: { locale: Locale }) {
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
      preload={preloadMenuPanels}
    >
      <LanguageMenuPanel locale={locale} />
    </Dropdown>
  );
}
