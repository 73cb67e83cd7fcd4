// The order page's delivery-date posts (issue 50, decision 090): the creator's request (intent "requestExtension": a
// new delivery date and a reason), the client's answer ("acceptExtension", "declineExtension") and the client's move
// at once ("giveExtension": a new delivery date), answered as the page's other posts are ({ ok, intent, errors?,
// message? }). The reason is read by the rule the API's doors use (`extensionReasonOf`), and the Order object checks who
// asks and every rule of the order, as for POST /api/features/commission/order/extension/*.
import { data, type RouterContextProvider } from "react-router";
import { END_OF_DAY_MS } from "#app/components/orders/order-extension-texts.server";
import { requestContext } from "#app/lib/request-context";
import { m } from "#app/paraglide/messages.js";
import { extensionReasonOf } from "#worker/domain/deadline-extensions";
import type { OrderAction } from "#worker/domain/order-types";
import { EARLIEST_TIMESTAMP, LATEST_TIMESTAMP } from "#worker/domain/order-process";
import { detectTextLanguage } from "#worker/domain/text-language";
import { extensionErrorMessage } from "#worker/messages/extensions";
import { orderRefusalMessage } from "#worker/messages/orders";
import { translateInBackground } from "#worker/services/order-translations";
import { orderStub } from "#worker/orders/order-stub";
import type { SessionUser } from "#worker/services/sessions";

export const EXTENSION_INTENTS = new Set(["requestExtension", "acceptExtension", "declineExtension", "giveExtension"]);
type ExtensionIntent = "requestExtension" | "acceptExtension" | "declineExtension" | "giveExtension";

/** The longest order id the page posts (the API's doors bound it the same). */
const ORDER_ID_MAX = 64;

/**
 * A date input's yyyy-mm-dd as the end of that day in UTC (its last minute: dates are shown in UTC), in the window every
 * date the order keeps is in; null when it is not such a date. The rule (`extensionDateError`) checks the rest.
 */
export function deliveryDateOf(value: FormDataEntryValue | null): number | null {
  const text = String(value ?? "").trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const day = Date.parse(`${text}T00:00:00Z`);
  if (!Number.isFinite(day)) return null;
  const at = day + END_OF_DAY_MS;
  return at >= EARLIEST_TIMESTAMP && at <= LATEST_TIMESTAMP ? at : null;
}

export async function actOnExtension(
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
  orderId: string,
  form: FormData,
) {
  const { env, executionCtx, locale } = context.get(requestContext);
  const intent = String(form.get("intent")) as ExtensionIntent;
  if (!orderId || orderId.length > ORDER_ID_MAX) return data({ ok: false as const, intent }, { status: 400 });
  const dateError = extensionErrorMessage("extension_date_invalid", locale)!;
  const needsDate = intent === "requestExtension" || intent === "giveExtension";
  const deadline = needsDate ? deliveryDateOf(form.get("deliveryDeadline")) : null;
  const reason = intent === "requestExtension" ? extensionReasonOf(form.get("reason")) : null;
  const errors: Record<string, string> = {};
  if (needsDate && deadline === null) errors.deliveryDeadline = dateError;
  if (intent === "requestExtension" && reason === null)
    errors.reason = extensionErrorMessage("extension_reason_invalid", locale)!;
  if (Object.keys(errors).length > 0) return data({ ok: false as const, intent, errors }, { status: 400 });
  const order = orderStub(env.ORDER, orderId);
  const caller = { commissionAccountId: user.commissionAccountId };
  const action: OrderAction | null =
    intent === "acceptExtension" || intent === "declineExtension"
      ? { type: intent }
      : intent === "giveExtension"
        ? { type: "giveExtension", proposedDeadline: deadline! }
        : null;
  const result = action
    ? await order.act(action, caller)
    : await order.requestExtension(
        deadline!,
        { body: reason!, languageCode: detectTextLanguage(reason!) ?? locale },
        caller,
      );
  // A stranger to the order learns nothing of it, as for one that does not exist.
  if (result.status === "not_found" || (result.status === "refused" && result.refusal === "not_a_party"))
    return data({ ok: false as const, intent }, { status: 404 });
  if (result.status === "refused") {
    // A date the rule refuses is the poster's input: its words go on its field.
    if (result.refusal === "extension_date_invalid")
      return data({ ok: false as const, intent, errors: { deliveryDeadline: dateError } }, { status: 400 });
    const message =
      extensionErrorMessage(result.refusal, locale) ??
      orderRefusalMessage(result.refusal, locale) ??
      m.extensions_refused();
    return data({ ok: false as const, intent, message }, { status: 409 });
  }
  if (intent === "requestExtension" && result.changed)
    translateInBackground(env, executionCtx, { texts: [reason!], writerAccountId: user.accountId });
  return { ok: true as const, intent };
}
