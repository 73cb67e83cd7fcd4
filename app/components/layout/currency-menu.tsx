import { lazy } from "react";
import { m } from "~/paraglide/messages.js";
import { Dropdown } from "./dropdown";
import { ChevronDownIcon, CoinsIcon } from "./icons";

// The choices (and the currency names) load on first open or when the pointer nears the trigger.
const loadPanel = () => import("./currency-menu-panel");
const CurrencyMenuPanel = lazy(() => loadPanel().then((module) => ({ default: module.CurrencyMenuPanel })));

/** Display currency (signed-in only). */
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
      onIntent={() => void loadPanel()}
    >
      <CurrencyMenuPanel currencyCode={currencyCode} />
    </Dropdown>
  );
}
