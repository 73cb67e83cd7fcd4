/**
 * A service's typical delivery time (decision 109): the creator's own figure, in whole days from the order's start to
 * its delivery, or none. Explore's "delivered within N days" filter reads the same bounds. No valibot here: explore's
 * page JavaScript reads these bounds (search.ts); the editor's schema is parseDeliveryDays (commission-form.ts).
 */
export const DELIVERY_DAYS_MIN = 1;
export const DELIVERY_DAYS_MAX = 365;
