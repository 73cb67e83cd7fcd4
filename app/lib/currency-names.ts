import { CURRENCIES, type CurrencyCode } from "#worker/domain/currency";
import { m } from "#app/paraglide/messages.js";

/** "Japanese yen" / "日本円": the header's currency menu. */
export function currencyName(code: CurrencyCode): string {
  return code === "USD" ? m.header_currency_usd() : m.header_currency_jpy();
}

/** The currency choices of every settings form, in the viewer's language: "Japanese yen (JPY)". */
export function currencyOptions(): { value: CurrencyCode; label: string }[] {
  return CURRENCIES.map((code) => ({
    value: code,
    label: code === "USD" ? m.settings_currency_usd() : m.settings_currency_jpy(),
  }));
}
