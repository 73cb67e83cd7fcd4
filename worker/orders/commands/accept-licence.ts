import { defineCommand, orderIdFromForm } from "../command";
import { licenceOutcome } from "../licence-answer";
import { orderIdBody } from "../order-body";
import { orderStub } from "../order-stub";

/**
 * POST /api/features/commission/order/licence/accept {orderId} (issue 63, decision 099): the creator accepts the
 * client's request, and the order's licence becomes the one asked for; the order page's "acceptLicence".
 */
export default defineCommand({
  path: "/licence/accept",
  intent: "acceptLicence",
  body: orderIdBody,
  fromForm: orderIdFromForm,
  run: async (context, { orderId }) =>
    licenceOutcome(
      await orderStub(context.env.ORDER, orderId).act(
        { type: "acceptLicence" },
        { userAccountId: context.user.accountId },
      ),
      context,
    ),
});
