import type { FormCurrency } from "../../../worker/domain/commission-form";
import { CURRENCY_DIGITS } from "../../../worker/domain/commission-form";

/** A stored minor-unit amount as text in the viewer's language: ¥10,000 or $12.50. */
export function formatMoney(minor: number, currency: FormCurrency, locale: string): string {
  const digits = CURRENCY_DIGITS[currency];
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    minor / 10 ** digits,
  );
}
