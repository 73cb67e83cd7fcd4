import { ADMIN_IS_PARTY } from "../../admin/domain/admin-actions";
import { isAdmin } from "../../domain/roles";
import { adminPartyMessage } from "../../messages/admin";
import { defineCommand, NOT_FOUND, refuse } from "../command";
import { afterAction } from "../order-answer";
import { orderIdBody } from "../order-body";
import { orderStub } from "../order-stub";

/**
 * POST /api/features/commission/order/admin-cancel {orderId} (decision 088): an admin settles a dispute by ending the
 * order, with the refund every cancel follows (the shares of the stages not approved). The log says an admin did it,
 * and the admin console's audit log who. Anyone else is told what a stranger is told of any order: 404. An admin who
 * sells or buys in the order is refused 403 `admin_is_party` (decision 093: a party is never the judge); another admin
 * must. No page posts it.
 */
export default defineCommand({
  path: "/admin-cancel",
  action: "adminCancel",
  body: orderIdBody,
  run: async (context, { orderId }) => {
    const { user } = context;
    if (!isAdmin(user.roles)) return refuse(NOT_FOUND);
    const admin = { userAccountId: user.accountId, commissionAccountId: user.commissionAccountId };
    const result = await orderStub(context.env.ORDER, orderId).act({ type: "adminCancel" }, { admin });
    if (result.status === "refused" && result.refusal === ADMIN_IS_PARTY)
      return refuse({ status: 403, error: result.refusal, message: adminPartyMessage("order", context.locale) });
    return afterAction(context, orderId, "adminCancel", result);
  },
});
