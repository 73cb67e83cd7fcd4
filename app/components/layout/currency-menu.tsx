import { m } from "#app/paraglide/messages.js";
import { Dropdown } from "./dropdown";
import { ChevronDownIcon, CoinsIcon } from "./icons";
import { CurrencyMenuPanel, preloadMenuPanels } from "./lazy-panels";

/** Display currency (signed-in only): the button here, the choices in menu-panels.tsx, loaded on first use. */
export function CurrencyMenu({ currencyCode }: { currencyCode: string }) {
  return (
    <Dropdown
      label={m.header_currency_label({ currency: currencyCode })}
      triggerClassName="header-icon-button md:w-auto md:gap-1.5 md:px-2.5"
      panelClassName="md:w-56"
      trigger={
        <>
          <CoinsIcon className="size-5" />
          <span className="hidden text-sm font-medium md:inline">{currencyCode}</span>
          <ChevronDownIcon className="hidden size-4 md:block" />
        </>
      }
      preload={preloadMenuPanels}
    >
      <CurrencyMenuPanel currencyCode={currencyCode} />
    </Dropdown>
  );
}
