import { formatPrice, type DisplayPrice } from "../../../worker/domain/pricing";
import { getLocale } from "~/paraglide/runtime.js";
import { m } from "~/paraglide/messages.js";

/**
 * A price as the viewer reads it: in their display currency, "≈" / "約" when converted, a tilde for a starting
 * price, or the "set after hearing your request" note when the price is 0 or missing.
 */
export function PriceLabel({ price, from = false, className }: { price: DisplayPrice | null; from?: boolean; className?: string }) {
  if (!price) return <span className={className}>{m.catalog_price_after_request()}</span>;
  const text = formatPrice(price, getLocale());
  const label = from ? m.catalog_price_from({ price: text }) : text;
  return (
    <span className={className} title={price.approximate ? m.catalog_price_approx_note({ currency: price.currency.code }) : undefined}>
      {label}
    </span>
  );
}
