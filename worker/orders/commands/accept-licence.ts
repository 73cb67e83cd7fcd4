import { defineCommand, orderIdFromForm } from "../command";
import { licenceOutcome } from "../licence-answer";
import { orderIdBody } from "../order-body";
import { orderStub } from "../order-stub";
import { purgeAccountPages } from "../../services/public-pages";

/**
 * POST /api/features/commission/order/licence/accept {orderId} (issue 63, decision 099): the creator accepts the
 * client's request, and the order's licence becomes the one asked for; the order page's "acceptLicence". The
 * creator's public pages are purged, so a work published from the order shows its new licence at once.
 */
export default defineCommand({
  path: "/licence/accept",
  action: "acceptLicence",
  intent: "acceptLicence",
  body: orderIdBody,
  fromForm: orderIdFromForm,
  run: async (context, { orderId }) => {
    const { accountId } = context.user;
    const result = await orderStub(context.env.ORDER, orderId).act(
      { type: "acceptLicence" },
      { userAccountId: accountId },
    );
    if (result.status === "done") context.executionCtx.waitUntil(purgeAccountPages(context.db, accountId));
    return licenceOutcome(result, context);
  },
});
