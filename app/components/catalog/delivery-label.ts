import { m } from "#app/paraglide/messages.js";

/**
 * A service's typical delivery time as its card and modal say it (decision 109): "Delivered in about N days", or null
 * where the creator said none. The creator's own figure, shown beside the price, never a promise the order keeps.
 */
export function deliveryLabel(days: number | null): string | null {
  if (days === null) return null;
  return days === 1 ? m.catalog_delivery_days_one() : m.catalog_delivery_days({ days });
}
