import { defineCommand, orderIdFromForm } from "../command";
import { extensionOutcome } from "../extension-answer";
import { orderIdBody } from "../order-body";
import { orderStub } from "../order-stub";

/**
 * POST /api/features/commission/order/extension/decline {orderId} (decision 090): the client declines the creator's new
 * delivery date (the date stays); the order page's "declineExtension".
 */
export default defineCommand({
  path: "/extension/decline",
  action: "declineExtension",
  intent: "declineExtension",
  body: orderIdBody,
  fromForm: orderIdFromForm,
  run: async (context, { orderId }) =>
    extensionOutcome(
      await orderStub(context.env.ORDER, orderId).act(
        { type: "declineExtension" },
        { userAccountId: context.user.accountId },
      ),
      context,
    ),
});
