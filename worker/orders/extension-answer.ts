/**
 * What the delivery-date commands share (issue 50, decision 090; commands/*-extension.ts): the date a body names, the
 * page's yyyy-mm-dd read as one, and the answer: `{deliveryDeadline, extensionRequest, originalDeliveryDeadline}` when
 * done; a stranger told 404, as for an order that does not exist; a date the rule refuses is the caller's input (400 on
 * `deliveryDeadline`); the rest is the order's state (409 with its words, the page's own where nothing words it).
 */
import * as v from "valibot";
import { m } from "#app/paraglide/messages.js";
import { END_OF_DAY_MS, type ExtensionRequest } from "./domain/deadline-extensions";
import type { OrderActResult } from "./domain/order-contract";
import { EARLIEST_TIMESTAMP, LATEST_TIMESTAMP } from "./domain/order-process";
import { extensionErrorMessage } from "../messages/extensions";
import { orderRefusalMessage } from "../messages/orders";
import { type CommandContext, NOT_FOUND, type Outcome, type Refusal } from "./command";
import { orderId } from "./order-body";

/** A delivery date (epoch ms) in the window every date the order keeps is in; the rule checks the rest. */
export const deliveryDeadline = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(EARLIEST_TIMESTAMP),
  v.maxValue(LATEST_TIMESTAMP),
);

/**
 * A date input's yyyy-mm-dd as the end of that day in UTC, in the window every date the order keeps is in; null when
 * it is not such a date. The rule (`extensionDateError`) checks the rest.
 */
export function deliveryDateOf(value: FormDataEntryValue | null): number | null {
  const text = String(value ?? "").trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const day = Date.parse(`${text}T00:00:00Z`);
  if (!Number.isFinite(day)) return null;
  const at = day + END_OF_DAY_MS;
  return at >= EARLIEST_TIMESTAMP && at <= LATEST_TIMESTAMP ? at : null;
}

/** The page's words for a date it cannot take, on its field. */
export const dateFieldError = (context: Pick<CommandContext, "locale">) => ({
  deliveryDeadline: extensionErrorMessage("extension_date_invalid", context.locale)!,
});

/** The form's `orderId` when it is one the body takes; else null: the form is then read as `{ input: null }`. */
export const formOrderId = (form: FormData): string | null => {
  const value = form.get("orderId");
  return v.is(orderId, value) ? value : null;
};

/** A refusal of the order's, as the delivery-date doors answer it. */
function extensionRefusal(refusal: string, context: Pick<CommandContext, "locale">): Refusal {
  if (refusal === "not_a_party") return NOT_FOUND;
  const message = extensionErrorMessage(refusal, context.locale) ?? orderRefusalMessage(refusal, context.locale);
  if (refusal === "extension_date_invalid")
    return { status: 400, error: refusal, message: message!, page: { errors: dateFieldError(context) } };
  return {
    status: 409,
    error: refusal,
    ...(message !== null && { message }),
    page: { message: message ?? m.extensions_refused({}, { locale: context.locale }) },
  };
}

export type ExtensionData = {
  deliveryDeadline: number | null;
  extensionRequest: ExtensionRequest | null;
  originalDeliveryDeadline: number | null;
};

export function extensionOutcome(
  result: OrderActResult,
  context: Pick<CommandContext, "locale">,
): Outcome<ExtensionData> {
  if (result.status === "not_found") return { ok: false, ...NOT_FOUND };
  if (result.status === "refused") return { ok: false, ...extensionRefusal(result.refusal, context) };
  const { deliveryDeadline: deadline, extensionRequest, originalDeliveryDeadline } = result.state;
  return {
    ok: true,
    data: {
      deliveryDeadline: deadline,
      extensionRequest: extensionRequest ?? null,
      originalDeliveryDeadline: originalDeliveryDeadline ?? null,
    },
  };
}
