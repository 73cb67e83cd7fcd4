import * as v from "valibot";

/**
 * A service's typical delivery time (decision 109): the creator's own figure, in whole days from the order's start to
 * its delivery, or none. Explore's "delivered within N days" filter reads the same bounds.
 */
export const DELIVERY_DAYS_MIN = 1;
export const DELIVERY_DAYS_MAX = 365;

/** The editor's field as typed: blank for none, else a whole number of days within the bounds. */
const deliveryDaysSchema = v.pipe(
  v.string(),
  v.trim(),
  v.union([
    v.pipe(
      v.literal(""),
      v.transform(() => null),
    ),
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/),
      v.transform(Number),
      v.number(),
      v.minValue(DELIVERY_DAYS_MIN),
      v.maxValue(DELIVERY_DAYS_MAX),
    ),
  ]),
);

export type DeliveryDaysResult = { ok: true; days: number | null } | { ok: false; error: "delivery_days_invalid" };

/** The posted field (parsed by its schema first); a refusal names its message key. */
export function parseDeliveryDays(input: string): DeliveryDaysResult {
  const parsed = v.safeParse(deliveryDaysSchema, input);
  return parsed.success ? { ok: true, days: parsed.output } : { ok: false, error: "delivery_days_invalid" };
}
