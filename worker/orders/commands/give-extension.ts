import * as v from "valibot";
import { defineCommand } from "../command";
import { dateFieldError, deliveryDateOf, deliveryDeadline, extensionOutcome, formOrderId } from "../extension-answer";
import { orderId } from "../order-body";
import { orderStub } from "../order-stub";

/**
 * POST /api/features/commission/order/extension/give {orderId, deliveryDeadline} (decision 090): the client gives more
 * time at once; the order page's "giveExtension" (a yyyy-mm-dd, refused on its field).
 */
export default defineCommand({
  path: "/extension/give",
  action: "giveExtension",
  intent: "giveExtension",
  body: v.object({ orderId, deliveryDeadline }),
  fromForm: (form, context) => {
    const id = formOrderId(form);
    // A bad id is refused before any field is checked, as the page always answered it.
    if (id === null) return { input: null };
    const date = deliveryDateOf(form.get("deliveryDeadline"));
    return date === null ? { errors: dateFieldError(context) } : { input: { orderId: id, deliveryDeadline: date } };
  },
  run: async (context, input) =>
    extensionOutcome(
      await orderStub(context.env.ORDER, input.orderId).act(
        { type: "giveExtension", proposedDeadline: input.deliveryDeadline },
        { userAccountId: context.user.accountId },
      ),
      context,
    ),
});
