import { formatPrice, type DisplayPrice } from "#worker/domain/pricing";
import { getLocale } from "#app/paraglide/runtime.js";
import { m } from "#app/paraglide/messages.js";

/** A price as text in the viewer's language, and the note on a converted one (the label's title). */
export interface PriceTag {
  text: string;
  note?: string;
}

/**
 * A price as the viewer reads it: in their display currency, "≈" / "約" when converted, a tilde for a starting
 * price, or the "set after hearing your request" note when the price is 0 or missing. Loaders call it for cards
 * that only show the price (the profile's), so the formatting stays off the browser; PriceLabel for the rest.
 */
export function priceTag(price: DisplayPrice | null, from = false): PriceTag {
  if (!price) return { text: m.catalog_price_after_request() };
  const text = formatPrice(price, getLocale());
  return {
    text: from ? m.catalog_price_from({ price: text }) : text,
    note: price.approximate ? m.catalog_price_approx_note({ currency: price.currency.code }) : undefined,
  };
}

export function PriceLabel({
  price,
  from = false,
  className,
}: {
  price: DisplayPrice | null;
  from?: boolean;
  className?: string;
}) {
  const { text, note } = priceTag(price, from);
  return (
    <span className={className} title={note}>
      {text}
    </span>
  );
}
