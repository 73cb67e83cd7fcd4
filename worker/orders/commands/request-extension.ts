import * as v from "valibot";
import { EXTENSION_REASON_MAX, extensionReasonOf } from "../domain/deadline-extensions";
import { detectTextLanguage } from "../../domain/text-language";
import { extensionErrorMessage } from "../../messages/extensions";
import { translateInBackground } from "../services/order-translations";
import { type CommandContext, defineCommand, type Refusal } from "../command";
import { dateFieldError, deliveryDateOf, deliveryDeadline, extensionOutcome, formOrderId } from "../extension-answer";
import { orderId } from "../order-body";
import { orderStub } from "../order-stub";

const body = v.object({
  orderId,
  deliveryDeadline,
  // Bounded at the door (a generous multiple of the rule's maximum), then read by the rule.
  reason: v.pipe(v.string(), v.maxLength(EXTENSION_REASON_MAX * 4)),
});

/** A reason the rule refuses (blank, too long, not storable): 400 on its field, in the caller's language. */
function reasonRefusal(context: Pick<CommandContext, "locale">): Refusal {
  const message = extensionErrorMessage("extension_reason_invalid", context.locale)!;
  return { status: 400, error: "extension_reason_invalid", message, errors: { reason: message } };
}

/**
 * POST /api/features/commission/order/extension/request {orderId, deliveryDeadline, reason} (decision 090): the creator
 * asks for a later delivery date with a reason; the order page's "requestExtension" (a yyyy-mm-dd and a reason, each
 * refused on its field). The reason is translated for the client once the request is made (decision 078).
 */
export default defineCommand({
  path: "/extension/request",
  intent: "requestExtension",
  action: "requestExtension",
  body,
  fromForm: (form, context) => {
    const id = formOrderId(form);
    // A bad id is refused before any field is checked, as the page always answered it.
    if (id === null) return { input: null };
    const date = deliveryDateOf(form.get("deliveryDeadline"));
    const reason = extensionReasonOf(form.get("reason"));
    const errors = {
      ...(date === null && dateFieldError(context)),
      ...(reason === null && { reason: reasonRefusal(context).message! }),
    };
    if (date === null || reason === null) return { errors };
    return { input: { orderId: id, deliveryDeadline: date, reason } };
  },
  // A body refused only for its reason (too long to read, or not text) is told the reason's words, as a blank one is.
  refuseBody: (issues, context) =>
    issues.every((issue) => issue.path?.[0]?.key === "reason")
      ? reasonRefusal(context)
      : { status: 400, error: "invalid_request" },
  run: async (context, input) => {
    const reason = extensionReasonOf(input.reason);
    if (reason === null) return { ok: false, ...reasonRefusal(context) };
    const { env, executionCtx, locale, user } = context;
    const result = await orderStub(env.ORDER, input.orderId).requestExtension(
      input.deliveryDeadline,
      { body: reason, languageCode: detectTextLanguage(reason) ?? locale },
      { userAccountId: user.accountId },
    );
    if (result.status === "done" && result.changed)
      translateInBackground(env, executionCtx, { texts: [reason], writerAccountId: user.accountId });
    return extensionOutcome(result, context);
  },
});
