import { defineCommand, orderIdFromForm } from "../command";
import { extensionOutcome } from "../extension-answer";
import { orderIdBody } from "../order-body";
import { orderStub } from "../order-stub";

/**
 * POST /api/features/commission/order/extension/accept {orderId} (decision 090): the client accepts the creator's new
 * delivery date; the order page's "acceptExtension".
 */
export default defineCommand({
  path: "/extension/accept",
  action: "acceptExtension",
  intent: "acceptExtension",
  body: orderIdBody,
  fromForm: orderIdFromForm,
  run: async (context, { orderId }) =>
    extensionOutcome(
      await orderStub(context.env.ORDER, orderId).act(
        { type: "acceptExtension" },
        { userAccountId: context.user.accountId },
      ),
      context,
    ),
});
