import { useRevalidator } from "react-router";
import { currencyName } from "~/lib/currency-names";
import { CURRENCIES, type CurrencyCode } from "../../../worker/domain/currency";
import { MenuRadio } from "./dropdown";

/** The currency menu's choices (loaded on first open, see currency-menu.tsx). Saved to the account, then loaders re-run so prices re-render. */
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

  return (
    <>
      {CURRENCIES.map((code) => (
        <MenuRadio key={code} checked={code === currencyCode} onSelect={() => void select(code)}>
          <span className="font-medium">{code}</span> <span className="text-zinc-600 dark:text-zinc-400">{currencyName(code)}</span>
        </MenuRadio>
      ))}
    </>
  );
}
