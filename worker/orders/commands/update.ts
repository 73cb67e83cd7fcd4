import * as v from "valibot";
import { isCurrencyCode } from "../../domain/currency";
import { EARLIEST_TIMESTAMP, isSaneTimestamp, LATEST_TIMESTAMP } from "../domain/order-process";
import { parsePrice, priceInputError } from "../../domain/pricing";
import { translateAuthoringErrors } from "../../messages/authoring";
import { defineCommand, type FormReading } from "../command";
import { actOnOrder } from "../order-answer";
import { orderId } from "../order-body";

/** A date the order keeps: refused outside 2000–2100 at the door (a value no page could show), as by the domain. */
const timestamp = v.nullable(
  v.pipe(v.number(), v.integer(), v.minValue(EARLIEST_TIMESTAMP), v.maxValue(LATEST_TIMESTAMP)),
);
const priceBody = v.object({
  orderId,
  priceAmount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** The currency the amount was typed in (the page sends the order's): the order refuses one not its own. */
  currency: v.optional(v.pipe(v.string(), v.maxLength(8))),
  paymentTransactionId: v.optional(v.string()),
  paymentTransactionProductId: v.optional(v.string()),
});
const scheduleBody = v.object({ orderId, estimatedStart: timestamp, estimatedDelivery: timestamp });

/**
 * A date input's yyyy-mm-dd as midnight UTC (dates are shown in UTC, worker/domain/dates.ts); empty is none. A date
 * outside the window the order keeps (2000–2099) is refused with its message, as the domain would refuse it.
 */
function dateField(value: FormDataEntryValue | null): number | null | { error: "authoring_date_range" } | undefined {
  const text = String(value ?? "").trim();
  if (!text) return null;
  const time = Date.parse(`${text}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || !Number.isFinite(time)) return undefined;
  return isSaneTimestamp(time) ? time : { error: "authoring_date_range" };
}

/**
 * The total typed in major units (¥12,000 or $120.50) as minor units of the order's currency, read as the form and
 * service editors read a price (pricing.ts): decimals in yen, a third decimal in dollars or more than the maximum are
 * refused with the editors' message key, never rounded. An order's total cannot be unset, so empty is refused too.
 * The currency goes with the amount: the order refuses one that is not its own rather than read ¥ for $.
 */
function priceFromForm(form: FormData): { input: unknown } | { errors: Record<string, string> } {
  const orderId = form.get("orderId");
  const currency = String(form.get("currency") ?? "");
  // A currency Comet does not price in: a post no page sends (the page always sends the order's).
  if (!isCurrencyCode(currency)) return { input: null };
  const price = form.get("price");
  const priceAmount = parsePrice(typeof price === "string" ? price : "", currency);
  if (priceAmount === null || priceAmount === undefined) return { errors: { price: priceInputError(currency) } };
  return { input: { orderId, priceAmount, currency } };
}

function scheduleFromForm(form: FormData): { input: unknown } | { errors: Record<string, string> } {
  const estimatedStart = dateField(form.get("estimatedStart"));
  const estimatedDelivery = dateField(form.get("estimatedDelivery"));
  if (estimatedStart === undefined || estimatedDelivery === undefined) return { input: null };
  const errors = Object.fromEntries(
    Object.entries({ estimatedStart, estimatedDelivery }).flatMap(([field, value]) =>
      value !== null && typeof value === "object" ? [[field, value.error]] : [],
    ),
  );
  if (Object.keys(errors).length > 0) return { errors };
  return { input: { orderId: form.get("orderId"), estimatedStart, estimatedDelivery } };
}

/**
 * POST /api/features/commission/order/update {orderId, priceAmount} or {orderId, estimatedStart, estimatedDelivery}
 * (spec section 7): the seller changes a pending order's total or its dates. The order page posts the two apart:
 * "updatePrice" (the total typed in major units of the order's currency) and "updateSchedule" (yyyy-mm-dd dates); a
 * field typed wrong is answered with the editors' message, in the poster's language, and nothing is sent.
 */
export default defineCommand({
  path: "/update",
  intent: ["updatePrice", "updateSchedule"],
  action: ["updatePrice", "updateSchedule"],
  body: v.union([priceBody, scheduleBody]),
  fromForm: (form, context): FormReading => {
    const read = form.get("intent") === "updatePrice" ? priceFromForm(form) : scheduleFromForm(form);
    return "errors" in read ? { errors: translateAuthoringErrors(read.errors, context.locale) } : read;
  },
  run: (context, input) =>
    actOnOrder(
      context,
      input.orderId,
      "priceAmount" in input
        ? { type: "updatePrice", priceAmount: input.priceAmount, ...(input.currency && { currency: input.currency }) }
        : { type: "updateSchedule", estimatedStart: input.estimatedStart, estimatedDelivery: input.estimatedDelivery },
    ),
});
