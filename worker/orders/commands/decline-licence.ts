import { defineCommand, orderIdFromForm } from "../command";
import { licenceOutcome } from "../licence-answer";
import { orderIdBody } from "../order-body";
import { orderStub } from "../order-stub";

/**
 * POST /api/features/commission/order/licence/decline {orderId} (issue 63, decision 099): the creator declines the
 * client's request (the licence stays); the order page's "declineLicence".
 */
export default defineCommand({
  path: "/licence/decline",
  action: "declineLicence",
  intent: "declineLicence",
  body: orderIdBody,
  fromForm: orderIdFromForm,
  run: async (context, { orderId }) =>
    licenceOutcome(
      await orderStub(context.env.ORDER, orderId).act(
        { type: "declineLicence" },
        { userAccountId: context.user.accountId },
      ),
      context,
    ),
});
