import { useRevalidator } from "react-router";
import { currencyName } from "~/lib/currency-names";
import { CURRENCIES, type CurrencyCode } from "../../../worker/domain/currency";
import { m } from "~/paraglide/messages.js";
import { Dropdown, MenuRadio } from "./dropdown";
import { ChevronDownIcon, CoinsIcon } from "./icons";


/** Display currency (signed-in only). Saved to the account, then loaders re-run so prices re-render. */
export function CurrencyMenu({ currencyCode }: { currencyCode: string }) {
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
    >
      {CURRENCIES.map((code) => (
        <MenuRadio key={code} checked={code === currencyCode} onSelect={() => void select(code)}>
          <span className="font-medium">{code}</span> <span className="text-zinc-600 dark:text-zinc-400">{currencyName(code)}</span>
        </MenuRadio>
      ))}
    </Dropdown>
  );
}
